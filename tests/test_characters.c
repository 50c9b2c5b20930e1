/* test_characters.c: the committed models in assets/models, read back through
 * chapter 03's loader and checked against the contracts of issue 5.
 *
 *   test_characters <assets/models folder>
 *
 * Expected values come from the specification of each model (heights, joint
 * names, step sizes) and from hand computation (a pose, a volume, a weight),
 * never from the generator's own output. The joint_model matrices of the
 * bind-pose self-check are computed here, in double, from the nodes' TRS.
 */
#include "test_util.h"

#include "chapters/03_gltf_loader/gltf.h"

static const char *models_dir;

static void load(const char *name, gltf_document *doc)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", models_dir, name);
    sa_error err = {{0}};
    if (!gltf_load(path, NULL, doc, &err))
        fail_msg("%s", err.message);
}

static int find_node(const gltf_document *doc, const char *name)
{
    for (int i = 0; i < doc->node_count; i++)
        if (doc->nodes[i].name && strcmp(doc->nodes[i].name, name) == 0)
            return i;
    return -1;
}

static const gltf_primitive *only_primitive(const gltf_document *doc)
{
    EXPECT_INT(1, doc->mesh_count);
    EXPECT_INT(1, doc->meshes[0].primitive_count);
    return &doc->meshes[0].primitives[0];
}

/* ---- maths, in double, written here so the check is independent --------------- */

/* local = T * R (no scale in these files), column-major. */
static void local_matrix(const float t[3], const float q[4], double m[16])
{
    double x = q[0], y = q[1], z = q[2], w = q[3];
    /* clang-format off */
    double r[16] = {1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
                    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
                    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
                    t[0], t[1], t[2], 1};
    /* clang-format on */
    memcpy(m, r, sizeof r);
}

static void multiply(const double a[16], const double b[16], double out[16])
{
    double r[16];
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++) {
            r[c * 4 + row] = 0;
            for (int k = 0; k < 4; k++)
                r[c * 4 + row] += a[k * 4 + row] * b[c * 4 + k];
        }
    memcpy(out, r, sizeof r);
}

/* joint_model of a node: the product of the local matrices from the root
 * down. `rotations` may override a node's rotation (a pose), else NULL. */
static void joint_model(const gltf_document *doc, int node, const float (*rotations)[4], double out[16])
{
    const gltf_node *n = &doc->nodes[node];
    EXPECT_TRUE(!n->has_matrix);
    EXPECT_NEAR(1, n->local.scale[0], 0);
    double local[16];
    local_matrix(n->local.translation, rotations ? rotations[node] : n->local.rotation, local);
    if (n->parent < 0) {
        memcpy(out, local, sizeof local);
        return;
    }
    double parent[16];
    joint_model(doc, n->parent, rotations, parent);
    multiply(parent, local, out);
}

/* ---- the checks every skinned model must pass ----------------------------------- */

/* [listing test_bind_pose_self_check] */
/* Every joint_model * inverse_bind is the identity within 1e-5. */
static void check_inverse_binds(const gltf_document *doc)
{
    EXPECT_INT(1, doc->skin_count);
    const gltf_skin *skin = &doc->skins[0];
    EXPECT_TRUE(skin->inverse_bind_matrices >= 0);
    for (int j = 0; j < skin->joint_count; j++) {
        double model[16], inverse_bind[16], product[16];
        joint_model(doc, skin->joints[j], NULL, model);
        for (int k = 0; k < 16; k++)
            inverse_bind[k] = skin->joint_from_model_bind[j][k];
        multiply(model, inverse_bind, product);
        for (int k = 0; k < 16; k++)
            if (fabs(product[k] - (k % 5 == 0 ? 1 : 0)) > 1e-5)
                fail_msg("joint %d (%s): joint_model * inverse_bind element %d is %.9g", j,
                         doc->nodes[skin->joints[j]].name, k, product[k]);
    }
}
/* [/listing] */

/* Weights sum to 1 within 1e-6, none is negative, joints index the skin. */
static void check_weights(const gltf_document *doc, const gltf_primitive *p, int max_influences)
{
    EXPECT_TRUE(p->weights && p->joints);
    int joint_count = doc->skins[0].joint_count;
    for (size_t v = 0; v < p->vertex_count; v++) {
        double sum = 0;
        int used = 0;
        for (int i = 0; i < 4; i++) {
            if (p->weights[v][i] < 0)
                fail_msg("vertex %zu: weight %d is negative (%g)", v, i, p->weights[v][i]);
            if (p->joints[v][i] >= joint_count)
                fail_msg("vertex %zu: joint %u is out of range (%d joints)", v, p->joints[v][i], joint_count);
            sum += p->weights[v][i];
            used += p->weights[v][i] > 0;
        }
        if (fabs(sum - 1) >= 1e-6)
            fail_msg("vertex %zu: weights sum to %.9g", v, sum);
        if (used > max_influences)
            fail_msg("vertex %zu: %d influences, at most %d expected", v, used, max_influences);
    }
}

/* Key times strictly increasing from >= 0, rotations unit quaternions, and
 * (these clips loop) the last key equal to the first. */
static void check_clip(const gltf_document *doc, const char *name)
{
    const gltf_animation *a = NULL;
    for (int i = 0; i < doc->animation_count; i++)
        if (doc->animations[i].name && strcmp(doc->animations[i].name, name) == 0)
            a = &doc->animations[i];
    if (!a)
        fail_msg("no animation named \"%s\"", name);
    EXPECT_TRUE(a->channel_count > 0);
    for (int s = 0; s < a->sampler_count; s++) {
        const gltf_animation_sampler *sampler = &a->samplers[s];
        EXPECT_INT(GLTF_LINEAR, sampler->interpolation);
        EXPECT_TRUE(sampler->key_count >= 2);
        EXPECT_TRUE(sampler->times[0] >= 0);
        for (size_t k = 1; k < sampler->key_count; k++)
            if (!(sampler->times[k] > sampler->times[k - 1]))
                fail_msg("%s sampler %d: time %zu (%g) is not after time %zu (%g)", name, s, k, sampler->times[k],
                         k - 1, sampler->times[k - 1]);
        int n = sampler->components;
        for (size_t k = 0; k < sampler->key_count && n == 4; k++) {
            const float *q = &sampler->values[k * 4];
            double length = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3]);
            if (fabs(length - 1) > 1e-6)
                fail_msg("%s sampler %d key %zu: quaternion length %.9g", name, s, k, length);
        }
        const float *first = sampler->values, *last = &sampler->values[(sampler->key_count - 1) * (size_t)n];
        for (int c = 0; c < n; c++)
            EXPECT_NEAR(first[c], last[c], 1e-6);
    }
}

/* The rotation of every node at key `key` of an animation (whose samplers
 * all share the same times), the rest from the nodes. */
static void pose_at_key(const gltf_document *doc, const gltf_animation *a, size_t key, float (*rotations)[4])
{
    for (int i = 0; i < doc->node_count; i++)
        memcpy(rotations[i], doc->nodes[i].local.rotation, sizeof rotations[i]);
    for (int c = 0; c < a->channel_count; c++) {
        const gltf_channel *ch = &a->channels[c];
        if (ch->target_path == GLTF_PATH_ROTATION)
            memcpy(rotations[ch->target_node], &a->samplers[ch->sampler].values[key * 4], sizeof rotations[0]);
    }
}

/* Signed volume by the divergence theorem: positive when every triangle is
 * counter-clockwise seen from outside. */
static double signed_volume(const gltf_primitive *p)
{
    double volume = 0;
    for (size_t t = 0; t < p->triangle_count; t++) {
        const float *a = p->positions[p->triangle_indices[3 * t]];
        const float *b = p->positions[p->triangle_indices[3 * t + 1]];
        const float *c = p->positions[p->triangle_indices[3 * t + 2]];
        /* a . (b x c) / 6: the volume of the tetrahedron (origin, a, b, c) */
        double cross[3] = {(double)b[1] * c[2] - (double)b[2] * c[1], (double)b[2] * c[0] - (double)b[0] * c[2],
                           (double)b[0] * c[1] - (double)b[1] * c[0]};
        volume += (a[0] * cross[0] + a[1] * cross[1] + a[2] * cross[2]) / 6;
    }
    return volume;
}

static int find_root(int *parent, int i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* How many pieces the mesh is in, joining vertices that share a triangle. */
static int connected_components(const gltf_primitive *p)
{
    int *parent = malloc(p->vertex_count * sizeof *parent);
    for (size_t v = 0; v < p->vertex_count; v++)
        parent[v] = (int)v;
    for (size_t t = 0; t < p->triangle_count; t++)
        for (int e = 1; e < 3; e++) {
            int a = find_root(parent, (int)p->triangle_indices[3 * t]);
            int b = find_root(parent, (int)p->triangle_indices[3 * t + e]);
            parent[a] = b;
        }
    int components = 0;
    for (size_t v = 0; v < p->vertex_count; v++)
        components += find_root(parent, (int)v) == (int)v;
    free(parent);
    return components;
}

/* True when every edge is shared by exactly two triangles, in opposite
 * directions: a closed surface with consistent winding, no cracks. Each
 * directed edge a->b must appear once, and b->a once. */
static bool closed_and_consistent(const gltf_primitive *p)
{
    size_t n = p->triangle_count * 3;
    uint64_t *directed = malloc(n * sizeof *directed);
    for (size_t t = 0; t < p->triangle_count; t++)
        for (int e = 0; e < 3; e++) {
            uint64_t a = p->triangle_indices[3 * t + (size_t)e], b = p->triangle_indices[3 * t + (size_t)(e + 1) % 3];
            directed[3 * t + (size_t)e] = a << 32 | b;
        }
    /* sort, then look up each edge's reverse by binary search */
    for (size_t gap = n / 2; gap > 0; gap /= 2) /* shell sort: no callback needed */
        for (size_t i = gap; i < n; i++)
            for (size_t j = i; j >= gap && directed[j - gap] > directed[j]; j -= gap) {
                uint64_t t = directed[j];
                directed[j] = directed[j - gap];
                directed[j - gap] = t;
            }
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        if (i + 1 < n && directed[i] == directed[i + 1])
            ok = false; /* the same directed edge twice: flipped or non-manifold */
        uint64_t reverse = directed[i] << 32 | directed[i] >> 32;
        size_t lo = 0, hi = n;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (directed[mid] < reverse)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == n || directed[lo] != reverse)
            ok = false; /* an edge with one triangle: a crack */
    }
    free(directed);
    return ok;
}

/* ---- humanoid -------------------------------------------------------------------- */

static gltf_document humanoid;

static void humanoid_skeleton_is_named_and_complete(void **state)
{
    (void)state;
    static const char *required[] = {"hips", "spine_1", "spine_2", "spine_3", "neck", "head"};
    static const char *sided[] = {"shoulder", "upper_arm", "forearm", "hand", "thigh", "shin", "foot", "toes"};
    EXPECT_INT(1, humanoid.skin_count);
    EXPECT_TRUE(humanoid.skins[0].joint_count >= 20);
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (find_node(&humanoid, required[i]) < 0)
            fail_msg("no joint named %s", required[i]);
    for (size_t i = 0; i < sizeof sided / sizeof sided[0]; i++)
        for (int side = 0; side < 2; side++) {
            char name[64];
            snprintf(name, sizeof name, "%s_%s", side ? "right" : "left", sided[i]);
            if (find_node(&humanoid, name) < 0)
                fail_msg("no joint named %s", name);
        }
}

static void humanoid_bind_pose_self_check(void **state)
{
    (void)state;
    check_inverse_binds(&humanoid);
}

static void humanoid_weights_are_normalized(void **state)
{
    (void)state;
    check_weights(&humanoid, only_primitive(&humanoid), 4);
}

static void humanoid_stands_on_the_ground_facing_z(void **state)
{
    (void)state;
    const gltf_primitive *p = only_primitive(&humanoid);
    EXPECT_NEAR(0, p->bounds_min[1], 1e-4);   /* feet on y = 0 */
    EXPECT_NEAR(1.8, p->bounds_max[1], 0.01); /* 1.8 m tall */
    /* A T-pose: arms out to about +/- 0.9 m, symmetric about x = 0. */
    EXPECT_NEAR(-p->bounds_min[0], p->bounds_max[0], 0.01);
    EXPECT_TRUE(p->bounds_max[0] > 0.8);
    /* Facing +Z: the toes lie in front of the ankles; left is +X. */
    double toes[16], foot[16], hand[16];
    joint_model(&humanoid, find_node(&humanoid, "left_toes"), NULL, toes);
    joint_model(&humanoid, find_node(&humanoid, "left_foot"), NULL, foot);
    joint_model(&humanoid, find_node(&humanoid, "left_hand"), NULL, hand);
    EXPECT_TRUE(toes[14] > foot[14] + 0.05);
    EXPECT_TRUE(hand[12] > 0.5);
}

static void humanoid_body_is_one_smooth_textured_mesh(void **state)
{
    (void)state;
    const gltf_primitive *p = only_primitive(&humanoid);
    EXPECT_TRUE(p->vertex_count >= 5000);
    EXPECT_TRUE(p->normals && !p->normals_computed);
    EXPECT_TRUE(p->texcoords != NULL);
    /* Welded: one piece, not parts floating apart, and closed. */
    EXPECT_INT(1, connected_components(p));
    EXPECT_TRUE(closed_and_consistent(p));
    /* Outward winding, and the volume of a slim adult: by hand, a torso of
     * 0.3 x 0.2 x 0.5 m, two legs and two arms as cylinders and a head come
     * to about 0.065 m^3. */
    double volume = signed_volume(p);
    EXPECT_TRUE(volume > 0.04 && volume < 0.1);
    /* A generated texture beside the file, decoded by the loader. */
    EXPECT_TRUE(p->material >= 0);
    const gltf_material *m = &humanoid.materials[p->material];
    EXPECT_TRUE(m->base_color_texture >= 0);
    const gltf_image *image = &humanoid.images[humanoid.textures[m->base_color_texture].source];
    EXPECT_TRUE(image->pixels.pixels != NULL);
    EXPECT_TRUE(image->pixels.width >= 64 && image->pixels.width <= 1024);
}

static void humanoid_clips_are_well_formed(void **state)
{
    (void)state;
    check_clip(&humanoid, "idle");
    check_clip(&humanoid, "wave");
}

static const gltf_animation *animation_named(const gltf_document *doc, const char *name)
{
    for (int i = 0; i < doc->animation_count; i++)
        if (doc->animations[i].name && strcmp(doc->animations[i].name, name) == 0)
            return &doc->animations[i];
    fail_msg("no animation named %s", name);
    return NULL;
}

/* [listing test_wave_pose] */
/* At the first key of "wave" the right upper arm is turned -50 degrees about
 * Z from the T-pose and the forearm another -50 degrees, nothing above the
 * shoulder moves. By hand, with the shoulder joint at (-0.17, 1.43, 0), an
 * upper arm of 0.28 m and a forearm of 0.26 m, turning (-1, 0, 0) by theta
 * about Z gives (-cos theta, -sin theta, 0):
 *   elbow = (-0.17 - 0.28 cos 50, 1.43 + 0.28 sin 50)  = (-0.34998, 1.64449)
 *   wrist = elbow + 0.26 (-cos(-100), -sin(-100))       = (-0.30483, 1.90054) */
static void humanoid_wave_raises_the_right_hand(void **state)
{
    (void)state;
    const gltf_animation *wave = animation_named(&humanoid, "wave");
    float(*rotations)[4] = calloc((size_t)humanoid.node_count, sizeof *rotations);
    pose_at_key(&humanoid, wave, 0, rotations);
    double hand[16];
    joint_model(&humanoid, find_node(&humanoid, "right_hand"), (const float(*)[4])rotations, hand);
    EXPECT_NEAR(-0.30483, hand[12], 1e-4);
    EXPECT_NEAR(1.90054, hand[13], 1e-4);
    EXPECT_NEAR(0, hand[14], 1e-4);
    free(rotations);
}
/* [/listing] */

/* In "idle" both arms hang: every key puts both hands below the hips' top. */
static void humanoid_idle_lowers_the_arms(void **state)
{
    (void)state;
    const gltf_animation *idle = animation_named(&humanoid, "idle");
    float(*rotations)[4] = calloc((size_t)humanoid.node_count, sizeof *rotations);
    for (size_t key = 0; key < idle->samplers[0].key_count; key++) {
        pose_at_key(&humanoid, idle, key, rotations);
        for (int side = 0; side < 2; side++) {
            double hand[16];
            joint_model(&humanoid, find_node(&humanoid, side ? "right_hand" : "left_hand"),
                        (const float(*)[4])rotations, hand);
            EXPECT_TRUE(hand[13] < 1.05);
        }
    }
    free(rotations);
}

/* ---- the humanoid's face ------------------------------------------------------------ */

/* Issue 36: four morph targets on the body mesh, named in extras.targetNames,
 * default weights 0, each a deformation of the head only. The numbers come
 * from the task and a human head, not from the generator: the head of this
 * 1.8 m figure spans about 1.50 m (chin) to 1.80 m (crown) and its face is
 * at the front (+Z); the eyes lie about half way up the head (1.62 to
 * 1.75 m), the mouth in the lowest quarter (1.57 to 1.62 m); a blink or a
 * smile moves skin by millimetres, an open jaw by centimetres, so every
 * target's largest delta is between 5 mm and 3 cm. */
enum { BLINK_LEFT, BLINK_RIGHT, JAW_OPEN, SMILE, FACE_TARGETS };
static const char *const face_names[FACE_TARGETS] = {"blink_left", "blink_right", "jaw_open", "smile"};

static int mesh_node(const gltf_document *doc)
{
    for (int i = 0; i < doc->node_count; i++)
        if (doc->nodes[i].mesh >= 0)
            return i;
    fail_msg("no node has a mesh");
    return -1;
}

static bool moves(const float d[3])
{
    return d[0] != 0 || d[1] != 0 || d[2] != 0;
}

/* The joint with the largest weight at vertex v, by node name. */
static const char *main_joint(const gltf_document *doc, const gltf_primitive *p, size_t v)
{
    int best = 0;
    for (int i = 1; i < 4; i++)
        best = p->weights[v][i] > p->weights[v][best] ? i : best;
    return doc->nodes[doc->skins[0].joints[p->joints[v][best]]].name;
}

static void humanoid_face_targets_are_named(void **state)
{
    (void)state;
    const gltf_mesh *mesh = &humanoid.meshes[0];
    const gltf_primitive *p = only_primitive(&humanoid);
    EXPECT_INT(FACE_TARGETS, mesh->target_count);
    EXPECT_INT(FACE_TARGETS, p->target_count);
    EXPECT_TRUE(mesh->target_names != NULL);
    for (int t = 0; t < FACE_TARGETS; t++) {
        if (strcmp(mesh->target_names[t], face_names[t]) != 0)
            fail_msg("target %d is named %s, expected %s", t, mesh->target_names[t], face_names[t]);
        EXPECT_NEAR(0, mesh->weights[t], 0); /* the bind pose shows no expression */
        EXPECT_TRUE(p->targets[t].position_deltas && p->targets[t].normal_deltas);
        /* most deltas are zero: stored sparse, with no bufferView under them */
        const gltf_accessor *a = &humanoid.accessors[p->targets[t].position];
        EXPECT_INT(-1, a->buffer_view);
        EXPECT_TRUE(a->sparse.count > 0 && a->sparse.count < p->vertex_count / 10);
    }
    EXPECT_TRUE(humanoid.nodes[mesh_node(&humanoid)].weights == NULL); /* the mesh's zeros apply */
}

/* Every target moves only the head: vertices above the neck joint, bound
 * mostly to the head or the neck, at the front; the largest move is within
 * 5 mm .. 3 cm; and base normal + normal delta is the unit normal of the
 * deformed surface. */
static void humanoid_face_targets_move_only_the_face(void **state)
{
    (void)state;
    const gltf_primitive *p = only_primitive(&humanoid);
    double neck[16];
    joint_model(&humanoid, find_node(&humanoid, "neck"), NULL, neck);
    EXPECT_NEAR(1.48, neck[13], 0.01); /* the rig's neck joint */
    for (int t = 0; t < FACE_TARGETS; t++) {
        const gltf_morph_target *target = &p->targets[t];
        double largest = 0;
        int moved = 0;
        for (size_t v = 0; v < p->vertex_count; v++) {
            const float *at = p->positions[v], *d = target->position_deltas[v], *dn = target->normal_deltas[v];
            if (moves(dn)) {
                const float *n = p->normals[v];
                double nx = n[0] + dn[0], ny = n[1] + dn[1], nz = n[2] + dn[2];
                EXPECT_NEAR(1, sqrt(nx * nx + ny * ny + nz * nz), 1e-5);
                if (at[1] <= neck[13])
                    fail_msg("%s: the normal of vertex %zu at y = %g (below the neck) turns", face_names[t], v, at[1]);
            }
            if (!moves(d))
                continue;
            moved++;
            const char *joint = main_joint(&humanoid, p, v);
            if (at[1] <= neck[13] || at[2] < 0 || (strcmp(joint, "head") != 0 && strcmp(joint, "neck") != 0))
                fail_msg("%s moves vertex %zu at (%g, %g, %g), bound to %s: not the face", face_names[t], v, at[0],
                         at[1], at[2], joint);
            largest = fmax(largest, sqrt((double)d[0] * d[0] + (double)d[1] * d[1] + (double)d[2] * d[2]));
        }
        if (moved < 5 || largest < 0.005 || largest > 0.03)
            fail_msg("%s moves %d vertices, the largest by %g m (expected 5 mm .. 3 cm)", face_names[t], moved,
                     largest);
    }
}

/* [listing test_face_targets] */
/* Each eye closes downwards on its own side, at eye height; the jaw opens
 * down and back below the mouth, symmetrically; the smile lifts the mouth's
 * corners up, back and outwards, on both sides. */
static void humanoid_face_targets_move_the_right_way(void **state)
{
    (void)state;
    const gltf_primitive *p = only_primitive(&humanoid);
    for (int side = 0; side < 2; side++) { /* blink_left: the character's left, +X */
        float(*d)[3] = p->targets[side ? BLINK_RIGHT : BLINK_LEFT].position_deltas;
        for (size_t v = 0; v < p->vertex_count; v++) {
            if (!moves(d[v]))
                continue;
            const float *at = p->positions[v];
            if (!(d[v][1] < 0) || (side ? at[0] >= 0 : at[0] <= 0) || at[1] < 1.62f || at[1] > 1.75f)
                fail_msg("%s: vertex %zu at (%g, %g) moves by dy %g", face_names[side], v, at[0], at[1], d[v][1]);
        }
    }
    float(*jaw)[3] = p->targets[JAW_OPEN].position_deltas;
    double lowest_drop = 0;
    for (size_t v = 0; v < p->vertex_count; v++) {
        if (!moves(jaw[v]))
            continue;
        const float *at = p->positions[v];
        if (at[1] > 1.62f || jaw[v][0] != 0 || jaw[v][1] > 0 || jaw[v][2] > 0)
            fail_msg("jaw_open: vertex %zu at y = %g moves by (%g, %g, %g)", v, at[1], jaw[v][0], jaw[v][1], jaw[v][2]);
        lowest_drop = fmin(lowest_drop, jaw[v][1]);
    }
    EXPECT_TRUE(lowest_drop < -0.005); /* the chin drops by more than 5 mm */
    /* [elide the smile: each moved vertex at mouth height, moving up, back and outwards; both sides] */
    float(*smile)[3] = p->targets[SMILE].position_deltas;
    int sides[2] = {0, 0};
    for (size_t v = 0; v < p->vertex_count; v++) {
        if (!moves(smile[v]))
            continue;
        const float *at = p->positions[v];
        bool outwards = at[0] > 0 ? smile[v][0] > 0 : smile[v][0] < 0;
        if (at[1] < 1.57f || at[1] > 1.62f || !(smile[v][1] > 0) || !(smile[v][2] < 0) || !outwards)
            fail_msg("smile: vertex %zu at (%g, %g) moves by (%g, %g, %g)", v, at[0], at[1], smile[v][0], smile[v][1],
                     smile[v][2]);
        sides[at[0] > 0]++;
    }
    EXPECT_TRUE(sides[0] > 0 && sides[1] > 0);
    /* [/elide] */
}
/* [/listing] */

/* The weights clip `name`: one channel, the weights of the mesh node, with
 * `interpolation`; 4 values per key (x 3 for CUBICSPLINE); times increasing
 * from 0; loops (last key's values = first's). Returns its sampler. */
static const gltf_animation_sampler *face_clip(const char *name, gltf_interpolation interpolation)
{
    const gltf_animation *a = animation_named(&humanoid, name);
    EXPECT_INT(1, a->channel_count);
    EXPECT_INT(GLTF_PATH_WEIGHTS, a->channels[0].target_path);
    EXPECT_INT(mesh_node(&humanoid), a->channels[0].target_node);
    const gltf_animation_sampler *s = &a->samplers[a->channels[0].sampler];
    EXPECT_INT(interpolation, s->interpolation);
    size_t per_key = FACE_TARGETS * (interpolation == GLTF_CUBICSPLINE ? 3 : 1);
    EXPECT_INT(s->key_count * per_key, s->value_count * (size_t)s->components);
    EXPECT_NEAR(0, s->times[0], 0);
    for (size_t k = 1; k < s->key_count; k++)
        EXPECT_TRUE(s->times[k] > s->times[k - 1]);
    size_t value = interpolation == GLTF_CUBICSPLINE ? FACE_TARGETS : 0; /* past the in-tangents */
    for (int t = 0; t < FACE_TARGETS; t++)
        EXPECT_NEAR(s->values[value + (size_t)t], s->values[(s->key_count - 1) * per_key + value + (size_t)t], 0);
    return s;
}

/* The face clips follow idle and wave (whose indices stay 0 and 1). */
static void humanoid_face_clips_follow_the_body_clips(void **state)
{
    (void)state;
    static const char *order[] = {"idle", "wave", "face", "blink", "smile"};
    EXPECT_INT(5, humanoid.animation_count);
    for (int i = 0; i < 5; i++)
        if (strcmp(humanoid.animations[i].name, order[i]) != 0)
            fail_msg("animation %d is %s, expected %s", i, humanoid.animations[i].name, order[i]);
}

/* "face", LINEAR: both eyes together, each blink at least twice, closing
 * and opening within 0.2 s; the jaw opens and closes at least three times
 * (a few words); the smile shows; every weight in 0..1. */
static void humanoid_face_clip_blinks_and_talks(void **state)
{
    (void)state;
    const gltf_animation_sampler *s = face_clip("face", GLTF_LINEAR);
    int blinks = 0, syllables = 0;
    double smile = 0;
    for (size_t k = 0; k < s->key_count; k++) {
        const float *w = &s->values[k * FACE_TARGETS];
        for (int t = 0; t < FACE_TARGETS; t++)
            EXPECT_TRUE(w[t] >= 0 && w[t] <= 1);
        EXPECT_NEAR(w[BLINK_LEFT], w[BLINK_RIGHT], 0);
        if (w[BLINK_LEFT] == 1) {
            blinks++;
            /* open (0) at most 0.2 s before and after */
            EXPECT_TRUE(k > 0 && k + 1 < s->key_count);
            EXPECT_TRUE(s->values[(k - 1) * FACE_TARGETS] == 0 && s->times[k] - s->times[k - 1] <= 0.2f);
            EXPECT_TRUE(s->values[(k + 1) * FACE_TARGETS] == 0 && s->times[k + 1] - s->times[k] <= 0.2f);
        }
        if (k > 0 && k + 1 < s->key_count && w[JAW_OPEN] > s->values[(k - 1) * FACE_TARGETS + JAW_OPEN] &&
            w[JAW_OPEN] > s->values[(k + 1) * FACE_TARGETS + JAW_OPEN])
            syllables++;
        smile = fmax(smile, w[SMILE]);
    }
    EXPECT_TRUE(blinks >= 2);
    EXPECT_TRUE(syllables >= 3);
    EXPECT_TRUE(smile > 0.3);
}

/* "blink", STEP: the eyes go 0 -> closed (1) -> 0 in held steps, the jaw
 * and the smile stay 0. */
static void humanoid_blink_clip_steps(void **state)
{
    (void)state;
    const gltf_animation_sampler *s = face_clip("blink", GLTF_STEP);
    bool closed = false;
    for (size_t k = 0; k < s->key_count; k++) {
        const float *w = &s->values[k * FACE_TARGETS];
        EXPECT_NEAR(w[BLINK_LEFT], w[BLINK_RIGHT], 0);
        EXPECT_NEAR(0, w[JAW_OPEN], 0);
        EXPECT_NEAR(0, w[SMILE], 0);
        closed = closed || w[BLINK_LEFT] == 1;
    }
    EXPECT_TRUE(closed);
}

/* "smile", CUBICSPLINE: sampled here with the spec's Hermite formula
 * (glTF 2.0, appendix C: tangents scaled by the key interval), the smile
 * rises to 1 and stays within 0..1 everywhere, the eyes stay open. */
static void humanoid_smile_clip_is_a_cubic_spline(void **state)
{
    (void)state;
    const gltf_animation_sampler *s = face_clip("smile", GLTF_CUBICSPLINE);
    const size_t stride = 3 * FACE_TARGETS; /* in-tangents, values, out-tangents */
    double highest = 0;
    for (size_t k = 0; k + 1 < s->key_count; k++) {
        double dt = s->times[k + 1] - s->times[k];
        for (int t = 0; t < FACE_TARGETS; t++) {
            double v0 = s->values[k * stride + FACE_TARGETS + (size_t)t];
            double b0 = s->values[k * stride + 2 * FACE_TARGETS + (size_t)t];
            double a1 = s->values[(k + 1) * stride + (size_t)t];
            double v1 = s->values[(k + 1) * stride + FACE_TARGETS + (size_t)t];
            for (int i = 0; i <= 50; i++) {
                double u = i / 50.0, u2 = u * u, u3 = u2 * u;
                double w = (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * dt * b0 + (-2 * u3 + 3 * u2) * v1 +
                           (u3 - u2) * dt * a1;
                if (w < -1e-6 || w > 1 + 1e-6)
                    fail_msg("smile: target %d at %g s has weight %g", t, s->times[k] + u * dt, w);
                if (t == BLINK_LEFT || t == BLINK_RIGHT)
                    EXPECT_NEAR(0, w, 0);
                if (t == SMILE)
                    highest = fmax(highest, w);
            }
        }
    }
    EXPECT_NEAR(1, highest, 1e-6);
}

/* ---- tube -------------------------------------------------------------------------- */

static gltf_document tube;

static void tube_has_three_joints_and_inverse_binds(void **state)
{
    (void)state;
    EXPECT_INT(3, tube.skins[0].joint_count);
    EXPECT_INT(find_node(&tube, "base"), tube.skins[0].joints[0]);
    EXPECT_INT(find_node(&tube, "middle"), tube.skins[0].joints[1]);
    EXPECT_INT(find_node(&tube, "tip"), tube.skins[0].joints[2]);
    check_inverse_binds(&tube);
}

/* Two weights per vertex, ramping across each joint. By the tube's
 * definition (joints every 0.5 m, the ramp from one segment's middle to the
 * next): a vertex at y = 0.5 is half base, half middle; at y = 0.625 it is
 * 1/4 base and 3/4 middle; at y = 0.75 all middle. */
static void tube_weights_blend_across_joints(void **state)
{
    (void)state;
    const gltf_primitive *p = only_primitive(&tube);
    check_weights(&tube, p, 2);
    static const struct {
        float y;
        float base, middle, tip;
    } expected[] = {{0.5f, 0.5f, 0.5f, 0}, {0.625f, 0.25f, 0.75f, 0}, {0.75f, 0, 1, 0},
                    {1.0f, 0, 0.5f, 0.5f}, {0.1f, 1, 0, 0},           {1.5f, 0, 0, 1}};
    for (size_t e = 0; e < sizeof expected / sizeof expected[0]; e++) {
        int seen = 0;
        for (size_t v = 0; v < p->vertex_count; v++) {
            if (fabsf(p->positions[v][1] - expected[e].y) > 1e-6f)
                continue;
            float w[3] = {0, 0, 0};
            for (int i = 0; i < 4; i++)
                w[p->joints[v][i]] += p->weights[v][i];
            EXPECT_VEC3(expected[e].base, expected[e].middle, expected[e].tip, w, 1e-6);
            seen++;
        }
        if (e < 4 && !seen) /* rings stand at every 1/16 m: these heights exist */
            fail_msg("no vertex at y = %g", expected[e].y);
    }
}

/* "bend": at t = 0.5 s (a quarter of the 2 s period) the middle joint is
 * turned the full 0.6 rad about Z: q = (0, 0, sin 0.3, cos 0.3). */
static void tube_bend_clip(void **state)
{
    (void)state;
    check_clip(&tube, "bend");
    const gltf_animation *bend = animation_named(&tube, "bend");
    int middle = find_node(&tube, "middle");
    bool found = false;
    for (int c = 0; c < bend->channel_count; c++) {
        const gltf_channel *ch = &bend->channels[c];
        if (ch->target_node != middle || ch->target_path != GLTF_PATH_ROTATION)
            continue;
        const gltf_animation_sampler *s = &bend->samplers[ch->sampler];
        for (size_t k = 0; k < s->key_count; k++)
            if (fabsf(s->times[k] - 0.5f) < 1e-6f) {
                EXPECT_NEAR(0, s->values[4 * k], 1e-6);
                EXPECT_NEAR(0, s->values[4 * k + 1], 1e-6);
                EXPECT_NEAR(0.29552021, s->values[4 * k + 2], 1e-6);
                EXPECT_NEAR(0.95533649, s->values[4 * k + 3], 1e-6);
                found = true;
            }
    }
    EXPECT_TRUE(found);
}

static void tube_glb_matches_the_gltf(void **state)
{
    (void)state;
    gltf_document glb = {0};
    load("tube.glb", &glb);
    const gltf_primitive *a = only_primitive(&tube), *b = only_primitive(&glb);
    EXPECT_INT(a->vertex_count, b->vertex_count);
    EXPECT_INT(a->triangle_count, b->triangle_count);
    EXPECT_TRUE(memcmp(a->positions, b->positions, a->vertex_count * sizeof *a->positions) == 0);
    EXPECT_TRUE(memcmp(a->weights, b->weights, a->vertex_count * sizeof *a->weights) == 0);
    EXPECT_INT(tube.animation_count, glb.animation_count);
    gltf_free(&glb);
}

/* ---- stairs ------------------------------------------------------------------------ */

/* Eight steps of 0.17 x 0.28 m and a 1.2 m landing, 1.2 m wide, from z = 0.6:
 *   x in [-0.6, 0.6], y in [0, 8 * 0.17 = 1.36], z in [0.6, 0.6 + 8 * 0.28 + 1.2 = 4.04]
 *   volume = 1.2 * (0.17 * 0.28 * (1 + ... + 8) + 1.36 * 1.2) = 4.01472 m^3 */
static void stairs_have_the_specified_size(void **state)
{
    (void)state;
    gltf_document stairs = {0};
    load("stairs.gltf", &stairs);
    const gltf_primitive *p = only_primitive(&stairs);
    EXPECT_INT(0, stairs.skin_count);
    EXPECT_NEAR(-0.6, p->bounds_min[0], 1e-6);
    EXPECT_NEAR(0.6, p->bounds_max[0], 1e-6);
    EXPECT_NEAR(0, p->bounds_min[1], 1e-6);
    EXPECT_NEAR(1.36, p->bounds_max[1], 1e-6);
    EXPECT_NEAR(0.6, p->bounds_min[2], 1e-6);
    EXPECT_NEAR(4.04, p->bounds_max[2], 1e-5);
    EXPECT_NEAR(4.01472, signed_volume(p), 1e-4);
    gltf_free(&stairs);
}

static int load_all(void **state)
{
    (void)state;
    load("humanoid.gltf", &humanoid);
    load("tube.gltf", &tube);
    return 0;
}

static int free_all(void **state)
{
    (void)state;
    gltf_free(&humanoid);
    gltf_free(&tube);
    return 0;
}

int main(int argc, char **argv)
{
    models_dir = argc > 1 ? argv[1] : SA_SOURCE_DIR "/assets/models";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(humanoid_skeleton_is_named_and_complete),
        cmocka_unit_test(humanoid_bind_pose_self_check),
        cmocka_unit_test(humanoid_weights_are_normalized),
        cmocka_unit_test(humanoid_stands_on_the_ground_facing_z),
        cmocka_unit_test(humanoid_body_is_one_smooth_textured_mesh),
        cmocka_unit_test(humanoid_clips_are_well_formed),
        cmocka_unit_test(humanoid_wave_raises_the_right_hand),
        cmocka_unit_test(humanoid_idle_lowers_the_arms),
        cmocka_unit_test(humanoid_face_targets_are_named),
        cmocka_unit_test(humanoid_face_targets_move_only_the_face),
        cmocka_unit_test(humanoid_face_targets_move_the_right_way),
        cmocka_unit_test(humanoid_face_clips_follow_the_body_clips),
        cmocka_unit_test(humanoid_face_clip_blinks_and_talks),
        cmocka_unit_test(humanoid_blink_clip_steps),
        cmocka_unit_test(humanoid_smile_clip_is_a_cubic_spline),
        cmocka_unit_test(tube_has_three_joints_and_inverse_binds),
        cmocka_unit_test(tube_weights_blend_across_joints),
        cmocka_unit_test(tube_bend_clip),
        cmocka_unit_test(tube_glb_matches_the_gltf),
        cmocka_unit_test(stairs_have_the_specified_size),
    };
    return cmocka_run_group_tests(tests, load_all, free_all);
}
