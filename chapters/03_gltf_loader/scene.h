/* scene.h: which nodes of a loaded glTF scene are shown, and where (no GL).
 *
 * A glTF file places each node relative to its parent; drawing needs every
 * node's matrix relative to the world:
 *
 *     world_from_node = world_from_parent * parent_from_node
 *
 * computed parents first, from the roots of the scene shown (the document's
 * `scene`, or every root node when the file has no scene). Chapter 03 draws
 * that rest pose (the nodes' stored transforms); later chapters compute their
 * own world_from_node arrays (animated, skinned) and draw them the same way
 * with scene_gl.h.
 */
#ifndef CH03_SCENE_H
#define CH03_SCENE_H

#include "gltf.h"

#include <cglm/cglm.h>
#include <stdbool.h>

/* world_from_node for every node below `root` (root included), and
 * shown[node] = true for each of them. world_from_node of the root's parent
 * is taken as the identity: root is expected to be a root node. `stack` is
 * caller-owned scratch of doc->node_count ints. */
void scene_world_from_root(const gltf_document *doc, int root, int *stack, mat4 *world_from_node, bool *shown);

/* The scene shown, placed by the nodes' stored transforms. */
typedef struct scene_nodes {
    int count;             /* doc->node_count */
    mat4 *world_from_node; /* [count]; the identity for nodes not shown */
    bool *shown;           /* [count]: the node is below a root of the scene shown */
} scene_nodes;

/* Allocates and fills `out` for the default scene (or every root when the
 * file has none). Free with scene_nodes_free(). */
bool scene_nodes_rest(const gltf_document *doc, scene_nodes *out, sa_error *err);
void scene_nodes_free(scene_nodes *nodes);

/* The world-space box around every primitive of the shown nodes (the 8
 * corners of each primitive's model-space box, transformed). shown may be
 * NULL (every node with a mesh). (-1, -1, -1)..(1, 1, 1) when nothing is drawn. */
void scene_bounds(const gltf_document *doc, mat4 *world_from_node, const bool *shown, vec3 lo_world, vec3 hi_world);

/* True when the matrix mirrors space (the determinant of its upper 3x3 is
 * negative): its triangles then turn clockwise on screen, and glTF says to
 * draw them with clockwise front faces. */
bool scene_is_mirror(mat4 world_from_node);

#endif
