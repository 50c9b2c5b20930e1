/* rig.c: bone frames, local TRS and inverse bind matrices. See rig.h. */
#include "rig.h"

#include <math.h>
#include <string.h>

void quat_multiply(const double a[4], const double b[4], double out[4])
{
    double r[4] = {
        a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
        a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
        a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
        a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
    };
    memcpy(out, r, sizeof r);
}

void quat_conjugate(const double q[4], double out[4])
{
    out[0] = -q[0];
    out[1] = -q[1];
    out[2] = -q[2];
    out[3] = q[3];
}

void quat_rotate(const double q[4], const double v[3], double out[3])
{
    double p[4] = {v[0], v[1], v[2], 0}, qc[4], tmp[4];
    quat_conjugate(q, qc);
    quat_multiply(q, p, tmp);
    quat_multiply(tmp, qc, tmp);
    out[0] = tmp[0];
    out[1] = tmp[1];
    out[2] = tmp[2];
}

void quat_from_axis_angle(const double axis[3], double radians, double out[4])
{
    double len = sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    double s = sin(radians / 2) / len;
    out[0] = axis[0] * s;
    out[1] = axis[1] * s;
    out[2] = axis[2] * s;
    out[3] = cos(radians / 2);
}

static void quat_normalize(double q[4])
{
    double len = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int i = 0; i < 4; i++)
        q[i] /= len;
}

/* The rotation whose columns are the unit axes x, y, z (a right-handed basis). */
static void quat_from_basis(const double x[3], const double y[3], const double z[3], double out[4])
{
    double trace = x[0] + y[1] + z[2];
    if (trace > 0) {
        double s = 2 * sqrt(trace + 1);
        out[3] = s / 4;
        out[0] = (y[2] - z[1]) / s;
        out[1] = (z[0] - x[2]) / s;
        out[2] = (x[1] - y[0]) / s;
    } else if (x[0] > y[1] && x[0] > z[2]) {
        double s = 2 * sqrt(1 + x[0] - y[1] - z[2]);
        out[3] = (y[2] - z[1]) / s;
        out[0] = s / 4;
        out[1] = (y[0] + x[1]) / s;
        out[2] = (z[0] + x[2]) / s;
    } else if (y[1] > z[2]) {
        double s = 2 * sqrt(1 + y[1] - x[0] - z[2]);
        out[3] = (z[0] - x[2]) / s;
        out[0] = (y[0] + x[1]) / s;
        out[1] = s / 4;
        out[2] = (z[1] + y[2]) / s;
    } else {
        double s = 2 * sqrt(1 + z[2] - x[0] - y[1]);
        out[3] = (x[1] - y[0]) / s;
        out[0] = (z[0] + x[2]) / s;
        out[1] = (z[1] + y[2]) / s;
        out[2] = s / 4;
    }
    quat_normalize(out);
    /* One of q and -q, chosen the same way every time: w >= 0. */
    if (out[3] < 0)
        for (int i = 0; i < 4; i++)
            out[i] = -out[i];
}

void mat4_from_trs(const double t[3], const double q[4], double out[16])
{
    double x = q[0], y = q[1], z = q[2], w = q[3];
    /* clang-format off */
    double m[16] = {
        1 - 2 * (y * y + z * z), 2 * (x * y + z * w),     2 * (x * z - y * w),     0,
        2 * (x * y - z * w),     1 - 2 * (x * x + z * z), 2 * (y * z + x * w),     0,
        2 * (x * z + y * w),     2 * (y * z - x * w),     1 - 2 * (x * x + y * y), 0,
        t[0],                    t[1],                    t[2],                    1,
    };
    /* clang-format on */
    memcpy(out, m, sizeof m);
}

void mat4_multiply(const double a[16], const double b[16], double out[16])
{
    double r[16];
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++) {
            double s = 0;
            for (int k = 0; k < 4; k++)
                s += a[k * 4 + row] * b[c * 4 + k];
            r[c * 4 + row] = s;
        }
    memcpy(out, r, sizeof r);
}

void mat4_inverse_rigid(const double m[16], double out[16])
{
    /* [R t; 0 1]^-1 = [R^T  -R^T t; 0 1] */
    double r[16] = {0};
    for (int c = 0; c < 3; c++)
        for (int row = 0; row < 3; row++)
            r[c * 4 + row] = m[row * 4 + c];
    for (int row = 0; row < 3; row++)
        r[12 + row] = -(r[row] * m[12] + r[4 + row] * m[13] + r[8 + row] * m[14]);
    r[15] = 1;
    memcpy(out, r, sizeof r);
}

static void sub3(const double a[3], const double b[3], double out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = a[i] - b[i];
}

static void cross3(const double a[3], const double b[3], double out[3])
{
    double r[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    memcpy(out, r, sizeof r);
}

static void normalize3(double v[3])
{
    double len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int i = 0; i < 3; i++)
        v[i] /= len;
}

/* [listing rig_bone_frame] */
/* A bone's bind rotation in model space: local +Y runs from head to tail;
 * local Z stays as close to the model's forward (+Z) as it can, or to up
 * (+Y) for bones that themselves point forward, like the toes. */
static void bone_frame(const rig_joint_def *j, double out[4])
{
    double y[3], x[3], z[3];
    sub3(j->tail, j->head, y);
    normalize3(y);
    double forward[3] = {0, 0, 1}, up[3] = {0, 1, 0};
    const double *reference = fabs(y[2]) < 0.7 ? forward : up;
    cross3(y, reference, x);
    normalize3(x);
    cross3(x, y, z);
    quat_from_basis(x, y, z, out);
}
/* [/listing] */

/* [listing rig_build] */
void rig_build(rig *r)
{
    for (int i = 0; i < r->joint_count; i++) {
        const rig_joint_def *j = &r->joints[i];
        bone_frame(j, r->model_rotation[i]);
        double local_t[3], local_q[4];
        if (j->parent < 0) {
            memcpy(local_t, j->head, sizeof local_t);
            memcpy(local_q, r->model_rotation[i], sizeof local_q);
        } else {
            /* local = inverse(parent_model) * model, for rotation and position */
            double parent_inverse[4], offset[3];
            quat_conjugate(r->model_rotation[j->parent], parent_inverse);
            sub3(j->head, r->joints[j->parent].head, offset);
            quat_rotate(parent_inverse, offset, local_t);
            quat_multiply(parent_inverse, r->model_rotation[i], local_q);
            quat_normalize(local_q);
        }
        /* Rounding noise such as 1e-17 becomes a clean 0 in the file. */
        for (int k = 0; k < 3; k++)
            r->local_translation[i][k] = fabs(local_t[k]) < 1e-9 ? 0.0f : (float)local_t[k];
        for (int k = 0; k < 4; k++)
            r->local_rotation[i][k] = fabs(local_q[k]) < 1e-9 ? 0.0f : (float)local_q[k];

        /* joint_model from what the file will hold, so that a reader who
         * multiplies the stored TRS down the tree gets exactly our matrix. */
        double stored_t[3], stored_q[4], local[16];
        /* [elide stored_t, stored_q = the float TRS just stored, back in double] */
        for (int k = 0; k < 3; k++)
            stored_t[k] = r->local_translation[i][k];
        for (int k = 0; k < 4; k++)
            stored_q[k] = r->local_rotation[i][k];
        /* [/elide] */
        mat4_from_trs(stored_t, stored_q, local);
        if (j->parent < 0)
            memcpy(r->joint_model[i], local, sizeof local);
        else
            mat4_multiply(r->joint_model[j->parent], local, r->joint_model[i]);

        double inverse[16];
        mat4_inverse_rigid(r->joint_model[i], inverse);
        for (int k = 0; k < 16; k++)
            r->inverse_bind[i][k] = (float)inverse[k];
    }
}
/* [/listing] */

bool rig_add_to_document(rig *r, gltf_out_document *doc, int parent_node, const char *skin_name)
{
    int joints[RIG_MAX_JOINTS];
    for (int i = 0; i < r->joint_count; i++) {
        int parent = r->joints[i].parent < 0 ? parent_node : r->node[r->joints[i].parent];
        int node = gltf_out_add_node(doc, r->joints[i].name, parent);
        if (node < 0)
            return false;
        memcpy(doc->nodes[node].translation, r->local_translation[i], sizeof(float[3]));
        memcpy(doc->nodes[node].rotation, r->local_rotation[i], sizeof(float[4]));
        r->node[i] = joints[i] = node;
    }
    return gltf_out_add_skin(doc, skin_name, joints, r->joint_count, &r->inverse_bind[0][0]) >= 0;
}

/* [listing rig_local_rotation_about] */
void rig_local_rotation_about(const rig *r, int joint, const double axis[3], double radians, float out[4])
{
    double inverse_model[4], axis_local[3], turn[4], bind_local[4], q[4];
    quat_conjugate(r->model_rotation[joint], inverse_model);
    quat_rotate(inverse_model, axis, axis_local); /* the axis as the bone sees it */
    quat_from_axis_angle(axis_local, radians, turn);
    for (int k = 0; k < 4; k++)
        bind_local[k] = r->local_rotation[joint][k];
    quat_multiply(bind_local, turn, q);
    quat_normalize(q);
    for (int k = 0; k < 4; k++)
        out[k] = (float)q[k];
}
/* [/listing] */

int rig_find(const rig *r, const char *name)
{
    for (int i = 0; i < r->joint_count; i++)
        if (strcmp(r->joints[i].name, name) == 0)
            return i;
    return -1;
}

void track_push_rotation(float (*keys)[4], int index, const float q[4])
{
    float sign = 1;
    if (index > 0) {
        const float *before = keys[index - 1];
        if (before[0] * q[0] + before[1] * q[1] + before[2] * q[2] + before[3] * q[3] < 0)
            sign = -1;
    }
    for (int k = 0; k < 4; k++)
        keys[index][k] = sign * q[k];
}
