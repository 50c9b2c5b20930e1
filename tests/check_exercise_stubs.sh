#!/usr/bin/env bash
# Proves that every exercise test fails on its untouched stub.
# Usage: tests/check_exercise_stubs.sh BUILD_DIR   (configured with -DSA_EXERCISES=stub)
# A grading test that passes on the stub grades nothing: that is a failure here.
set -uo pipefail
build="$1"
names=$(ctest --test-dir "$build" -N -L exercise | sed -n 's/^ *Test *#[0-9]*: *//p')
if [ -z "$names" ]; then
  echo "check_exercise_stubs: no exercise tests found in $build" >&2
  exit 1
fi
passed_on_stub=0
total=0
for name in $names; do
  total=$((total + 1))
  if ctest --test-dir "$build" -R "^${name//./\\.}\$" >/dev/null 2>&1; then
    echo "DEFECT: $name passes on the untouched stub"
    passed_on_stub=$((passed_on_stub + 1))
  else
    echo "ok: $name fails on the stub, as it must"
  fi
done
echo "$total exercise tests checked against their stubs, $passed_on_stub passed on a stub"
[ "$passed_on_stub" -eq 0 ]
