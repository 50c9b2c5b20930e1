/* spring.h: critically damped springs and the desired trajectory (chapter 14).
 *
 * The player's stick does not move the character; it moves a simulated
 * character (a point with a heading) that the animation then follows. The
 * simulation runs on critically damped springs in Daniel Holden's
 * half-life form ("Spring-It-On", and his Motion-Matching's controller):
 * a value x with a velocity v goes toward a goal g and never overshoots;
 * the spring is given by its half-life h instead of a stiffness. With
 * y = SPRING_HALF_LIFE_U / h, j0 = x0 - g and j1 = v0 + j0 y:
 *
 *     x(t) = g + (j0 + j1 t) e^(-y t)
 *     v(t) = (v0 - j1 y t) e^(-y t)
 *
 * Where we differ from Holden: he takes y = 2 ln 2 / h, with which a spring
 * at rest covers 40% of its gap in h, not half. Here y is chosen so that
 * the half-life means what it says: from rest, (1 + y h) e^(-y h) = 1/2,
 * y h = 1.67835 (solved by Newton's method), so the gap halves in h.
 *
 * The character's velocity is such a spring toward the stick's velocity,
 * and its position the integral of that velocity (closed form, so that the
 * trajectory predicted at any horizon is exact); its heading a spring on the
 * angle, the goal taken the short way round.
 */
#ifndef CH14_SPRING_H
#define CH14_SPRING_H

#include "motion_database.h"

#include <stdbool.h>

/* y h for a gap that halves in the half-life h (from rest). */
#define SPRING_HALF_LIFE_U 1.6783469900166608f

/* [listing spring_decl] */
/* One step of dt seconds of a critically damped spring: *x and *v toward
 * goal (whose own velocity is 0), half-life in seconds (> 0). */
void spring_step(float *x, float *v, float goal, float half_life, float dt);

/* The same for an angle (radians): the goal taken the short way round, the
 * result wrapped into (-pi, pi]. */
void spring_step_angle(float *angle, float *rate, float goal, float half_life, float dt);

/* A position whose velocity is a spring toward goal_velocity (a, the
 * acceleration, starts the velocity's spring): *x, *v and *a after dt
 * seconds, the position the exact integral of the velocity. */
void spring_step_position(float *x, float *v, float *a, float goal_velocity, float half_life, float dt);
/* [/listing] */

/* The angle wrapped into (-pi, pi]. */
float spring_wrap_angle(float angle);

/* [listing spring_character] */
/* The simulated character: on the ground (x, z), its velocity and
 * acceleration, and its heading (radians about +Y, 0 faces +Z, pi/2 +X:
 * the database's convention) with its rate. */
typedef struct sim_character {
    float position[2], velocity[2], acceleration[2];
    float heading, heading_rate;
} sim_character;

/* How the stick drives it. The stick is a 2-D vector in the world's (x, z),
 * of length 0..1 (longer is scaled back to 1); its length times walk_speed,
 * or run_speed while running, is the desired speed. The desired heading is
 * the stick's direction (while the stick is over dead_zone), or the one
 * held (strafe: side steps keep facing). */
typedef struct sim_params {
    float walk_speed, run_speed; /* m/s at full stick */
    float velocity_half_life;    /* s */
    float heading_half_life;     /* s */
    float dead_zone;             /* stick length under which the facing is held */
} sim_params;
/* [/listing] */

sim_params sim_defaults(void);

/* The desired velocity (x, z) for a stick; run selects run_speed. */
void sim_desired_velocity(const sim_params *p, const float stick[2], bool run, float out[2]);

/* The desired heading: the stick's direction, or `held` under the dead
 * zone or while strafing. */
float sim_desired_heading(const sim_params *p, const float stick[2], bool strafe, float held);

/* One step of dt seconds toward the desired velocity and heading. */
void sim_step(sim_character *c, const sim_params *p, const float desired_velocity[2], float desired_heading, float dt);

/* The trajectory the simulation predicts, the goals held: positions (x, z)
 * and facings (x, z, unit) at MM_TRAJECTORY_FRAMES frames ahead (at
 * MM_RATE), in the WORLD's frame. */
void sim_predict(const sim_character *c, const sim_params *p, const float desired_velocity[2], float desired_heading,
                 float positions[MM_TRAJECTORY_POINTS][2], float directions[MM_TRAJECTORY_POINTS][2]);

/* World (x, z) into the frame of a character at `origin` with `heading`
 * (the inverse of translate(origin) * rotateY(heading)); a direction when
 * is_point is false (the origin not taken off). */
void sim_world_to_character(const float origin[2], float heading, const float world[2], bool is_point, float out[2]);

#endif
