/* rig.h: a skeleton described the way an artist places it, turned into glTF.
 *
 * An artist places each joint at a point of the model (its head) and points
 * its bone at the next joint (its tail). From that the rig computes
 *   - each joint's bind rotation in model space: the bone's local +Y axis
 *     runs from head to tail (the convention of Blender and most rigs);
 *   - the local TRS that goes into the glTF node, relative to the parent;
 *   - joint_model, the model-space bind matrix, from those stored floats;
 *   - inverse_bind = inverse(joint_model), the skin's inverse bind matrices.
 * The maths runs in double and is rounded to float once, at the end, so the
 * files come out the same on every machine.
 */
#ifndef ASSETS_RIG_H
#define ASSETS_RIG_H

#include "gltf_writer.h"

#define RIG_MAX_JOINTS 32
#define RIG_PI 3.14159265358979323846

typedef struct rig_joint_def {
    const char *name;
    int parent;     /* index of an earlier joint, or -1 for the root */
    double head[3]; /* model-space position of the joint at bind */
    double tail[3]; /* the point its bone aims at */
} rig_joint_def;

typedef struct rig {
    int joint_count;
    rig_joint_def joints[RIG_MAX_JOINTS];
    /* computed by rig_build: */
    double model_rotation[RIG_MAX_JOINTS][4]; /* bind, model space, quaternion x y z w */
    float local_translation[RIG_MAX_JOINTS][3];
    float local_rotation[RIG_MAX_JOINTS][4];
    double joint_model[RIG_MAX_JOINTS][16]; /* column-major, from the stored floats */
    float inverse_bind[RIG_MAX_JOINTS][16];
    /* set by rig_add_to_document: the glTF node of each joint */
    int node[RIG_MAX_JOINTS];
} rig;

/* Quaternion and matrix helpers in double (x y z w; column-major 4x4). */
void quat_multiply(const double a[4], const double b[4], double out[4]);
void quat_conjugate(const double q[4], double out[4]);
void quat_rotate(const double q[4], const double v[3], double out[3]);
void quat_from_axis_angle(const double axis[3], double radians, double out[4]);
void mat4_from_trs(const double t[3], const double q[4], double out[16]);
void mat4_multiply(const double a[16], const double b[16], double out[16]);
/* The inverse of a rotation + translation matrix (no scale). */
void mat4_inverse_rigid(const double m[16], double out[16]);

/* Computes every derived field from rig->joints. */
void rig_build(rig *r);

/* Adds the joints as nodes (the root under parent_node, or a scene root
 * when -1) and the document's skin. Returns false on a full document. */
bool rig_add_to_document(rig *r, gltf_out_document *doc, int parent_node, const char *skin_name);

/* The local rotation of `joint` that turns it by `radians` about `axis`,
 * the axis given in model space as the character stands in its bind pose:
 * local = bind_local * rotation(radians, inverse(bind_model) * axis).
 * This is how the clips are authored: "the right arm turns 45 degrees about Z". */
void rig_local_rotation_about(const rig *r, int joint, const double axis[3], double radians, float out[4]);

/* The index of a joint by name, -1 if there is none. */
int rig_find(const rig *r, const char *name);

/* Appends one key to a rotation track, flipping q to -q when needed so that
 * each key lies in the same hemisphere as the one before: q and -q are the
 * same rotation, but interpolating between a key and the negated next one
 * would take the long way round. */
void track_push_rotation(float (*keys)[4], int index, const float q[4]);

#endif
