/* keyframes_view.c: ch08_keyframes's window and the frame's pose
 * (keyframes_view.h). */
#include "keyframes_view.h"
#include "clip_gltf.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void program_state_free(program_state *st)
{
    free(st->cursors);
    free(st->weight_cursors);
    clips_free(st->clips, st->v.doc.animation_count);
    animated_view_free(&st->v);
}

/* [listing frame] */
/* One frame: sample (08) -> local_to_model over every node (04), which
 * places the rigid nodes and the skins' joints, for chapter 07's GPU
 * skinning to draw (animated_view.h). The morph weights go where chapter
 * 06's skinning reads them: the clip's layout is the skin scene's, both
 * from morph_weight_layout over the same file. */
void pose_at(program_state *st, int clip_index, float t)
{
    animated_view *v = &st->v;
    if (clip_index >= 0) {
        clip_sample(&st->clips[clip_index], t, st->cursors, v->pose);
        clip_sample_weights(&st->clips[clip_index], t, st->weight_cursors, v->sc.morph_weights);
    } else
        memcpy(v->pose, v->all.rest_local, (size_t)v->all.joint_count * sizeof *v->pose);
    animated_view_place(v, NULL);
}
/* [/listing] */

/* The overlay's text: the clip and its clock, the last events fired. */
static void draw_label(debug_draw *text, const app *a, const clip *c, int clip_index, int count,
                       const clip_clock *clock, const char *last_events)
{
    char label[160];
    snprintf(label, sizeof label, "clip %d/%d %s  %.2f / %.2f s  speed %.2f  %s%s", clip_index + 1, count,
             c && c->name[0] ? c->name : "-", clock->time, clock->duration, clock->speed, clock->loop ? "loop" : "once",
             clock->finished ? " (finished)" : "");
    text_draw(text, 10.0f, 8.0f, 1.5f, label, (vec3){1, 1, 1});
    text_draw(text, 10.0f, 28.0f, 1.5f, last_events[0] ? last_events : "(no event yet)", (vec3){1, 0.85f, 0.4f});
    text_draw(text, 10.0f, 48.0f, 1.2f, "N/P clip SPACE pause ./, step ]/[ speed B back L loop S bones",
              (vec3){0.85f, 0.85f, 0.85f});
    mat4 clip_from_screen;
    text_clip_from_screen(a->width, a->height, clip_from_screen);
    debug_draw_flush(text, clip_from_screen, 1.0f);
}

/* The window: chapter 07's GPU skinning, every node's bones, the text. */
int run_window(program_state *st, const cli_spec *spec, const char *path, app_options *options, int clip_index,
               clip_clock clock)
{
    sa_error err;
    animated_view *v = &st->v;
    vec3 lo, hi; /* the camera frames the rest pose */
    animated_view_rest_bounds(v, lo, hi);
    app a;
    if (!app_open(&a, spec, options, &err)) {
        program_state_free(st);
        return app_fail(&err);
    }
    if (v->sc.primitive_count == 0)
        printf("nothing skinned in %s: the meshes are drawn where their nodes put them\n", path);
    bool ok = animated_view_open(v, path, &err);
    orbit_camera_frame_bounds(&a.camera, lo, hi);
    float axes_size = 0.08f * glm_vec3_distance(lo, hi);
    if (!TEXT_LINES_AVAILABLE)
        fprintf(stderr, "note: stb_easy_font.h was not found at build time: no joint names on screen\n");
    bool show_skeleton = true;
    char last_events[96] = "";
    int count = v->doc.animation_count;
    while (ok && app_frame_begin(&a)) {
        int step = app_key_pressed(&a, GLFW_KEY_PERIOD) - app_key_pressed(&a, GLFW_KEY_COMMA);
        int next = app_key_pressed(&a, GLFW_KEY_N) - app_key_pressed(&a, GLFW_KEY_P);
        if (next && count > 0) { /* a new clip starts at 0 with fresh cursors */
            clip_index = (clip_index + next + count) % count;
            clock.duration = st->clips[clip_index].duration, clock.time = 0.0, clock.finished = false;
            memset(st->cursors, 0, (size_t)st->clips[clip_index].track_count * sizeof *st->cursors);
            memset(st->weight_cursors, 0,
                   (size_t)st->clips[clip_index].weight_track_count * sizeof *st->weight_cursors);
        }
        clock.speed *= app_key_pressed(&a, GLFW_KEY_RIGHT_BRACKET)  ? 2.0
                       : app_key_pressed(&a, GLFW_KEY_LEFT_BRACKET) ? 0.5
                                                                    : 1.0;
        if (app_key_pressed(&a, GLFW_KEY_B))
            clock.speed = -clock.speed;
        if (app_key_pressed(&a, GLFW_KEY_L))
            clock.loop = !clock.loop, clock.finished = false;
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        /* The clock: the frame's delta (0 when paused or --time), or one
         * 60 Hz frame either way when stepping (which pauses). */
        double dt = a.dt, speed = clock.speed;
        if (step) {
            a.paused = true;
            dt = 1.0 / 60.0, clock.speed = step * fabs(speed);
        }
        const clip *c = clip_index >= 0 ? &st->clips[clip_index] : NULL;
        int fired[8], n = c ? clip_clock_advance(&clock, dt, c->events, c->event_count, fired, 8) : 0;
        clock.speed = speed;
        for (int i = 0; i < n && i < 8; i++) { /* the newest first */
            char older[sizeof last_events];
            memcpy(older, last_events, sizeof older);
            snprintf(last_events, sizeof last_events, "%.24s@%.2f %.60s", c->events[fired[i]].name,
                     (double)c->events[fired[i]].time, older);
        }
        pose_at(st, clip_index, (float)clock.time);
        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        animated_view_draw(v, clip_from_world);
        if (show_skeleton)
            animated_view_draw_bones(v, clip_from_world, axes_size);
        draw_label(&v->text, &a, c, clip_index, count, &clock, last_events);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    animated_view_close(v); /* its GL objects before the context goes */
    program_state_free(st);
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
