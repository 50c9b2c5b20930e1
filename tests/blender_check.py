#!/usr/bin/env python3
"""Blender's own glTF importer as an independent check of an export (issues 37, 36).

    blender_check.py PROGRAM OUT.gltf FPS TIME... [--weights] [--needs FILE]... [--program-args ARG...]

runs `PROGRAM [ARGS] --export OUT.gltf`, imports the file into Blender
(`blender -b --factory-startup`, its bundled io_import_scene_gltf2, this
same file as the script inside Blender) and at each TIME reads what Blender
plays: every bone's head in world space (a bone's head is its joint's
position), and with --weights every shape key's value (the morph targets).
These are compared with the program's own `PROGRAM [ARGS] --time TIME
--dump-pose -` (chapter 04's format: the translation column of each node's
scene-space matrix is the joint's position) and `--dump-weights -` (NODE W0
W1 ...). Tolerances: positions within 1e-3 of the figure's height (the
joints' vertical span at the first TIME), weights within 1e-3.

Blender maps seconds to frames by the scene's frame rate, so FPS is set
to the rate of the export's keys before the import, and every TIME is a
key (a whole frame): Blender interpolates quaternions component by
component where glTF slerps, which only keys leave out of the comparison.
Blender is Z-up: its (x, y, z) is glTF's (x, -z, y).

Exit 0: every bone and weight within tolerance; 1: a failure (each printed);
77: skipped, no `blender` command (Debian's blender package) or a --needs
FILE missing (CI's SA_NO_SKIP refuses the skip). --shift S reads Blender S seconds after each TIME: the
check's own planted fault, which must fail.
"""
import json
import os
import shutil
import subprocess
import sys

POSITION_TOLERANCE = 1e-3  # of the figure's height
WEIGHT_TOLERANCE = 1e-3


def inside_blender(gltf, fps, times, out):
    """Runs in Blender: imports gltf, writes {time: {bones, keys}} to out."""
    import bpy
    import numpy

    # Debian 12's Blender 3.4.1 importer still says numpy.bool, an alias
    # numpy 1.24 removed (its mesh import fails on it): the alias back, in
    # Blender's process only.
    if not hasattr(numpy, "bool"):
        numpy.bool = bool
    scene = bpy.context.scene
    scene.render.fps = fps
    scene.render.fps_base = 1.0
    bpy.ops.import_scene.gltf(filepath=gltf)
    # The importer makes one action per glTF animation and object, plays the
    # file's first animation and stashes the others on NLA tracks named after
    # them; the clip the program plays is the file's last (the one it added).
    clip = json.load(open(gltf))["animations"][-1]["name"]
    for obj in list(scene.objects) + [k for k in bpy.data.shape_keys]:
        data = obj.animation_data
        if data is None:
            continue
        action = None  # an object the clip does not animate stays at rest
        for track in data.nla_tracks:
            for strip in track.strips:
                if track.name == clip or strip.name == clip:
                    action = strip.action
            track.mute = True
        data.action = action
    # glTF's time 0 is Blender's frame 0 in the importer (3.4); found from
    # the keys rather than assumed: the clip's first key is at time 0.
    first = min((c.keyframe_points[0].co[0] for a in bpy.data.actions if clip in a.name
                 for c in a.fcurves if len(c.keyframe_points)), default=0.0)
    result = {"first_frame": first, "samples": []}
    for t in times:
        frame = first + t * fps
        whole = int(frame // 1)
        scene.frame_set(whole, subframe=frame - whole)
        bones = {}
        for obj in scene.objects:
            if obj.type != "ARMATURE":
                continue
            for bone in obj.pose.bones:
                x, y, z = obj.matrix_world @ bone.head
                bones[bone.name] = [x, z, -y]  # back to glTF's Y-up
        keys = {}
        for obj in scene.objects:
            if obj.type == "MESH" and obj.data.shape_keys:
                blocks = obj.data.shape_keys.key_blocks
                keys[obj.name] = [b.value for b in blocks if b != obj.data.shape_keys.reference_key]
        result["samples"].append({"time": t, "bones": bones, "keys": keys})
    with open(out, "w") as f:
        json.dump(result, f)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def main(argv):
    shift = 0.0
    if "--shift" in argv:
        i = argv.index("--shift")
        shift = float(argv[i + 1])
        del argv[i:i + 2]
    extra = []
    if "--program-args" in argv:
        i = argv.index("--program-args")
        extra = argv[i + 1:]
        del argv[i:]
    needs = []
    while "--needs" in argv:
        i = argv.index("--needs")
        needs.append(argv[i + 1])
        del argv[i:i + 2]
    weights = "--weights" in argv
    argv = [a for a in argv if a != "--weights"]
    program, gltf, fps, times = argv[0], os.path.abspath(argv[1]), int(argv[2]), argv[3:]
    blender = shutil.which("blender")
    if blender is None:
        print("skipped: no blender command (Debian's blender package)")
        return 77
    for path in needs:
        if not os.path.exists(path):
            print(f"skipped: {path} not found")
            return 77
    run([program] + extra + ["--export", gltf])

    out = gltf + ".blender.json"
    cmd = [blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python", os.path.abspath(__file__),
           "--", "inside", gltf, str(fps), out] + [str(float(t) + shift) for t in times]
    # Debian's Blender embeds the system's Python, whose home it finds from
    # the first python3 on PATH: Blender's own folder first, so that another
    # Python earlier on PATH (a pyenv) does not hide the system's numpy.
    env = dict(os.environ, PATH=os.path.dirname(blender) + os.pathsep + os.environ.get("PATH", ""))
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, env=env)
    if r.returncode != 0 or not os.path.exists(out):
        print(r.stdout[-3000:], r.stderr[-3000:])
        print(f"FAIL: blender exit {r.returncode}")
        return 1
    blend = json.load(open(out))

    failed = 0
    height = None
    for t, sample in zip(times, blend["samples"]):
        pose = {}
        for line in run([program] + extra + ["--time", t, "--dump-pose", "-"]).splitlines():
            f = line.split()
            pose[f[17]] = [float(v) for v in f[13:16]]  # column 3: the joint's position
        if height is None:
            ys = [pose[n][1] for n in sample["bones"] if n in pose]
            height = max(ys) - min(ys)
        bones = sample["bones"]
        missing = [n for n in bones if n not in pose]
        worst, worst_name = 0.0, "-"
        for name, p in bones.items():
            if name in pose:
                d = max(abs(a - b) for a, b in zip(p, pose[name]))
                if d > worst:
                    worst, worst_name = d, name
        ok = len(bones) > 0 and not missing and worst <= POSITION_TOLERANCE * height
        print(f"{'ok' if ok else 'FAIL'}: t = {t}: {len(bones)} bones, largest difference {worst:.3g} m "
              f"({worst_name}; tolerance {POSITION_TOLERANCE * height:.3g} m, 1e-3 of the height {height:.3g} m)"
              + (f"; not in --dump-pose: {missing}" if missing else ""))
        failed += not ok
        if weights:
            ours = [float(v) for v in run([program] + extra + ["--time", t, "--dump-weights", "-"]).split()[1:]]
            theirs = next(iter(sample["keys"].values()), [])
            d = max((abs(a - b) for a, b in zip(ours, theirs)), default=1.0)
            ok = len(ours) == len(theirs) and len(ours) > 0 and d <= WEIGHT_TOLERANCE
            print(f"{'ok' if ok else 'FAIL'}: t = {t}: shape keys {[round(v, 4) for v in theirs]}, "
                  f"--dump-weights {[round(v, 4) for v in ours]}, largest difference {d:.3g}")
            failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    if "--" in sys.argv and sys.argv[sys.argv.index("--") + 1:][:1] == ["inside"]:
        a = sys.argv[sys.argv.index("--") + 2:]
        inside_blender(a[0], int(a[1]), [float(t) for t in a[3:]], a[2])
    else:
        sys.exit(main(sys.argv[1:]))
