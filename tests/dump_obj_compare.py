#!/usr/bin/env python3
"""ch07_gpu_skinning --dump-obj (the vertex shader's positions, read back with
transform feedback) against ch06_cpu_skinning --dump-obj (the CPU's) on the
same models, so the GPU's result is checked by chapter 06's format and tools:

    dump_obj_compare.py [--mesh-weights W,W,...] CH06 CH07 MODEL_OR_FOLDER...

Every line must be the same ('o' and 'f' lines exactly, as many 'v' lines in
the same order), and every vertex within 1e-4 of the diagonal of the box
around the model's vertices. A folder stands for its .gltf/.glb files that
have skins; a folder that does not exist is skipped (exit 77), as the
Khronos models in ../shared may be absent ($SA_SHARED_DIR, when set, stands
for ../shared: tests/shared_dir.py). On a failure the programs' stderr is
shown too (an exercise stub names itself there). --mesh-weights: both
programs read a variant of each model whose meshes with morph targets have
these mesh.weights (tests/threejs_check.py's write_variant), so that the
morph shows where the file's weights are 0."""
import json
import math
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)


def has_skin(path):
    if path.endswith(".glb"):
        with open(path, "rb") as f:
            data = f.read()
        length = int.from_bytes(data[12:16], "little")
        doc = json.loads(data[20:20 + length])
    else:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    return bool(doc.get("skins"))


def models(args):
    out = []
    for a in args:
        if os.path.isdir(a):
            out += [os.path.join(a, n) for n in sorted(os.listdir(a))
                    if n.endswith((".gltf", ".glb")) and has_skin(os.path.join(a, n))]
        elif os.path.exists(a):
            out.append(a)
    return out


def dump(program, model, where, notes):
    """The lines program writes with --dump-obj; its stderr, when it has
    one, goes to notes (printed on a failure: an exercise stub names itself
    there)."""
    r = subprocess.run([program, "--model", model, "--dump-obj", where], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: {os.path.basename(program)} --model {model} --dump-obj: exit {r.returncode}: {r.stderr}")
    if r.stderr.strip():
        notes.append(f"  {os.path.basename(program)} stderr: {r.stderr.strip()!r}")
    with open(where, encoding="utf-8") as f:
        return f.read().splitlines()


def compare(model, cpu, gpu):
    """None when the GPU's lines (gpu) are the CPU's (cpu) by the rule above,
    otherwise the failure's line; prints the figures of a match. The web
    book's test (tests/web/web_check.py) judges the browser's dumps by it too."""
    if len(cpu) != len(gpu):
        return f"FAIL: {model}: {len(gpu)} lines from the GPU, {len(cpu)} from the CPU"
    vs = [[float(x) for x in line.split()[1:]] for line in cpu if line.startswith("v ")]
    lo = [min(v[i] for v in vs) for i in range(3)] if vs else [0, 0, 0]
    hi = [max(v[i] for v in vs) for i in range(3)] if vs else [0, 0, 0]
    diagonal = math.dist(lo, hi)
    worst = 0.0
    for number, (c, g) in enumerate(zip(cpu, gpu), 1):
        if c.startswith("v ") and g.startswith("v "):
            d = math.dist([float(x) for x in c.split()[1:]], [float(x) for x in g.split()[1:]])
            worst = max(worst, d)
        elif c != g:
            return f"FAIL: {model}: line {number}: GPU '{g}', CPU '{c}'"
    print(f"{model}: {len(vs)} vertices, max |gpu - cpu| = {worst:.3g} (diagonal {diagonal:.4g})")
    if not worst <= 1e-4 * diagonal:
        return f"FAIL: {model}: the GPU's vertices are {worst:.3g} from the CPU's, above 1e-4 of {diagonal:.4g}"
    return None


def fail(message, notes):
    print("\n".join([message] + notes))
    return 1


def main(argv):
    mesh_weights = None
    if len(argv) > 2 and argv[1] == "--mesh-weights":
        mesh_weights, argv = argv[2], argv[:1] + argv[3:]
    ch06, ch07, rest = argv[1], argv[2], [shared_path(a) for a in argv[3:]]
    if not any(os.path.exists(a) for a in rest):
        print("skipped: none of", rest, "exists")
        return 77
    checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for model in models(rest):
            if mesh_weights:
                from threejs_check import write_variant  # noqa: E402
                model = write_variant(model, {"interpolation": None, "channels": "weights",
                                              "mesh_weights": mesh_weights, "node_weights": None}, tmp)
            notes = []
            cpu = dump(ch06, model, os.path.join(tmp, "cpu.obj"), notes)
            gpu = dump(ch07, model, os.path.join(tmp, "gpu.obj"), notes)
            why = compare(model, cpu, gpu)
            if why:
                return fail(why, notes)
            checked += 1
    if checked == 0:
        print("FAIL: no skinned model found in", rest)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
