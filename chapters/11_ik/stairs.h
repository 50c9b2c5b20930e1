/* stairs.h: the stairs as a description, and the height query on it
 * (chapter 11).
 *
 * The feet need one answer from the world: how high is the ground under this
 * point? The stairs are boxes of known rise and run, so the answer is a few
 * lines of arithmetic on that description, exact at every edge, instead of a
 * ray cast against the triangles of assets/models/stairs.gltf (which would
 * give the same heights, but slower, and with the edge cases of a ray that
 * grazes a riser). The numbers come from assets/stairs_shape.h, the header
 * the mesh generator builds the file from.
 */
#ifndef CH11_STAIRS_H
#define CH11_STAIRS_H

/* [listing stairs_geometry] */
/* A flight of step_count steps climbing along +Z from z = start_z, centred
 * on x = 0, then a landing; the floor y = 0 all around. */
typedef struct stairs_geometry {
    int step_count;
    float rise;          /* each step's height, metres */
    float run;           /* each step's depth along +Z */
    float width;         /* along X */
    float start_z;       /* the front of the first step */
    float landing_depth; /* the landing after the last step, as high as it */
} stairs_geometry;
/* [/listing] */

/* The stairs of assets/models/stairs.gltf. */
stairs_geometry stairs_default(void);

/* The height of the ground under (x, z): the top of the step or the landing
 * there, else the floor, 0. A point on an edge (the front of a step, its
 * sides, the back of the landing) stands on the higher surface: a step's top
 * includes its edges. */
float stairs_height_at(const stairs_geometry *g, float x, float z);

/* Where the landing begins and ends along Z, and its height. */
float stairs_landing_start(const stairs_geometry *g);
float stairs_landing_end(const stairs_geometry *g);
float stairs_top(const stairs_geometry *g);

#endif
