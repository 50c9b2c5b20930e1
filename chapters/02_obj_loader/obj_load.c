/* obj_load.c: from an .obj file (or a block of memory) to the obj_mesh of
 * obj.h; the entry points and the steps in order (see obj.h for what is
 * supported).
 *
 * The load runs in steps, in the order the book walks through them, each in
 * a file of its own (obj_parser.h declares what they share):
 *   1. lines: the file is read in 64 KiB pieces into one buffer that is reused
 *      for the whole file; each complete line is handed to a line parser
 *      (obj_lines.c).
 *   2. statements: v, vt, vn append to arrays (obj_records.c); f parses its
 *      corners, looks up each (position, texcoord, normal) triple in the dedup
 *      map and appends a fan of triangles to the index array (obj_faces.c,
 *      with the exercises obj_corner.c, obj_dedup.c, obj_fan.c); usemtl and
 *      mtllib, and the .mtl files (obj_materials.c). Nothing is allocated per
 *      line.
 *   3. finish: the unique triples become interleaved vertices, missing
 *      normals are computed, indices shrink to 16 bits when they fit
 *      (obj_finish.c); the material runs become submeshes (obj_materials.c).
 * Below the steps, what several of them use (obj_slots.c: the growing
 * arrays, the slot tables of the two hash maps, the dedup map's
 * housekeeping; obj_numbers.c: the numbers of a statement), so that each
 * step's file calls only down the pipeline, never back up.
 * Here: the order of the steps, and obj_mesh_free().
 */
#include "obj_parser.h"

#include <stdlib.h>

static void parser_free(obj_parser *ps)
{
    free(ps->positions);
    free(ps->texcoords);
    free(ps->normals);
    obj_dedup_free(&ps->dedup);
    free(ps->indices);
    free(ps->polygon);
    free(ps->smoothing);
    free(ps->material_runs);
    free(ps->used_names);
    free(ps->used_name_index.slots);
    free(ps->libraries);
}

static bool parse_source(line_source *src, const char *name, const char *mtl_dir, const obj_load_options *options,
                         obj_mesh *mesh, sa_error *err)
{
    obj_load_options defaults = {0};
    memset(mesh, 0, sizeof *mesh);
    obj_parser ps = {0};
    ps.name = name;
    ps.mtl_dir = mtl_dir;
    ps.options = options ? options : &defaults;
    ps.mesh = mesh;
    ps.smoothing_group = 1;
    err->message[0] = '\0';
    bool ok = obj_dedup_init(&ps.dedup, 64); /* sized properly at the first face */
    if (!ok)
        sa_error_set(err, "out of memory");
    if (ok && !obj_for_each_line(src, obj_parse_line_or_nul, &ps, &ps.line_number, err)) {
        ok = false;
        if (!ps.error_has_place)
            sa_error_prefix(err, "%s:%zu", name, ps.line_number);
    }
    ok = ok && obj_finish(&ps, err) && obj_finish_ranges(&ps, err);
    parser_free(&ps);
    if (!ok) {
        obj_mesh_free(mesh);
        return false;
    }
    obj_compute_bounds(mesh);
    return true;
}

bool obj_parse_memory(const char *data, size_t size, const char *name, const char *mtl_dir,
                      const obj_load_options *options, obj_mesh *mesh, sa_error *err)
{
    line_source src = {NULL, data, size, 0, LINE_ENDS_UNKNOWN};
    return parse_source(&src, name, mtl_dir, options, mesh, err);
}

bool obj_load_ex(const char *path, const obj_load_options *options, obj_mesh *mesh, sa_error *err)
{
    memset(mesh, 0, sizeof *mesh);
    FILE *f = sa_file_open(path, err);
    if (!f)
        return false;
    /* We read in large pieces into our own buffer: stdio's would be a copy. */
    setvbuf(f, NULL, _IONBF, 0);
    char dir[SA_PATH_MAX];
    sa_path_dirname(path, dir, sizeof dir);
    line_source src = {f, NULL, 0, 0, LINE_ENDS_UNKNOWN};
    bool ok = parse_source(&src, path, dir, options, mesh, err);
    fclose(f);
    return ok;
}

bool obj_load(const char *path, obj_mesh *mesh, sa_error *err)
{
    return obj_load_ex(path, NULL, mesh, err);
}

uint32_t obj_mesh_index(const obj_mesh *mesh, size_t i)
{
    return mesh->index_size == 2 ? ((const uint16_t *)mesh->indices)[i] : ((const uint32_t *)mesh->indices)[i];
}

void obj_mesh_free(obj_mesh *mesh)
{
    free(mesh->vertices);
    free(mesh->indices);
    free(mesh->submeshes);
    for (size_t m = 0; m < mesh->material_count; m++)
        image_free(&mesh->materials[m].base_color_image);
    free(mesh->materials);
    memset(mesh, 0, sizeof *mesh);
}
