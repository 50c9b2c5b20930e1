#!/bin/sh
# composites.sh BUILD_DIR OUT_DIR: the book's pictures that screenshot.sh does
# not make: those made of several frames (or of part of one), each frame taken
# by its chapter program and cut out and laid out by ImageMagick (compose
# below), and the frames taken with other options than screenshot.sh's.
# Writes into OUT_DIR:
#   10-key-poses.png        ch10_walk_cycle at the eight key poses, two rows of four
#   11-stairs-no-ik-ik.png  ch11_ik at 6 s with --no-ik (left) and with IK (right)
#   11-stairs-debug.png     ch11_ik at 6 s with --debug
#   02-z-up-normals.png     ch02_obj_loader on hex_prism.obj, --z-up and --z-up-positions-only
#   07-morph-cube.png       ch07_gpu_skinning on AnimatedMorphCube, --morph-weights 0,0 and 0.5,0.5
#                           (Debian's assimp-testmodels, $SA_MORPH_CUBE_DIR; left as it is when absent)
#   14-trajectories.png     ch14_motion_matching half a second into --check-mm's 180-degree turn (38.5 s):
#                           the desired trajectory (green) against the playing frame's own (orange)
#   and one frame each: 02-obj-loader, 04-bone-tree-turned, 05-bind-pose,
#   05-heat-map, 05-mesh-lying, 06-cpu-skinning, 06-position-colors,
#   07-gpu-skinning, 07-twist-linear, 07-twist-dq, 11-ik-tube, 11-stairs,
#   14-motion-matching (at 9 s of the script: round the first loop of the eight)
# Regenerate the committed ones with: sh book/tools/composites.sh build book/images
# (07-twist-*.png show the frame time measured on the machine that ran them).
#
# composites.sh --compose [--columns N] [--gap PX] OUT.png IN.png=X,Y,W,H...
# runs the cutting and laying out alone (tests/composites_check.py tests it):
# each input's box (X, Y its top left corner in pixels, W x H its size) is cut
# out, and the crops are laid out left to right, top to bottom, N to a row
# (default: all in one row), PX pixels apart (default 4) on white; every cell
# is as wide as the widest crop and as tall as the tallest, a smaller crop at
# its cell's top left. OUT.png is 8-bit RGB, transparency laid over white,
# without the date chunks that would make every run's file differ.
#
# Needs ImageMagick (convert, identify, montage: Debian's imagemagick); uses
# xvfb-run when there is no display (as screenshot.sh does); PYTHON names the
# Python 3 interpreter (default python3).
set -e
fail() {
  echo "error: $*" >&2
  exit 1
}
for tool in convert identify montage; do
  command -v $tool >/dev/null 2>&1 || fail "composites.sh needs ImageMagick's $tool (Debian: imagemagick, .ci/install-deps)"
done

# compose [--columns N] [--gap PX] OUT.png IN.png=X,Y,W,H... (in a subshell: its
# variables stay its own, and fail leaves it alone, with exit status 1)
compose() (
  columns=0 gap=4
  while [ $# -gt 0 ]; do
    case $1 in
      --columns | --gap)
        case ${2:-x} in
          *[!0-9]*) fail "$1 takes a number of 0 or more" ;;
        esac
        if [ "$1" = --gap ]; then gap=$2; else columns=$2; fi
        shift 2 ;;
      *) break ;;
    esac
  done
  [ $# -ge 2 ] || fail "usage: composites.sh --compose [--columns N] [--gap PX] OUT.png IN.png=X,Y,W,H..."
  out=$1
  shift
  [ "$columns" -gt 0 ] || columns=$#
  cells=$(mktemp -d)
  n=0 cell_w=0 cell_h=0
  for input in "$@"; do
    file=${input%=*} box=${input##*=}
    case $box in
      *[!0-9,]* | *,,* | ,* | *, ) box="" ;;
    esac
    set -f
    IFS=, read -r x y w h extra <<BOX
$box
BOX
    set +f
    if [ "$file" = "$input" ] || [ -z "$file" ] || [ -z "$h" ] || [ -n "$extra" ]; then
      rm -rf "$cells"
      fail "'$input': expected IN.png=X,Y,W,H"
    fi
    size=$(identify -format '%w %h' "$file" 2>/dev/null) || { rm -rf "$cells"; fail "$file: not an image (or no such file)"; }
    image_w=${size% *} image_h=${size#* }
    if [ "$w" -le 0 ] || [ "$h" -le 0 ] || [ $((x + w)) -gt "$image_w" ] || [ $((y + h)) -gt "$image_h" ]; then
      rm -rf "$cells"
      fail "$file: crop box $x,$y,$w,$h is not inside the ${image_w}x${image_h} image"
    fi
    # +repage: the crop's own canvas, not a window on the input's.
    convert "$file" -crop "${w}x${h}+${x}+${y}" +repage -background white -alpha remove -alpha off \
      "$cells/$n.png"
    [ "$w" -gt "$cell_w" ] && cell_w=$w
    [ "$h" -gt "$cell_h" ] && cell_h=$h
    n=$((n + 1))
  done
  [ "$columns" -lt "$n" ] || columns=$n
  rows=$(((n + columns - 1) / columns))
  # Every cell padded on the right and below by the gap, to one size, then tiled
  # edge to edge; the last column's and row's gap is cut off.
  i=0
  while [ $i -lt $n ]; do
    convert "$cells/$i.png" -background white -gravity northwest -extent "$((cell_w + gap))x$((cell_h + gap))" \
      "$cells/$i.png"
    i=$((i + 1))
  done
  i=0 list=""
  while [ $i -lt $n ]; do
    list="$list $cells/$i.png"
    i=$((i + 1))
  done
  # shellcheck disable=SC2086  # the cells' names have no spaces (mktemp -d's folder)
  montage $list -tile "${columns}x${rows}" -geometry +0+0 -background white miff:- |
    convert - -crop "$((columns * (cell_w + gap) - gap))x$((rows * (cell_h + gap) - gap))+0+0" +repage \
      -strip -define png:exclude-chunks=date,time "PNG24:$out"
  rm -rf "$cells"
)

if [ "${1:-}" = --compose ]; then
  shift
  compose "$@"
  exit 0
fi
if [ $# -ne 2 ]; then
  echo "usage: composites.sh BUILD_DIR OUT_DIR" >&2
  exit 1
fi
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
  exec xvfb-run -a sh "$0" "$@"
fi
build="$1/chapters"
walk="$build/10_walk_cycle/ch10_walk_cycle"
ik="$build/11_ik/ch11_ik"
out="$2"
tools=$(dirname "$0")
root="$tools/../.."
models="$root/assets/models"
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

# Chapter 02's Z-up bug: positions and normals turned (left), positions only (right).
for mode in z-up z-up-positions-only; do
  "$build/02_obj_loader/ch02_obj_loader" --model "$models/hex_prism.obj" --$mode --headless --frames 3 \
    --time 0.8 --size 480x360 --screenshot "$frames/$mode.png"
done
compose --gap 0 "$out/02-z-up-normals.png" "$frames/z-up.png=0,0,480,360" \
  "$frames/z-up-positions-only.png=0,0,480,360"

# Chapter 07's morph in the vertex shader: the cube's base shape (left), both
# targets at half weight (right); the label's rows cut off.
cube_dir=${SA_MORPH_CUBE_DIR:-/usr/share/assimp/models/glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF}
if [ -f "$cube_dir/AnimatedMorphCube.gltf" ]; then
  for shape in base:0,0 half:0.5,0.5; do
    "$build/07_gpu_skinning/ch07_gpu_skinning" --model "$cube_dir/AnimatedMorphCube.gltf" --morph-weights ${shape#*:} \
      --headless --frames 3 --time 0.8 --size 400x400 --screenshot "$frames/morph-cube-${shape%%:*}.png" >/dev/null 2>&1
  done
  compose --gap 8 "$out/07-morph-cube.png" "$frames/morph-cube-base.png=20,60,360,320" \
    "$frames/morph-cube-half.png=20,60,360,320"
fi

# One frame each, the whole window: screenshot.sh's --frames 3 and (but for
# 11-stairs) --time 0.8, with other options.
shot() {
  name=$1
  shift
  "$@" --headless --frames 3 --screenshot "$out/$name.png" >/dev/null
}
shot 02-obj-loader "$build/02_obj_loader/ch02_obj_loader" --time 0.8 --size 960x540
shot 04-bone-tree-turned "$build/04_bone_tree/ch04_bone_tree" --time 0.8 --size 800x450 --joint left_upper_arm \
  --turn z,60
# Chapter 05's broken copies of the humanoid, written by the tests' own tools.
"${PYTHON:-python3}" "$root/tests/bind_pose_check.py" --arms-down "$models/humanoid.gltf" "$frames/arms_down.gltf"
"${PYTHON:-python3}" "$root/tests/bind_check.py" --break z-up-mesh "$models/humanoid.gltf" "$frames/z_up_mesh.gltf"
shot 05-bind-pose "$build/05_inverse_bind/ch05_inverse_bind" --time 0.8 --size 800x450 \
  --model "$frames/arms_down.gltf" --skeleton bind
shot 05-heat-map "$build/05_inverse_bind/ch05_inverse_bind" --time 0.8 --size 800x450 --view heat --joint left_upper_arm
shot 05-mesh-lying "$build/05_inverse_bind/ch05_inverse_bind" --time 0.8 --size 800x450 --model "$frames/z_up_mesh.gltf"
shot 06-cpu-skinning "$build/06_cpu_skinning/ch06_cpu_skinning" --time 0.8 --size 800x600
shot 06-position-colors "$build/06_cpu_skinning/ch06_cpu_skinning" --time 0.8 --size 800x600 --view position
shot 07-gpu-skinning "$build/07_gpu_skinning/ch07_gpu_skinning" --time 0.8 --size 800x600
shot 07-twist-linear "$build/07_gpu_skinning/ch07_gpu_skinning" --time 0.8 --size 400x500 \
  --model "$models/tube.glb" --twist 180
shot 07-twist-dq "$build/07_gpu_skinning/ch07_gpu_skinning" --time 0.8 --size 400x500 \
  --model "$models/tube.glb" --twist 180 --method dq
shot 11-ik-tube "$ik" --time 0.8 --size 800x450 --view tube
shot 11-stairs "$ik" --size 800x450 --time 5

# Chapter 14's window on --check-mm's stick (--time T simulates its first T
# seconds): the chapter's picture, and the turn's trajectories, the figure
# and the paths cut out (the label and the far ground left off).
mm="$build/14_motion_matching/ch14_motion_matching"
shot 14-motion-matching "$mm" --size 800x450 --time 9
"$mm" --headless --frames 3 --time 38.5 --size 800x450 --screenshot "$frames/mm-turn.png" >/dev/null
compose "$out/14-trajectories.png" "$frames/mm-turn.png=200,100,400,350"
