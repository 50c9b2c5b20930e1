#include "tests/test_util.h"
#include "chapters/10_walk_cycle/walk.h"
static void placeholder(void **state) { (void)state; }
int main(void) { const struct CMUnitTest tests[] = {cmocka_unit_test(placeholder)}; return cmocka_run_group_tests(tests, NULL, NULL); }
