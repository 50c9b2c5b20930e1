#!/bin/sh
# composites.sh BUILD_DIR OUT_DIR: the book's pictures made of several frames
# (or of part of one), each frame taken by its chapter program and cut out and
# laid out by compose_png.py. Writes into OUT_DIR:
#   10-key-poses.png        ch10_walk_cycle at the eight key poses, two rows of four
#   11-stairs-no-ik-ik.png  ch11_ik at 6 s with --no-ik (left) and with IK (right)
#   11-stairs-debug.png     ch11_ik at 6 s with --debug
# Regenerate the committed ones with: sh book/tools/composites.sh build book/images
# Uses xvfb-run when there is no display (as screenshot.sh does); PYTHON names
# the Python 3 interpreter (default python3).
set -e
if [ $# -ne 2 ]; then
  echo "usage: composites.sh BUILD_DIR OUT_DIR" >&2
  exit 1
fi
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
  exec xvfb-run -a sh "$0" "$@"
fi
walk="$1/chapters/10_walk_cycle/ch10_walk_cycle"
ik="$1/chapters/11_ik/ch11_ik"
out="$2"
tools=$(dirname "$0")
compose() { "${PYTHON:-python3}" "$tools/compose_png.py" "$@"; }
frames=$(mktemp -d)
trap 'rm -rf "$frames"' EXIT

# The key poses: phases 0, 0.15, 0.3, 0.4 and the same plus 1/2, times the
# walk's cycle of 2 / 1.9 s, rounded to the millisecond as chapter 10 quotes
# them. The box holds the character in all eight frames.
inputs=""
for t in 0 0.158 0.316 0.421 0.526 0.684 0.842 0.947; do
  "$walk" --headless --frames 3 --time "$t" --size 800x450 --screenshot "$frames/walk-$t.png"
  inputs="$inputs $frames/walk-$t.png=315,100,170,250"
done
compose --columns 4 --gap 4 "$out/10-key-poses.png" $inputs

# A third of the way up the flight; the box leaves out the status line and keys.
box=200,80,400,370
for mode in no-ik ik debug; do
  case $mode in
    no-ik) option=--no-ik ;;
    ik) option="" ;;
    debug) option=--debug ;;
  esac
  "$ik" --headless --frames 3 --time 6 --size 800x450 $option --screenshot "$frames/stairs-$mode.png"
done
compose --gap 8 "$out/11-stairs-no-ik-ik.png" "$frames/stairs-no-ik.png=$box" "$frames/stairs-ik.png=$box"
compose "$out/11-stairs-debug.png" "$frames/stairs-debug.png=$box"
