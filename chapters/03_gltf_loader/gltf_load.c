/* gltf_load.c: from a .gltf/.glb file to the plain structs of gltf.h; the
 * entry points and the steps in order.
 *
 * The load runs in steps, each finishing before the next starts, each in a
 * file of its own (gltf_steps.h declares what they share):
 *   1. container: GLB chunks (glb.c) or the whole file as JSON (here);
 *   2. JSON -> structs: every property type-checked, every index range-checked,
 *      errors name the JSON path ("meshes[0].primitives[1].indices"):
 *      gltf_json_get.c (the typed getters), gltf_parse_accessors.c (asset,
 *      buffers, bufferViews, accessors), gltf_parse_meshes.c (meshes,
 *      materials, textures, samplers, images), gltf_parse_nodes.c (nodes,
 *      scenes, skins), gltf_parse_animations.c;
 *   3. buffers: external .bin files, base64 data: URIs, the GLB BIN chunk
 *      (gltf_buffers_images.c);
 *   4. the node graph: one parent per node, no cycles, scene roots are roots
 *      (gltf_validate.c);
 *   5. decoding: primitives (gltf_decode_primitive.c, gltf_decode_triangles.c,
 *      over the helpers of gltf_decode_arrays.c),
 *      the joints of skinned meshes checked (gltf_validate.c), skins and
 *      animation samplers (gltf_decode_skins_animations.c) and images
 *      (gltf_buffers_images.c), each accessor checked (accessor.c) before it
 *      is read.
 * Here: the load options' defaults, the order of the steps, the container,
 * errors kept to one line, and gltf_free(). See gltf.h for what is
 * supported.
 */
#include "gltf_steps.h"

#include "common/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

gltf_load_options gltf_load_options_default(void)
{
    gltf_load_options o = {.decode_images = true, .decode_meshes = true, .max_image_bytes = IMAGE_MAX_BYTES};
    return o;
}

/* [listing load_steps] */
static bool load_document(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    if (root->kind != JSON_OBJECT)
        return sa_error_set(L->err, "the top level must be an object, not %s", json_kind_name(root->kind));
    /* Every array is allocated first, so every index can be range-checked
     * while its owner is read. */
    if (!gltf_parse_asset(L, root) || !gltf_allocate_top_arrays(L, root) || !gltf_parse_buffers_and_views(L, root) ||
        !gltf_parse_accessors(L, root) || !gltf_parse_materials(L, root) || !gltf_parse_meshes(L, root) ||
        !gltf_parse_nodes_and_scenes(L, root) || !gltf_parse_skins(L, root) || !gltf_parse_animations(L, root))
        return false;
    if (!gltf_load_buffers(L, root) || !gltf_validate_node_graph(L))
        return false;
    /* Every accessor is range-checked, used or not. */
    for (int i = 0; i < doc->accessor_count; i++) {
        gltf_element_layout layout;
        if (!gltf_accessor_layout(doc, i, &layout, L->err))
            return false;
    }
    if (L->options.decode_meshes) {
        for (int m = 0; m < doc->mesh_count; m++)
            for (int p = 0; p < doc->meshes[m].primitive_count; p++) {
                char path[64];
                snprintf(path, sizeof path, "meshes[%d].primitives[%d]", m, p);
                if (!gltf_decode_primitive(L, &doc->meshes[m].primitives[p], path))
                    return false;
            }
        if (!gltf_check_skinned_meshes(L))
            return false;
    }
    if (!gltf_decode_skins_and_animations(L))
        return false;
    return !L->options.decode_images || gltf_decode_images(L);
}
/* [/listing] */

/* Error messages quote the file's own strings (a URI, a type name, an
 * extension name), and a JSON string may hold "\n": the message must stay one
 * line, so control characters become '?'. */
static bool fail_one_line(sa_error *err)
{
    if (err)
        for (char *c = err->message; *c; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                *c = '?';
    return false;
}

static bool load(const unsigned char *bytes, size_t size, const char *base_dir, const char *name,
                 const gltf_load_options *options, gltf_document *doc, void *owned_file, sa_error *err)
{
    memset(doc, 0, sizeof *doc);
    doc->scene = -1;
    doc->file_bytes = owned_file;
    loader L = {.doc = doc,
                .base_dir = base_dir,
                .options = options ? *options : gltf_load_options_default(),
                .err = err};
    const unsigned char *json_text = bytes;
    size_t json_length = size;
    if (size >= 4 && memcmp(bytes, "glTF", 4) == 0) {
        glb_chunks chunks;
        if (!glb_parse(bytes, size, &chunks, err)) {
            gltf_free(doc);
            return sa_error_prefix(err, "%s", name);
        }
        L.is_glb = true;
        L.glb_bin = chunks.bin, L.glb_bin_length = chunks.bin_length;
        json_text = chunks.json, json_length = chunks.json_length;
        if (json_length >= 3 && memcmp(json_text, "\xEF\xBB\xBF", 3) == 0) {
            gltf_free(doc);
            return sa_error_set(err, "%s: GLB: the JSON chunk must not start with a byte order mark", name);
        }
    }
    json_document json;
    bool ok = json_parse((const char *)json_text, json_length, &json, err);
    if (ok) {
        ok = load_document(&L, &json.root);
        json_free(&json);
    }
    if (!ok) {
        gltf_free(doc);
        sa_error_prefix(err, "%s", name);
        return fail_one_line(err);
    }
    return true;
}

bool gltf_load_memory(const void *bytes, size_t size, const char *base_dir, const char *name,
                      const gltf_load_options *options, gltf_document *doc, sa_error *err)
{
    return load(bytes, size, base_dir, name ? name : "(memory)", options, doc, NULL, err);
}

bool gltf_load(const char *path, const gltf_load_options *options, gltf_document *doc, sa_error *err)
{
    memset(doc, 0, sizeof *doc);
    char *bytes;
    size_t size;
    if (!sa_file_read(path, &bytes, &size, err))
        return false;
    char dir[SA_PATH_MAX];
    sa_path_dirname(path, dir, sizeof dir);
    bool glb = size >= 4 && memcmp(bytes, "glTF", 4) == 0;
    /* A GLB file is kept: buffers[0] points into its BIN chunk (no copy).
     * The document owns it from here on, and gltf_free() releases it. */
    bool ok = load((unsigned char *)bytes, size, dir, path, options, doc, glb ? bytes : NULL, err);
    if (!glb)
        free(bytes);
    return ok;
}

void gltf_free(gltf_document *doc)
{
    for (int i = 0; i < doc->buffer_count; i++)
        if (!(i == 0 && doc->buffer_0_in_file))
            free(doc->buffers[i].data);
    free(doc->buffers);
    free(doc->buffer_views);
    free(doc->accessors);
    for (int m = 0; m < doc->mesh_count; m++) {
        for (int p = 0; p < doc->meshes[m].primitive_count; p++) {
            gltf_primitive *prim = &doc->meshes[m].primitives[p];
            gltf_release(prim, BORROW_POSITIONS, prim->positions);
            gltf_release(prim, BORROW_NORMALS, prim->normals);
            gltf_release(prim, BORROW_TEXCOORDS, prim->texcoords);
            for (int s = 0; s < prim->influence_set_count; s++) {
                gltf_release(prim, BORROW_JOINT_SET(s), prim->joint_sets[s]);
                gltf_release(prim, BORROW_WEIGHT_SET(s), prim->weight_sets[s]);
            }
            gltf_release(prim, BORROW_TANGENTS, prim->tangents);
            gltf_release(prim, BORROW_INDICES, prim->triangle_indices);
            free((void *)prim->source_vertex);             /* never borrowed */
            for (int t = 0; t < prim->target_count; t++) { /* morph targets: never borrowed */
                free(prim->targets[t].position_deltas);
                free(prim->targets[t].normal_deltas);
                free(prim->targets[t].tangent_deltas);
            }
            free(prim->targets);
        }
        free(doc->meshes[m].primitives);
        free(doc->meshes[m].name);
        free(doc->meshes[m].weights);
        for (int t = 0; doc->meshes[m].target_names && t < doc->meshes[m].target_count; t++)
            free(doc->meshes[m].target_names[t]);
        free(doc->meshes[m].target_names);
    }
    free(doc->meshes);
    for (int i = 0; i < doc->node_count; i++) {
        free(doc->nodes[i].name);
        free(doc->nodes[i].children);
        free(doc->nodes[i].weights);
    }
    free(doc->nodes);
    for (int i = 0; i < doc->scene_count; i++) {
        free(doc->scenes[i].name);
        free(doc->scenes[i].nodes);
    }
    free(doc->scenes);
    for (int i = 0; i < doc->skin_count; i++) {
        free(doc->skins[i].name);
        free(doc->skins[i].joints);
        free(doc->skins[i].joint_from_model_bind);
    }
    free(doc->skins);
    for (int i = 0; i < doc->animation_count; i++) {
        for (int k = 0; k < doc->animations[i].sampler_count; k++) {
            free(doc->animations[i].samplers[k].times);
            free(doc->animations[i].samplers[k].values);
        }
        for (int e = 0; e < doc->animations[i].event_count; e++)
            free(doc->animations[i].events[e].name);
        free(doc->animations[i].events);
        free(doc->animations[i].samplers);
        free(doc->animations[i].channels);
        free(doc->animations[i].name);
    }
    free(doc->animations);
    for (int i = 0; i < doc->material_count; i++)
        free(doc->materials[i].name);
    free(doc->materials);
    free(doc->textures);
    for (int i = 0; i < doc->image_count; i++) {
        free(doc->images[i].name);
        free(doc->images[i].uri);
        free(doc->images[i].mime_type);
        image_free(&doc->images[i].pixels);
    }
    free(doc->images);
    free(doc->samplers);
    free(doc->file_bytes);
    memset(doc, 0, sizeof *doc);
    doc->scene = -1;
}
