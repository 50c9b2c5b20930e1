/* obj_materials.c: materials, both halves. In the OBJ (step 2): usemtl
 * starts a run of faces drawn with one material name, and mtllib reads .mtl
 * files, each through the same line reader (obj_lines.c) with its own line
 * parser: newmtl, Kd and map_Kd (the texture decoded with stb_image). After
 * the faces (step 3): each run's name becomes a material, or the default one
 * with a warning, and the runs become the mesh's submeshes.
 */
#include "obj_parser.h"

#include <stdarg.h>
#include <stdlib.h>

/* Names: finding a material name costs a hash in a name_index, not a walk
 * over all of them: a file that switches between 20,000 materials 200,000
 * times took minutes with the walk. */
static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Names live `stride` bytes apart from `base` (an array of structs or of
 * char[128]). Returns the slot that holds `name`, or the empty slot where
 * it would go. */
static size_t name_index_slot(const name_index *ix, const char *base, size_t stride, const char *name)
{
    size_t mask = ix->capacity - 1, s = name_hash(name) & mask;
    while (ix->slots[s] != 0 && strcmp(base + (ix->slots[s] - 1) * stride, name) != 0)
        s = (s + 1) & mask;
    return s;
}

/* A fresh index with room for `count` names, holding names 0 .. count - 1
 * (a later name of the same spelling replaces an earlier one). */
static bool name_index_build(name_index *ix, const char *base, size_t stride, size_t count)
{
    size_t capacity = 16;
    while (capacity / 2 < count + 1)
        capacity *= 2;
    if (!obj_slots_replace(&ix->slots, &ix->capacity, capacity))
        return false;
    uint32_t *slots = ix->slots;
    for (size_t i = 0; i < count; i++)
        slots[name_index_slot(ix, base, stride, base + i * stride)] = (uint32_t)i + 1;
    return true;
}

static void mesh_warn(obj_mesh *mesh, const char *fmt, ...) SA_PRINTF(2, 3);
static void mesh_warn(obj_mesh *mesh, const char *fmt, ...)
{
    if (mesh->warning_count < OBJ_MAX_WARNINGS) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(mesh->warnings[mesh->warning_count], sizeof mesh->warnings[0], fmt, args);
        va_end(args);
    }
    mesh->warning_count++;
}

/* The rest of the line without surrounding blanks, as a C string written
 * into out (statement arguments such as material names). */
static bool rest_of_line(const char *p, const char *eol, char *out, size_t out_len, const char *what, sa_error *err)
{
    p = skip_blanks((char *)p);
    while (eol > p && is_blank(eol[-1]))
        eol--;
    size_t n = (size_t)(eol - p);
    if (n == 0)
        return sa_error_set(err, "%s needs a name", what);
    if (n >= out_len)
        return sa_error_set(err, "%s: name longer than %zu bytes", what, out_len - 1);
    memcpy(out, p, n);
    out[n] = '\0';
    return true;
}

bool obj_parse_usemtl(obj_parser *ps, char *p, char *eol, sa_error *err)
{
    char name[128];
    if (!rest_of_line(p, eol, name, sizeof name, "usemtl", err))
        return false;
    name_index *ix = &ps->used_name_index;
    if ((ps->used_name_count + 1) * 2 > ix->capacity &&
        !name_index_build(ix, (const char *)ps->used_names, sizeof *ps->used_names, ps->used_name_count))
        return sa_error_set(err, "out of memory");
    size_t slot = name_index_slot(ix, (const char *)ps->used_names, sizeof *ps->used_names, name);
    int id;
    if (ix->slots[slot] != 0) {
        id = (int)ix->slots[slot] - 1;
    } else {
        if (ps->used_name_count >= INT32_MAX || !GROW(ps->used_names, ps->used_name_capacity, ps->used_name_count + 1))
            return sa_error_set(err, "out of memory");
        memcpy(ps->used_names[ps->used_name_count], name, sizeof name);
        id = (int)ps->used_name_count++;
        ix->slots[slot] = (uint32_t)id + 1;
    }
    if (ps->material_run_count > 0 && ps->material_runs[ps->material_run_count - 1].name == id)
        return true;
    if (!GROW(ps->material_runs, ps->material_run_capacity, ps->material_run_count + 1))
        return sa_error_set(err, "out of memory");
    ps->material_runs[ps->material_run_count++] = (material_run){ps->index_count, id};
    return true;
}

/* ---------------------------------------------------------------------------
 * MTL files: their line parser, and reading one that an mtllib names.
 */
typedef struct mtl_parser {
    const char *dir;
    const obj_load_options *options;
    obj_mesh *mesh;
    int current;               /* the material being defined, -1 before the first newmtl */
    const char *name;          /* the .mtl, for warnings */
    const size_t *line_number; /* the line being parsed, for warnings */
} mtl_parser;

/* Room for one more material. obj_mesh keeps no capacity: it is the count
 * rounded up to a power of two, so the array is reallocated only when the
 * count reaches one (a library of 10,000 materials is not copied 10,000
 * times). */
static bool grow_materials(obj_mesh *mesh)
{
    size_t count = mesh->material_count;
    if (count != 0 && (count & (count - 1)) != 0)
        return true; /* not a power of two: there is room */
    size_t capacity = count ? count * 2 : 1;
    if (capacity > SIZE_MAX / sizeof *mesh->materials)
        return false;
    obj_material *grown = realloc(mesh->materials, capacity * sizeof *grown);
    if (!grown)
        return false;
    mesh->materials = grown;
    return true;
}

static bool mtl_parse_line(void *ctx, char *p, char *eol, sa_error *err)
{
    mtl_parser *mp = ctx;
    obj_mesh *mesh = mp->mesh;
    p = skip_blanks(p);
    if (word_is(p, "newmtl")) {
        if (!grow_materials(mesh))
            return sa_error_set(err, "out of memory");
        obj_material *m = &mesh->materials[mesh->material_count];
        memset(m, 0, sizeof *m);
        if (!rest_of_line(p + 6, eol, m->name, sizeof m->name, "newmtl", err))
            return false;
        m->base_color[0] = m->base_color[1] = m->base_color[2] = m->base_color[3] = 1.0f;
        mp->current = (int)mesh->material_count++;
    } else if (word_is(p, "Kd")) {
        if (mp->current < 0)
            return sa_error_set(err, "Kd before any newmtl");
        char *q = skip_blanks(p + 2);
        if (word_is(q, "spectral") || word_is(q, "xyz")) {
            mesh_warn(mesh, "%s:%zu: material '%s': Kd %.*s is not supported; using white", mp->name, *mp->line_number,
                      mesh->materials[mp->current].name, q[0] == 's' ? 8 : 3, q);
            return true;
        }
        float kd[3];
        int found;
        if (!obj_parse_numbers(p + 2, kd, 0, 3, &found, "Kd", err))
            return false;
        if (found != 1 && found != 3)
            return sa_error_set(err, "Kd needs 1 or 3 numbers, found %d", found);
        if (found == 1) /* "Kd r" alone is grey: g and b default to r */
            kd[1] = kd[2] = kd[0];
        memcpy(mesh->materials[mp->current].base_color, kd, sizeof kd);
    } else if (word_is(p, "map_Kd")) {
        if (mp->current < 0)
            return sa_error_set(err, "map_Kd before any newmtl");
        /* Options such as "-s 1 1 1" may come first: the file name is the last word. */
        while (eol > p && is_blank(eol[-1]))
            eol--;
        char *name = eol;
        while (name > p + 6 && !is_blank(name[-1]))
            name--;
        if (name == eol)
            return sa_error_set(err, "map_Kd needs a file name");
        obj_material *m = &mesh->materials[mp->current];
        char file_name[SA_PATH_MAX];
        snprintf(file_name, sizeof file_name, "%.*s", (int)(eol - name), name);
        sa_path_join(mp->dir, file_name, m->texture_path, sizeof m->texture_path);
        image_free(&m->base_color_image);
        if (!mp->options->skip_textures) {
            /* sa_file_open first: it refuses folders and devices, and a FIFO
             * given to stb_image would wait forever for bytes. */
            sa_error image_err;
            FILE *f = sa_file_open(m->texture_path, &image_err);
            if (f)
                fclose(f);
            if (!f || !image_decode_file(m->texture_path, &m->base_color_image, &image_err))
                mesh_warn(mesh, "material '%s': cannot load texture '%s' (%s); using the colour alone", m->name,
                          m->texture_path, image_err.message);
        }
    }
    /* Every other statement (Ka, Ks, Ns, d, illum, map_Bump ...) is skipped. */
    return true;
}

static bool mtl_parse_line_or_nul(void *ctx, char *line, char *eol, sa_error *err)
{
    return mtl_parse_line(ctx, line, eol, err) || obj_line_error_names_nul(line, eol, err);
}

bool obj_parse_mtl_memory(const char *data, size_t size, const char *name, const char *dir,
                          const obj_load_options *options, obj_mesh *mesh, sa_error *err)
{
    obj_load_options defaults = {0};
    size_t line_number = 0;
    mtl_parser mp = {dir ? dir : ".", options ? options : &defaults, mesh, -1, name, &line_number};
    line_source src = {NULL, data, size, 0, LINE_ENDS_UNKNOWN};
    err->message[0] = '\0';
    if (!obj_for_each_line(&src, mtl_parse_line_or_nul, &mp, &line_number, err))
        return sa_error_prefix(err, "%s:%zu", name, line_number);
    return true;
}

static bool load_mtl_file(obj_parser *ps, const char *file_name, sa_error *err)
{
    char path[SA_PATH_MAX];
    sa_path_join(ps->mtl_dir, file_name, path, sizeof path);
    for (size_t i = 0; i < ps->library_count; i++)
        if (strcmp(ps->libraries[i], path) == 0)
            return true; /* named twice: read once */
    if (!GROW(ps->libraries, ps->library_capacity, ps->library_count + 1))
        return sa_error_set(err, "out of memory");
    snprintf(ps->libraries[ps->library_count++], SA_PATH_MAX, "%s", path);

    sa_error open_err;
    FILE *f = sa_file_open(path, &open_err);
    if (!f) {
        mesh_warn(ps->mesh, "%s:%zu: cannot open material library '%s'; using the default material", ps->name,
                  ps->line_number, path);
        return true;
    }
    char mtl_dir[SA_PATH_MAX];
    sa_path_dirname(path, mtl_dir, sizeof mtl_dir);
    size_t line_number = 0;
    mtl_parser mp = {mtl_dir, ps->options, ps->mesh, -1, path, &line_number};
    line_source src = {f, NULL, 0, 0, LINE_ENDS_UNKNOWN};
    bool ok = obj_for_each_line(&src, mtl_parse_line_or_nul, &mp, &line_number, err);
    fclose(f);
    if (!ok) {
        ps->error_has_place = true; /* the message names the .mtl and its line */
        return sa_error_prefix(err, "%s:%zu", path, line_number);
    }
    return true;
}

bool obj_parse_mtllib(obj_parser *ps, char *p, sa_error *err)
{
    if (!ps->mtl_dir)
        return true; /* obj_parse_memory without a folder: no libraries */
    /* Exporters write a file name with spaces as it is ("mtllib my file.mtl",
     * Blender does): when the whole rest of the line names a file, that is
     * the one library. */
    char *eol = p;
    while (*eol != '\n')
        eol++;
    char whole[SA_PATH_MAX], path[SA_PATH_MAX];
    sa_error ignored;
    if (rest_of_line(p, eol, whole, sizeof whole, "mtllib", &ignored) && strpbrk(whole, " \t")) {
        sa_path_join(ps->mtl_dir, whole, path, sizeof path);
        FILE *f = sa_file_open(path, &ignored);
        if (f) {
            fclose(f);
            return load_mtl_file(ps, whole, err);
        }
    }
    /* Else one or more file names separated by blanks. */
    for (;;) {
        p = skip_blanks(p);
        if (*p == '\n')
            return true;
        char *start = p;
        while (!is_blank(*p) && *p != '\n')
            p++;
        char file_name[SA_PATH_MAX];
        if ((size_t)(p - start) >= sizeof file_name)
            return sa_error_set(err, "mtllib: file name too long");
        memcpy(file_name, start, (size_t)(p - start));
        file_name[p - start] = '\0';
        if (!load_mtl_file(ps, file_name, err))
            return false;
    }
}

/* ---------------------------------------------------------------------------
 * After the faces: material runs to submeshes.
 */
bool obj_finish_ranges(obj_parser *ps, sa_error *err)
{
    obj_mesh *mesh = ps->mesh;
    /* Each used name -> a material, or -1 with a warning. */
    int *material_of = malloc((ps->used_name_count + 1) * sizeof *material_of);
    mesh->submeshes = malloc((ps->material_run_count + 1) * sizeof *mesh->submeshes);
    if (!material_of || !mesh->submeshes) {
        free(material_of);
        return sa_error_set(err, "out of memory");
    }
    /* An index of the material names; of two with one name, the later wins. */
    name_index materials = {0};
    const char *base = mesh->materials ? (const char *)mesh->materials + offsetof(obj_material, name) : NULL;
    if (!name_index_build(&materials, base, sizeof *mesh->materials, mesh->material_count)) {
        free(material_of);
        return sa_error_set(err, "out of memory");
    }
    for (size_t n = 0; n < ps->used_name_count; n++) {
        size_t slot = name_index_slot(&materials, base, sizeof *mesh->materials, ps->used_names[n]);
        material_of[n] = (int)materials.slots[slot] - 1; /* -1 when the slot is empty */
        if (material_of[n] < 0)
            mesh_warn(mesh, "%s: usemtl '%s': no such material; using the default", ps->name, ps->used_names[n]);
    }
    /* Faces before the first usemtl use the default material. */
    size_t first = 0;
    int material = -1;
    for (size_t r = 0; r <= ps->material_run_count; r++) {
        size_t end = r < ps->material_run_count ? ps->material_runs[r].first_index : ps->index_count;
        if (end > first)
            mesh->submeshes[mesh->submesh_count++] = (obj_submesh){material, first, end - first};
        if (r < ps->material_run_count) {
            first = end;
            material = ps->material_runs[r].name < 0 ? -1 : material_of[ps->material_runs[r].name];
        }
    }
    free(materials.slots);
    free(material_of);
    return true;
}
