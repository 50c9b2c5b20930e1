#!/usr/bin/env bash
# Builds the project and runs every test: unit, GL, exercise (against the
# reference solutions) and book tests. GL tests need a display: without one
# the tests run under xvfb-run.
#
#   tests/run_all.sh                     build in ./build
#   SA_BUILD_DIR=b SA_CMAKE_ARGS="-DSA_WARNINGS_AS_ERRORS=ON" tests/run_all.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build="${SA_BUILD_DIR:-build}"
# shellcheck disable=SC2086
cmake -S . -B "$build" ${SA_CMAKE_ARGS:-}
cmake --build "$build" -j "$(nproc)"
ctest_cmd=(ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@")
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  xvfb-run -a -s "-screen 0 1280x1024x24" "${ctest_cmd[@]}"
else
  "${ctest_cmd[@]}"
fi
