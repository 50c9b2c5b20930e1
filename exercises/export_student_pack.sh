#!/usr/bin/env bash
# Exports a student pack: the project without the exercise solutions.
#
#   exercises/export_student_pack.sh OUT_DIR
#
# For each row of exercises/EXERCISES.tsv the reference file (real code of a
# chapter) is removed; the build then compiles the stub in its place (see
# sa_exercise_source in cmake/Project.cmake), so the student's code runs inside
# the real chapter programs. Book listings of removed files become a note. The
# export fails when a file of the pack still repeats a reference solution.
# The file exercises/STUDENT_PACK marks the result as a pack.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: $0 OUT_DIR}"
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then
  echo "export_student_pack: $out exists and is not empty" >&2
  exit 1
fi
mkdir -p "$out"
# Only what is committed goes into a pack (no build folders, no local files).
git -C "$here" archive --format=tar HEAD | tar -x -C "$out"
tail -n +2 "$here/exercises/EXERCISES.tsv" | while IFS=$'\t' read -r id reference stub title; do
  [ -n "$id" ] || continue
  rm -f "$out/$reference"
  echo "  $id: removed $reference (students edit $stub)"
done
# The marker tells the build that the reference files are meant to be absent
# (in the full tree a missing one is a configuration error): build the stubs.
cat > "$out/exercises/STUDENT_PACK" <<'MARKER'
This folder is a student pack: the exercises' reference solutions are not in
it, and the build compiles every exercise from its stub (cmake/Project.cmake).
MARKER
python3 "$out/book/tools/listings.py" strip "$out"
rm -f "$out/exercises/export_student_pack.sh"
# No file of the pack may repeat 4 lines in a row of a reference solution
# (a listing, a fallback, a translation kept elsewhere): comments, blank lines
# and spacing ignored, short lines like `}` not counted (listings.py pack-leaks).
if ! python3 "$here/book/tools/listings.py" pack-leaks "$here" "$out"; then
  echo "export_student_pack: the pack in $out gives a solution away (above); fix the tree and export again" >&2
  exit 1
fi
echo "student pack written to $out"
echo "students build it with: cmake -S . -B build && cmake --build build && ctest --test-dir build -L ex01.1"
