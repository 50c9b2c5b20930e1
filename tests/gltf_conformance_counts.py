#!/usr/bin/env python3
"""ch03_gltf_loader --check against counts worked out from the JSON by Python.

For every model in ../shared/conformance/gltf/ the expected lines are computed
here with Python's json module (an independent reader), then compared with
the program's output line by line. Exit 77 (skipped) when the folder is absent.

    gltf_conformance_counts.py PROGRAM SHARED_DIR
"""
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)


def expected_counts(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    accessors = doc.get("accessors", [])
    primitives = vertices = triangles = 0
    for mesh in doc.get("meshes", []):
        for prim in mesh["primitives"]:
            primitives += 1
            n = accessors[prim["attributes"]["POSITION"]]["count"]
            vertices += n
            k = accessors[prim["indices"]]["count"] if "indices" in prim else n
            mode = prim.get("mode", 4)
            if mode == 4:
                triangles += k // 3
            elif mode in (5, 6):
                triangles += max(k - 2, 0)
    return [
        ("meshes", len(doc.get("meshes", []))),
        ("primitives", primitives),
        ("vertices", vertices),
        ("triangles", triangles),
        ("nodes", len(doc.get("nodes", []))),
        ("skins", len(doc.get("skins", []))),
        ("joints", sum(len(s["joints"]) for s in doc.get("skins", []))),
        ("animations", len(doc.get("animations", []))),
        ("channels", sum(len(a["channels"]) for a in doc.get("animations", []))),
        ("materials", len(doc.get("materials", []))),
        ("textures", len(doc.get("textures", []))),
        ("images", len(doc.get("images", []))),
    ]


def main():
    program, shared = sys.argv[1], shared_path(sys.argv[2])
    folder = os.path.join(shared, "conformance", "gltf")
    if not os.path.isdir(folder):
        print("skipped: %s is absent" % folder)
        return 77
    failures = 0
    models = sorted(f for f in os.listdir(folder) if f.endswith(".gltf"))
    for name in models:
        path = os.path.join(folder, name)
        want = ["%s: %d" % kv for kv in expected_counts(path)]
        run = subprocess.run([program, "--model", path, "--check"], capture_output=True, text=True, timeout=120)
        got = run.stdout.splitlines()
        if run.returncode != 0 or got != want:
            failures += 1
            print("FAIL %s (exit %d)\n  expected: %s\n  got:      %s\n  stderr: %s"
                  % (name, run.returncode, want, got, run.stderr.strip()))
        else:
            print("ok   %s: %s" % (name, ", ".join(got)))
    print("%d of %d models match" % (len(models) - failures, len(models)))
    return 1 if failures or not models else 0


if __name__ == "__main__":
    sys.exit(main())
