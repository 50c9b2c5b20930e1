#!/bin/sh
# Fails, naming file:line, where C code outside common/platform_*.c reaches
# the operating system directly: a POSIX-only header (pthread.h, unistd.h,
# sys/time.h, sys/resource.h, sys/wait.h, dirent.h) or clock_gettime. Those
# go through common/platform.h, so that the tree builds on Windows (MSVC has
# none of them) and the differences stay in one place.
#
#   tests/check_platform_calls.sh [--not-tests] [SOURCE_DIR]
#
# --not-tests leaves out tests/ and the exercises' test files (test_*.c,
# gl_exercise.c), which still call POSIX until they too use the layer
# (issue 23). Comments count too: say "the system's thread header", not its name.
not_tests=0
if [ "${1:-}" = "--not-tests" ]; then
  not_tests=1
  shift
fi
root="${1:-$(dirname "$0")/..}"
cd "$root" || exit 2
dirs="common chapters assets exercises"
[ "$not_tests" = 1 ] || dirs="$dirs tests"
pattern='pthread\.h|unistd\.h|sys/stat\.h|sys/time\.h|sys/resource\.h|sys/wait\.h|dirent\.h|clock_gettime'
found=$(grep -rnE "$pattern" $dirs --include='*.c' --include='*.h' | grep -vE '^common/platform_[a-z0-9]+\.c:' |
  grep -vE '^common/files\.c:[0-9]+:#include <sys/stat\.h>')
if [ "$not_tests" = 1 ]; then
  found=$(printf '%s\n' "$found" | grep -vE '^exercises/[^:]*/(test_[^/:]*|gl_exercise)\.c:' | grep -v '^$')
fi
if [ -n "$found" ]; then
  printf '%s\n' "$found" | sed 's/^\([^:]*:[0-9]*\):.*/\1: a POSIX-only call or header outside common\/platform_*.c (use common\/platform.h)/'
  exit 1
fi
echo "check_platform_calls: no POSIX-only header or clock_gettime outside common/platform_*.c"
