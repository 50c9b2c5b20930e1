/* keyframes_view.h: ch08_keyframes's window (N / P clip, SPACE pause,
 * . and , one frame, ] and [ speed, B back, L loop, S bones), and the state
 * and the frame's pose that the program shares with its modes that open no
 * window. */
#ifndef CH08_KEYFRAMES_VIEW_H
#define CH08_KEYFRAMES_VIEW_H

#include "animated_view.h"
#include "clip.h"

#include "common/app.h"

/* The animated view (the file, the skeleton of every node, which the clips
 * move, the pose and the GPU drawing) and this chapter's clips. */
typedef struct program_state {
    animated_view v;
    clip *clips;         /* [v.doc.animation_count] */
    int *cursors;        /* [the most tracks of a clip] */
    int *weight_cursors; /* [the most weight tracks of a clip] */
} program_state;

void program_state_free(program_state *st);

/* The pose at clip time t of clip clip_index (-1: the rest pose), placed
 * (animated_view_place) and its morph weights set. */
void pose_at(program_state *st, int clip_index, float t);

/* The window, from clip clip_index at clock's time; frees st. Returns the
 * exit status. */
int run_window(program_state *st, const cli_spec *spec, const char *path, app_options *options, int clip_index,
               clip_clock clock);

#endif
