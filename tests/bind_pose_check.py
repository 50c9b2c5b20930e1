#!/usr/bin/env python3
"""ch05_inverse_bind's bind pose against Python's own reading of the file.

The program rebuilds the bind pose from the inverse bind matrices
(chapters/05_inverse_bind/bind_pose.h) and prints, when its window opens,

    bind pose: X m from the rest pose at most (joint N: NAME)

This script works the same out from the glTF JSON and buffers alone (its own
reader, double precision, bind_check.py's helpers): with every node at its
stored transform (world), each skin's mesh placed by its joint 0,

    placement = world[joints[0]] * ibm[0]
    bind[j]   = placement * inverse(ibm[k])       (the first skin of a joint wins)

and X = the largest distance between bind[j] and world[j] over the joints
whose inverse bind matrix is invertible. X must agree within 1e-5 + 1e-4 * X
and, above 1 mm (below, float rounding picks the joint), NAME be one of the
joints at that distance.

    bind_pose_check.py PROGRAM MODEL_OR_FOLDER [--arms-down]
    bind_pose_check.py --arms-down IN OUT.gltf      write the broken copy only

--arms-down checks a copy of the humanoid whose rest pose has both upper arms
turned 50 degrees down (an A-pose rest over the T-pose bind; the inverse bind
matrices as they were): each hand is then 2 * 0.54 * sin(25 deg) = 0.456 m
from where it was bound.
"""
import base64
import json
import math
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)
from bind_check import load, read_accessor, mat_mul, scene_matrices, inverse, invertible_affine  # noqa: E402


def arms_down(src, dst):
    """The copy described above: upper arms turned about their own Z."""
    doc, buffers = load(src)
    for i, b in enumerate(doc["buffers"]):
        b["uri"] = "data:application/octet-stream;base64," + base64.b64encode(buffers[i]).decode()
    half = math.radians(50.0) / 2
    for node in doc["nodes"]:
        sign = {"left_upper_arm": -1.0, "right_upper_arm": 1.0}.get(node.get("name"))
        if sign is None:
            continue
        if "rotation" in node or "matrix" in node:
            raise SystemExit("bind_pose_check.py: --arms-down expects upper arms without a rotation")
        node["rotation"] = [0.0, 0.0, sign * math.sin(half), math.cos(half)]
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(doc, f)


def expected(path):
    """(largest distance, names of the joints at it)."""
    doc, buffers = load(path)
    world = scene_matrices(doc)
    bind = {}
    for s in reversed(doc.get("skins", [])):  # the first skin wins
        if "inverseBindMatrices" in s:
            ibm = [[float(v) for v in e] for e in read_accessor(doc, buffers, s["inverseBindMatrices"])]
        else:
            ibm = [[1.0 if c == r else 0.0 for c in range(4) for r in range(4)] for _ in s["joints"]]
        placement = mat_mul(world[s["joints"][0]], ibm[0])
        for k, j in enumerate(s["joints"]):
            if invertible_affine(ibm[k]):
                bind[j] = mat_mul(placement, inverse(ibm[k]))
    distance = {j: math.dist(m[12:15], world[j][12:15]) for j, m in bind.items()}
    largest = max(distance.values(), default=0.0)
    names = {doc["nodes"][j].get("name", "") for j, d in distance.items() if d >= largest - 1e-6}
    return largest, names


def check(program, model, break_arms):
    with tempfile.TemporaryDirectory() as tmp:
        if break_arms:
            broken = os.path.join(tmp, "arms_down.gltf")
            arms_down(model, broken)
            model = broken
        largest, names = expected(model)
        run = subprocess.run([program, "--model", model, "--headless", "--frames", "1", "--size", "64x64"],
                             capture_output=True, text=True)
    if run.returncode != 0:
        print("FAIL: %s exited %d:\n%s" % (program, run.returncode, run.stderr), file=sys.stderr)
        return 1
    found = re.search(r"^bind pose: (\S+) m from the rest pose at most \(joint \d+: (.*)\)$", run.stdout, re.M)
    if not found:
        print("FAIL: no 'bind pose:' line in:\n%s" % run.stdout, file=sys.stderr)
        return 1
    got, name = float(found.group(1)), found.group(2)
    print("%s: expected %.6g m (%s), got %.6g m (%s)" % (os.path.basename(model), largest,
                                                        " or ".join(sorted(names)), got, name))
    if abs(got - largest) > 1e-5 + 1e-4 * largest:
        print("FAIL: the distance differs", file=sys.stderr)
        return 1
    if largest > 1e-3 and name not in names:
        print("FAIL: the farthest joint differs", file=sys.stderr)
        return 1
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == "--arms-down":
        arms_down(argv[2], argv[3])
        return 0
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    program, target = argv[1], shared_path(argv[2])
    if os.path.isdir(target):
        models = [os.path.join(target, f) for f in sorted(os.listdir(target)) if f.endswith(".gltf")]
        models = [m for m in models if load(m)[0].get("skins")]
    elif os.path.exists(target):
        models = [target]
    else:
        print("skipped: %s is absent" % target)
        return 77
    failed = [m for m in models if check(program, m, "--arms-down" in argv) != 0]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
