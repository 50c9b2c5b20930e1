#!/usr/bin/env bash
# Proves that every exercise test fails on its untouched stub, and (with
# --needs) that every other test a stub breaks says which exercise to do.
#
#   tests/check_exercise_stubs.sh BUILD_DIR [--needs]
#
# BUILD_DIR is configured with -DSA_EXERCISES=stub (or a list of ids, or is a
# student pack's build). A grading test that passes on the stub grades
# nothing: that is a failure here.
#
# --needs also runs every other test (GL tests under xvfb-run when there is
# no display). Each one that fails must carry the label needs:NN.k of an
# exercise exNN.k built from its stub (sa_test_needs() in the CMake that registers
# it); a failing test without one is a defect. Its output should also name
# the exercise (each stub prints "note: exNN.k is not written yet ..."); when
# it does not, that is reported as a note.
set -uo pipefail
build="${1:?usage: $0 BUILD_DIR [--needs]}"
check_needs=0
[ "${2:-}" = "--needs" ] && check_needs=1

# The ids built from their stubs in this build.
src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
mode=$(sed -n 's/^SA_EXERCISES:[A-Z]*=//p' "$build/CMakeCache.txt")
all_ids=$(awk -F'\t' '/^ex/ {print $1}' "$src/exercises/EXERCISES.tsv")
if [ -f "$src/exercises/STUDENT_PACK" ] || [ "$mode" = "stub" ]; then
  stubbed="$all_ids"
elif [ -z "$mode" ] || [ "$mode" = "solution" ]; then
  stubbed=""
else
  stubbed=$(echo "$mode" | tr ',;' '\n\n' | sed 's/ //g' | grep .)
fi

names=$(ctest --test-dir "$build" -N -L '^exercise$' | sed -n 's/^ *Test *#[0-9]*: *//p')
if [ -z "$names" ]; then
  echo "check_exercise_stubs: no exercise tests found in $build" >&2
  exit 1
fi
passed_on_stub=0
total=0
for name in $names; do
  id=${name%%_*}
  echo "$stubbed" | grep -qx "$id" || continue # built from its reference here
  total=$((total + 1))
  if ctest --test-dir "$build" -R "^${name//./\\.}\$" >/dev/null 2>&1; then
    echo "DEFECT: $name passes on the untouched stub"
    passed_on_stub=$((passed_on_stub + 1))
  else
    echo "ok: $name fails on the stub, as it must"
  fi
done
echo "$total exercise tests checked against their stubs, $passed_on_stub passed on a stub"
status=0
[ "$passed_on_stub" -eq 0 ] || status=1
[ "$check_needs" -eq 1 ] || exit "$status"

# --needs: every other test.
log="$build/check_exercise_stubs_needs.log"
ctest_cmd=(ctest --test-dir "$build" -LE '^exercise$' --output-on-failure --timeout 300)
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  xvfb-run -a "${ctest_cmd[@]}" >"$log" 2>&1
else
  "${ctest_cmd[@]}" >"$log" 2>&1
fi
ctest --test-dir "$build" --show-only=json-v1 >"$build/check_exercise_stubs_tests.json"
python3 - "$log" "$build/check_exercise_stubs_tests.json" $stubbed <<'PYTHON' || status=1
import json, re, sys
log_path, tests_path, stubbed = sys.argv[1], sys.argv[2], set(sys.argv[3:])
log = open(log_path, errors="replace").read()
labels = {t["name"]: next((p["value"] for p in t.get("properties", []) if p["name"] == "LABELS"), [])
          for t in json.load(open(tests_path))["tests"]}
failed = re.findall(r"^\s*\d+ - (\S+) \((?:Failed|Timeout|SEGFAULT|Subprocess aborted|Exception)[^)]*\)", log, re.M)

def output_of(name):
    """The lines ctest printed for a failing test (--output-on-failure)."""
    m = re.search(r"Test\s+#\d+: " + re.escape(name) + r" \.+\*\*\*.*?\n(.*?)(?=^\s*(?:\d+/\d+ Test|Start \d+:)|^\d+% tests|\Z)",
                  log, re.S | re.M)
    return m.group(1) if m else ""

defects = 0
# One way to label: sa_test_needs() writes needs:NN.k; a label written by hand
# (needs:exNN.k) is a defect, whether or not its test fails here.
for name, ls in sorted(labels.items()):
    for l in ls:
        if l.startswith("needs:") and not re.fullmatch(r"needs:\d\d\.\d+", l):
            defects += 1
            print(f"DEFECT: {name} carries the label {l}: register it with sa_test_needs(exNN.k ...), "
                  f"which writes needs:NN.k (cmake/Project.cmake)")
for name in failed:
    needs = sorted("ex" + l[len("needs:"):] for l in labels.get(name, []) if l.startswith("needs:"))
    cause = [i for i in needs if i in stubbed]
    if not cause:
        defects += 1
        print(f"DEFECT: {name} fails with the stubs of {' '.join(sorted(stubbed)) or 'nothing'} but carries no "
              f"needs: label for them (labels: {', '.join(labels.get(name, []))}); see {log_path}")
        continue
    named = [i for i in cause if i in output_of(name)]
    print(f"ok: {name} fails while {', '.join(cause)} is a stub (label needs:{cause[0][2:]})"
          + ("" if named else "; note: its output does not name the exercise"))
print(f"{len(failed)} other tests fail with these stubs; {defects} defects (a failure without a needs: label, "
      "or a label not written by sa_test_needs)")
sys.exit(1 if defects else 0)
PYTHON
exit "$status"
