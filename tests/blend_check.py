#!/usr/bin/env python3
"""ch09_crossfade's command-line blends against blends computed here.

The clips are sampled by chapter 08's independent reader (animation_check.py:
the JSON and buffers read here, 64-bit maths); this script then blends the
two poses node by node in local TRS itself (lerp of translation and scale,
slerp the shortest way of rotation; a mask of JOINT and its descendants
found from the nodes' `children`; an additive clip as its difference from
its first frame: t - t0, conjugate(q0) q, s / s0, added as t + w dt,
q slerp(identity, dq, w), s (1 + w (ds - 1))) and compares every node's
scene-space matrix with the program's --dump-pose (chapter 04's comparison):

    blend_check.py PROGRAM blend MODEL      --blend at W = 0, 1 and between, times past the end
    blend_check.py PROGRAM mask MODEL       --blend with --mask JOINT for several joints
    blend_check.py PROGRAM additive MODEL   --additive at several weights
    blend_check.py PROGRAM obj MODEL        --dump-obj of a blend, skinned by skinning_check.py's reader
    blend_check.py PROGRAM errors MODEL     bad input: one error line, exit 1 (2 for usage errors)
"""
import math
import os
import struct
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import skinning_check  # noqa: E402  (chapter 06's independent skinning, for --dump-obj)
from animation_check import clip_duration, one_clip_file, posed_document, run, slerp  # noqa: E402  (chapter 08's)
from bind_check import load, scene_matrices  # noqa: E402
from skeleton_dump_pose import dump_problems  # noqa: E402  (chapter 04's comparison of a --dump-pose)


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def clip_index(doc, name):
    return next(i for i, a in enumerate(doc["animations"]) if a.get("name") == name)


def clip_time(doc, buffers, index, t):
    """--time T as the program reads it: a float, modulo the clip's duration."""
    d = clip_duration(doc, buffers, doc["animations"][index])
    return math.fmod(math.fmod(f32(t), d) + d, d) if d > 0 else 0.0


def trs(node):
    return (list(node.get("translation", [0, 0, 0])), list(node.get("rotation", [0, 0, 0, 1])),
            list(node.get("scale", [1, 1, 1])))


def qmul(p, q):
    (px, py, pz, pw), (qx, qy, qz, qw) = p, q
    return [pw * qx + qw * px + py * qz - pz * qy, pw * qy + qw * py + pz * qx - px * qz,
            pw * qz + qw * pz + px * qy - py * qx, pw * qw - px * qx - py * qy - pz * qz]


def with_nodes(doc, nodes):
    out = dict(doc)
    out["nodes"] = nodes
    return out


def blended(doc, a, b, weights):
    """Node n: blend of a's and b's TRS with b's weight weights[n]."""
    nodes = []
    for n, (na, nb) in enumerate(zip(a["nodes"], b["nodes"])):
        w = weights[n]
        node = dict(na)
        if "matrix" in na or w <= 0:
            nodes.append(node)  # a matrix is never animated: the same in both
            continue
        (ta, qa, sa), (tb, qb, sb) = trs(na), trs(nb)
        if w >= 1:
            node["translation"], node["rotation"], node["scale"] = tb, qb, sb
        else:
            node["translation"] = [x + w * (y - x) for x, y in zip(ta, tb)]
            node["scale"] = [x + w * (y - x) for x, y in zip(sa, sb)]
            node["rotation"] = slerp(qa, qb, w)
        nodes.append(node)
    return with_nodes(doc, nodes)


def added(doc, base, first, pose, w):
    nodes = []
    for nb, n0, n1 in zip(base["nodes"], first["nodes"], pose["nodes"]):
        node = dict(nb)
        if "matrix" in nb:
            nodes.append(node)
            continue
        (tb, qb, sb), (t0, q0, s0), (t1, q1, s1) = trs(nb), trs(n0), trs(n1)
        dq = qmul([-q0[0], -q0[1], -q0[2], q0[3]], q1)
        node["translation"] = [b + w * (y - x) for b, x, y in zip(tb, t0, t1)]
        node["rotation"] = qmul(qb, slerp([0, 0, 0, 1], dq, w))
        node["scale"] = [b * (1 + w * (y / x - 1)) for b, x, y in zip(sb, s0, s1)]
        nodes.append(node)
    return with_nodes(doc, nodes)


def subtree(doc, name):
    root = next(i for i, n in enumerate(doc["nodes"]) if n.get("name") == name)
    inside, todo = set(), [root]
    while todo:
        n = todo.pop()
        inside.add(n)
        todo += doc["nodes"][n].get("children", [])
    return inside


def compare(program, path, args, want):
    status, out, err = run(program, "--model", path, *args, "--dump-pose", "-")
    if status != 0:
        return ["%s: exit %d: %s" % (" ".join(args), status, err)]
    return ["%s: %s" % (" ".join(args), p) for p in dump_problems(out, want)]


# (A, T, B, T2, W): W = 0 and 1 (the inputs), between, and times past the end (modulo).
BLENDS = [("idle", 1.0, "wave", 0.5, 0.0), ("idle", 1.0, "wave", 0.5, 1.0), ("idle", 1.0, "wave", 0.5, 0.5),
          ("idle", 2.7, "wave", 1.3, 0.25), ("wave", 0.8, "idle", 3.1, 0.9), ("idle", 5.5, "wave", 2.75, 0.6)]


def check_blend(program, path):
    doc, buffers = load(path)
    problems = []
    for a_name, t, b_name, t2, w in BLENDS:
        a, b = clip_index(doc, a_name), clip_index(doc, b_name)
        pa = posed_document(doc, buffers, a, clip_time(doc, buffers, a, t))
        pb = posed_document(doc, buffers, b, clip_time(doc, buffers, b, t2))
        want = blended(doc, pa, pb, [f32(w)] * len(doc["nodes"]))
        args = ["--clip", a_name, "--time", repr(t), "--blend", b_name, "--blend-time", repr(t2), "--weight", repr(w)]
        problems += compare(program, path, args, want)
    return problems


def check_mask(program, path):
    doc, buffers = load(path)
    problems = []
    for joint, w in [("spine_2", 1.0), ("left_upper_arm", 0.7), ("hips", 0.5), ("right_hand", 1.0)]:
        a, b = clip_index(doc, "idle"), clip_index(doc, "wave")
        pa = posed_document(doc, buffers, a, clip_time(doc, buffers, a, 1.5))
        pb = posed_document(doc, buffers, b, clip_time(doc, buffers, b, 0.75))
        inside = subtree(doc, joint)
        want = blended(doc, pa, pb, [f32(w) if n in inside else 0.0 for n in range(len(doc["nodes"]))])
        args = ["--clip", "idle", "--time", "1.5", "--blend", "wave", "--blend-time", "0.75", "--weight", repr(w),
                "--mask", joint]
        problems += compare(program, path, args, want)
    return problems


def check_additive(program, path):
    doc, buffers = load(path)
    problems = []
    for base_name, t, add_name, t2, w in [("idle", 1.5, "wave", 0.75, 1.0), ("idle", 0.5, "wave", 1.25, 0.5),
                                          ("wave", 0.4, "idle", 2.0, 0.3), ("idle", 1.0, "wave", 0.0, 1.0)]:
        a, b = clip_index(doc, base_name), clip_index(doc, add_name)
        base = posed_document(doc, buffers, a, clip_time(doc, buffers, a, t))
        first = posed_document(doc, buffers, b, 0.0)
        pose = posed_document(doc, buffers, b, clip_time(doc, buffers, b, t2))
        want = added(doc, base, first, pose, f32(w))
        args = ["--clip", base_name, "--time", repr(t), "--additive", add_name, "--blend-time", repr(t2), "--weight",
                repr(w)]
        problems += compare(program, path, args, want)
    return problems


def check_obj(program, path):
    doc, buffers = load(path)
    a, b = clip_index(doc, "idle"), clip_index(doc, "wave")
    pa = posed_document(doc, buffers, a, clip_time(doc, buffers, a, 1.5))
    pb = posed_document(doc, buffers, b, clip_time(doc, buffers, b, 0.75))
    world = scene_matrices(blended(doc, pa, pb, [0.4] * len(doc["nodes"])))
    rest = skinning_check.scene_matrices
    skinning_check.scene_matrices = lambda _doc: world  # chapter 06's reader, at this pose
    try:
        with tempfile.TemporaryDirectory() as tmp:
            wrapper = os.path.join(tmp, "run.sh")  # check_dump runs --dump-obj FILE on the model
            with open(wrapper, "w") as f:
                f.write('#!/bin/sh\nexec "%s" --clip idle --time 1.5 --blend wave --blend-time 0.75 --weight 0.4 "$@"\n'
                        % program)
            os.chmod(wrapper, 0o755)
            return skinning_check.check_dump(wrapper, path)
    finally:
        skinning_check.scene_matrices = rest


def check_errors(program, path):
    problems = []
    pose = ["--dump-pose", "-"]
    cases = [  # (arguments, exit status, the one stderr line)
        (["--clip", "run", "--blend", "wave"] + pose, 1,
         "error: %s: --clip: no clip is called 'run' (--list-clips lists them)" % path),
        (["--blend", "jump"] + pose, 1, "error: %s: --blend: no clip is called 'jump' (--list-clips lists them)" % path),
        (["--additive", "9"] + pose, 1, "error: %s: --additive: 9 is out of range (5 clips)" % path),
        (["--blend", "wave", "--mask", "tail"] + pose, 1, "error: %s: --mask: no joint is called 'tail'" % path),
        (["--blend", "wave", "--weight", "1.5"] + pose, 1, "error: %s: --weight: 1.5 is not within 0 .. 1" % path),
        (["--blend", "wave", "--weight", "-0.1"] + pose, 1, "error: %s: --weight: -0.1 is not within 0 .. 1" % path),
        (["--additive", "wave", "--weight", "half"] + pose, 1, "error: %s: --weight: 'half' is not a number" % path),
        (["--fade", "-0.5", "--check-fade"], 1, "error: --fade: -0.5 is not a number of seconds >= 0"),
        (["--blend", "wave", "--additive", "idle"] + pose, 2, "error: --blend and --additive cannot be used together"),
        (["--mask", "spine_2"] + pose, 2, "error: --mask needs --blend"),
        (["--blend", "wave"], 2, "error: --blend needs --dump-pose or --dump-obj"),
        (["--weight", "0.5"] + pose, 2, "error: --weight needs --blend or --additive"),
        (["--check-fade"] + pose, 2, "error: --dump-pose and --check-fade cannot be used together"),
    ]
    for args, want_status, want_err in cases:
        status, out, err = run(program, "--model", path, *args)
        lines = err.split("\n")  # an exercise stub's note may come first
        if status != want_status or out or lines[-1] != want_err or \
                any(not line.startswith("note: ") for line in lines[:-1]):
            problems.append("%s: exit %d, stdout %r, stderr %r; expected exit %d and %r"
                            % (" ".join(args), status, out[:60], err, want_status, want_err))
    # A file that cannot be read is named once (the loader names it; the
    # program does not put it in front a second time).
    missing = path + ".missing"
    status, out, err = run(program, "--model", missing, "--blend", "wave", *pose)
    want_err = "error: %s: cannot open: No such file or directory" % missing
    if status != 1 or err.split("\n")[-1] != want_err:
        problems.append("missing file: exit %d, stderr %r; expected exit 1 and %r" % (status, err, want_err))
    # Files that fail part of the way: JSON cut short (the loader fails) and a
    # clip that cannot be built (the loader has read the file, the clips fail):
    # one line each, and everything built so far freed (the sanitizer build
    # runs this test with LeakSanitizer).
    with tempfile.TemporaryDirectory() as tmp:
        cut = os.path.join(tmp, "cut.gltf")
        with open(cut, "w") as f:
            f.write('{"asset": {"version": "2.0"}, "nodes": [')
        integer = one_clip_file(tmp, [0, 1], struct.pack("<6b", 0, 0, 0, 10, 20, 30), count=2, component_type=5120)
        for bad, args, part in [
                (cut, ["--check-fade"], ": JSON byte 40: unexpected end of input"),
                (integer, ["--check-fade"], ": animations[0].samplers[0].output: accessors[1]: componentType 5120 "
                                            "is not allowed for a translation (float only)"),
                (integer, ["--clip", "0", "--blend", "0"] + pose, ": animations[0].samplers[0].output")]:
            status, out, err = run(program, "--model", bad, *args)
            lines = [line for line in err.split("\n") if not line.startswith("note: ")]
            if status != 1 or out or len(lines) != 1 or not lines[0].startswith("error: " + bad + part):
                problems.append("%s %s: exit %d, stderr %r; expected exit 1 and one line 'error: %s%s...'"
                                % (os.path.basename(bad), " ".join(args), status, err, bad, part))
    return problems


def main(argv):
    program, mode, path = argv[1], argv[2], argv[3]
    check = {"blend": check_blend, "mask": check_mask, "additive": check_additive, "obj": check_obj,
             "errors": check_errors}[mode]
    problems = check(program, path)
    for p in problems[:20]:
        print("FAIL %s" % p)
    print("%s %s: %s" % (mode, path, "ok" if not problems else "%d problems" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
