#include "lit.h"

#include <string.h>

/* [listing lit_vertex_layout] */
static const vertex_attribute lit_vertex_attributes[] = {
    {ATTRIB_POSITION, 3, GL_FLOAT, false, false, offsetof(lit_vertex, position)},
    {ATTRIB_NORMAL, 3, GL_FLOAT, false, false, offsetof(lit_vertex, normal)},
    {ATTRIB_TEXCOORD, 2, GL_FLOAT, false, false, offsetof(lit_vertex, texcoord)},
};
const vertex_layout lit_vertex_layout = {lit_vertex_attributes, 3, sizeof(lit_vertex)};
/* [/listing] */

void lit_vertices_interleave(lit_vertex *out, size_t count, const float *positions, const float *normals,
                             const float *texcoords)
{
    for (size_t i = 0; i < count; i++) {
        memcpy(out[i].position, positions + 3 * i, sizeof out[i].position);
        if (normals)
            memcpy(out[i].normal, normals + 3 * i, sizeof out[i].normal);
        else
            memset(out[i].normal, 0, sizeof out[i].normal);
        if (texcoords)
            memcpy(out[i].texcoord, texcoords + 2 * i, sizeof out[i].texcoord);
        else
            memset(out[i].texcoord, 0, sizeof out[i].texcoord);
    }
}

bool lit_load(shader_program *lit, sa_error *err)
{
    return shader_program_load(lit, "shaders/lit.vert", "shaders/lit.frag", err);
}

void lit_begin_frame(const shader_program *lit, mat4 clip_from_world)
{
    glUseProgram(lit->id);
    shader_set_mat4(lit, "u_clip_from_world", clip_from_world);
    vec3 light_direction_world = LIT_LIGHT_DIRECTION_WORLD;
    glm_vec3_normalize(light_direction_world);
    shader_set_vec3(lit, "u_light_direction_world", light_direction_world);
    shader_set_int(lit, "u_base_color_texture", 0);
}

/* [listing lit_set_model] */
void lit_set_model(const shader_program *lit, mat4 world_from_model)
{
    /* Normals need the inverse transpose of the upper 3x3: under a
     * non-uniform scale the matrix itself would tilt them off the surface.
     * (For a rotation, or a uniform scale, it is the matrix itself, rescaled.) */
    mat3 normal_world_from_model;
    glm_mat4_pick3(world_from_model, normal_world_from_model);
    glm_mat3_inv(normal_world_from_model, normal_world_from_model);
    glm_mat3_transpose(normal_world_from_model);
    shader_set_mat4(lit, "u_world_from_model", world_from_model);
    shader_set_mat3(lit, "u_normal_world_from_model", normal_world_from_model);
}
/* [/listing] */

void lit_set_material(const shader_program *lit, const float base_color[4], GLuint base_color_texture)
{
    shader_set_vec4(lit, "u_base_color", base_color);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, base_color_texture);
}

void lit_set_normal_colors(const shader_program *lit, bool on)
{
    shader_set_int(lit, "u_normal_colors", on ? 1 : 0);
}
