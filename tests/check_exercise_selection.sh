#!/usr/bin/env bash
# Proves that -DSA_EXERCISES=<ids> swaps in exactly those stubs, and that the
# exercise configuration refuses what it must.
#
#   tests/check_exercise_selection.sh BUILD_DIR ID
#       BUILD_DIR is configured with -DSA_EXERCISES=ID and built. Runs every
#       test there: the tests labelled ID (its grading tests) and needs:NN.k
#       for ID exNN.k (tests that depend on it, see sa_test_needs) must fail,
#       every other test must pass.
#   tests/check_exercise_selection.sh --configure
#       configuration errors: an unknown id in SA_EXERCISES, and a missing
#       reference file in a full tree (only a student pack may lack them).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

expect_configure_error() { # DESCRIPTION SOURCE_DIR EXPECTED_TEXT CMAKE_ARGS...
  local what="$1" src="$2" text="$3"
  shift 3
  local build
  build=$(mktemp -d)
  if cmake -S "$src" -B "$build" "$@" >"$build/log" 2>&1; then
    echo "DEFECT: $what: configuration succeeded" >&2
    return 1
  fi
  if ! tr -s ' \n' ' ' <"$build/log" | grep -qF "$text"; then
    echo "DEFECT: $what: configuration failed without saying \"$text\":" >&2
    cat "$build/log" >&2
    return 1
  fi
  echo "ok: $what: configuration fails and says \"$text\""
  rm -rf "$build"
}

if [ "${1:-}" = "--configure" ]; then
  status=0
  expect_configure_error "SA_EXERCISES=ex02.2,ex99.9" . "'ex99.9' is not an exercise id" \
    "-DSA_EXERCISES=ex02.2,ex99.9" || status=1
  # A copy of the tree (tracked and new files) without one reference file.
  reference=$(awk -F'\t' 'NR > 1 && $1 == "ex02.2" { print $2 }' exercises/EXERCISES.tsv)
  copy=$(mktemp -d)
  git ls-files -z -c -o --exclude-standard | while IFS= read -r -d '' f; do
    [ -e "$f" ] && printf '%s\0' "$f"
  done | tar --null -T - -cf - | tar -xf - -C "$copy"
  rm -f "$copy/$reference"
  expect_configure_error "full tree without $reference" "$copy" "$reference" || status=1
  # The same tree marked as a student pack configures (the stub is built).
  touch "$copy/exercises/STUDENT_PACK"
  if cmake -S "$copy" -B "$copy/build" >"$copy/pack.log" 2>&1; then
    echo "ok: a student pack (exercises/STUDENT_PACK) without $reference configures"
  else
    echo "DEFECT: a student pack without $reference does not configure:" >&2
    cat "$copy/pack.log" >&2
    status=1
  fi
  rm -rf "$copy"
  exit "$status"
fi

build="${1:?usage: $0 BUILD_DIR ID | --configure}"
id="${2:?usage: $0 BUILD_DIR ID | --configure}"
configured=$(sed -n 's/^SA_EXERCISES:STRING=//p' "$build/CMakeCache.txt")
if [ "$configured" != "$id" ]; then
  echo "check_exercise_selection: $build is configured with SA_EXERCISES=$configured, not $id" >&2
  exit 1
fi
list_tests() { ctest --test-dir "$build" -N "$@" | sed -n 's/^ *Test *#[0-9]*: *//p' | sort; }
label="^${id//./\\.}\$"
own=$(list_tests -L "$label")
if [ -z "$own" ]; then
  echo "check_exercise_selection: no test carries the label $id" >&2
  exit 1
fi
needs="needs:${id#ex}"
dependent=$(list_tests -L "^${needs//./\\.}\$")
expected=$(printf '%s\n%s\n' "$own" "$dependent" | sed '/^$/d' | sort -u)
all=$(list_tests)

# Every test; the ones that failed are listed in LastTestsFailed.log.
rm -f "$build/Testing/Temporary/LastTestsFailed.log"
ctest_cmd=(ctest --test-dir "$build" --output-on-failure -j "$(nproc)")
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  xvfb-run -a -s "-screen 0 1280x1024x24" "${ctest_cmd[@]}" >"$build/selection.log" 2>&1
else
  "${ctest_cmd[@]}" >"$build/selection.log" 2>&1
fi
failed=$(sed -n 's/^[0-9]*://p' "$build/Testing/Temporary/LastTestsFailed.log" 2>/dev/null | sort -u)

defects=0
while IFS= read -r name; do
  [ -n "$name" ] || continue
  if grep -qxF "$name" <<<"$expected"; then
    if grep -qxF "$name" <<<"$failed"; then
      echo "ok: $name fails with $id as a stub, as it must"
    else
      echo "DEFECT: $name passes with $id as a stub"
      defects=$((defects + 1))
    fi
  elif grep -qxF "$name" <<<"$failed"; then
    echo "DEFECT: $name fails with only $id as a stub (label it $needs, or fix it; output in $build/selection.log)"
    defects=$((defects + 1))
  fi
done <<<"$all"
echo "SA_EXERCISES=$id: $(wc -l <<<"$all") tests, $(wc -l <<<"$expected") expected to fail" \
     "($(wc -l <<<"$own") of $id, $(grep -c . <<<"$dependent") $needs), $defects defects"
[ "$defects" -eq 0 ]
