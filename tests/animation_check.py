#!/usr/bin/env python3
"""ch08_keyframes against clips evaluated here, independently.

This script reads the glTF JSON and buffers itself (bind_check.load), samples
every channel of a clip with its own maths in 64-bit floats (STEP; LINEAR,
with slerp the shortest way for rotations; CUBICSPLINE, the spec's Hermite
with the tangents scaled by the key interval; the first value before the
first key, the last after the last; rotation keys normalized), puts the
sampled translation / rotation / scale over each target node's stored TRS,
and compares:

    animation_check.py PROGRAM pose MODEL_OR_FOLDER    --dump-pose of every clip at chosen times
                                                       (a folder: every animated .gltf in it;
                                                       exit 77 when it is absent)
    animation_check.py PROGRAM obj MODEL_OR_FOLDER     --dump-obj of every skinned clip at one time,
                                                       skinned by skinning_check.py's reader
    animation_check.py PROGRAM list MODEL_OR_FOLDER    --list-clips: index name duration channels
    animation_check.py PROGRAM compress MODEL          --compress-report: the format, bytes_float counted
                                                       here, the error within 1 mm
    animation_check.py PROGRAM events MODEL            --events of every clip: each of the clip's
                                                       extras.events crossed once over a loop
    animation_check.py PROGRAM synthetic               --dump-pose and --list-clips of a file made
                                                       here (STEP, CUBICSPLINE, normalized integers ...)
    animation_check.py PROGRAM errors                  bad input: one error line, exit 1

The times: 0, inside the clip, exactly on a key, between two keys, past the
end and below 0 (the program takes --time modulo the clip's duration, the
largest key time of the clip's samplers).
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
import skinning_check  # noqa: E402  (chapter 06's independent skinning, for --dump-obj)
from bind_check import load, read_accessor, scene_matrices  # noqa: E402
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)
from skeleton_dump_pose import dump_problems  # noqa: E402  (chapter 04's comparison of a --dump-pose)

# Normalized integers (the spec's rules): unsigned c / max, signed max(c / max, -1).
NORMALIZED = {5120: 127.0, 5121: 255.0, 5122: 32767.0, 5123: 65535.0}


def values(doc, buffers, index):
    a = doc["accessors"][index]
    rows = read_accessor(doc, buffers, index)
    if a.get("normalized") and a["componentType"] in NORMALIZED:
        m = NORMALIZED[a["componentType"]]
        return [[max(v / m, -1.0) for v in r] for r in rows]
    return [[float(v) for v in r] for r in rows]


def unit(q):
    n = math.sqrt(sum(c * c for c in q))
    return [c / n for c in q]


def slerp(a, b, u):
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:  # the shortest way: -b is the same rotation
        b, d = [-c for c in b], -d
    if d > 0.9995:
        return unit([x + u * (y - x) for x, y in zip(a, b)])
    angle = math.acos(min(d, 1.0))
    s = math.sin(angle)
    wa, wb = math.sin((1 - u) * angle) / s, math.sin(u * angle) / s
    return unit([wa * x + wb * y for x, y in zip(a, b)])


def sample(times, out, mode, rotation, t):
    """The value of one sampler at time t."""
    n = len(times)
    cubic = mode == "CUBICSPLINE"
    value = (lambda k: out[3 * k + 1]) if cubic else (lambda k: out[k])
    if rotation:
        fix = unit
    else:
        def fix(v):
            return v
    if n == 1 or t <= times[0]:
        return fix(value(0))
    if t >= times[-1]:
        return fix(value(n - 1))
    k = max(i for i in range(n - 1) if times[i] <= t)
    t0, t1 = times[k], times[k + 1]
    u, h = (t - t0) / (t1 - t0), t1 - t0
    if mode == "STEP":
        return fix(value(k))
    if mode == "LINEAR":
        a, b = fix(value(k)), fix(value(k + 1))
        return slerp(a, b, u) if rotation else [x + u * (y - x) for x, y in zip(a, b)]
    # Hermite (glTF 2.0 appendix C): v_k, out-tangent b_k, in-tangent a_k+1, v_k+1.
    v0, b0, a1, v1 = fix(value(k)), out[3 * k + 2], out[3 * (k + 1)], fix(value(k + 1))
    u2, u3 = u * u, u * u * u
    p = [(2 * u3 - 3 * u2 + 1) * v0[i] + (u3 - 2 * u2 + u) * h * b0[i] + (-2 * u3 + 3 * u2) * v1[i]
         + (u3 - u2) * h * a1[i] for i in range(len(v0))]
    return unit(p) if rotation else p


def clip_duration(doc, buffers, anim):
    return max((max(r[0] for r in values(doc, buffers, s["input"])) for s in anim["samplers"]), default=0.0)


def posed_document(doc, buffers, index, t):
    """A copy of doc whose nodes carry clip `index`'s TRS at clip time t."""
    anim = doc["animations"][index]
    nodes = [dict(n) for n in doc.get("nodes", [])]
    for ch in anim["channels"]:
        target = ch["target"]
        path = target["path"]
        if "node" not in target:
            continue
        s = anim["samplers"][ch["sampler"]]
        times = [r[0] for r in values(doc, buffers, s["input"])]
        if path == "weights":  # one weight per target a key (3 for CUBICSPLINE), into node.weights
            mode = s.get("interpolation", "LINEAR")
            flat = [r[0] for r in values(doc, buffers, s["output"])]
            n = len(flat) // (len(times) * (3 if mode == "CUBICSPLINE" else 1))
            nodes[target["node"]]["weights"] = sample(times, [flat[i:i + n] for i in range(0, len(flat), n)], mode,
                                                      False, t)
            continue
        v = sample(times, values(doc, buffers, s["output"]), s.get("interpolation", "LINEAR"), path == "rotation", t)
        nodes[target["node"]][path] = v
    if any("matrix" in nodes[ch["target"]["node"]] for ch in anim["channels"] if "node" in ch["target"]):
        raise SystemExit("animation_check.py: an animated node with a matrix (the spec forbids it)")
    posed = dict(doc)
    posed["nodes"] = nodes
    return posed


def chosen_times(doc, buffers, index):
    """(the --time argument, the clip time it means)."""
    anim = doc["animations"][index]
    d = clip_duration(doc, buffers, anim)
    keys = sorted({r[0] for s in anim["samplers"] for r in values(doc, buffers, s["input"])})
    inner = [k for k in keys if 0 < k < d]
    picks = [0.0, 0.37 * d, 0.81 * d]
    if inner:
        on_key = inner[len(inner) // 2]
        picks.append(on_key)  # exactly on a key (a float32 value, exact in --time's float)
        later = [k for k in keys if k > on_key]
        if later:
            picks.append((on_key + later[0]) / 2)  # between two keys
    out = [(repr(t), t) for t in picks]
    if d > 0:
        out.append((repr(1.5 * d), math.fmod(struct.unpack("f", struct.pack("f", 1.5 * d))[0], d)))  # past the end
        out.append((repr(-0.25 * d), d + math.fmod(struct.unpack("f", struct.pack("f", -0.25 * d))[0], d)))
    return out


def run(program, *args):
    r = subprocess.run([program, *args], capture_output=True, timeout=120)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace").strip()


def check_pose(program, path):
    doc, buffers = load(path)
    problems = []
    for index in range(len(doc.get("animations", []))):
        for arg, t in chosen_times(doc, buffers, index):
            status, out, err = run(program, "--model", path, "--clip", str(index), "--time", arg, "--dump-pose", "-")
            if status != 0:
                problems.append("clip %d --time %s: exit %d: %s" % (index, arg, status, err))
                continue
            for p in dump_problems(out, posed_document(doc, buffers, index, t)):
                problems.append("clip %d --time %s (clip time %.9g): %s" % (index, arg, t, p))
    return problems


def check_obj(program, path):
    doc, buffers = load(path)
    problems = []
    for index in range(len(doc.get("animations", []))):
        d = clip_duration(doc, buffers, doc["animations"][index])
        t = 0.37 * d
        posed = posed_document(doc, buffers, index, t)
        world = scene_matrices(posed)
        rest, rest_weights = skinning_check.scene_matrices, skinning_check.morph_weights
        skinning_check.scene_matrices = lambda _doc: world  # chapter 06's reader, at this pose
        skinning_check.morph_weights = lambda _doc, n: rest_weights(posed, n)  # and these weights
        try:
            with tempfile.TemporaryDirectory() as tmp:
                # check_dump runs --dump-obj FILE on the model: the pose comes from --clip and --time
                wrapper = os.path.join(tmp, "run.sh")
                with open(wrapper, "w") as f:
                    f.write('#!/bin/sh\nexec "%s" --clip %d --time %r "$@"\n' % (program, index, t))
                os.chmod(wrapper, 0o755)
                problems += ["clip %d --time %r: %s" % (index, t, p) for p in skinning_check.check_dump(wrapper, path)]
        finally:
            skinning_check.scene_matrices, skinning_check.morph_weights = rest, rest_weights
    return problems


def check_list(program, path):
    doc, buffers = load(path)
    status, out, err = run(program, "--model", path, "--list-clips")
    if status != 0:
        return ["exit %d: %s" % (status, err)]
    want = []
    for i, a in enumerate(doc.get("animations", [])):
        name = "".join("_" if ord(c) <= 0x20 or c == "\x7f" else c for c in a.get("name") or "-")
        want.append((str(i), name, clip_duration(doc, buffers, a), str(len(a["channels"]))))
    if not want:  # no animation: no line, and stderr says so
        said = "%s has no animation: no clips to list" % path
        return [] if out == "" and err == said else ["stdout %r, stderr %r; expected nothing and %r" % (out, err, said)]
    lines = out.split("\n")
    if lines[-1] != "" or len(lines) - 1 != len(want):
        return ["%r: expected %d lines ending in a newline" % (out, len(want))]
    problems = []
    for line, (i, name, d, channels) in zip(lines, want):
        f = line.split(" ")
        if len(f) != 4 or f[0] != i or f[1] != name or f[3] != channels or abs(float(f[2]) - d) > 1e-6 * max(1, d):
            problems.append("%r, expected %s %s %.9g %s" % (line, i, name, d, channels))
    return problems + ["stderr: %r" % err] if problems and err else problems


def check_compress(program, path):
    """--compress-report: one line per clip in the issue's format, bytes_float
    counted here (each channel's key times and values as floats), the ratio
    as printed, and the error within 1 mm (the goal) for this tolerance;
    then the same with --resample 60, where every channel has a key at each
    1/60 s and one at the clip's end (the largest key time of its samplers)."""
    return check_compress_at(program, path, None) + check_compress_at(program, path, 60)


def check_compress_at(program, path, rate):
    doc, buffers = load(path)
    extra = ("--resample", str(rate)) if rate else ()
    status, out, err = run(program, "--model", path, "--compress-report", "--tolerance", "0.0005", *extra)
    if status != 0:
        return ["exit %d: %s" % (status, err)]
    lines = out.split("\n")
    anims = doc.get("animations", [])
    if lines[-1] != "" or len(lines) - 1 != len(anims):
        return ["%r: expected %d lines ending in a newline" % (out, len(anims))]
    problems = []
    for line, a in zip(lines, anims):
        f = line.split(" ")
        floats = 0
        duration = max([doc["accessors"][s["input"]]["max"][0] for s in a["samplers"]] + [0])
        for ch in a["channels"]:
            if "node" not in ch["target"] or ch["target"]["path"] == "weights":
                continue
            s = a["samplers"][ch["sampler"]]
            keys = doc["accessors"][s["input"]]["count"]
            per_key = 3 if s.get("interpolation") == "CUBICSPLINE" else 1
            if rate:
                keys, per_key = (math.ceil(duration * rate - 1e-3) + 1 if duration > 0 else 1), 1
            floats += keys * (1 + per_key * (4 if ch["target"]["path"] == "rotation" else 3))
        if len(f) != 10 or [f[i] for i in (0, 2, 4, 6, 8)] != ["clip", "bytes_float", "bytes_compressed", "ratio",
                                                                 "max_vertex_error"]:
            problems.append("%r: not 'clip NAME bytes_float N bytes_compressed M ratio R max_vertex_error E'" % line)
            continue
        name = "".join("_" if ord(c) <= 0x20 or c == "\x7f" else c for c in a.get("name") or "-")
        if f[1] != name or int(f[3]) != 4 * floats:
            problems.append("%r: expected the name %r and bytes_float %d" % (line, name, 4 * floats))
        # a clip with no joint track (the humanoid's face clips: weights only) has no bytes: ratio 0
        ratio = int(f[3]) / int(f[5]) if int(f[5]) else 0.0
        if abs(float(f[7]) - ratio) > 0.01 or not 0 <= float(f[9]) <= 1e-3:
            problems.append("%r: the ratio is not N / M, or the error is not within 1 mm (--resample %s)" % (line, rate))
    return problems


def check_events(program, path):
    """--clip I --events: over a loop (and one frame) from time 0, each event
    of animations[I].extras.events once: those after 0 in time order, then
    those at 0, crossed at the loop's end. A file whose clips have no event
    fails: this check is for the files that have them."""
    doc, _ = load(path)
    problems, seen = [], 0
    for i, a in enumerate(doc.get("animations", [])):
        events = (a.get("extras") or {}).get("events", [])
        seen += len(events)
        later = sorted((e for e in events if e["time"] > 0), key=lambda e: e["time"])
        expected = [(e["name"], e["time"]) for e in later + [e for e in events if e["time"] == 0]]
        status, out, err = run(program, "--model", path, "--clip", str(i), "--events")
        if status != 0:
            problems.append("clip %d: exit %d: %s" % (i, status, err))
            continue
        got = []
        for line in out.splitlines():
            f = line.split(" ")
            if len(f) != 6 or f[0] != "event" or f[2] != "time" or f[4] != "frame":
                problems.append("clip %d: %r: not 'event NAME time T frame F'" % (i, line))
                continue
            got.append((f[1], float(f[3])))
        if len(got) != len(expected) or any(g[0] != e[0] or abs(g[1] - e[1]) > 1e-5 for g, e in zip(got, expected)):
            problems.append("clip %d: events %r, expected %r" % (i, got, expected))
    return problems + ([] if seen else ["no animation has extras.events"])


def animated(path):
    doc, _ = load(path)
    return bool(doc.get("animations"))


# --- a file made here: what the sample models do not have ----------------------

def quat(axis, degrees):
    h = math.radians(degrees) / 2
    n = math.sqrt(sum(c * c for c in axis))
    return [c / n * math.sin(h) for c in axis] + [math.cos(h)]


def synthetic_file(tmp):
    """STEP, CUBICSPLINE with non-zero tangents (rotation and translation),
    rotations as normalized shorts with a pair of opposite signs (170 and
    190 degrees, the second stored negated), a single-key track, channels
    ending at different times, a channel without a target node, and a second
    clip with normalized byte rotations."""
    chunks, accessors, views = [], [], []

    def add(rows, fmt="f", component_type=5126, type_="VEC3", normalized=False):
        data = b"".join(struct.pack("<%d%s" % (len(r), fmt), *r) for r in rows)
        offset = sum(len(c) for c in chunks)
        chunks.append(data + b"\0" * (-len(data) % 4))
        views.append({"buffer": 0, "byteOffset": offset, "byteLength": len(data)})
        accessors.append({"bufferView": len(views) - 1, "componentType": component_type, "normalized": normalized,
                          "count": len(rows), "type": type_})
        return len(accessors) - 1

    def times(*t):
        return add([[v] for v in t], type_="SCALAR")

    def shorts(qs):
        return add([[round(c * 32767) for c in q] for q in qs], "h", 5122, "VEC4", True)

    samplers = [
        {"input": times(0, 0.5, 1.25), "output": add([[0, 1, 0], [0.5, 1, 0], [1, 2, -1]]), "interpolation": "STEP"},
        {"input": times(0, 1, 2), "interpolation": "CUBICSPLINE", "output": add(
            [[0, 0, 0, 0], quat([1, 0, 0], 0), [0.3, 0, 0.2, 0],
             [0.1, 0.4, 0, 0], quat([1, 1, 0], 70), [0, -0.5, 0.3, 0.1],
             [0, 0, 0.2, 0], quat([0, 0, 1], 120), [0, 0, 0, 0]], type_="VEC4")},
        {"input": times(0.25, 1.5), "interpolation": "CUBICSPLINE", "output": add(
            [[0, 0, 0], [0, 0.5, 0], [1, 2, 0], [-1, 0, 3], [0.5, 0.5, 0.5], [0, 0, 0]])},
        {"input": times(0, 1, 1.75), "output": shorts(
            [quat([0, 1, 0], 170), [-c for c in quat([0, 1, 0], 190)], quat([0, 1, 1], -40)])},
        {"input": times(0.75), "output": add([[2, 2, 2]])},
    ]
    channels = [{"sampler": 0, "target": {"node": 0, "path": "translation"}},
                {"sampler": 1, "target": {"node": 1, "path": "rotation"}},
                {"sampler": 2, "target": {"node": 2, "path": "translation"}},
                {"sampler": 3, "target": {"node": 3, "path": "rotation"}},
                {"sampler": 4, "target": {"node": 3, "path": "scale"}},
                {"sampler": 0, "target": {"path": "translation"}}]  # no node: ignored
    bytes_rotations = add([[round(c * 127) for c in q] for q in [quat([1, 0, 0], 30), quat([0, 0, 1], -100)]],
                          "b", 5120, "VEC4", True)
    second = {"samplers": [{"input": times(0, 0.6), "output": bytes_rotations}],
              "channels": [{"sampler": 0, "target": {"node": 2, "path": "rotation"}}]}
    data = b"".join(chunks)
    doc = {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0, 3]}],
           "nodes": [{"name": "root", "children": [1], "translation": [0, 1, 0]},
                     {"name": "arm", "children": [2], "rotation": quat([0, 0, 1], 10), "scale": [1, 2, 1]},
                     {"name": "hand", "translation": [0, 1, 0]},
                     {"name": "prop", "translation": [3, 0, 0]}],
           "buffers": [{"uri": "s.bin", "byteLength": len(data)}], "bufferViews": views, "accessors": accessors,
           "animations": [{"name": "made here", "samplers": samplers, "channels": channels}, second]}
    with open(os.path.join(tmp, "s.bin"), "wb") as f:
        f.write(data)
    path = os.path.join(tmp, "synthetic.gltf")
    with open(path, "w") as f:
        json.dump(doc, f)
    return path


# --- bad input ------------------------------------------------------------------

def one_clip_file(tmp, times, output, component_type=5126, normalized=False, type_="VEC3",
                  interpolation="LINEAR", path="translation", count=None, targets=0):
    """A file of one node and one animation of one channel; output is raw bytes.
    targets > 0: the node has a mesh of one triangle with that many morph
    targets (each moving the triangle by its own corners)."""
    data = struct.pack("<%df" % len(times), *times) + output
    data += b"\0" * (-len(data) % 4)
    corners = len(data)
    if targets:
        data += struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
    doc = {
        "asset": {"version": "2.0"}, "nodes": [{"name": "n"}], "scenes": [{"nodes": [0]}],
        "buffers": [{"uri": "a.bin", "byteLength": len(data)}],
        "bufferViews": [{"buffer": 0, "byteLength": 4 * len(times)},
                        {"buffer": 0, "byteOffset": 4 * len(times), "byteLength": len(data) - 4 * len(times)}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": len(times), "type": "SCALAR"},
                      {"bufferView": 1, "componentType": component_type, "normalized": normalized,
                       "count": count, "type": type_}],
        "animations": [{"name": "walk", "samplers": [{"input": 0, "output": 1, "interpolation": interpolation}],
                        "channels": [{"sampler": 0, "target": {"node": 0, "path": path}}]}],
    }
    if targets:
        doc["bufferViews"][1]["byteLength"] = corners - 4 * len(times)
        doc["bufferViews"].append({"buffer": 0, "byteOffset": corners, "byteLength": 36})
        doc["accessors"].append({"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC3",
                                 "min": [0, 0, 0], "max": [1, 1, 0]})
        doc["meshes"] = [{"primitives": [{"attributes": {"POSITION": 2},
                                          "targets": [{"POSITION": 2} for _ in range(targets)]}]}]
        doc["nodes"][0]["mesh"] = 0
    with open(os.path.join(tmp, "a.bin"), "wb") as f:
        f.write(data)
    gltf = os.path.join(tmp, "a.gltf")
    with open(gltf, "w") as f:
        json.dump(doc, f)
    return gltf


def check_errors(program):
    problems = []
    v3 = struct.pack("<9f", 0, 0, 0, 1, 1, 1, 2, 2, 2)
    with tempfile.TemporaryDirectory() as tmp:
        cases = [
            (dict(times=[0, 1, 0.5], output=v3, count=3), "animations[0].samplers[0].input: key 2: time 0.5"),
            (dict(times=[0, 1, 1], output=v3, count=3), "animations[0].samplers[0].input: key 2: time 1"),
            (dict(times=[0, 1], output=v3, count=3), "animations[0].samplers[0].output: accessors[1] has 3 values"),
            (dict(times=[0, 1], output=v3 + v3[:12], count=4, interpolation="CUBICSPLINE"),
             "(CUBICSPLINE needs 3 per key)"),
            (dict(times=[0, 1, 2], output=struct.pack("<9f", 0, 0, 0, float("nan"), 1, 1, 2, 2, 2), count=3),
             "animations[0].samplers[0].output: value 1 is not a finite number"),
            (dict(times=[0, 1], output=v3[:24], count=2, path="rotation"),
             "animations[0].channels[0].target.path: rotation needs VEC4 output"),
            (dict(times=[0, 1], output=struct.pack("<8h", 0, 0, 0, 1, 0, 0, 1, 1), count=2, component_type=5122,
                  type_="VEC4", path="rotation"),
             "animations[0].samplers[0].output: accessors[1]: componentType 5122 is not allowed for a rotation"),
            # translations and scales are floats only (glTF 2.0, 3.11; KHR_mesh_quantization widens mesh
            # attributes, not animation outputs)
            (dict(times=[0, 1], output=struct.pack("<6b", 0, 0, 0, 10, 20, 30), count=2, component_type=5120),
             "animations[0].samplers[0].output: accessors[1]: componentType 5120 is not allowed for a translation "
             "(float only)"),
            # a weights channel: one weight per morph target of the node's mesh per key (3 for CUBICSPLINE),
            # which the loader cannot check (chapter 08 does)
            (dict(times=[0, 1], output=v3[:24], count=6, type_="SCALAR", path="weights", targets=2),
             "animations[0].samplers[0].output: accessors[1] has 6 values for 2 keys, but nodes[0]'s mesh has 2 "
             "morph targets (needs 4)"),
            (dict(times=[0, 1], output=v3[:24], count=6, type_="SCALAR", path="weights", targets=2,
                  interpolation="CUBICSPLINE"),
             "accessors[1] has 6 values for 2 keys, but nodes[0]'s mesh has 2 morph targets (needs 12: 3 per key"),
            (dict(times=[0, 1], output=v3[:8], count=2, type_="SCALAR", path="weights"),
             "animations[0].channels[0].target: nodes[0] has no mesh with morph targets"),
        ]
        # JSON cut short: the loader's error (everything freed: the sanitizer
        # build runs this test with LeakSanitizer)
        cut = os.path.join(tmp, "cut.gltf")
        with open(cut, "w") as f:
            f.write('{"asset": {"version": "2.0"}, "nodes": [')
        status, out, err = run(program, "--model", cut, "--dump-pose", "-")
        want = "error: %s: JSON byte 40: unexpected end of input (expected a value)" % cut
        if status != 1 or out or err.split("\n")[-1] != want:
            problems.append("cut.gltf: exit %d, stdout %r, stderr %r; expected exit 1 and the loader's one line"
                            % (status, out[:80], err))
        for kwargs, part in cases:
            gltf = one_clip_file(tmp, **kwargs)
            status, out, err = run(program, "--model", gltf, "--dump-pose", "-")
            lines = err.split("\n")
            if status != 1 or out or not lines[-1].startswith("error: %s: " % gltf) or part not in lines[-1] or \
                    lines[-1].count(gltf) != 1:
                problems.append("%s: exit %d, stdout %r, stderr %r; expected exit 1 and one line with %r"
                                % (kwargs, status, out[:80], err, part))
        gltf = one_clip_file(tmp, [0, 2], v3[:24], count=2)
        for args, part in [(["--clip", "run"], "--clip: no clip is called 'run'"),
                           (["--clip", "1"], "--clip: 1 is out of range (1 clips)")]:
            status, out, err = run(program, "--model", gltf, *args, "--dump-pose", "-")
            if status != 1 or out or err != "error: %s: %s (--list-clips lists them)" % (gltf, part) and \
                    err != "error: %s: %s" % (gltf, part):
                problems.append("%s: exit %d, stderr %r; expected exit 1 and one line with %r" % (args, status, err,
                                                                                                   part))
        # The clip by name, and --time modulo the duration (2): 2.5 is 0.5, a quarter of the way.
        status, out, err = run(program, "--model", gltf, "--clip", "walk", "--time", "2.5", "--dump-pose", "-")
        if status != 0 or not out.startswith("0 1 0 0 0 0 1 0 0 0 0 1 0 0.25 0.25 0.25 1 n\n"):
            problems.append("--clip walk --time 2.5: exit %d, %r %r" % (status, out, err))
        # --dump-weights of a weights channel, by hand: two targets, keys at 0 and 1 of
        # (0, 1) and (1, 0), at time 0.25: LINEAR 0.25 and 0.75; STEP the first key; CUBICSPLINE with
        # tangents 0, h01(0.25) = -2/64 + 3/16 = 0.15625 of the way.
        zero = struct.pack("<2f", 0, 0)
        for interpolation, output, want in [
                ("LINEAR", struct.pack("<4f", 0, 1, 1, 0), "0 0.25 0.75\n"),
                ("STEP", struct.pack("<4f", 0, 1, 1, 0), "0 0 1\n"),
                ("CUBICSPLINE", zero + struct.pack("<2f", 0, 1) + zero + zero + struct.pack("<2f", 1, 0) + zero,
                 "0 0.15625 0.84375\n")]:
            gltf = one_clip_file(tmp, [0, 1], output, count=len(output) // 4, type_="SCALAR", path="weights",
                                 targets=2, interpolation=interpolation)
            status, out, err = run(program, "--model", gltf, "--time", "0.25", "--dump-weights", "-")
            if status != 0 or out != want:
                problems.append("--dump-weights of a %s weights channel at 0.25: exit %d, %r %r; expected %r"
                                % (interpolation, status, out, err, want))
        # No animation: the rest pose, with one line that says so.
        with open(os.path.join(tmp, "still.gltf"), "w") as f:
            json.dump({"asset": {"version": "2.0"}, "nodes": [{"translation": [1, 2, 3]}]}, f)
        still = os.path.join(tmp, "still.gltf")
        status, out, err = run(program, "--model", still, "--dump-pose", "-")
        if status != 0 or out != "0 1 0 0 0 0 1 0 0 0 0 1 0 1 2 3 1 -\n" or \
                err != "%s has no animation: showing its rest pose" % still:
            problems.append("no animation: exit %d, %r %r" % (status, out, err))
        # --list-clips: no line on stdout (no clip), one on stderr that says why, exit 0 as --dump-pose's
        status, out, err = run(program, "--model", still, "--list-clips")
        if status != 0 or out != "" or err != "%s has no animation: no clips to list" % still:
            problems.append("no animation, --list-clips: exit %d, %r %r" % (status, out, err))
        status, out, err = run(program, "--model", still, "--clip", "0", "--dump-pose", "-")
        if status != 1 or err != "error: %s: --clip: the file has no animation" % still:
            problems.append("no animation, --clip 0: exit %d, %r" % (status, err))
    return problems


def main(argv):
    program, mode = argv[1], argv[2]
    if mode == "synthetic":
        with tempfile.TemporaryDirectory() as tmp:
            path = synthetic_file(tmp)
            problems = check_pose(program, path) + check_list(program, path)
        for p in problems[:20]:
            print("FAIL %s" % p)
        print("synthetic: %d problems" % len(problems))
        return 1 if problems else 0
    if mode == "errors":
        problems = check_errors(program)
        for p in problems:
            print("FAIL %s" % p)
        print("errors: %d problems" % len(problems))
        return 1 if problems else 0
    target = shared_path(argv[3])
    if not os.path.exists(target):
        print("skipped: %s is absent" % target)
        return 77
    paths = sorted(os.path.join(target, f) for f in os.listdir(target) if f.endswith(".gltf")) \
        if os.path.isdir(target) else [target]
    check = {"pose": check_pose, "obj": check_obj, "list": check_list, "compress": check_compress,
             "events": check_events}[mode]
    failures = 0
    for path in paths:
        if mode != "list" and not animated(path):
            continue
        problems = check(program, path)
        for p in problems[:10]:
            print("FAIL %s: %s" % (path, p))
        print("%s: %s" % (path, "ok" if not problems else "%d problems" % len(problems)))
        failures += bool(problems)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
