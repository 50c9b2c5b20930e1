/* stairs_shape.h: the numbers of the stairs, written once.
 *
 * assets/make_stairs.c builds assets/models/stairs.gltf from them, and
 * chapter 11's height query (chapters/11_ik/stairs.h) answers "how high is
 * the ground here" from the same numbers, so the mesh and the query cannot
 * disagree. Metres; the flight climbs along +Z, centred on x = 0, each step a
 * solid box from the ground up, then a landing as high as the last step.
 */
#ifndef SA_ASSETS_STAIRS_SHAPE_H
#define SA_ASSETS_STAIRS_SHAPE_H

#define STAIRS_STEP_COUNT 8
#define STAIRS_STEP_RISE 0.17
#define STAIRS_STEP_RUN 0.28
#define STAIRS_WIDTH 1.2
#define STAIRS_START_Z 0.6
#define STAIRS_LANDING_DEPTH 1.2

#endif
