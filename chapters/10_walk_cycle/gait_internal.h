/* gait_internal.h: what gait.c and gait_plan.c share inside chapter 10's
 * generator (not part of its interface, walk.h). */
#ifndef CH10_GAIT_INTERNAL_H
#define CH10_GAIT_INTERNAL_H

#include "walk.h"

float wrap01(float phase);
float smooth01(float u);
/* 0 for the left leg, 1/2 for the right: where its stance begins in the cycle */
float side_offset(gait_side side);
float stance_pitch(const gait_params *p, float u);
void stance_foot(const gait *g, gait_side side, float contact, float u, vec3 ankle, versor foot);
float stance_knee(const gait_params *p, float u);
float leg_span(const gait_leg *leg, float knee);
void reach_angles(const gait_leg *leg, const vec3 reach, float *side, float *knee, float *hip);
void swing_foot(const gait *g, gait_side side, const versor shin_turn, float ankle, const versor fix, versor out);
float pelvis_offset_at(const gait *g, float phase);
void pose_at(const gait *g, float phase, float offset, transform *pose, vec3 hip_out[2]);
/* gait_plan.c: the pelvis, the swing's ends and its forward motion, once */
bool plan_gait(gait *g, sa_error *err);

#endif
