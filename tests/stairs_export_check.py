#!/usr/bin/env python3
"""ch11_ik's --export and --dump-pose, checked from outside.

    stairs_export_check.py PROGRAM export CH08_PROGRAM   the exported file read here and by chapter 08
    stairs_export_check.py PROGRAM errors                bad input: one error line

The expectations come from the issue (keys every 1/30 s, every skin joint
rotated, the root motion in the hips, the stairs in the file) and from the
exported file itself, posed here in Python at its keys
(skeleton_dump_pose.world_matrices) against the stairs' own triangles read
from the same file; not from the program's numbers. The comparison with
chapter 08 (ch08_keyframes --dump-pose on the file = ch11_ik --dump-pose at
the same key times) checks the baking and the reading back.
"""
import math
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bind_check import load, read_accessor  # noqa: E402
from skeleton_dump_pose import world_matrices  # noqa: E402
from walk_check import error_problems, first_mismatch, node_index, run  # noqa: E402  (chapter 10's checks)

RATE = 30.0
# A planted sole is on its step within this (the issue's --check-ik limit);
# the IK-off export must go under a step by more (the check can fail).
FOOT_ERROR = 0.01


def transform_point(m, p):
    return [sum(m[c][r] * (p[c] if c < 3 else 1.0) for c in range(4)) for r in range(3)]


def inverse_rigid(m):
    """The inverse of a rotation + translation (m[column][row]); the humanoid's rest joints have unit scale."""
    r = [[m[row][c] for row in range(3)] for c in range(3)]  # transposed 3x3, column-major
    t = [-sum(r[c][row] * m[3][c] for c in range(3)) for row in range(3)]
    return [r[0] + [0.0], r[1] + [0.0], r[2] + [0.0], t + [1.0]]


class Stairs:
    """The stairs' upward-facing triangles (normal y > 0.9), in the world."""

    def __init__(self, doc, buffers):
        node = node_index(doc, "stairs")
        world = world_matrices(doc)[node]
        prim = doc["meshes"][doc["nodes"][node]["mesh"]]["primitives"][0]
        pos = [transform_point(world, p) for p in read_accessor(doc, buffers, prim["attributes"]["POSITION"])]
        idx = [i[0] for i in read_accessor(doc, buffers, prim["indices"])]
        self.tops = []
        for k in range(0, len(idx), 3):
            a, b, c = pos[idx[k]], pos[idx[k + 1]], pos[idx[k + 2]]
            u = [b[i] - a[i] for i in range(3)]
            v = [c[i] - a[i] for i in range(3)]
            n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
            if n[1] > 0.9 * math.sqrt(sum(x * x for x in n)):
                self.tops.append((a, b, c))
        self.top = max(p[1] for p in pos)

    def height(self, x, z):
        """The highest top face over (x, z); the ground (0) off the stairs."""
        h = 0.0
        for a, b, c in self.tops:
            d = (b[2] - c[2]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[2] - c[2])
            l1 = ((b[2] - c[2]) * (x - c[0]) + (c[0] - b[0]) * (z - c[2])) / d
            l2 = ((c[2] - a[2]) * (x - c[0]) + (a[0] - c[0]) * (z - c[2])) / d
            if l1 >= -1e-6 and l2 >= -1e-6 and l1 + l2 <= 1 + 1e-6:
                h = max(h, a[1])
        return h


def key_poses(doc, buffers, anim):
    """(times, a list of world matrices per key) of an animation sampled at its own keys."""
    times = None
    channels = []
    for ch in anim["channels"]:
        s = anim["samplers"][ch["sampler"]]
        t = [r[0] for r in read_accessor(doc, buffers, s["input"])]
        if times is None:
            times = t
        elif t != times:
            return None, "the channels do not share the same key times"
        channels.append((ch["target"]["node"], ch["target"]["path"], read_accessor(doc, buffers, s["output"])))
    poses = []
    for k in range(len(times)):
        nodes = [dict(n) for n in doc["nodes"]]
        for node, path, values in channels:
            nodes[node][path] = values[k]
        posed = dict(doc)
        posed["nodes"] = nodes
        poses.append(world_matrices(posed))
    return times, poses


def sole_points(doc):
    """Per side, the heel and ball in the foot joint's space: the rest pose's
    points on the ground (y = 0) under the ankle and under the toes joint."""
    rest = world_matrices(doc)
    out = {}
    for side in ("left", "right"):
        foot, toes = rest[node_index(doc, side + "_foot")], rest[node_index(doc, side + "_toes")]
        foot_from_model = inverse_rigid(foot)
        out[side] = [transform_point(foot_from_model, [m[3][0], 0.0, m[3][2]]) for m in (foot, toes)]
    return out


def feet_on_stairs(doc, buffers, stairs, times, poses):
    """Per side: the deepest any sole point goes under the surface, and the
    fraction of keys with the lower sole point within FOOT_ERROR of it."""
    soles = sole_points(doc)
    result = {}
    for side, points in soles.items():
        foot = node_index(doc, side + "_foot")
        deepest, planted = 0.0, 0
        for pose in poses:
            gaps = []
            for p in points:
                w = transform_point(pose[foot], p)
                gaps.append(w[1] - stairs.height(w[0], w[2]))
            deepest = min(deepest, min(gaps))
            planted += abs(min(gaps)) <= FOOT_ERROR
        result[side] = (-deepest, planted / len(poses))
    return result


def check_export(program, ch08):
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "stairs_walk.gltf")
        code, out, err = run(program, "--export", path)
        if code != 0:
            return ["--export: exit status %d: %s" % (code, err)]
        if not os.path.exists(os.path.join(tmp, "humanoid_texture.png")):
            problems.append("--export: no humanoid_texture.png beside the file")
        doc, buffers = load(path)
        names = [a.get("name") for a in doc["animations"]]
        if "stairs_walk" not in names:
            return problems + ["animations %r: no stairs_walk" % names]
        anim = doc["animations"][names.index("stairs_walk")]
        stairs = Stairs(doc, buffers)
        # the keys: 0, 1/30, 2/30, ... (the last one may be the walk's end, closer)
        times, poses = key_poses(doc, buffers, anim)
        if times is None:
            return problems + ["stairs_walk: " + poses]
        gaps = [b - a for a, b in zip(times, times[1:])]
        if times[0] != 0 or any(abs(g - 1 / RATE) > 2e-6 for g in gaps[:-1]) or not 0 < gaps[-1] <= 1 / RATE + 2e-6:
            problems.append("stairs_walk: keys at %r ..., expected every 1/30 s from 0" % times[:4])
        # every skin joint rotated, the hips moved
        skin = doc["skins"][0]["joints"]
        rotated = {c["target"]["node"] for c in anim["channels"] if c["target"]["path"] == "rotation"}
        moved = {c["target"]["node"] for c in anim["channels"] if c["target"]["path"] == "translation"}
        hips = node_index(doc, "hips")
        if rotated != set(skin) or moved != {hips}:
            problems.append("stairs_walk: rotations on %d of the %d skin joints, translations on nodes %r (expected "
                            "the hips, %d)" % (len(rotated & set(skin)), len(skin), sorted(moved), hips))
        # the face played on the walk (the humanoid's "face" clip, LINEAR: the eyes closing from 0.8 s
        # to 0.875 s, open again at 0.95 s), baked at the same keys, by hand: key 25 (0.8333 s) 4/9
        # closed, key 27 (0.9 s) 2/3
        faces = [c for c in anim["channels"] if c["target"]["path"] == "weights"]
        if len(faces) != 1:
            problems.append("stairs_walk: %d weights channels, expected 1 (the face)" % len(faces))
        else:
            flat = [x for row in read_accessor(doc, buffers, anim["samplers"][faces[0]["sampler"]]["output"])
                    for x in (row if isinstance(row, (list, tuple)) else [row])]
            targets = len(flat) // len(times)
            for k, want in ((25, 4 / 9), (27, 2 / 3)):
                got = flat[k * targets:k * targets + 2] if targets >= 2 else []
                if len(got) != 2 or any(abs(g - want) > 1e-4 for g in got):
                    problems.append("stairs_walk: the eyes at key %d are %r, expected %.5f each" % (k, got, want))
        # the root motion: up to the landing and down again, turned round
        height = [p[hips][3][1] - poses[0][hips][3][1] for p in poses]
        forward = [(p[hips][2][0], p[hips][2][2]) for p in (poses[0], poses[-1])]
        print("stairs_walk: %d keys over %.3f s, the hips rise %.3f m at most (the landing is %.3f m up) and end "
              "%.3f m from where they began in height; forward (x, z) %s at the start, %s at the end"
              % (len(times), times[-1], max(height), stairs.top, height[-1],
                 "(%.2f, %.2f)" % forward[0], "(%.2f, %.2f)" % forward[1]))
        if abs(max(height) - stairs.top) > 0.1:
            problems.append("the hips rise %g m at most, expected the landing's height %g m" % (max(height), stairs.top))
        if abs(height[-1]) > 0.1:  # the same floor; the gait's bob and the pelvis's drop differ with the phase
            problems.append("the walk ends with the hips %g m from their starting height, expected back down" % height[-1])
        if forward[0][0] * forward[1][0] + forward[0][1] * forward[1][1] > -0.9:
            problems.append("the walk does not end facing back the way it came: forward %r, then %r" % tuple(forward))
        # the feet on the steps, from the file's own triangles
        feet = feet_on_stairs(doc, buffers, stairs, times, poses)
        for side, (deepest, planted) in feet.items():
            print("%s sole: at most %.4f m under the surface; on it (within %g m) at %.0f%% of the keys"
                  % (side, deepest, FOOT_ERROR, 100 * planted))
            if deepest > FOOT_ERROR or planted < 0.3:
                problems.append("the %s sole goes %g m under the steps (at most %g) or is on them at only %.0f%% of "
                                "the keys (at least 30%%)" % (side, deepest, FOOT_ERROR, 100 * planted))
        # the same check catches feet without IK (the walk's own feet sink into the steps)
        off = os.path.join(tmp, "no_ik.gltf")
        code, out, err = run(program, "--export", off, "--no-ik")
        if code != 0:
            problems.append("--export --no-ik: exit status %d: %s" % (code, err))
        else:
            doc_off, buffers_off = load(off)
            anim_off = doc_off["animations"][[a.get("name") for a in doc_off["animations"]].index("stairs_walk")]
            t_off, p_off = key_poses(doc_off, buffers_off, anim_off)
            worst = max(d for d, _ in feet_on_stairs(doc_off, buffers_off, stairs, t_off, p_off).values())
            print("without IK: a sole goes %.4f m under the steps" % worst)
            if worst <= FOOT_ERROR:
                problems.append("without IK the soles stay out of the steps (%g m at most): the check proves nothing"
                                % worst)
        # chapter 08 on the file = this program's pose at the same keys
        skin_nodes = len(doc["nodes"]) - 1  # every node but the stairs: the humanoid's
        n = len(times)
        for k in sorted({0, 1, 37, n // 3, n // 2, (2 * n) // 3, n - 2}):  # not the end: chapter 08 wraps it to 0
            t = repr(times[k])
            a = run(ch08, "--model", path, "--clip", "stairs_walk", "--time", t, "--dump-pose", "-")
            b = run(program, "--time", t, "--dump-pose", "-")
            if a[0] != 0 or b[0] != 0:
                problems.append("t=%s: --dump-pose failed: %s / %s" % (t, a[2], b[2]))
                continue
            la, lb = a[1].splitlines(), b[1].splitlines()
            if len(la) != len(doc["nodes"]) or len(lb) != skin_nodes:
                problems.append("t=%s: %d and %d lines, expected %d (the file) and %d (the humanoid)"
                                % (t, len(la), len(lb), len(doc["nodes"]), skin_nodes))
                continue
            stairs_line = la[node_index(doc, "stairs")].split(" ")
            if [float(v) for v in stairs_line[1:17]] != [1.0 if r == c else 0.0 for c in range(4) for r in range(4)]:
                problems.append("t=%s: the stairs move: %r" % (t, la[node_index(doc, "stairs")]))
            bad = first_mismatch(la, lb)
            if bad:
                problems.append("t=%s: chapter 08 on the export gives %r, ch11_ik %r" % ((t,) + bad))
    return problems


def check_errors(program):
    cases = [
        (["--export", "-"], 1, "error: --export: give a file name"),
        (["--export", "/nonexistent-folder/x.gltf"], 1, "error: /nonexistent-folder/x.gltf: cannot open it for writing"),
        (["--export", "x.gltf", "--dump-pose", "-"], 2, "error: --export and --dump-pose cannot be used together"),
        (["--view", "side"], 2, "error: --view: 'side' is not"),
        (["--sink", "0.02"], 2, "error: --sink is for --check-ik"),
        (["--check-ik", "--sink", "-0.02"], 2, "error: --sink: -0.02 is not a depth of 0 .. 1 m"),
    ]
    # a file whose JSON is cut short, for the modes that read --model: the
    # loader's error, everything freed (the sanitizer build runs this test
    # with LeakSanitizer)
    with tempfile.TemporaryDirectory() as tmp:
        cut = os.path.join(tmp, "cut.gltf")
        with open(cut, "w") as f:
            f.write('{"asset": {"version": "2.0"}, "nodes": [')
        out = os.path.join(tmp, "x.gltf")
        for mode in (["--check-ik"], ["--check-solvers"], ["--export", out], ["--dump-pose", "-"]):
            cases.append((["--model", cut] + mode, 1, cut + ": JSON byte 40: unexpected end of input"))
        return error_problems(program, cases)


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    program, mode = argv[1], argv[2]
    if mode == "export":
        problems = check_export(program, argv[3])
    elif mode == "errors":
        problems = check_errors(program)
    else:
        raise SystemExit("stairs_export_check.py: unknown mode %r" % mode)
    for p in problems:
        print("FAIL: " + p)
    print("%s: %d problem(s)" % (mode, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
