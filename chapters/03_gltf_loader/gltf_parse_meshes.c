/* gltf_parse_meshes.c: step 2 of the load (JSON -> structs) for meshes and
 * what they are drawn with: primitives and their attributes, images,
 * samplers, textures and materials.
 *
 * Supports: primitive modes 0..6; the attributes POSITION (required),
 * NORMAL, TEXCOORD_0, TANGENT, and JOINTS_n / WEIGHTS_n (n = 0..7, in pairs
 * numbered from 0 without gaps); every attribute, known or not, names an
 * accessor with POSITION's count (where they differ, an accessor past its
 * bufferView is named as the wrong one), aligned to 4 bytes (3.6.2.4);
 * images with exactly one of uri and bufferView; samplers' filters and
 * wraps; materials' baseColorFactor, baseColorTexture and doubleSided.
 * Morph targets (3.7.2.2): each primitive's targets, POSITION, NORMAL and
 * TANGENT kept (the accessor types are checked when decoded), TEXCOORD_n,
 * COLOR_n and application-specific _NAME attributes checked and left out,
 * any other name refused (the spec allows no other); every target accessor
 * has POSITION's count; every primitive of a mesh has the same number of
 * targets; mesh.weights has one per target (zeros when absent);
 * extras.targetNames is read when it is an array of target_count strings,
 * and ignored otherwise (extras are free-form: not an error).
 * Does not support: other attributes (TEXCOORD_1,
 * COLOR_0 ...: checked, not decoded); a baseColorTexture on another texCoord
 * than 0 (a note); other material properties (ignored).
 */
#include "gltf_steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* JOINTS_n / WEIGHTS_n, set 0 and beyond: in pairs, numbered from 0 without gaps
 * (glTF 2.0, 3.7.2.1), at most GLTF_MAX_INFLUENCE_SETS sets. */
static bool parse_influence_sets(loader *L, const json_value *attributes, const char *attr_path, gltf_primitive *prim)
{
    const gltf_document *doc = L->doc;
    for (int s = 0; s < GLTF_MAX_INFLUENCE_SETS; s++)
        prim->joint_set_accessors[s] = prim->weight_set_accessors[s] = -1;
    prim->joint_set_accessors[0] = prim->joints_0, prim->weight_set_accessors[0] = prim->weights_0;
    prim->influence_set_count = prim->joints_0 >= 0 || prim->weights_0 >= 0;
    int named = 0; /* attributes whose name starts with JOINTS_ or WEIGHTS_ */
    for (size_t k = 0; k < attributes->count; k++)
        named += strncmp(attributes->as.members[k].key, "JOINTS_", 7) == 0 ||
                 strncmp(attributes->as.members[k].key, "WEIGHTS_", 8) == 0;
    int found = (prim->joints_0 >= 0) + (prim->weights_0 >= 0);
    if (found == 1)
        return sa_error_set(L->err, "%s: JOINTS_n and WEIGHTS_n come in pairs; %s is missing", attr_path,
                            prim->joints_0 < 0 ? "JOINTS_0" : "WEIGHTS_0");
    for (int s = 1; found < named; s++) {
        char joints[24], weights[24];
        snprintf(joints, sizeof joints, "JOINTS_%d", s);
        snprintf(weights, sizeof weights, "WEIGHTS_%d", s);
        int joint_accessor, weight_accessor;
        if (!gltf_get_index(L, attributes, joints, attr_path, doc->accessor_count, &joint_accessor) ||
            !gltf_get_index(L, attributes, weights, attr_path, doc->accessor_count, &weight_accessor))
            return false;
        if (joint_accessor < 0 || weight_accessor < 0 || prim->joints_0 < 0 || prim->weights_0 < 0)
            return sa_error_set(L->err,
                                "%s: JOINTS_n and WEIGHTS_n come in pairs numbered from 0 without a gap; %s or %s "
                                "is missing, or a set before it",
                                attr_path, joints, weights);
        if (s == GLTF_MAX_INFLUENCE_SETS)
            return sa_error_set(L->err,
                                "%s.%s: more than %d sets of joints (%d influences a vertex) is more than "
                                "this loader reads",
                                attr_path, joints, GLTF_MAX_INFLUENCE_SETS, 4 * GLTF_MAX_INFLUENCE_SETS);
        prim->joint_set_accessors[s] = joint_accessor, prim->weight_set_accessors[s] = weight_accessor;
        prim->influence_set_count = s + 1;
        found += 2;
    }
    return true;
}

/* Whether `name` may be a morph target attribute the loader leaves out:
 * TEXCOORD_n, COLOR_n (morphed by some clients) or _NAME (application-specific). */
static bool target_attribute_left_out(const char *name)
{
    const char *digits = strncmp(name, "TEXCOORD_", 9) == 0 ? name + 9
                         : strncmp(name, "COLOR_", 6) == 0  ? name + 6
                                                            : NULL;
    if (digits && *digits) {
        while (*digits >= '0' && *digits <= '9')
            digits++;
        return *digits == '\0';
    }
    return name[0] == '_';
}

/* primitive.targets: an array of objects, each mapping attribute names to
 * accessors of delta values, one per vertex (POSITION's count). */
static bool parse_targets(loader *L, const json_value *po, const char *path, gltf_primitive *prim)
{
    const gltf_document *doc = L->doc;
    const json_value *targets = json_object_get(po, "targets");
    if (!targets)
        return true;
    if (targets->kind != JSON_ARRAY || targets->count == 0)
        return sa_error_set(L->err, "%s.targets: expected a non-empty array of targets", path);
    if (!(prim->targets = calloc(targets->count, sizeof *prim->targets)))
        return sa_error_set(L->err, "%s.targets: out of memory", path);
    prim->target_count = (int)targets->count;
    size_t vertex_count = doc->accessors[prim->position].count;
    for (int t = 0; t < prim->target_count; t++) {
        const json_value *to = &targets->as.items[t];
        gltf_morph_target *target = &prim->targets[t];
        char target_path[160];
        snprintf(target_path, sizeof target_path, "%s.targets[%d]", path, t);
        if (to->kind != JSON_OBJECT || to->count == 0)
            return sa_error_set(L->err, "%s: expected an object of attributes (at least one)", target_path);
        if (!gltf_get_index(L, to, "POSITION", target_path, doc->accessor_count, &target->position) ||
            !gltf_get_index(L, to, "NORMAL", target_path, doc->accessor_count, &target->normal) ||
            !gltf_get_index(L, to, "TANGENT", target_path, doc->accessor_count, &target->tangent))
            return false;
        for (size_t k = 0; k < to->count; k++) {
            const char *name = to->as.members[k].key;
            const json_value *v = &to->as.members[k].value;
            bool kept = !strcmp(name, "POSITION") || !strcmp(name, "NORMAL") || !strcmp(name, "TANGENT");
            if (!kept && !target_attribute_left_out(name))
                return sa_error_set(L->err,
                                    "%s.%s: not a morph target attribute (POSITION, NORMAL, TANGENT, TEXCOORD_n, "
                                    "COLOR_n, or _NAME for an application's own)",
                                    target_path, name);
            if (!gltf_is_integer(v, 2147483647.0) || v->number >= doc->accessor_count)
                return sa_error_set(L->err, "%s.%s: not an existing accessor", target_path, name);
            size_t count = doc->accessors[(int)v->number].count;
            if (count != vertex_count)
                return sa_error_set(L->err, "%s.%s: accessors[%d] has %zu elements, but POSITION has %zu", target_path,
                                    name, (int)v->number, count, vertex_count);
        }
    }
    return true;
}

/* mesh.weights (one per target, zeros when absent) and extras.targetNames. */
static bool parse_mesh_morph(loader *L, const json_value *o, const char *path, gltf_mesh *mesh)
{
    mesh->target_count = mesh->primitives[0].target_count;
    for (int p = 1; p < mesh->primitive_count; p++)
        if (mesh->primitives[p].target_count != mesh->target_count)
            return sa_error_set(L->err,
                                "%s.primitives[%d].targets: %d targets, but primitives[0] has %d (every primitive "
                                "of a mesh has the same number)",
                                path, p, mesh->primitives[p].target_count, mesh->target_count);
    if (!gltf_get_float_array(L, o, "weights", path, (size_t)mesh->target_count, &mesh->weights))
        return false;
    if (mesh->target_count == 0)
        return true;
    if (!mesh->weights && !(mesh->weights = calloc((size_t)mesh->target_count, sizeof(float))))
        return sa_error_set(L->err, "%s.weights: out of memory", path);
    const json_value *extras = json_object_get(o, "extras");
    const json_value *names = extras && extras->kind == JSON_OBJECT ? json_object_get(extras, "targetNames") : NULL;
    if (!names || names->kind != JSON_ARRAY || names->count != (size_t)mesh->target_count)
        return true;
    for (size_t i = 0; i < names->count; i++)
        if (names->as.items[i].kind != JSON_STRING)
            return true;
    if (!(mesh->target_names = calloc(names->count, sizeof(char *))))
        return sa_error_set(L->err, "%s.extras.targetNames: out of memory", path);
    for (int i = 0; i < mesh->target_count; i++) {
        size_t length = strlen(names->as.items[i].as.string);
        if (!(mesh->target_names[i] = malloc(length + 1)))
            return sa_error_set(L->err, "%s.extras.targetNames: out of memory", path);
        memcpy(mesh->target_names[i], names->as.items[i].as.string, length + 1);
    }
    return true;
}

bool gltf_parse_meshes(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    for (int m = 0; m < doc->mesh_count; m++) {
        const json_value *o = gltf_item(L, root, "meshes", m);
        gltf_mesh *mesh = &doc->meshes[m];
        char path[96];
        snprintf(path, sizeof path, "meshes[%d]", m);
        if (!gltf_get_string(L, o, "name", path, &mesh->name))
            return false;
        const json_value *primitives = json_object_get(o, "primitives");
        if (!primitives || primitives->kind != JSON_ARRAY || primitives->count == 0)
            return sa_error_set(L->err, "%s.primitives: missing, empty or not an array", path);
        if (!(mesh->primitives = calloc(primitives->count, sizeof(gltf_primitive))))
            return sa_error_set(L->err, "%s: out of memory", path);
        mesh->primitive_count = (int)primitives->count;
        for (int p = 0; p < mesh->primitive_count; p++) {
            const json_value *po = &primitives->as.items[p];
            gltf_primitive *prim = &mesh->primitives[p];
            snprintf(path, sizeof path, "meshes[%d].primitives[%d]", m, p);
            prim->position = prim->normal = prim->texcoord_0 = prim->joints_0 = prim->weights_0 = prim->tangent = -1;
            if (po->kind != JSON_OBJECT)
                return gltf_type_error(L, path, NULL, "an object", po);
            const json_value *attributes;
            size_t mode;
            if (!gltf_get_object(L, po, "attributes", path, &attributes) ||
                !gltf_get_index(L, po, "indices", path, doc->accessor_count, &prim->indices) ||
                !gltf_get_index(L, po, "material", path, doc->material_count, &prim->material) ||
                !gltf_get_size(L, po, "mode", path, false, GLTF_TRIANGLES, &mode))
                return false;
            if (mode > GLTF_TRIANGLE_FAN)
                return sa_error_set(L->err, "%s.mode: %zu is not a primitive mode (0..6)", path, mode);
            prim->mode = (gltf_mode)mode;
            if (!attributes)
                return sa_error_set(L->err, "%s.attributes: missing (required)", path);
            char attr_path[128];
            snprintf(attr_path, sizeof attr_path, "%s.attributes", path);
            if (!gltf_get_index(L, attributes, "POSITION", attr_path, doc->accessor_count, &prim->position) ||
                !gltf_get_index(L, attributes, "NORMAL", attr_path, doc->accessor_count, &prim->normal) ||
                !gltf_get_index(L, attributes, "TEXCOORD_0", attr_path, doc->accessor_count, &prim->texcoord_0) ||
                !gltf_get_index(L, attributes, "JOINTS_0", attr_path, doc->accessor_count, &prim->joints_0) ||
                !gltf_get_index(L, attributes, "WEIGHTS_0", attr_path, doc->accessor_count, &prim->weights_0) ||
                !gltf_get_index(L, attributes, "TANGENT", attr_path, doc->accessor_count, &prim->tangent) ||
                !parse_influence_sets(L, attributes, attr_path, prim))
                return false;
            for (size_t k = 0; k < attributes->count; k++) /* every attribute must name an accessor */
                if (!gltf_is_integer(&attributes->as.members[k].value, 2147483647.0) ||
                    attributes->as.members[k].value.number >= doc->accessor_count)
                    return sa_error_set(L->err, "%s.%s: not an existing accessor", attr_path,
                                        attributes->as.members[k].key);
            if (prim->position < 0)
                return sa_error_set(L->err, "%s.POSITION: missing (this loader needs positions)", attr_path);
            size_t vertex_count = doc->accessors[prim->position].count;
            for (size_t k = 0; k < attributes->count; k++) { /* all attributes, known or not */
                const char *semantic = attributes->as.members[k].key;
                int index = (int)attributes->as.members[k].value.number;
                const gltf_accessor *a = &doc->accessors[index];
                if (a->count != vertex_count) { /* one count is wrong: the one past its bufferView, if any */
                    bool position_fits = gltf_accessor_fits_view(doc, prim->position);
                    int culprit = !position_fits ? prim->position : !gltf_accessor_fits_view(doc, index) ? index : -1;
                    if (culprit >= 0)
                        return sa_error_set(L->err,
                                            "%s.%s: accessors[%d]: %zu elements do not fit in bufferViews[%d] "
                                            "(%zu bytes)",
                                            attr_path, position_fits ? semantic : "POSITION", culprit,
                                            doc->accessors[culprit].count, doc->accessors[culprit].buffer_view,
                                            doc->buffer_views[doc->accessors[culprit].buffer_view].byte_length);
                    return sa_error_set(L->err, "%s.%s: %zu elements, but POSITION has %zu", attr_path, semantic,
                                        a->count, vertex_count);
                }
                /* Vertex data is aligned to 4 bytes (3.6.2.4): the offset and
                 * the stride (the element size, without a byteStride) are
                 * multiples of 4, so a GPU can read every element as is. */
                if (a->buffer_view >= 0 && a->byte_offset % 4)
                    return sa_error_set(L->err, "%s.%s: accessors[%d].byteOffset %zu is not a multiple of 4", attr_path,
                                        semantic, index, a->byte_offset);
                size_t element = gltf_element_size(a->component_type, a->type);
                if (a->buffer_view >= 0 && !doc->buffer_views[a->buffer_view].byte_stride && element % 4)
                    return sa_error_set(L->err,
                                        "%s.%s: accessors[%d] packs elements of %zu bytes, not a multiple of 4; "
                                        "bufferViews[%d] needs a byteStride",
                                        attr_path, semantic, index, element, a->buffer_view);
            }
            if (!parse_targets(L, po, path, prim))
                return false;
        }
        snprintf(path, sizeof path, "meshes[%d]", m);
        if (!parse_mesh_morph(L, o, path, mesh))
            return false;
    }
    return true;
}

/* A material's defaults (glTF 2.0, material.schema.json): white, untextured.
 * Public (gltf.h): a primitive without a material is drawn with it. */
gltf_material gltf_material_default(void)
{
    gltf_material m = {.base_color_factor = {1, 1, 1, 1}, .base_color_texture = -1};
    return m;
}

bool gltf_parse_materials(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    for (int i = 0; i < doc->image_count; i++) {
        const json_value *o = gltf_item(L, root, "images", i);
        gltf_image *img = &doc->images[i];
        char path[48];
        snprintf(path, sizeof path, "images[%d]", i);
        if (!gltf_get_string(L, o, "name", path, &img->name) || !gltf_get_string(L, o, "uri", path, &img->uri) ||
            !gltf_get_string(L, o, "mimeType", path, &img->mime_type) ||
            !gltf_get_index(L, o, "bufferView", path, doc->buffer_view_count, &img->buffer_view))
            return false;
        if ((img->uri != NULL) == (img->buffer_view >= 0))
            return sa_error_set(L->err, "%s: needs exactly one of uri and bufferView", path);
    }
    for (int i = 0; i < doc->sampler_count; i++) {
        const json_value *o = gltf_item(L, root, "samplers", i);
        gltf_sampler *s = &doc->samplers[i];
        char path[48];
        size_t mag, min, ws, wt;
        snprintf(path, sizeof path, "samplers[%d]", i);
        if (!gltf_get_size(L, o, "magFilter", path, false, 0, &mag) ||
            !gltf_get_size(L, o, "minFilter", path, false, 0, &min) ||
            !gltf_get_size(L, o, "wrapS", path, false, 10497, &ws) ||
            !gltf_get_size(L, o, "wrapT", path, false, 10497, &wt))
            return false;
        s->mag_filter = (int)(mag & 0xffff), s->min_filter = (int)(min & 0xffff);
        s->wrap_s = (int)(ws & 0xffff), s->wrap_t = (int)(wt & 0xffff);
    }
    for (int i = 0; i < doc->texture_count; i++) {
        const json_value *o = gltf_item(L, root, "textures", i);
        char path[48];
        snprintf(path, sizeof path, "textures[%d]", i);
        if (!gltf_get_index(L, o, "sampler", path, doc->sampler_count, &doc->textures[i].sampler) ||
            !gltf_get_index(L, o, "source", path, doc->image_count, &doc->textures[i].source))
            return false;
    }
    for (int i = 0; i < doc->material_count; i++) {
        const json_value *o = gltf_item(L, root, "materials", i), *pbr, *tex = NULL;
        gltf_material *m = &doc->materials[i];
        char path[96];
        snprintf(path, sizeof path, "materials[%d]", i);
        *m = gltf_material_default();
        if (!gltf_get_string(L, o, "name", path, &m->name) ||
            !gltf_get_bool(L, o, "doubleSided", path, &m->double_sided) ||
            !gltf_get_object(L, o, "pbrMetallicRoughness", path, &pbr))
            return false;
        snprintf(path, sizeof path, "materials[%d].pbrMetallicRoughness", i);
        if (pbr && (!gltf_get_floats(L, pbr, "baseColorFactor", path, 4, 4, m->base_color_factor, NULL) ||
                    !gltf_get_object(L, pbr, "baseColorTexture", path, &tex)))
            return false;
        if (tex) {
            size_t texcoord;
            snprintf(path, sizeof path, "materials[%d].pbrMetallicRoughness.baseColorTexture", i);
            if (!gltf_get_required_index(L, tex, "index", path, doc->texture_count, &m->base_color_texture) ||
                !gltf_get_size(L, tex, "texCoord", path, false, 0, &texcoord))
                return false;
            m->base_color_texcoord = (int)(texcoord & 0xff);
            if (texcoord != 0)
                gltf_add_note(doc, "%s.texCoord: only TEXCOORD_0 is loaded", path);
        }
    }
    return true;
}
