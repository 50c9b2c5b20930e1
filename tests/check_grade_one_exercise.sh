#!/usr/bin/env bash
# Proves that exercises/grade.sh grades each exercise on its own: a file that
# does not compile fails its exercise alone, with the compiler's error, and
# the other exercises of the same stage are still graded.
#
#   tests/check_grade_one_exercise.sh PACK_DIR [GRADE_SCRIPT]
#
# PACK_DIR is a student pack made by exercises/export_student_pack.sh (it is
# copied, not changed). Chapter 02's three exercises share one library
# (stage_obj), so one broken file used to fail all three. Two cases, each
# graded with --only ex02.1,ex02.2,ex02.3:
#   a pack     ex02.1 and ex02.3 solved (the reference code in their stubs),
#              a syntax error in ex02.2's stub
#   the tree   the reference solutions, a syntax error in ex02.2's reference
# Each must grade ex02.1 and ex02.3 passed and ex02.2 failed with the
# compiler's error, which names its file. GRADE_SCRIPT (default
# exercises/grade.sh of this tree) is what is checked.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
pack="${1:?usage: $0 PACK_DIR [GRADE_SCRIPT]}"
grade="${2:-exercises/grade.sh}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

ref_of() { awk -F'\t' -v id="$1" '$1 == id { print $2; exit }' exercises/EXERCISES.tsv; }
stub_of() { awk -F'\t' -v id="$1" '$1 == id { print $3; exit }' exercises/EXERCISES.tsv; }
# A syntax error on the first line of the function body, as a student's typo.
plant_error() { sed -i '0,/^{$/s//{\n    int missing_semicolon = 1/' "$1"; }

check() { # WHAT REPORT.json BROKEN_FILE
  python3 - "$@" <<'PYTHON' || status=1
import json, sys
what, path, broken_file = sys.argv[1:4]
rows = {e["id"]: e for e in json.load(open(path))["exercises"]}
problems = []
for id in ("ex02.1", "ex02.3"):
    if rows.get(id, {}).get("status") != "passed":
        problems.append(f"{id} is {rows.get(id, {}).get('status')}, not passed: {rows.get(id, {}).get('message')}")
e = rows.get("ex02.2", {})
if e.get("status") != "failed" or "does not compile" not in e.get("message", "") \
        or broken_file not in e.get("message", "") or "error:" not in e.get("message", ""):
    problems.append(f"ex02.2 is {e.get('status')} with {e.get('message')!r}, not failed with the compiler's "
                    f"error in {broken_file}")
for p in problems:
    print(f"DEFECT: {what}: {p}")
if not problems:
    print(f"ok: {what}: ex02.1 and ex02.3 passed, ex02.2 failed: {e['message']}")
sys.exit(1 if problems else 0)
PYTHON
}

# The pack: ex02.1 and ex02.3 solved as the reference solves them.
mkdir "$work/pack"
tar -C "$pack" --exclude=./build -cf - . | tar -xf - -C "$work/pack"
for id in ex02.1 ex02.3; do
  sed 's|^#include "\([a-z_]*\.h\)"|#include "chapters/02_obj_loader/\1"|' "$(ref_of $id)" >"$work/pack/$(stub_of $id)"
done
plant_error "$work/pack/$(stub_of ex02.2)"
"$grade" "$work/pack" --only ex02.1,ex02.2,ex02.3 --json "$work/pack.json" --build "$work/build-pack"
check "a pack with a syntax error in ex02.2's stub" "$work/pack.json" "$(stub_of ex02.2)"

# The tree (tracked and new files): the reference solutions.
mkdir "$work/tree"
git ls-files -z -c -o --exclude-standard | while IFS= read -r -d '' f; do
  [ -e "$f" ] && printf '%s\0' "$f"
done | tar --null -T - -cf - | tar -xf - -C "$work/tree"
plant_error "$work/tree/$(ref_of ex02.2)"
"$grade" "$work/tree" --only ex02.1,ex02.2,ex02.3 --json "$work/tree.json" --build "$work/build-tree"
check "the tree with a syntax error in ex02.2's reference" "$work/tree.json" "$(ref_of ex02.2)"
exit "$status"
