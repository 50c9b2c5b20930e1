/* check_soa.c: --check-soa (check_soa.h). */
#include "check_soa.h"

#include <stdio.h>

int check_soa(const char *model_path)
{
    fprintf(stderr, "error: %s: --check-soa is not written yet\n", model_path);
    return 1;
}
