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

/* One solve of the chain toward target, from the rest pose, into local. */
bool solve(int solver, const skeleton *s, const int *chain, int count, const vec3 target, transform *local,
           sa_error *err);

/* --check-solvers: prints the four lines; returns the exit status (1 over
 * the limits or on an error, named after path). */
int run_check_solvers(const char *path, const skeleton *s, const int *chain, int count);

#endif
