/* crowd_view.c: the crowd drawn instanced, its skin matrices in one 2D
 * texture (crowd_view.h). */
#include "crowd_view.h"

#include "chapters/07_gpu_skinning/gpu_skin.h"
#include "common/files.h"
#include "common/lit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* skin_vertex(): chapter 07's exercise ex07.1, the reference or the stub as
 * SA_EXERCISES says (this chapter's CMakeLists.txt passes the path). */
#ifndef SKIN_VERTEX_GLSL
#define SKIN_VERTEX_GLSL "shaders/skin_vertex.glsl"
#endif
#define CROWD_VERT "shaders/crowd_skin.vert"
#define CROWD_FRAG "shaders/lit.frag"

crowd_grid crowd_grid_square(int count, float spacing)
{
    crowd_grid g = {0};
    g.columns = 1;
    while (g.columns * g.columns < count)
        g.columns++;
    int rows = (count + g.columns - 1) / g.columns;
    g.spacing[0] = g.spacing[1] = spacing;
    g.origin[0] = -0.5f * spacing * (float)(g.columns - 1);
    g.origin[2] = -0.5f * spacing * (float)(rows - 1);
    return g;
}

void crowd_view_character_bounds(const crowd_scene *s, vec3 lo, vec3 hi)
{
    glm_vec3_fill(lo, INFINITY);
    glm_vec3_fill(hi, -INFINITY);
    for (int i = 0; i < s->sc.primitive_count; i++) {
        const skinned_primitive *sp = &s->sc.primitives[i];
        const gltf_primitive *prim = &s->doc.meshes[sp->mesh].primitives[sp->primitive];
        for (size_t k = 0; k < prim->vertex_count; k++)
            for (int c = 0; c < 3; c++)
                lo[c] = fminf(lo[c], prim->positions[k][c]), hi[c] = fmaxf(hi[c], prim->positions[k][c]);
    }
    if (!(lo[0] <= hi[0]))
        glm_vec3_fill(lo, -1.0f), glm_vec3_fill(hi, 1.0f);
}

/* crowd_skin.vert + skin_vertex.glsl behind a version line, and lit.frag. */
static bool program_load(shader_program *p, sa_error *err)
{
    memset(p, 0, sizeof *p);
    snprintf(p->vertex_path, sizeof p->vertex_path, "%s", CROWD_VERT);
    snprintf(p->fragment_path, sizeof p->fragment_path, "%s", CROWD_FRAG);
    char *vert = skin_shader_read(CROWD_VERT, err);
    char *function = vert ? skin_shader_read(SKIN_VERTEX_GLSL, err) : NULL;
    GLuint vs = 0, fs = 0;
    if (function) {
        /* Each file starts at its own line 1 (#line N S: S numbers the file). */
        const char *sources[] = {"#version 330 core\n#line 1 1\n", vert, "\n#line 1 2\n", function};
        vs = shader_compile_sources(GL_VERTEX_SHADER, 4, sources, CROWD_VERT " (1) + " SKIN_VERTEX_GLSL " (2)", err);
        fs = vs ? shader_compile_file(GL_FRAGMENT_SHADER, CROWD_FRAG, err) : 0;
    }
    if (vs && fs)
        p->id = shader_link(vs, fs, NULL, 0, CROWD_VERT, CROWD_FRAG, err);
    if (vs)
        glDeleteShader(vs);
    if (fs)
        glDeleteShader(fs);
    free(vert), free(function);
    if (!p->id)
        return false;
    glUseProgram(p->id);
    shader_set_int(p, "u_skin_matrices", CROWD_SKIN_TEXTURE_UNIT);
    glUseProgram(0);
    return true;
}

/* The texture of `rows` rows (its old contents dropped). RGBA32F is not
 * filterable everywhere (WebGL 2): nearest, no mipmaps, or texelFetch
 * reads an incomplete texture as zeros. */
static bool texture_resize(crowd_view *v, int rows, sa_error *err)
{
    glBindTexture(GL_TEXTURE_2D, v->skin_texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 4 * v->joint_count, rows, 0, GL_RGBA, GL_FLOAT, NULL);
    glBindTexture(GL_TEXTURE_2D, 0);
    GLenum e = glGetError();
    if (e != GL_NO_ERROR)
        return sa_error_set(err, "a %dx%d RGBA32F texture of skin matrices failed (GL error 0x%x)", 4 * v->joint_count,
                            rows, e);
    v->rows = rows;
    return true;
}

bool crowd_view_open(crowd_view *v, const crowd_scene *s, sa_error *err)
{
    memset(v, 0, sizeof *v);
    v->joint_count = s->all.skins[0].joint_count;
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    v->max_characters = max_size;
    if (4 * v->joint_count > max_size)
        return sa_error_set(err, "%d joints: a row of %d texels, over this GL's largest texture (%d)", v->joint_count,
                            4 * v->joint_count, max_size);
    v->meshes = calloc((size_t)s->sc.primitive_count + 1, sizeof *v->meshes);
    if (!v->meshes)
        return sa_error_set(err, "out of memory");
    v->primitive_count = s->sc.primitive_count;
    for (int i = 0; i < v->primitive_count; i++) {
        const skinned_primitive *sp = &s->sc.primitives[i];
        if (sp->skin != 0) /* the crowd's matrices are the first skin's */
            continue;
        if (!skin_mesh_upload(&v->meshes[i], &s->doc.meshes[sp->mesh].primitives[sp->primitive], &sp->influences, err))
            return sa_error_prefix(err, "meshes[%d].primitives[%d]", sp->mesh, sp->primitive);
    }
    if (!scene_gl_upload(&v->materials, &s->doc, NULL, err) || !program_load(&v->program, err))
        return false;
    glGenTextures(1, &v->skin_texture);
    glBindTexture(GL_TEXTURE_2D, v->skin_texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    return texture_resize(v, 1, err);
}

void crowd_view_close(crowd_view *v)
{
    if (v->skin_texture)
        glDeleteTextures(1, &v->skin_texture);
    for (int i = 0; v->meshes && i < v->primitive_count; i++)
        gpu_mesh_unload(&v->meshes[i]);
    free(v->meshes);
    shader_program_unload(&v->program);
    scene_gl_free(&v->materials);
    memset(v, 0, sizeof *v);
}

/* [listing crowd_upload] */
bool crowd_view_upload(crowd_view *v, int count, mat4 *skin_matrix, sa_error *err)
{
    if (count < 1 || count > v->max_characters)
        return sa_error_set(err, "%d characters: this GL's texture holds 1 .. %d", count, v->max_characters);
    if (count > v->rows && !texture_resize(v, count, err))
        return false;
    /* cglm's mat4 is 16 floats, column after column: four RGBA texels, and
     * the crowd's array is the texture's rows one after another. */
    glBindTexture(GL_TEXTURE_2D, v->skin_texture);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4 * v->joint_count, count, GL_RGBA, GL_FLOAT, skin_matrix);
    glBindTexture(GL_TEXTURE_2D, 0);
    return true;
}
/* [/listing] */

/* [listing crowd_draw] */
void crowd_view_draw(const crowd_view *v, const crowd_scene *s, int count, const crowd_grid *grid, mat4 clip_from_world)
{
    const shader_program *p = &v->program;
    lit_begin_frame(p, clip_from_world); /* uses the program: camera, light */
    shader_set_int(p, "u_grid_columns", grid->columns);
    glUniform2fv(glGetUniformLocation(p->id, "u_grid_spacing"), 1, grid->spacing);
    shader_set_vec3(p, "u_grid_origin", grid->origin);
    glActiveTexture(GL_TEXTURE0 + CROWD_SKIN_TEXTURE_UNIT);
    glBindTexture(GL_TEXTURE_2D, v->skin_texture);
    glActiveTexture(GL_TEXTURE0);
    for (int i = 0; i < v->primitive_count; i++) {
        const gpu_mesh *m = &v->meshes[i];
        const skinned_primitive *sp = &s->sc.primitives[i];
        const scene_gl_primitive *look = scene_gl_primitive_at(&v->materials, sp->mesh, sp->primitive);
        static const float white[4] = {1, 1, 1, 1};
        if (!m->vao)
            continue;
        if (look && look->mesh.vao)
            lit_set_material(p, look->base_color, look->base_color_texture);
        else
            lit_set_material(p, white, v->materials.white);
        bool two_sided = look && look->double_sided;
        if (two_sided)
            glDisable(GL_CULL_FACE);
        glBindVertexArray(m->vao); /* one call: every character, gl_InstanceID 0 .. count - 1 */
        if (m->index_type)
            glDrawElementsInstanced(GL_TRIANGLES, m->index_count, m->index_type, NULL, count);
        else
            glDrawArraysInstanced(GL_TRIANGLES, 0, m->vertex_count, count);
        glBindVertexArray(0);
        if (two_sided)
            glEnable(GL_CULL_FACE);
    }
    glActiveTexture(GL_TEXTURE0 + CROWD_SKIN_TEXTURE_UNIT);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
}
/* [/listing] */
