#!/bin/sh
# screenshot.sh PROGRAM OUT.png: one frame of a chapter program at a fixed
# time, for the book. Uses xvfb-run when there is no display.
set -e
run=""
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
  run="xvfb-run -a"
fi
$run "$1" --headless --frames 3 --time 0.8 --size 800x450 --screenshot "$2"
