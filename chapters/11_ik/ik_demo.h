/* ik_demo.h: what ch11_ik drives, apart from its window: the chain it
 * finds in the model, the three solvers behind one call, and the
 * --check-solvers mode (check_solvers.c), which needs no window.
 */
#ifndef CH11_IK_DEMO_H
#define CH11_IK_DEMO_H

#include "ik.h"

enum { SOLVER_TWO_BONE, SOLVER_CCD, SOLVER_FABRIK, SOLVER_COUNT };
/* "two-bone", "ccd", "fabrik": --solver's names, and the check's. */
extern const char *const solver_names[SOLVER_COUNT];

/* The chain: the joints of the model's first skin, in its order, for as
 * long as each is the child of the one before; an error under three. */
bool find_chain(const skeleton *s, int *chain, int *count, sa_error *err);

/* CCD's and FABRIK's settings in the demo and in its check. The cap covers
 * FABRIK on the tube's two bones folded toward a target at 0.1 of their
 * reach from the root, its slowest case: each iteration there moves the
 * middle joint only a little, and it takes up to 219 iterations to come
 * within the tolerance (FABRIK in double on the points alone gives the same
 * distances: it is the method's convergence, not rounding). */
#define IK_DEMO_TOLERANCE 1e-5f
#define IK_DEMO_MAX_ITERATIONS 500

/* One solve of the chain toward target, from the rest pose, into local. */
bool solve(int solver, const skeleton *s, const int *chain, int count, const vec3 target, transform *local,
           sa_error *err);

/* --check-solvers: prints the four lines; returns the exit status (1 over
 * the limits or on an error, named after path): two-bone over 1e-4 m, CCD
 * or FABRIK over IK_DEMO_TOLERANCE (each must stop inside its tolerance
 * within the cap), a stretch over 1e-5. */
int run_check_solvers(const char *path, const skeleton *s, const int *chain, int count);

#endif
