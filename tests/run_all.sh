#!/usr/bin/env bash
# Builds the project and runs every test: unit, GL, exercise (against the
# reference solutions) and book tests. GL tests need a display: without one
# the tests run under xvfb-run. Needs what `.ci/install-deps` installs.
#
#   tests/run_all.sh                     build in ./build
#   SA_BUILD_DIR=b SA_CMAKE_ARGS="-DSA_WARNINGS_AS_ERRORS=ON" tests/run_all.sh
#   SA_NO_SKIP=1 tests/run_all.sh        fail when any test is skipped (CI)
#
# Extra arguments go to ctest (e.g. -L unit, -R gltf).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${SA_BUILD_DIR:-build}"
# shellcheck disable=SC2086
cmake -S . -B "$build" ${SA_CMAKE_ARGS:-}
cmake --build "$build" -j "$(nproc)"

# npm packages some tests need, installed once per build folder; those tests are skipped without them.
#   the Khronos glTF validator: assets_gltf_validator, ch10_export_validator
#   puppeteer-core, which drives Chromium: the web book's tests (label web, tests/web/web_check.py;
#   skipped without the web book too: cmake --build BUILD --target book_web)
#   three, an independent glTF implementation: the threejs_* tests (tests/threejs_check.py)
for package in gltf-validator@2.0.0-dev.3.10 puppeteer-core@24.43.1 three@0.187.0; do
  if [ ! -f "$build/npm/node_modules/${package%@*}/package.json" ] && command -v npm >/dev/null; then
    echo "run_all: installing $package into $build/npm"
    npm install --loglevel=error --no-audit --no-fund --prefix "$build/npm" "$package" \
      || echo "run_all: warning: npm could not install $package; the tests that need it will be skipped" >&2
  fi
done

# The web book (book_web: emscripten, and pandoc for the HTML book it extends) for the web tests,
# when both are installed (.ci/install-deps --ci); without them the web tests are skipped.
# book_html's screenshots need a display: xvfb-run where there is none.
if command -v emcmake >/dev/null && command -v pandoc >/dev/null; then
  if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
    xvfb-run -a -s "-screen 0 1280x1024x24" cmake --build "$build" --target book_web
  else
    cmake --build "$build" --target book_web
  fi
else
  echo "run_all: no emscripten or pandoc (.ci/install-deps --ci installs them): the web tests will be skipped"
fi

ctest_cmd=(.ci/ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@")
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  xvfb-run -a -s "-screen 0 1280x1024x24" "${ctest_cmd[@]}"
else
  "${ctest_cmd[@]}"
fi
