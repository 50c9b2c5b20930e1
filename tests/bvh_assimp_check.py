#!/usr/bin/env python3
"""ch13_motion_capture --dump-joints against assimp, a second BVH reader.

assimp (the Open Asset Import Library, Debian's assimp-utils) reads the BVH
file with its own importer and writes its scene as JSON (`assimp export FILE
OUT -fassjson`): the nodes (each joint and End Site, with its offset as a
row-major 4x4 `transformation`) and one animation whose channels hold, per
joint, a position key (x y z) and a rotation key (a quaternion, w x y z) at
each frame (time in ticks: the frame's index). This script evaluates that
animation at a frame itself: each node's local matrix is T(position key) *
R(rotation key) for an animated node, its `transformation` otherwise, and
world = parent_world * local from the root down. So the Euler angles are
turned into rotations by assimp's code, not by this project's.

    bvh_assimp_check.py PROGRAM FILE...   the program's --dump-joints at the
                                          first, last and middle frames and a
                                          few more, within 1e-4 of the
                                          skeleton's size; exit 77 (skipped)
                                          without the assimp command or a file
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bvh_check import LINE, RELATIVE_TOLERANCE  # noqa: E402  (the line format and the tolerance)


def quat_matrix(w, x, y, z):
    """The 3x3 rotation m[row][column] of a unit quaternion."""
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]


def key_at(keys, frame):
    """The value of the key at `frame` ticks (the last key at or before it)."""
    best = keys[0][1]
    for time, value in keys:
        if time <= frame + 1e-6:
            best = value
    return best


def world_positions(scene, frame):
    channels = {c["name"]: c for c in scene["animations"][0]["channels"]}
    out = {}

    def visit(node, rotation, position):
        m = node["transformation"]  # row-major
        local_r = [[m[0], m[1], m[2]], [m[4], m[5], m[6]], [m[8], m[9], m[10]]]
        local_t = [m[3], m[7], m[11]]
        channel = channels.get(node["name"])
        if channel:
            local_t = list(key_at(channel["positionkeys"], frame))
            local_r = quat_matrix(*key_at(channel["rotationkeys"], frame))
        moved = [sum(rotation[i][k] * local_t[k] for k in range(3)) for i in range(3)]
        world_t = [position[i] + moved[i] for i in range(3)]
        world_r = [[sum(rotation[i][k] * local_r[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
        out[node["name"]] = world_t
        for child in node.get("children", []):
            visit(child, world_r, world_t)

    visit(scene["rootnode"], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0.0, 0.0, 0.0])
    return out


def dump(program, path, frame):
    result = subprocess.run([program, "--bvh", path, "--dump-joints", str(frame)], capture_output=True, text=True,
                            timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{path} frame {frame}: exit {result.returncode}: {result.stderr.strip()}")
    lines = []
    for line in result.stdout.splitlines():
        m = LINE.match(line)
        if not m:
            raise RuntimeError(f"{path} frame {frame}: not a line 'name x y z': {line!r}")
        lines.append((m.group(1), [float(m.group(i)) for i in (2, 3, 4)]))
    return lines


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    program, files = sys.argv[1], sys.argv[2:]
    assimp = shutil.which("assimp")
    if not assimp:
        print("the assimp command is not installed (Debian's assimp-utils): skipped")
        return 77
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for path in files:
            if not os.path.exists(path):
                print(f"{path}: not found (Debian's assimp-testmodels installs CMU's files): skipped")
                return 77
            out = os.path.join(folder, os.path.basename(path) + ".json")
            result = subprocess.run([assimp, "export", path, out, "-fassjson"], capture_output=True, text=True,
                                    timeout=300)
            if result.returncode != 0:
                print(f"assimp export {path}: exit {result.returncode}: {result.stderr.strip()[-300:]}")
                return 1
            with open(out, encoding="utf-8") as f:
                scene = json.load(f)
            first = dump(program, path, 0)
            n = int(round(scene["animations"][0]["duration"])) + 1  # ticks are frames
            rest = [p for _, p in first]
            size = math.dist([min(p[i] for p in rest) for i in range(3)], [max(p[i] for p in rest) for i in range(3)])
            for frame in sorted({0, 1, n // 3, n // 2, (2 * n) // 3, n - 2, n - 1}):
                want = world_positions(scene, frame)
                for name, got in dump(program, path, frame):
                    if name not in want:
                        print(f"{path}: assimp has no node {name}")
                        return 1
                    error = math.dist(got, want[name])
                    worst = max(worst, error / size)
                    if error > RELATIVE_TOLERANCE * size:
                        print(f"{path} frame {frame}: {name} at {got}, assimp has {want[name]} (off by {error:.6g}, "
                              f"tolerance {RELATIVE_TOLERANCE * size:.6g})")
                        return 1
            print(f"{os.path.basename(path)}: {len(first)} joints, {n} frames in assimp, as the program's")
    print(f"worst error against assimp: {worst:.3g} of the skeleton's size")
    return 0


if __name__ == "__main__":
    sys.exit(main())
