#!/usr/bin/env bash
# Checks that every C file of the project is formatted as .clang-format says.
#
#   tests/check_format.sh          list the files clang-format would change (exit 1 if any)
#   tests/check_format.sh --diff   the same, with the changes it would make
#   tests/check_format.sh --fix    reformat those files in place
#
# The files are the tracked *.c and *.h; third-party and generated code is not
# in the repository (glad is generated into the build folder, the other
# dependencies are system packages), and EXCLUDE below names any exception.
# CI uses Debian 12's clang-format 14 (.ci/install-deps --ci); another version
# may disagree on a few lines. $CLANG_FORMAT picks the program.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-check}"
case "$mode" in
  check | --diff | --fix) ;;
  *) echo "usage: $0 [--diff | --fix]" >&2; exit 2 ;;
esac
EXCLUDE='^(third_party|vendor)/'
clang_format="${CLANG_FORMAT:-clang-format}"
if ! command -v "$clang_format" >/dev/null; then
  echo "check_format: $clang_format is not installed (Debian: apt-get install clang-format)" >&2
  exit 1
fi

files=()
while IFS= read -r -d '' f; do
  [[ "$f" =~ $EXCLUDE ]] || files+=("$f")
done < <(git ls-files -z -- '*.c' '*.h')
if [ ${#files[@]} -eq 0 ]; then
  echo "check_format: no C files found (is this a git checkout?)" >&2
  exit 1
fi

changed=0
lines=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  "$clang_format" --style=file "$f" >"$tmp"
  delta=$(diff "$f" "$tmp" | grep -c '^[<>]' || true)
  [ "$delta" -gt 0 ] || continue
  changed=$((changed + 1))
  lines=$((lines + delta))
  case "$mode" in
    --fix) cp "$tmp" "$f"; echo "formatted $f" ;;
    --diff) echo "needs formatting: $f ($delta lines differ)"; diff -u --label "$f" --label "$f (formatted)" "$f" "$tmp" || true ;;
    *) echo "needs formatting: $f ($delta lines differ)" ;;
  esac
done
if [ "$mode" = --fix ]; then
  echo "check_format: $changed of ${#files[@]} files reformatted"
  exit 0
fi
echo "check_format: $("$clang_format" --version | head -n 1)"
if [ "$changed" -gt 0 ]; then
  echo "check_format: $changed of ${#files[@]} files need formatting ($lines lines differ); run tests/check_format.sh --fix"
  exit 1
fi
echo "check_format: all ${#files[@]} C files are formatted"
