/* spring.c: critically damped springs, the simulated character and its
 * predicted trajectory (chapter 14; see spring.h). */
#include "spring.h"

#include <math.h>

static const float pi = 3.14159265358979f;

float spring_wrap_angle(float angle)
{
    angle = fmodf(angle + pi, 2.0f * pi); /* (-2 pi, 2 pi) */
    if (angle <= 0.0f)
        angle += 2.0f * pi;
    return angle - pi;
}

/* [listing spring_step] */
void spring_step(float *x, float *v, float goal, float half_life, float dt)
{
    float y = SPRING_HALF_LIFE_U / half_life;
    float j0 = *x - goal, j1 = *v + j0 * y, e = expf(-y * dt);
    *x = goal + (j0 + j1 * dt) * e;
    *v = (*v - j1 * y * dt) * e;
}
/* [/listing] */

void spring_step_angle(float *angle, float *rate, float goal, float half_life, float dt)
{
    /* the gap taken the short way: the spring runs on the angle relative to the goal */
    float x = spring_wrap_angle(*angle - goal);
    spring_step(&x, rate, 0.0f, half_life, dt);
    *angle = spring_wrap_angle(goal + x);
}

/* [listing spring_step_position] */
/* The velocity is the spring v(t) = vg + (j0 + j1 t) e^(-y t), j0 = v0 - vg,
 * j1 = a0 + j0 y; the position its integral from 0 to t:
 *     x(t) = x0 + vg t + j0 (1 - e) / y + j1 (1 - (1 + y t) e) / y^2,  e = e^(-y t) */
void spring_step_position(float *x, float *v, float *a, float goal_velocity, float half_life, float dt)
{
    float y = SPRING_HALF_LIFE_U / half_life;
    float j0 = *v - goal_velocity, j1 = *a + j0 * y, e = expf(-y * dt);
    *x += goal_velocity * dt + j0 * (1.0f - e) / y + j1 * (1.0f - (1.0f + y * dt) * e) / (y * y);
    *v = goal_velocity + (j0 + j1 * dt) * e;
    *a = (*a - j1 * y * dt) * e;
}
/* [/listing] */

sim_params sim_defaults(void)
{
    /* The speeds are the database's (chapter 10's walk and run on the
     * humanoid); the half-lives are Holden's (0.27 s), a character that turns
     * and starts as fast as the clips can follow. */
    sim_params p = {1.4f, 3.5f, 0.27f, 0.27f, 0.1f};
    return p;
}

void sim_desired_velocity(const sim_params *p, const float stick[2], bool run, float out[2])
{
    float length = sqrtf(stick[0] * stick[0] + stick[1] * stick[1]);
    float scale = (run ? p->run_speed : p->walk_speed) * (length > 1.0f ? 1.0f / length : 1.0f);
    out[0] = stick[0] * scale, out[1] = stick[1] * scale;
}

float sim_desired_heading(const sim_params *p, const float stick[2], bool strafe, float held)
{
    float length = sqrtf(stick[0] * stick[0] + stick[1] * stick[1]);
    return strafe || length <= p->dead_zone ? held : atan2f(stick[0], stick[1]);
}

void sim_step(sim_character *c, const sim_params *p, const float desired_velocity[2], float desired_heading, float dt)
{
    for (int i = 0; i < 2; i++)
        spring_step_position(&c->position[i], &c->velocity[i], &c->acceleration[i], desired_velocity[i],
                             p->velocity_half_life, dt);
    spring_step_angle(&c->heading, &c->heading_rate, desired_heading, p->heading_half_life, dt);
}

/* [listing sim_predict] */
void sim_predict(const sim_character *c, const sim_params *p, const float desired_velocity[2], float desired_heading,
                 float positions[MM_TRAJECTORY_POINTS][2], float directions[MM_TRAJECTORY_POINTS][2])
{
    static const int frames[MM_TRAJECTORY_POINTS] = MM_TRAJECTORY_FRAMES_INIT;
    for (int k = 0; k < MM_TRAJECTORY_POINTS; k++) {
        sim_character ahead = *c; /* the closed forms at t: one step of the whole horizon */
        sim_step(&ahead, p, desired_velocity, desired_heading, (float)frames[k] / (float)MM_RATE);
        positions[k][0] = ahead.position[0], positions[k][1] = ahead.position[1];
        directions[k][0] = sinf(ahead.heading), directions[k][1] = cosf(ahead.heading);
    }
}
/* [/listing] */

void sim_world_to_character(const float origin[2], float heading, const float world[2], bool is_point, float out[2])
{
    float x = world[0] - (is_point ? origin[0] : 0.0f), z = world[1] - (is_point ? origin[1] : 0.0f);
    float c = cosf(heading), s = sinf(heading);
    out[0] = x * c - z * s;
    out[1] = x * s + z * c;
}
