#!/bin/sh
# bench_web.sh: chapter 06's bench_skinning, chapter 09's bench_crowd and
# chapter 12's bench_crowd_soa (its SoA layout, --layout soa), the
# native build and the web build (WebAssembly, run by node), one after the
# other on the same machine, and their figures side by side with the
# wasm / native ratio (book/06-cpu-skinning.md and book/09-crossfade.md quote
# one run; book/12-data-oriented.md the SoA crowd's).
#
#   tests/web/bench_web.sh                      both builds made if needed
#   SA_BUILD_DIR=build SA_WEB_BUILD_DIR=build-web tests/web/bench_web.sh
#   BENCH_SKINNING_ARGS="--vertices 200000" BENCH_CROWD_ARGS="--characters 500" tests/web/bench_web.sh
#   SA_BENCH_WEB_OUT=DIR tests/web/bench_web.sh   keeps the four outputs in DIR
#
# The web build has no threads (common/platform.h): its threaded lines are
# absent, its stderr says why, and the table shows "-" for them. The native
# build is the project's own (cmake -S . -B build); the web build is
# configured here with emcmake when it is not there (emscripten's JS
# optimizer needs Debian's node-acorn: NODE_PATH=/usr/share/nodejs).
# Figures taken beside other work are lower and noisier: both benchmarks
# print the machine's load on stderr.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
native=${SA_BUILD_DIR:-$root/build}
web=${SA_WEB_BUILD_DIR:-$root/build-web}
skinning_args=${BENCH_SKINNING_ARGS:-}
crowd_args=${BENCH_CROWD_ARGS:-}
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

for tool in cmake node emcmake; do
    command -v $tool >/dev/null 2>&1 || { echo "error: bench_web.sh needs $tool (.ci/install-deps --ci installs it)" >&2; exit 1; }
done
[ -f "$native/CMakeCache.txt" ] || cmake -S "$root" -B "$native" >/dev/null
[ -f "$web/CMakeCache.txt" ] || emcmake cmake -S "$root" -B "$web" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$native" --target bench_skinning bench_crowd bench_crowd_soa -j2 >/dev/null
cmake --build "$web" --target bench_skinning bench_crowd bench_crowd_soa -j2 >/dev/null

# SA_BENCH_WEB_OUT=DIR keeps each program's stdout there (NAME.native, NAME.wasm).
if [ -n "${SA_BENCH_WEB_OUT:-}" ]; then
    out=$SA_BENCH_WEB_OUT
    mkdir -p "$out"
else
    out=$(mktemp -d "${TMPDIR:-/tmp}/bench_web.XXXXXX")
    trap 'rm -rf "$out"' EXIT
fi

# Each program from the project's root, as natively, so that bench_crowd
# finds assets/models/humanoid.gltf the same way in both.
run() { # NAME KIND COMMAND...: stdout to $out/NAME.KIND, stderr shown
    name=$1 kind=$2
    shift 2
    echo "== $name ($kind): $*" >&2
    (cd "$root" && "$@") >"$out/$name.$kind" || { echo "error: $name ($kind) failed" >&2; exit 1; }
}
# shellcheck disable=SC2086 # the arguments are words
run bench_skinning native "$native/chapters/06_cpu_skinning/bench_skinning" $skinning_args
# shellcheck disable=SC2086
run bench_skinning wasm node "$web/chapters/06_cpu_skinning/bench_skinning.js" $skinning_args
# shellcheck disable=SC2086
run bench_crowd native "$native/chapters/09_crossfade/bench_crowd" $crowd_args
# shellcheck disable=SC2086
run bench_crowd wasm node "$web/chapters/09_crossfade/bench_crowd.js" $crowd_args
# shellcheck disable=SC2086
run bench_crowd_soa native "$native/chapters/12_data_oriented/bench_crowd_soa" --layout soa $crowd_args
# shellcheck disable=SC2086
run bench_crowd_soa wasm node "$web/chapters/12_data_oriented/bench_crowd_soa.js" --layout soa $crowd_args

# The table: every "name: number ..." line of the native output, the wasm
# figure of the same name ("-" where the web prints none) and wasm / native:
# of a rate (per second, characters) under 1 where the web is slower, of a
# time (ns) over 1.
echo "node $(node --version), $(emcc --version 2>/dev/null | sed -n 1p | sed 's/ (Emscripten.*replacement + linker emulating GNU ld)//'), $(nproc) cores, $(date -u +%Y-%m-%d)"
for name in bench_skinning bench_crowd bench_crowd_soa; do
    printf '\n%-38s %14s %14s %12s\n' "$name" native wasm wasm/native
    awk -F': ' '
        NR == FNR { if ($2 ~ /^[0-9.]+/) wasm[$1] = $2 + 0; next }
        $2 ~ /^[0-9.]+/ {
            n = $2 + 0
            if ($1 ~ /^(load_average|other_work_cores)$/) printf "%-38s %14s %14s %12s\n", $1, n, ($1 in wasm) ? wasm[$1] : "-", "-"
            else if ($1 in wasm) printf "%-38s %14s %14s %12.2f\n", $1, n, wasm[$1], (n > 0 ? wasm[$1] / n : 0)
            else printf "%-38s %14s %14s %12s\n", $1, n, "-", "-"
        }' "$out/$name.wasm" "$out/$name.native"
done
