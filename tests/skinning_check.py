#!/usr/bin/env python3
"""ch06_cpu_skinning's --dump-obj and --check-bind against Python alone.

--dump-obj: the skinned mesh in the rest pose is worked out here from the
glTF JSON and its buffers (the reader of tests/bind_check.py: Python's json,
struct and base64, double precision), with the skinning written again from
the glTF spec, then compared with the program's OBJ:

    o node_N_primitive_P     the same objects in the same order (every shown
                             node with a mesh, node order, then primitive order)
    v x y z                  the same count; each within 1e-5 of the model's
                             size (the program works in float)
    f a b c                  the same, exactly

Skinning here: skin_matrix[k] = world(joint k) * inverse_bind[k]; per vertex
the influences of every JOINTS_n / WEIGHTS_n set, a negative weight or one on
a joint outside the skin counted as none, the four largest kept (the earlier
of equal weights first), divided by their sum; no weight at all: the skin's
joint with the fewest ancestors, weight 1; then sum of w * skin_matrix * p.
A node without a skin: world(node) * p. Every primitive is written in the
order of its accessors, with or without NORMAL (the loader unwelds one
without NORMAL for its flat normals, but the dump is the file's vertices).

--check-bind: chapter 05's four lines are checked by bind_check.compare();
the fifth, max_skin_identity_error, must be below 1e-6 of the model's size
(0 in exact maths: every joint at its bind pose leaves every vertex in place).

    skinning_check.py dump PROGRAM MODEL_OR_FOLDER [--break KIND]
    skinning_check.py check-bind PROGRAM MODEL_OR_FOLDER
    skinning_check.py --break KIND IN OUT.gltf

KIND: zero-weights (every fifth vertex's weights set to 0: the program warns
with their count and binds them to the root), six-influences (JOINTS_1 /
WEIGHTS_1 added to every skinned primitive, six or more influences per
vertex, of which the four largest are kept; and the joints turned away from
the bind pose, so that the weights change where vertices go), two-skins
(chapter 05's copy with a second skin of one joint more and a second mesh
on it, JOINTS_0 shifted by one, joints turned as for six-influences: each
mesh must be skinned with its own skin's matrices and joint count).
A folder means every .gltf in it (but those with sparse accessors, which
the reader does not read); exit 77 (skipped) when it is absent.
"""
import base64
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bind_check  # noqa: E402  (the independent reader of chapter 05's test)
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)
from bind_check import load, mat_mul, read_accessor, scene_matrices  # noqa: E402

UNITS = {5121: 255.0, 5123: 65535.0}


def floats(doc, buffers, index):
    """An accessor as floats, normalized integers mapped to 0..1."""
    a = doc["accessors"][index]
    rows = read_accessor(doc, buffers, index)
    if a.get("normalized") and a["componentType"] in UNITS:
        return [[v / UNITS[a["componentType"]] for v in r] for r in rows]
    return [[float(v) for v in r] for r in rows]


def shown_nodes(doc):
    """Nodes below the roots of the scene shown (`scene`, else scene 0, else every root)."""
    nodes = doc.get("nodes", [])
    scenes = doc.get("scenes", [])
    if scenes:
        roots = scenes[doc.get("scene", 0)]["nodes"]
    else:
        children = {c for n in nodes for c in n.get("children", [])}
        roots = [i for i in range(len(nodes)) if i not in children]
    shown = [False] * len(nodes)
    stack = list(roots)
    while stack:
        i = stack.pop()
        shown[i] = True
        stack.extend(nodes[i].get("children", []))
    return shown


def apply(m, p):
    return [m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r] for r in range(3)]


def depth_of(doc, node):
    parent = {c: i for i, n in enumerate(doc["nodes"]) for c in n.get("children", [])}
    d = 0
    while node in parent:
        node, d = parent[node], d + 1
    return d


def morph_weights(doc, n):
    """Node n's morph target weights: node.weights, else mesh.weights, else none
    (zeros). animation_check.py puts a clip's in their place."""
    node = doc["nodes"][n]
    return node.get("weights") or doc["meshes"][node["mesh"]].get("weights") or []


def expected_obj(path):
    """([(name, vertices, faces)], model size, vertices with no weight)."""
    doc, buffers = load(path)
    world = scene_matrices(doc)
    shown = shown_nodes(doc)
    skins = doc.get("skins", [])
    skin_matrices = []
    roots = []
    for s in skins:
        if "inverseBindMatrices" in s:
            ibm = floats(doc, buffers, s["inverseBindMatrices"])
        else:
            ibm = [[1.0 if c == r else 0.0 for c in range(4) for r in range(4)] for _ in s["joints"]]
        skin_matrices.append([mat_mul(world[j], ibm[k]) for k, j in enumerate(s["joints"])])
        depths = [depth_of(doc, j) for j in s["joints"]]
        roots.append(depths.index(min(depths)))
    objects, zero = [], 0
    lo, hi = [math.inf] * 3, [-math.inf] * 3
    for n, node in enumerate(doc.get("nodes", [])):
        if "mesh" not in node or not shown[n]:
            continue
        for p, prim in enumerate(doc["meshes"][node["mesh"]]["primitives"]):
            mode = prim.get("mode", 4)
            if mode < 4:
                continue
            if mode != 4:
                raise SystemExit("skinning_check.py: %s: strips and fans are not read here" % path)
            attrs = prim["attributes"]
            positions = floats(doc, buffers, attrs["POSITION"])
            count = len(positions)
            # Morph targets first, before the skin (glTF 2.0, 3.7.2.2).
            for target, w in zip(prim.get("targets", []), morph_weights(doc, n)):
                if w and "POSITION" in target:
                    deltas = floats(doc, buffers, target["POSITION"])
                    positions = [[p + w * d for p, d in zip(pv, dv)] for pv, dv in zip(positions, deltas)]
            if "indices" in prim:
                corners = [r[0] for r in read_accessor(doc, buffers, prim["indices"])]
            else:
                corners = list(range(count))
            sets = []
            k = 0
            while "JOINTS_%d" % k in attrs and "WEIGHTS_%d" % k in attrs:
                sets.append((read_accessor(doc, buffers, attrs["JOINTS_%d" % k]),
                             floats(doc, buffers, attrs["WEIGHTS_%d" % k])))
                k += 1
            skinned = "skin" in node and sets
            vertices = []
            for v in range(count):
                if not skinned:
                    vertices.append(apply(world[n], positions[v]))
                    continue
                skin = node["skin"]
                count_joints = len(skins[skin]["joints"])
                influences = []
                for joints, weights in sets:
                    for j, w in zip(joints[v], weights[v]):
                        good = w > 0 and j < count_joints  # NaN > 0 is False
                        influences.append((j, w if good else 0.0))
                kept = sorted(influences, key=lambda jw: -jw[1])[:4]  # stable: earlier first on ties
                total = sum(w for _, w in kept)
                if total == 0:
                    kept, total = [(roots[skin], 1.0)], 1.0
                    zero += 1
                out = [0.0, 0.0, 0.0]
                for j, w in kept:
                    q = apply(skin_matrices[skin][j], positions[v])
                    out = [o + w / total * c for o, c in zip(out, q)]
                vertices.append(out)
            for v in vertices:
                lo = [min(a, b) for a, b in zip(lo, v)]
                hi = [max(a, b) for a, b in zip(hi, v)]
            faces = [tuple(c + 1 for c in corners[3 * t:3 * t + 3]) for t in range(len(corners) // 3)]
            objects.append(("node_%d_primitive_%d" % (n, p), vertices, faces))
    size = math.dist(lo, hi) if lo[0] <= hi[0] else 1.0
    return objects, size, zero


def parse_obj(text):
    objects = []
    for line in text.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "o":
            objects.append((f[1], [], []))
        elif f[0] == "v":
            objects[-1][1].append([float(x) for x in f[1:4]])
        elif f[0] == "f":
            objects[-1][2].append(tuple(int(x) for x in f[1:4]))
        else:
            raise ValueError("unexpected line %r" % line)
    return objects


def check_dump(program, path):
    want, size, zero = expected_obj(path)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.obj")
        run = subprocess.run([program, "--model", path, "--dump-obj", out], capture_output=True, text=True,
                             timeout=300)
        if run.returncode != 0:
            return ["exit status %d: %s" % (run.returncode, run.stderr.strip())]
        with open(out) as f:
            got = parse_obj(f.read())
    problems = []
    if [o[0] for o in got] != [o[0] for o in want]:
        return ["objects %s, expected %s" % ([o[0] for o in got], [o[0] for o in want]),
                "stderr: %r" % run.stderr.strip()]
    worst = 0.0
    for (name, gv, gf), (_, wv, wf) in zip(got, want):
        if len(gv) != len(wv):
            problems.append("%s: %d vertices, expected %d" % (name, len(gv), len(wv)))
            continue
        for i, (g, w) in enumerate(zip(gv, wv)):
            d = math.dist(g, w)
            worst = max(worst, d)
            if not d <= 1e-5 * size:
                problems.append("%s: v %d (line of vertex %d): %s, expected %s" % (name, i + 1, i, g, w))
                break
        if gf != wf:
            problems.append("%s: faces differ (first: %s, expected %s)" % (name, gf[:1], wf[:1]))
    if zero and ("warning:" not in run.stderr or " %d vertices have all-zero weights" % zero not in run.stderr):
        problems.append("no warning counting %d vertices with all-zero weights: %r" % (zero, run.stderr))
    if not zero and "all-zero" in run.stderr:
        problems.append("a warning about zero weights, but there are none: %r" % run.stderr)
    print("%s: %d objects, %d vertices, largest difference %.3g (model size %.3g)%s"
          % (path, len(want), sum(len(o[1]) for o in want), worst, size, ", %d zero-weight" % zero if zero else ""))
    return (problems + ["stderr: %r" % run.stderr.strip()]) if problems else []


def check_bind(program, path):
    """Chapter 05's lines through bind_check.compare(), which reads four
    lines: the fifth is taken off the program's output first, and checked here."""
    fifth = []
    real_run = subprocess.run

    def run_keeping_four(*args, **kwargs):
        result = real_run(*args, **kwargs)
        lines = result.stdout.splitlines()
        fifth.append((lines[4:], result.returncode, result.stderr))
        result.stdout = "".join(line + "\n" for line in lines[:4])
        return result

    bind_check.subprocess.run = run_keeping_four
    try:
        problems = bind_check.compare(program, path)
    finally:
        bind_check.subprocess.run = real_run
    if not fifth:
        return problems
    rest, status, stderr = fifth[0]
    _, size, _ = expected_obj(path)
    own = []  # bind_check.compare() quotes stderr with its own problems
    if len(rest) != 1 or not rest[0].startswith("max_skin_identity_error: "):
        own.append("the fifth line is not 'max_skin_identity_error: X': %r" % rest)
    else:
        value = float(rest[0].split(":", 1)[1])
        if not value <= 1e-6 * size:
            own.append("max_skin_identity_error: %g, expected 0 (below 1e-6 of the size %g)" % (value, size))
        print("%s: max_skin_identity_error %s (size %.3g), exit %d" % (path, rest[0].split(": ")[1], size, status))
    if own and not problems:
        own.append("stderr: %r" % stderr.strip())
    return problems + own


def quat_mul(a, b):
    """The quaternion product a * b (x, y, z, w), as the rotation b then a."""
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz]


def replace_u16_accessor(doc, rows):
    """A new VEC4 accessor of unsigned shorts (joint indices) in a new data: URI buffer."""
    blob = b"".join(struct.pack("<4H", *r) for r in rows)
    doc["buffers"].append({"byteLength": len(blob),
                           "uri": "data:application/octet-stream;base64," + base64.b64encode(blob).decode()})
    doc["bufferViews"].append({"buffer": len(doc["buffers"]) - 1, "byteLength": len(blob)})
    doc["accessors"].append({"bufferView": len(doc["bufferViews"]) - 1, "componentType": 5123,
                             "count": len(rows), "type": "VEC4"})
    return len(doc["accessors"]) - 1


def turn_joints(doc):
    """In the bind pose every skin matrix is the same, and any weights
    summing to 1 give the same vertex: turn every joint but each skin's
    first by 20 degrees about its own z axis, so that the weights matter."""
    half = math.radians(20) / 2
    turn = (0.0, 0.0, math.sin(half), math.cos(half))
    turned = set()
    for skin in doc.get("skins", []):
        for j in skin["joints"][1:]:
            node = doc["nodes"][j]
            if "matrix" not in node and j not in turned:
                turned.add(j)
                node["rotation"] = quat_mul(node.get("rotation", [0, 0, 0, 1]), turn)


def break_copy(kind, src, dst):
    doc, buffers = load(src)
    # Every buffer as a data: URI, so that the copy stands alone.
    for b, data in zip(doc["buffers"], buffers):
        b["uri"] = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
    if kind == "zero-weights":
        for mesh in doc["meshes"]:
            for prim in mesh["primitives"]:
                attrs = prim["attributes"]
                if "WEIGHTS_0" not in attrs:
                    continue
                rows = floats(doc, buffers, attrs["WEIGHTS_0"])
                rows = [[0.0] * 4 if i % 5 == 0 else r for i, r in enumerate(rows)]
                attrs["WEIGHTS_0"] = bind_check.replace_accessor(doc, buffers, attrs["WEIGHTS_0"], rows)
    elif kind == "six-influences":
        for node in doc["nodes"]:
            if "skin" not in node or "mesh" not in node:
                continue
            joint_count = len(doc["skins"][node["skin"]]["joints"])
            for prim in doc["meshes"][node["mesh"]]["primitives"]:
                attrs = prim["attributes"]
                if "WEIGHTS_0" not in attrs or "JOINTS_1" in attrs:
                    continue
                w0 = floats(doc, buffers, attrs["WEIGHTS_0"])
                j0 = read_accessor(doc, buffers, attrs["JOINTS_0"])
                # Set 1 on the same and the next joints, so that two small
                # influences are dropped and the four largest mix both sets.
                j1 = [[r[0], (r[0] + 1) % joint_count, (r[0] + 2) % joint_count, r[1]] for r in j0]
                w1 = [[0.5 * r[0], 0.3 if i % 3 else 0.05, 0.02, 0.01] for i, r in enumerate(w0)]
                attrs["JOINTS_1"] = replace_u16_accessor(doc, j1)
                attrs["WEIGHTS_1"] = bind_check.replace_accessor(doc, buffers, attrs["WEIGHTS_0"], w1)
        turn_joints(doc)
    elif kind == "two-skins":
        # chapter 05's copy with a second skin of one joint more and a second
        # mesh on it (bind_check.py --break two-skins), turned so that which
        # skin's matrices a mesh uses matters.
        with tempfile.TemporaryDirectory() as scratch:
            bind_check.break_copy("two-skins", src, os.path.join(scratch, "two.gltf"))
            doc, buffers = load(os.path.join(scratch, "two.gltf"))
        turn_joints(doc)
    else:
        raise SystemExit("skinning_check.py: unknown --break kind %r" % kind)
    with open(dst, "w") as f:
        json.dump(doc, f)


def models(target):
    if os.path.isdir(target):
        return sorted(os.path.join(target, f) for f in os.listdir(target) if f.endswith(".gltf"))
    return [target]


def main(argv):
    if len(argv) == 5 and argv[1] == "--break":
        break_copy(argv[2], argv[3], argv[4])
        return 0
    mode, program, target = argv[1], argv[2], shared_path(argv[3])
    kind = argv[argv.index("--break") + 1] if "--break" in argv else None
    if not os.path.exists(target):
        print("skipped: %s is absent" % target)
        return 77
    failures = 0
    for path in models(target):
        with tempfile.TemporaryDirectory() as tmp:
            if kind:
                copy = os.path.join(tmp, "broken.gltf")
                break_copy(kind, path, copy)
                path = copy
            try:
                if mode == "dump":
                    problems = check_dump(program, path)
                else:
                    problems = check_bind(program, path)
            except SystemExit as e:  # the reader's limit, not the program's
                if os.path.isdir(target) and "sparse" in str(e):
                    print("note: %s: not read here (%s)" % (path, e))
                    continue
                raise
        for p in problems:
            print("FAIL %s: %s" % (path, p))
        failures += bool(problems)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
