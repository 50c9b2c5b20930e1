#!/usr/bin/env python3
"""ch05_inverse_bind --check-bind against values worked out by Python alone.

The four lines of --check-bind are computed here from the glTF JSON and its
buffers with Python's own json and base64 modules and double-precision
arithmetic (an independent reader and independent maths), then compared with
the program's output:

    joints: N                 equal
    max_rest_bind_error: X    within 1e-5 + 1e-4 * X (the program works in float)
    max_inverse_error: X      both below 1e-4 (float rounding; 0 in exact maths),
                              or inf when an inverse bind matrix is singular
    weights_bad: N            equal

weights_bad counts the file's vertices (accessor elements, however many
triangles share one) of every skinned mesh node against that node's own
skin that break a rule of RULES; for each rule broken, stderr must have one
error line with the count of such vertices and the first of them (mesh,
primitive, node, vertex), and none for a rule kept (but a joint index
outside the skin, even on a weight of 0, is the loader's to refuse: then
exit 1, no line on stdout and the loader's one error line naming the first
such vertex). Then the program's exit
status with the one this script expects (1 when weights_bad > 0 or an
inverse bind matrix is singular, else 0), and the warning on stderr with
whether max_rest_bind_error is above 1e-4.

    bind_check.py PROGRAM MODEL_OR_FOLDER [--expect-warning | --expect-no-warning]
                  [--expect-exit N] [--break KIND]
    bind_check.py --break KIND IN OUT.gltf        write a broken copy (stale, singular, weights)
    bind_check.py --print MODEL                   print the expected lines

A folder means every skinned .gltf in it; exit 77 (skipped) when it is absent.
--break KIND checks a copy of each model broken on purpose (see break_copy).
"""
import base64
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)

COMPONENT = {5120: ("b", 1), 5121: ("B", 1), 5122: ("h", 2), 5123: ("H", 2), 5125: ("I", 4), 5126: ("f", 4)}
COUNT = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}
UNITS = {5121: 255, 5123: 65535}  # normalized unsigned weights: units of the type
# The rules of a vertex's influences, as the words of check-bind's error line
# ("error: FILE: N vertices with <words> ...; the first: meshes[M].primitives[P]
# (on nodes[N], ...): vertex V: ..."): the book's weight check (sum 1, none
# negative, no non-zero weight on a joint the skin lacks), and the spec's
# MUSTs on the joints (every index in range even with weight 0; at most one
# non-zero weight per joint).
RULES = ("bad weights", "a joint index outside", "two non-zero weights on one joint")
ERROR_LINE = re.compile(r"error: .*: (\d+) vertices with (.*?); the first: meshes\[(\d+)\]\.primitives\[(\d+)\] "
                        r"\(on nodes\[(\d+)\][^)]*\): vertex (\d+):")


def load(path):
    """(json document, list of buffer bytes) of a .gltf (data: URIs or files) or .glb."""
    with open(path, "rb") as f:
        raw = f.read()
    bin_chunk = None
    if raw[:4] == b"glTF":
        json_length = struct.unpack_from("<I", raw, 12)[0]
        doc = json.loads(raw[20:20 + json_length])
        rest = 20 + json_length
        if rest + 8 <= len(raw):
            bin_length = struct.unpack_from("<I", raw, rest)[0]
            bin_chunk = raw[rest + 8:rest + 8 + bin_length]
    else:
        doc = json.loads(raw)
    buffers = []
    for b in doc.get("buffers", []):
        uri = b.get("uri")
        if uri is None:
            buffers.append(bin_chunk)
        elif uri.startswith("data:"):
            buffers.append(base64.b64decode(uri.split(",", 1)[1]))
        else:
            with open(os.path.join(os.path.dirname(path), uri), "rb") as f:
                buffers.append(f.read())
    return doc, buffers


def read_accessor(doc, buffers, index):
    """The accessor's elements as lists of numbers (raw integers, not normalized);
    a sparse accessor's elements replaced at its indices (glTF 2.0, 3.6.2.3),
    over zeros when it has no bufferView."""
    a = doc["accessors"][index]
    fmt, size = COMPONENT[a["componentType"]]
    n = COUNT[a["type"]]
    if a["type"] in ("MAT2", "MAT3") and size < 4:
        raise SystemExit("bind_check.py: padded matrix columns are not read here")
    if "bufferView" in a:
        view = doc["bufferViews"][a["bufferView"]]
        data = buffers[view["buffer"]]
        stride = view.get("byteStride") or n * size
        start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
        rows = [list(struct.unpack_from("<%d%s" % (n, fmt), data, start + i * stride)) for i in range(a["count"])]
    else:
        rows = [[0] * n for _ in range(a["count"])]
    sparse = a.get("sparse")
    if sparse:
        indices, values = sparse["indices"], sparse["values"]
        index_fmt, index_size = COMPONENT[indices["componentType"]]
        index_view, value_view = doc["bufferViews"][indices["bufferView"]], doc["bufferViews"][values["bufferView"]]
        index_start = index_view.get("byteOffset", 0) + indices.get("byteOffset", 0)
        value_start = value_view.get("byteOffset", 0) + values.get("byteOffset", 0)
        for k in range(sparse["count"]):
            i = struct.unpack_from("<" + index_fmt, buffers[index_view["buffer"]], index_start + k * index_size)[0]
            rows[i] = list(struct.unpack_from("<%d%s" % (n, fmt), buffers[value_view["buffer"]],
                                              value_start + k * n * size))
    return rows


def mat_mul(a, b):
    """Column-major 4x4 product a * b (lists of 16)."""
    return [sum(a[k * 4 + r] * b[c * 4 + k] for k in range(4)) for c in range(4) for r in range(4)]


def trs_matrix(node):
    if "matrix" in node:
        return [float(v) for v in node["matrix"]]
    tx, ty, tz = node.get("translation", [0, 0, 0])
    x, y, z, w = node.get("rotation", [0, 0, 0, 1])
    sx, sy, sz = node.get("scale", [1, 1, 1])
    # The rotation matrix of a unit quaternion, columns scaled by S, then T.
    r = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
         2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
         2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)]
    return [r[0] * sx, r[1] * sx, r[2] * sx, 0, r[3] * sy, r[4] * sy, r[5] * sy, 0,
            r[6] * sz, r[7] * sz, r[8] * sz, 0, tx, ty, tz, 1]


def scene_matrices(doc):
    """Every node's scene-space matrix with every node at its stored transform."""
    nodes = doc.get("nodes", [])
    parent = [-1] * len(nodes)
    for i, n in enumerate(nodes):
        for c in n.get("children", []):
            parent[c] = i
    world = [None] * len(nodes)

    def get(i):
        if world[i] is None:
            local = trs_matrix(nodes[i])
            world[i] = local if parent[i] < 0 else mat_mul(get(parent[i]), local)
        return world[i]

    return [get(i) for i in range(len(nodes))]


def inverse(m):
    """General 4x4 inverse by Gauss-Jordan with partial pivoting; None when singular."""
    a = [[m[c * 4 + r] for c in range(4)] + [1.0 if r == k else 0.0 for k in range(4)] for r in range(4)]
    for col in range(4):
        pivot = max(range(col, 4), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(4):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return [a[r][4 + c] for c in range(4) for r in range(4)]


def invertible_affine(m):
    """The contract of affine_inverse() (bind.h): bottom row 0 0 0 1 within
    1e-6, |det A| above 1e-6 times the product of A's column lengths, and
    (bind_inverse_error) every element a finite number."""
    if not all(math.isfinite(v) for v in m):
        return False
    if max(abs(m[3]), abs(m[7]), abs(m[11]), abs(m[15] - 1)) > 1e-6:
        return False
    a, b, c = m[0:3], m[4:7], m[8:11]
    det = (a[0] * (b[1] * c[2] - b[2] * c[1]) - b[0] * (a[1] * c[2] - a[2] * c[1])
           + c[0] * (a[1] * b[2] - a[2] * b[1]))
    norm = lambda v: math.sqrt(sum(x * x for x in v))
    return abs(det) > 1e-6 * norm(a) * norm(b) * norm(c)


def expected(path):
    """(lines of --check-bind as (key, value), exit status, singular, rules:
    {rule: [vertex count, first (mesh, primitive, node, vertex) or None]})."""
    doc, buffers = load(path)
    skins = doc.get("skins", [])
    world = scene_matrices(doc)
    joints = sum(len(s["joints"]) for s in skins)
    rest_error = inverse_error = 0.0
    singular = False
    ibms = []
    for s in skins:
        if "inverseBindMatrices" in s:
            ibm = [[float(v) for v in e] for e in read_accessor(doc, buffers, s["inverseBindMatrices"])]
        else:
            ibm = [[1.0 if c == r else 0.0 for c in range(4) for r in range(4)] for _ in s["joints"]]
        ibms.append(ibm)
        skin_matrices = [mat_mul(world[j], ibm[k]) for k, j in enumerate(s["joints"])]
        for e in range(16):
            values = [m[e] for m in skin_matrices]
            rest_error = max(rest_error, max(values) - min(values))
        for m in ibm:
            if not invertible_affine(m):
                singular = True  # no inverse to multiply back: the error is infinite
                inverse_error = math.inf
                continue
            inv = inverse(m)
            p = mat_mul(m, inv)
            inverse_error = max(inverse_error, max(abs(p[e] - (1.0 if e % 5 == 0 else 0.0)) for e in range(16)))
    # The influences of every file vertex (accessor index) of every skinned
    # mesh node, against that node's own skin, by the spec's rules: per rule
    # the count of vertices and the first (node, mesh, primitive, vertex).
    rules = {rule: [0, None] for rule in RULES}
    bad = 0
    for n, node in enumerate(doc.get("nodes", [])):
        if "mesh" not in node or "skin" not in node:
            continue
        skin_joints = len(skins[node["skin"]]["joints"])
        for p, prim in enumerate(doc["meshes"][node["mesh"]]["primitives"]):
            attrs = prim["attributes"]
            if "WEIGHTS_0" not in attrs or "JOINTS_0" not in attrs or prim.get("mode", 4) < 4:
                continue
            # Every influence set (JOINTS_n / WEIGHTS_n) of a vertex together.
            sets = []
            while "WEIGHTS_%d" % len(sets) in attrs and "JOINTS_%d" % len(sets) in attrs:
                k = len(sets)
                sets.append((doc["accessors"][attrs["WEIGHTS_%d" % k]]["componentType"],
                             read_accessor(doc, buffers, attrs["WEIGHTS_%d" % k]),
                             read_accessor(doc, buffers, attrs["JOINTS_%d" % k])))
            types = set(t for t, _, _ in sets)
            units = UNITS.get(types.pop()) if len(types) == 1 else None  # mixed sets count as floats
            for v in range(len(sets[0][1])):
                ws = [w for _, weights, _ in sets for w in weights[v]]  # as stored
                js = [j for _, _, ids in sets for j in ids[v]]
                if units:
                    ok = abs(sum(ws) - units) <= 4
                else:
                    floats = [w if t == 5126 else w / UNITS[t] for t, weights, _ in sets for w in weights[v]]
                    ok = abs(sum(floats) - 1.0) <= 1e-3 and min(floats) >= 0
                ok = ok and all(j < skin_joints or w == 0 for j, w in zip(js, ws))
                broken = {"bad weights": not ok,
                          "a joint index outside": any(j >= skin_joints for j in js),
                          "two non-zero weights on one joint": any(
                              js.count(j) > 1 and sum(1 for i, w in zip(js, ws) if i == j and w != 0) > 1
                              for j in js)}
                for rule, hit in broken.items():
                    if hit:
                        rules[rule][0] += 1
                        if rules[rule][1] is None:
                            rules[rule][1] = (node["mesh"], p, n, v)
                bad += 1 if any(broken.values()) else 0
    lines = [("joints", joints), ("max_rest_bind_error", rest_error), ("max_inverse_error", inverse_error),
             ("weights_bad", bad)]
    return lines, 1 if singular or bad else 0, singular, rules


def compare(program, path, expect_warning=None, expect_exit=None):
    lines, status, singular, rules = expected(path)
    if expect_exit is not None and expect_exit != status:
        return ["this script expects exit %d for %s, the test says %d" % (status, path, expect_exit)]
    run = subprocess.run([program, "--model", path, "--check-bind"], capture_output=True, text=True, timeout=120)
    problems = []
    outside = rules["a joint index outside"]
    if outside[0]:
        # The loader refuses such a file (the spec's MUST, for every program): exit 1, its one
        # line naming the first such vertex, and no check printed.
        mesh, p, n, v = outside[1]
        want = re.compile(r"error: %s: meshes\[%d\]\.primitives\[%d\]\.attributes\.JOINTS_\d: vertex %d uses joint "
                          r"\d+ \(weight [^)]*\), but skins\[\d+\] \(on nodes\[%d\]\)"
                          % (re.escape(path), mesh, p, v, n))
        lines = run.stderr.splitlines()
        if run.returncode != 1 or run.stdout or len(lines) != 1 or not want.match(lines[0]):
            problems.append("a joint index outside the skin: exit %d, stdout %r, stderr %r; expected exit 1 and the "
                            "loader's one line matching %r" % (run.returncode, run.stdout, run.stderr, want.pattern))
        return problems
    if run.returncode != status:
        problems.append("exit status %d, expected %d" % (run.returncode, status))
    got = run.stdout.splitlines()
    keys = [k for k, _ in lines]
    if [g.split(":")[0] for g in got] != keys:
        problems.append("stdout is not exactly the four lines %s: %r" % (keys, got))
        return problems + ["stderr: %r" % run.stderr.strip()]
    values = {g.split(":")[0]: g.split(":", 1)[1].strip() for g in got}
    for key, want in lines:
        text = values[key]
        if key in ("joints", "weights_bad"):
            if text != str(want):
                problems.append("%s: %s, expected %d" % (key, text, want))
        else:
            try:
                value = float(text)
            except ValueError:
                problems.append("%s: '%s' is not a number" % (key, text))
                continue
            if key == "max_rest_bind_error" and abs(value - want) > 1e-5 + 1e-4 * want:
                problems.append("%s: %s, expected %.6g" % (key, text, want))
            if key == "max_inverse_error" and singular and value != math.inf:
                problems.append("%s: %s, expected inf (a singular matrix)" % (key, text))
            if key == "max_inverse_error" and not singular and not (value < 1e-4 and want < 1e-4):
                problems.append("%s: %s, expected %.3g (both below 1e-4)" % (key, text, want))
    if singular and "is singular" not in run.stderr and "is not affine" not in run.stderr:
        problems.append("no 'error: ... is singular' (or 'is not affine') on stderr")
    # One error line per broken rule, with its count and its first vertex.
    said = {}
    for m in ERROR_LINE.finditer(run.stderr):
        rule = next((r for r in RULES if m.group(2).startswith(r)), m.group(2))
        said[rule] = [int(m.group(1)), (int(m.group(3)), int(m.group(4)), int(m.group(5)), int(m.group(6)))]
    for rule in RULES:
        want = rules[rule] if rules[rule][0] else None
        if said.get(rule) != want:
            problems.append("error line for '%s': %s, expected %s" % (rule, said.get(rule), want))
    warned = "warning:" in run.stderr
    should_warn = lines[1][1] > 1e-4
    if warned != should_warn:
        problems.append("warning on stderr: %s, expected %s (max_rest_bind_error %.3g)" % (warned, should_warn,
                                                                                         lines[1][1]))
    if expect_warning is not None and expect_warning != should_warn:
        problems.append("the test expects %s warning but the file gives max_rest_bind_error %.3g"
                        % ("a" if expect_warning else "no", lines[1][1]))
    if problems:
        problems.append("stdout: %r stderr: %r" % (run.stdout, run.stderr.strip()))
    return problems


def replace_accessor(doc, buffers, index, rows):
    """Points accessors[index] at new float data (rows of numbers) in a new
    data: URI buffer; the old bytes stay where they were, unused."""
    old = doc["accessors"][index]
    blob = b"".join(struct.pack("<%df" % len(r), *r) for r in rows)
    doc["buffers"].append({"byteLength": len(blob),
                           "uri": "data:application/octet-stream;base64," + base64.b64encode(blob).decode()})
    doc["bufferViews"].append({"buffer": len(doc["buffers"]) - 1, "byteLength": len(blob)})
    doc["accessors"].append({"bufferView": len(doc["bufferViews"]) - 1, "componentType": 5126,
                             "count": len(rows), "type": old["type"]})
    return len(doc["accessors"]) - 1


def add_u16_accessor(doc, rows):
    """A new VEC4 accessor of unsigned shorts (joint indices) in a new data: URI buffer."""
    blob = b"".join(struct.pack("<4H", *r) for r in rows)
    doc["buffers"].append({"byteLength": len(blob),
                           "uri": "data:application/octet-stream;base64," + base64.b64encode(blob).decode()})
    doc["bufferViews"].append({"buffer": len(doc["buffers"]) - 1, "byteLength": len(blob)})
    doc["accessors"].append({"bufferView": len(doc["bufferViews"]) - 1, "componentType": 5123,
                             "count": len(rows), "type": "VEC4"})
    return len(doc["accessors"]) - 1


def break_copy(kind, src, dst):
    """A copy of src, broken on purpose (written as .gltf with data: URIs):
      stale     every inverse bind matrix of skins[0] gets an extra
                translation of 0.5 * (k + 1) along x, as stale matrices from
                an earlier version of a rig would (a warning, exit 0)
      singular  skins[0]'s matrix 1 loses its y column (exit 1)
      weights   the first skinned primitive's vertex 0 gets weights summing
                to 0.5 and vertex 1 a negative weight (exit 1)
      centimetres  every node's translation times 100: the skeleton in
                centimetres, the mesh and its inverse binds in metres (a warning)
      z-up-bones   every joint's translation turned from Y up to Z up, the
                inverse binds left as they were (a warning)
      two-sets  every vertex's four influences split into two sets (the
                first two in JOINTS_0 / WEIGHTS_0, the last two in JOINTS_1 /
                WEIGHTS_1): the sum over both sets is still 1, so nothing is bad
      joint-range  vertices 3 and 7 of the first skinned primitive get a
                weight of 0 on joint index joint_count (exit 1: the spec
                wants every index in range, and the loader refuses the file
                with one line naming vertex 3)
      joint-twice  vertex 5 gets weights 0.5 0.5 on one joint (exit 1: the
                spec allows one non-zero weight per joint), vertex 6 weights
                1 0 on one joint (allowed)
      no-normal the first skinned primitive loses NORMAL (the loader unwelds
                it) and its two vertices used by the most triangles get
                weights summing to 0.5: two bad vertices, however many copies
      two-skins a second skin of one joint more and a second mesh node on it
                whose JOINTS_0 are shifted by one (nothing is bad: each mesh
                is checked against its own skin)
      z-up-mesh    the skinned mesh's positions turned from Y up to Z up,
                nothing else: joints and inverse binds still agree, so the
                check passes (no warning) although the mesh lies on its back"""
    doc, buffers = load(src)
    for i, b in enumerate(doc["buffers"]):  # a .glb's BIN chunk becomes a data: URI
        if "uri" not in b:
            b["uri"] = "data:application/octet-stream;base64," + base64.b64encode(buffers[i]).decode()
    skin = doc["skins"][0]
    if kind in ("stale", "singular"):
        ibm = [list(m) for m in read_accessor(doc, buffers, skin["inverseBindMatrices"])]
        if kind == "stale":
            for k, m in enumerate(ibm):
                m[12] += 0.5 * (k + 1)
        else:
            ibm[1][4:8] = [0.0, 0.0, 0.0, 0.0]
        skin["inverseBindMatrices"] = replace_accessor(doc, buffers, skin["inverseBindMatrices"], ibm)
    elif kind == "weights":
        mesh = next(doc["meshes"][n["mesh"]] for n in doc["nodes"] if "mesh" in n and "skin" in n)
        attrs = mesh["primitives"][0]["attributes"]
        if doc["accessors"][attrs["WEIGHTS_0"]]["componentType"] != 5126:
            raise SystemExit("bind_check.py: --break weights expects float weights")
        weights = [list(w) for w in read_accessor(doc, buffers, attrs["WEIGHTS_0"])]
        weights[0] = [0.5, 0.0, 0.0, 0.0]
        weights[1] = [1.25, -0.25, 0.0, 0.0]
        attrs["WEIGHTS_0"] = replace_accessor(doc, buffers, attrs["WEIGHTS_0"], weights)
    elif kind == "two-sets":
        mesh = next(doc["meshes"][n["mesh"]] for n in doc["nodes"] if "mesh" in n and "skin" in n)
        for prim in mesh["primitives"]:
            attrs = prim["attributes"]
            weights = read_accessor(doc, buffers, attrs["WEIGHTS_0"])
            joints = read_accessor(doc, buffers, attrs["JOINTS_0"])
            first = [[w[0], w[1], 0.0, 0.0] for w in weights]
            second = [[w[2], w[3], 0.0, 0.0] for w in weights]
            attrs["WEIGHTS_0"] = replace_accessor(doc, buffers, attrs["WEIGHTS_0"], first)
            attrs["WEIGHTS_1"] = replace_accessor(doc, buffers, attrs["WEIGHTS_0"], second)
            attrs["JOINTS_1"] = add_u16_accessor(doc, [[j[2], j[3], j[2], j[3]] for j in joints])
    elif kind in ("joint-range", "joint-twice"):
        node = next(n for n in doc["nodes"] if "mesh" in n and "skin" in n)
        attrs = doc["meshes"][node["mesh"]]["primitives"][0]["attributes"]
        count = len(doc["skins"][node["skin"]]["joints"])
        weights = [list(w) for w in read_accessor(doc, buffers, attrs["WEIGHTS_0"])]
        joints = [list(j) for j in read_accessor(doc, buffers, attrs["JOINTS_0"])]
        if doc["accessors"][attrs["WEIGHTS_0"]]["componentType"] != 5126:
            raise SystemExit("bind_check.py: --break %s expects float weights" % kind)
        if kind == "joint-range":  # weight 0 on joint count (the first index past the end): vertices 3 and 7
            for v in (3, 7):
                weights[v] = [1.0, 0.0, 0.0, 0.0]
                joints[v] = [joints[v][0], count, 0, 0]
        else:  # one joint twice, both non-zero (vertex 5), and twice with one weight 0 (vertex 6: allowed)
            weights[5] = [0.5, 0.5, 0.0, 0.0]
            joints[5] = [joints[5][0], joints[5][0], 0, 0]
            weights[6] = [1.0, 0.0, 0.0, 0.0]
            joints[6] = [joints[6][0], joints[6][0], 0, 0]
        attrs["WEIGHTS_0"] = replace_accessor(doc, buffers, attrs["WEIGHTS_0"], weights)
        attrs["JOINTS_0"] = add_u16_accessor(doc, joints)
    elif kind == "no-normal":
        # Without NORMAL the loader unwelds the triangles (chapter 03); the
        # bad weights go to the two vertices used by the most triangles.
        node = next(n for n in doc["nodes"] if "mesh" in n and "skin" in n)
        prim = doc["meshes"][node["mesh"]]["primitives"][0]
        attrs = prim["attributes"]
        attrs.pop("NORMAL", None)
        attrs.pop("TANGENT", None)
        uses = {}
        for (i,) in read_accessor(doc, buffers, prim["indices"]):
            uses[i] = uses.get(i, 0) + 1
        shared = sorted(uses, key=lambda i: (-uses[i], i))[:2]
        if uses[shared[1]] < 3:
            raise SystemExit("bind_check.py: --break no-normal wants vertices shared by 3 triangles or more")
        weights = [list(w) for w in read_accessor(doc, buffers, attrs["WEIGHTS_0"])]
        if doc["accessors"][attrs["WEIGHTS_0"]]["componentType"] != 5126:
            raise SystemExit("bind_check.py: --break no-normal expects float weights")
        for v in shared:
            weights[v] = [0.5, 0.0, 0.0, 0.0]
        attrs["WEIGHTS_0"] = replace_accessor(doc, buffers, attrs["WEIGHTS_0"], weights)
    elif kind == "two-skins":
        # A second skin of one more joint (a new node at the first joint,
        # then the first skin's joints) and a second mesh node using it, its
        # JOINTS_0 shifted by one to name the same joints: checked against
        # the first skin's count, those indices would run past its end.
        node = next(n for n in doc["nodes"] if "mesh" in n and "skin" in n)
        first_joint = skin["joints"][0]
        doc["nodes"].append({"name": "extra_joint"})
        extra = len(doc["nodes"]) - 1
        doc["nodes"][first_joint].setdefault("children", []).append(extra)
        ibm = [list(m) for m in read_accessor(doc, buffers, skin["inverseBindMatrices"])]
        doc["skins"].append({"joints": [extra] + list(skin["joints"]),
                             "inverseBindMatrices": replace_accessor(doc, buffers, skin["inverseBindMatrices"],
                                                                     [ibm[0]] + ibm)})
        mesh = json.loads(json.dumps(doc["meshes"][node["mesh"]]))
        for prim in mesh["primitives"]:
            joints = read_accessor(doc, buffers, prim["attributes"]["JOINTS_0"])
            prim["attributes"]["JOINTS_0"] = add_u16_accessor(doc, [[j + 1 for j in r] for r in joints])
            for k in range(1, 8):
                if "JOINTS_%d" % k in prim["attributes"]:
                    raise SystemExit("bind_check.py: --break two-skins reads JOINTS_0 only")
        doc["meshes"].append(mesh)
        copy = {"name": "second_skinned", "mesh": len(doc["meshes"]) - 1, "skin": len(doc["skins"]) - 1}
        doc["nodes"].append(copy)
        doc["scenes"][doc.get("scene", 0)]["nodes"].append(len(doc["nodes"]) - 1)
    elif kind == "centimetres":
        for node in doc["nodes"]:
            if "matrix" in node:
                node["matrix"][12:15] = [100.0 * v for v in node["matrix"][12:15]]
            elif "translation" in node:
                node["translation"] = [100.0 * v for v in node["translation"]]
    elif kind == "z-up-bones":
        for j in skin["joints"]:
            node = doc["nodes"][j]
            if "matrix" in node:
                x, y, z = node["matrix"][12:15]
                node["matrix"][12:15] = [x, -z, y]
            elif "translation" in node:
                x, y, z = node["translation"]
                node["translation"] = [x, -z, y]
    elif kind == "z-up-mesh":
        mesh = next(doc["meshes"][n["mesh"]] for n in doc["nodes"] if "mesh" in n and "skin" in n)
        for prim in mesh["primitives"]:
            index = prim["attributes"]["POSITION"]
            turned = [[x, -z, y] for x, y, z in read_accessor(doc, buffers, index)]
            prim["attributes"]["POSITION"] = replace_accessor(doc, buffers, index, turned)
            new = doc["accessors"][prim["attributes"]["POSITION"]]
            new["min"] = [min(p[i] for p in turned) for i in range(3)]
            new["max"] = [max(p[i] for p in turned) for i in range(3)]
    else:
        raise SystemExit("bind_check.py: --break: unknown kind '%s'" % kind)
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(doc, f)


def main(argv):
    if len(argv) == 5 and argv[1] == "--break":
        break_copy(argv[2], argv[3], argv[4])
        return 0
    if len(argv) == 3 and argv[1] == "--print":
        lines, status, _, rules = expected(argv[2])
        for k, v in lines:
            print("%s: %.9g" % (k, v) if isinstance(v, float) else "%s: %d" % (k, v))
        for rule in RULES:
            if rules[rule][0]:
                print("%d vertices with %s; the first (mesh, primitive, node, vertex): %s" % (rules[rule][0], rule,
                                                                                              rules[rule][1]))
        print("exit %d" % status)
        return 0
    program, target = argv[1], shared_path(argv[2])
    expect_warning = True if "--expect-warning" in argv else False if "--expect-no-warning" in argv else None
    expect_exit = int(argv[argv.index("--expect-exit") + 1]) if "--expect-exit" in argv else None
    kind = argv[argv.index("--break") + 1] if "--break" in argv else None
    if os.path.isdir(target):
        models = []
        for name in sorted(os.listdir(target)):
            if name.endswith(".gltf"):
                with open(os.path.join(target, name), encoding="utf-8") as f:
                    if json.load(f).get("skins"):
                        models.append(os.path.join(target, name))
    elif os.path.exists(target):
        models = [target]
    else:
        print("skipped: %s is absent" % target)
        return 77
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        for path in models:
            if kind:  # the test's own broken copy of the model
                copy = os.path.join(scratch, "%s_%s.gltf" % (os.path.splitext(os.path.basename(path))[0], kind))
                break_copy(kind, path, copy)
                path = copy
            problems = compare(program, path, expect_warning, expect_exit)
            if problems:
                failures += 1
                print("FAIL %s\n  %s" % (path, "\n  ".join(problems)))
            else:
                print("ok   %s" % path)
    print("%d of %d models match" % (len(models) - failures, len(models)))
    return 1 if failures or not models else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
