#!/usr/bin/env python3
"""A joint index outside the skin on a weight of 0: glTF 2.0 says every
JOINTS_n value MUST index the skin's joints, whatever its weight, and the
loader (chapter 03's gltf_validate.c) refuses such a file for every program.

The file is bind_check.py's joint-range copy of a model (vertices 3 and 7 of
the first skinned mesh node's first primitive get a weight of 0 on joint
index joint_count, the first index past the skin). PROGRAM --model COPY
ARG ... must exit 1, print nothing on stdout and exactly one line on stderr:

    error: COPY: meshes[M].primitives[0].attributes.JOINTS_0: vertex 3 uses joint C (weight 0),
           but skins[S] (on nodes[N]) has C joints ...

M, S, N and C read here from the copy's JSON.

    joint_outside_skin_check.py MODEL PROGRAM [ARG ...]
"""
import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bind_check import break_copy  # noqa: E402


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    model, program, args = argv[1], argv[2], argv[3:]
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "joint_outside_skin.gltf")
        break_copy("joint-range", model, copy)
        with open(copy, encoding="utf-8") as f:
            doc = json.load(f)
        n, node = next((i, nd) for i, nd in enumerate(doc["nodes"]) if "mesh" in nd and "skin" in nd)
        count = len(doc["skins"][node["skin"]]["joints"])
        want = ("error: %s: meshes[%d].primitives[0].attributes.JOINTS_0: vertex 3 uses joint %d (weight 0), "
                "but skins[%d] (on nodes[%d]) has %d joints" % (copy, node["mesh"], count, node["skin"], n, count))
        run = subprocess.run([program, "--model", copy, *args], capture_output=True, text=True, timeout=120)
    lines = run.stderr.splitlines()
    ok = run.returncode == 1 and run.stdout == "" and len(lines) == 1 and lines[0].startswith(want)
    print("%s %s: exit %d, stdout %r, stderr %r" % ("ok  " if ok else "FAIL", " ".join(args), run.returncode,
                                                     run.stdout[:200], run.stderr.strip()))
    if not ok:
        print("     expected exit 1, nothing on stdout and one line starting %r" % want)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
