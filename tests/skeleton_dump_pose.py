#!/usr/bin/env python3
"""ch04_bone_tree --dump-pose against matrices computed here, independently.

For each model, this script reads the glTF JSON itself (the GLB JSON chunk
for .glb files), computes every node's scene-space matrix with its own 4x4
maths (column vectors: world = parent_world * T * R * S, or the node's
`matrix`), and compares the program's output with it: one line per node in
node order, "<node> <16 numbers column-major> <name or ->".

    skeleton_dump_pose.py PROGRAM project ROOT      the project's own models
    skeleton_dump_pose.py PROGRAM khronos SHARED    every model in SHARED/conformance/gltf
                                                    (exit 77, skipped, when it is absent)
    skeleton_dump_pose.py PROGRAM errors            bad input: one error line, exit 1
"""
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)

# The program computes in 32-bit floats, splits `matrix` nodes into TRS and
# multiplies down chains of up to a few dozen nodes; this script uses 64-bit
# floats. The tolerance scales with the size of the numbers in the matrix
# (a model in centimetres has translations in the hundreds).
RELATIVE_TOLERANCE = 2e-5


def identity():
    return [[1.0 if r == c else 0.0 for r in range(4)] for c in range(4)]  # m[column][row]


def multiply(a, b):
    """a * b for column-major m[column][row]."""
    return [[sum(a[k][r] * b[c][k] for k in range(4)) for r in range(4)] for c in range(4)]


def trs_matrix(node):
    """T * R * S of a node's translation, rotation (x, y, z, w) and scale."""
    tx, ty, tz = node.get("translation", [0.0, 0.0, 0.0])
    x, y, z, w = node.get("rotation", [0.0, 0.0, 0.0, 1.0])
    sx, sy, sz = node.get("scale", [1.0, 1.0, 1.0])
    # The rotation matrix of a unit quaternion, column by column.
    r = [[1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
         [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
         [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)]]
    scale = [sx, sy, sz]
    m = [[r[c][row] * scale[c] for row in range(3)] + [0.0] for c in range(3)]
    m.append([tx, ty, tz, 1.0])
    return m


def local_matrix(node):
    if "matrix" in node:
        v = node["matrix"]
        return [[float(v[4 * c + r]) for r in range(4)] for c in range(4)]
    return trs_matrix(node)


def world_matrices(doc):
    nodes = doc.get("nodes", [])
    parent = [-1] * len(nodes)
    for i, n in enumerate(nodes):
        for child in n.get("children", []):
            parent[child] = i
    world = [None] * len(nodes)

    def solve(i):
        # Iterative: climb to the first solved ancestor, then come down.
        chain = []
        while i >= 0 and world[i] is None:
            chain.append(i)
            i = parent[i]
        above = identity() if i < 0 else world[i]
        for j in reversed(chain):
            above = multiply(above, local_matrix(nodes[j]))
            world[j] = above

    for i in range(len(nodes)):
        solve(i)
    return world


def read_json(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"glTF":
        length, kind = struct.unpack_from("<II", data, 12)
        assert kind == 0x4E4F534A, "the first GLB chunk is JSON"
        return json.loads(data[20:20 + length].decode("utf-8"))
    return json.loads(data.decode("utf-8"))


def check_model(program, path):
    """Returns a list of problems (empty: the dump matches), the program's
    stderr first (an exercise stub names itself there)."""
    doc = read_json(path)
    run = subprocess.run([program, "--model", path, "--dump-pose", "-"], capture_output=True, timeout=120)
    stderr = run.stderr.decode("utf-8", "replace").strip()
    if run.returncode != 0:
        return ["exit %d: %s" % (run.returncode, stderr)]
    problems = dump_problems(run.stdout.decode("utf-8"), doc)
    return (["stderr: %r" % stderr] if problems and stderr else []) + problems


def dump_problems(text, doc):
    """What is wrong with the --dump-pose text of doc (empty: nothing)."""
    expected = world_matrices(doc)
    lines = text.split("\n")
    if lines[-1] != "":
        return ["the output does not end with a newline"]
    lines = lines[:-1]
    nodes = doc.get("nodes", [])
    if len(lines) != len(nodes):
        return ["%d lines for %d nodes" % (len(lines), len(nodes))]
    problems = []
    for i, line in enumerate(lines):
        fields = line.split(" ", 17)
        if len(fields) != 18:
            problems.append("line %d: %d fields, not 18: %r" % (i + 1, len(fields), line))
            continue
        # a control character in a name is written as '_' (a newline would split the line)
        name = "".join("_" if ord(c) < 0x20 or c == "\x7f" else c for c in nodes[i].get("name") or "-")
        if fields[0] != str(i) or fields[17] != name:
            problems.append("line %d: starts %r and ends %r, expected %d and %r" % (i + 1, fields[0], fields[17],
                                                                                  i, name))
        got = [float(v) for v in fields[1:17]]
        want = [expected[i][c][r] for c in range(4) for r in range(4)]
        size = max(1.0, max(abs(v) for v in want))
        for k in range(16):
            if not math.isfinite(got[k]) or abs(got[k] - want[k]) > RELATIVE_TOLERANCE * size:
                problems.append("node %d (%s): element %d (column %d, row %d): expected %.9g, got %.9g"
                                % (i, name, k, k // 4, k % 4, want[k], got[k]))
                break
    return problems


# A file made here for what the sample models do not have: nodes listed
# children first, two skins sharing joints and listing them out of order, a
# `matrix` ancestor with a rotation and a scale above the roots, a node with
# no name, a second root with a non-uniform scale, an unskinned child, and
# names with a space, a newline and a tab.
SYNTHETIC = {
    "asset": {"version": "2.0"},
    "nodes": [
        {"name": "hand", "translation": [0.3, 0, 0], "rotation": [0, 0, 0.38268343, 0.92387953]},
        {"name": "forearm", "translation": [0.5, 0, 0], "children": [0, 6],
         "rotation": [0.25881905, 0, 0, 0.96592583]},
        {"name": "upper arm", "translation": [0.2, 1.4, 0.1], "children": [1], "scale": [1, 1, 1]},
        {"name": "Armature", "children": [2, 4],
         "matrix": [0, 0, -0.01, 0, 0, 0.01, 0, 0, 0.01, 0, 0, 0, 1, 2, 3, 1]},
        {"translation": [0, 50, 0], "rotation": [0, 0.70710678, 0, 0.70710678]},
        {"name": "prop root", "translation": [4, 0, 0], "scale": [2, 0.5, 1], "children": [7]},
        {"name": "watch\nstrap\tbuckle", "translation": [0.05, 0, 0]},
        {"name": "prop", "translation": [0, 1, 0], "rotation": [0.5, 0.5, 0.5, 0.5]},
    ],
    "skins": [{"joints": [0, 2, 1]}, {"joints": [4, 0, 7, 5]}],
    "scenes": [{"nodes": [3, 5]}],
}


def check_models(program, paths):
    failures = 0
    for path in paths:
        problems = check_model(program, path)
        print("%s %s" % ("ok  " if not problems else "FAIL", path))
        for p in problems[:10]:
            print("     " + p)
        failures += bool(problems)
    print("%d of %d models match" % (len(paths) - failures, len(paths)))
    return 1 if failures else 0


# Bad input: each file is a small valid document with one thing wrong for a
# skeleton (the loader itself accepts it).
BASE = {"asset": {"version": "2.0"}}
SHEAR = [1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
ERROR_CASES = [
    # (file, document, extra arguments, words the one error line must hold)
    ("sheared_node.gltf", dict(BASE, nodes=[{"children": [1]}, {"matrix": SHEAR}]), ["--dump-pose", "-"],
     "sheared_node.gltf: nodes[1].matrix: cannot be split into translation, rotation and scale"),
    ("projective_node.gltf", dict(BASE, nodes=[{"matrix": [1, 0, 0, 0.5, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]),
     ["--dump-pose", "-"], "projective_node.gltf: nodes[0].matrix: cannot be split"),
    ("zero_scale_node.gltf", dict(BASE, nodes=[{"matrix": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]),
     ["--dump-pose", "-"], "zero_scale_node.gltf: nodes[0].matrix: cannot be split"),
    ("no_skin.gltf", dict(BASE, nodes=[{"name": "lonely"}]), [], "no_skin.gltf: the file has no skin"),
    ("fine.gltf", dict(BASE, nodes=[{"name": "a"}]), ["--dump-pose", "/nonexistent-folder/pose.txt"],
     "/nonexistent-folder/pose.txt: cannot open it for writing: No such file or directory"),
    ("missing.gltf", None, ["--dump-pose", "-"], "missing.gltf"),
] + ([  # a device that refuses every byte: the write, not the open, fails
    ("fine.gltf", dict(BASE, nodes=[{"name": "a"}]), ["--dump-pose", "/dev/full"], "/dev/full: cannot write it"),
] if os.path.exists("/dev/full") else []) + [
    ("skinned.gltf", dict(BASE, nodes=[{"name": "a"}], skins=[{"joints": [0]}]), ["--joint", "b"],
     "has no joint called 'b'"),
    ("skinned.gltf", dict(BASE, nodes=[{"name": "a"}], skins=[{"joints": [0]}]), ["--turn", "w,45"],
     "--turn: expected AXIS,DEGREES"),
]


def check_errors(program):
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, doc, extra, words in ERROR_CASES:
            path = os.path.join(tmp, name)
            if doc is not None:
                with open(path, "w") as f:
                    json.dump(doc, f)
            # No display is needed: every case fails before a window opens.
            env = dict(os.environ, DISPLAY="")
            run = subprocess.run([program, "--model", path] + extra, capture_output=True, text=True, timeout=60,
                                 env=env)
            lines = run.stderr.splitlines()
            ok = (run.returncode == 1 and run.stdout == "" and len(lines) == 1 and lines[0].startswith("error: ")
                  and words in lines[0])
            print("%s %s: exit %d, %r" % ("ok  " if ok else "FAIL", name, run.returncode, run.stderr.strip()))
            if not ok:
                print("     expected exit 1, nothing on stdout and one line 'error: ...%s...'" % words)
                failures += 1
    return 1 if failures else 0


def main():
    program, mode = sys.argv[1], sys.argv[2]
    if mode == "project":
        root = sys.argv[3]
        names = ["humanoid.gltf", "tube.gltf", "tube.glb", "stairs.gltf"]
        with tempfile.TemporaryDirectory() as tmp:
            synthetic = os.path.join(tmp, "two_skins_children_first.gltf")
            with open(synthetic, "w") as f:
                json.dump(SYNTHETIC, f)
            return check_models(program, [os.path.join(root, "assets", "models", n) for n in names] + [synthetic])
    if mode == "khronos":
        folder = os.path.join(shared_path(sys.argv[3]), "conformance", "gltf")
        if not os.path.isdir(folder):
            print("skipped: %s is absent" % folder)
            return 77
        paths = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith((".gltf", ".glb")))
        # The skinned models this chapter is about must be there.
        have = {os.path.basename(p) for p in paths}
        missing = [n for n in ("SimpleSkin.gltf", "RiggedSimple.gltf", "CesiumMan.gltf", "Fox.gltf") if n not in have]
        if missing:
            print("FAIL missing from %s: %s" % (folder, ", ".join(missing)))
            return 1
        return check_models(program, paths)
    if mode == "errors":
        return check_errors(program)
    print("unknown mode %r" % mode)
    return 2


if __name__ == "__main__":
    sys.exit(main())
