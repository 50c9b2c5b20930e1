#!/usr/bin/env python3
"""The OBJ conformance check of chapter 02.

For every .obj in ../shared/conformance/obj/ (or $SA_SHARED_DIR/conformance/obj),
runs `ch02_obj_loader --model FILE --check` and compares its six counts with
the counts of an independent reader written here in Python: a second,
deliberately simple implementation (split lines and tokens, a Python set for
the unique triples), sharing no code with the C loader.

    obj_conformance.py PROGRAM [SHARED_DIR]

Exit 0 when every file matches, 1 on a mismatch, 77 (skipped) when the
folder does not exist (a student's clone has no shared/).
"""
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)


def logical_lines(path):
    text = open(path, "rb").read().decode("latin-1")
    lines, pending = [], ""
    for raw in text.split("\n"):
        line = raw[:-1] if raw.endswith("\r") else raw
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    if pending:
        lines.append(pending)
    return lines


def count_obj(path):
    counts = {"v": 0, "vt": 0, "vn": 0}
    triples, triangles, libraries = set(), 0, []
    for line in logical_lines(path):
        words = line.split()
        if not words:
            continue
        key = words[0]
        if key in counts:
            counts[key] += 1
        elif key == "f":
            for corner in words[1:]:
                parts = (corner.split("/") + ["", ""])[:3]
                resolved = []
                for part, name in zip(parts, ("v", "vt", "vn")):
                    if part == "":
                        resolved.append(0)
                        continue
                    i = int(part)
                    resolved.append(counts[name] + 1 + i if i < 0 else i)
                triples.add(tuple(resolved))
            triangles += len(words) - 3
        elif key == "mtllib":
            libraries += words[1:]
    materials, seen = 0, set()
    folder = os.path.dirname(path)
    for name in libraries:
        mtl = os.path.join(folder, name)
        if mtl in seen or not os.path.exists(mtl):
            continue
        seen.add(mtl)
        materials += sum(1 for l in logical_lines(mtl) if l.split()[:1] == ["newmtl"])
    return {
        "positions": counts["v"],
        "texcoords": counts["vt"],
        "normals": counts["vn"],
        "vertices": len(triples),
        "triangles": triangles,
        "materials": materials,
    }


def main():
    program = sys.argv[1]
    shared = shared_path(sys.argv[2]) if len(sys.argv) > 2 else os.environ.get("SA_SHARED_DIR", "")
    folder = os.path.join(shared, "conformance", "obj")
    if not os.path.isdir(folder):
        print(f"skipped: {folder} does not exist")
        return 77
    failures = 0
    files = sorted(f for f in os.listdir(folder) if f.endswith(".obj"))
    for name in files:
        path = os.path.join(folder, name)
        expected = count_obj(path)
        run = subprocess.run([program, "--model", path, "--check"], capture_output=True, text=True)
        got = {}
        for line in run.stdout.splitlines():
            key, _, value = line.partition(": ")
            got[key] = int(value) if value.isdigit() else value
        if run.returncode != 0 or got != expected:
            failures += 1
            print(f"MISMATCH {name}: exit {run.returncode}\n  expected {expected}\n  got      {got}\n{run.stderr}")
        else:
            print(f"ok {name}: {expected}")
    print(f"{len(files) - failures} of {len(files)} files match the independent reader")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
