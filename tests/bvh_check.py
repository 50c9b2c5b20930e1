#!/usr/bin/env python3
"""ch13_motion_capture --dump-joints against a BVH reader written here.

This reader is written from the format's description (book 13, and the
Biovision format as Meredith and Maddock describe it), not from the C code:
it splits the hierarchy into words and walks it by recursion, keeps each
joint as a dictionary, builds rotation matrices from the axis letters of the
channel names, and computes every joint's world matrix recursively from the
root (world = parent_world * T(offset + positions) * R(rotations), 3x3
matrices and vectors as plain lists, 64-bit floats).

    bvh_check.py PROGRAM compare FILE...   the program's --dump-joints at the
                                           first, last and middle frames and a
                                           few more, every joint within 1e-4 of
                                           the skeleton's size; exit 77 (skipped)
                                           when a file is missing
    bvh_check.py PROGRAM hand TINY         book 13's tiny file, frames 1 and 2,
                                           against positions worked by hand
    bvh_check.py - book BOOK.md FILE       the copy of FILE in the book (after
                                           "<!-- file: PATH -->") is FILE, byte
                                           for byte
    bvh_check.py PROGRAM errors            bad files: one error line
                                           "error: PATH:LINE: ...", exit 1,
                                           nothing on standard output
"""
import math
import os
import re
import subprocess
import sys
import tempfile

RELATIVE_TOLERANCE = 1e-4
LINE = re.compile(r"^(\S+) (\S+) (\S+) (\S+)$")


# --- the reader ----------------------------------------------------------------

def read_bvh(path):
    """{'joints': [dict], 'frames': [[float]] (only the lines asked for, as
    text), 'frame_count': N}. A joint: name, parent (a dict or None), offset,
    channels (names as written), children."""
    with open(path, "r", encoding="latin-1") as f:
        text = f.read()
    head, motion = text.split("MOTION", 1)
    words = head.split()
    assert words[0] == "HIERARCHY", path
    joints = []
    position = [1]

    def take():
        word = words[position[0]]
        position[0] += 1
        return word

    def joint_body(name, parent):
        joint = {"name": name, "parent": parent, "offset": [0.0, 0.0, 0.0], "channels": [], "children": []}
        if name is not None:
            joints.append(joint)
        assert take() == "{"
        while True:
            word = take()
            if word == "}":
                return joint
            if word == "OFFSET":
                joint["offset"] = [float(take()) for _ in range(3)]
            elif word == "CHANNELS":
                joint["channels"] = [take() for _ in range(int(take()))]
            elif word == "JOINT":
                joint["children"].append(joint_body(take(), joint))
            elif word == "End":
                assert take() == "Site"
                joint_body(None, joint)  # an End Site: read, not kept
            else:
                raise ValueError(f"{path}: unexpected {word!r}")

    while position[0] < len(words):
        assert take() == "ROOT"
        joint_body(take(), None)
    lines = [line for line in motion.split("\n") if line.strip()]
    frame_count = int(lines[0].split(":")[1])
    assert lines[1].split(":")[0].strip() == "Frame Time"
    return {"joints": joints, "frame_lines": lines[2:2 + frame_count], "frame_count": frame_count}


def axis_rotation(axis, degrees):
    """The 3x3 rotation matrix m[row][column] of a turn about X, Y or Z."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    if axis == "X":
        return [[1, 0, 0], [0, c, -s], [0, s, c]]
    if axis == "Y":
        return [[c, 0, s], [0, 1, 0], [-s, 0, c]]
    return [[c, -s, 0], [s, c, 0], [0, 0, 1]]


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def apply(m, v):
    return [sum(m[i][k] * v[k] for k in range(3)) for i in range(3)]


def world_positions(bvh, frame):
    """{name: [x, y, z]} at a frame: the channel values in file order, each
    joint's rotations multiplied in the order written (first outermost)."""
    values = [float(v) for v in bvh["frame_lines"][frame].split()]
    out = {}
    cursor = [0]

    def visit(joint, parent_rotation, parent_position):
        translation = list(joint["offset"])
        rotation = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        for channel in joint["channels"]:
            value = values[cursor[0]]
            cursor[0] += 1
            if channel.endswith("position"):
                translation["XYZ".index(channel[0])] += value
            else:
                rotation = matmul(rotation, axis_rotation(channel[0], value))
        moved = apply(parent_rotation, translation)
        position = [parent_position[i] + moved[i] for i in range(3)]
        out[joint["name"]] = position
        world_rotation = matmul(parent_rotation, rotation)
        for child in joint["children"]:
            visit(child, world_rotation, position)

    for root in [j for j in bvh["joints"] if j["parent"] is None]:
        visit(root, [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0.0, 0.0, 0.0])
    return out


# --- the checks ------------------------------------------------------------------

def run(program, *arguments):
    return subprocess.run([program, *arguments], capture_output=True, text=True, timeout=120)


def compare(program, files):
    worst = 0.0
    for path in files:
        if not os.path.exists(path):
            print(f"{path}: not found (Debian's assimp-testmodels installs CMU's files): skipped")
            return 77
        bvh = read_bvh(path)
        n = bvh["frame_count"]
        rest = world_positions(bvh, 0)
        # The skeleton's size: the diagonal of the box around its joints at the first frame.
        size = math.dist([min(p[i] for p in rest.values()) for i in range(3)],
                         [max(p[i] for p in rest.values()) for i in range(3)])
        tolerance = RELATIVE_TOLERANCE * size
        for frame in sorted({0, 1, n // 3, n // 2, (2 * n) // 3, n - 2, n - 1} - {-1}):
            want = world_positions(bvh, frame)
            result = run(program, "--bvh", path, "--dump-joints", str(frame))
            if result.returncode != 0:
                print(f"{path} frame {frame}: exit {result.returncode}: {result.stderr.strip()}")
                return 1
            lines = result.stdout.split("\n")
            if lines[-1] != "":
                print(f"{path} frame {frame}: the output does not end in a line end")
                return 1
            lines = lines[:-1]
            names = [j["name"] for j in bvh["joints"]]
            if len(lines) != len(names):
                print(f"{path} frame {frame}: {len(lines)} lines, expected {len(names)} (one per joint)")
                return 1
            for line, name in zip(lines, names):
                m = LINE.match(line)
                if not m or m.group(1) != name:
                    print(f"{path} frame {frame}: expected a line 'name x y z' for {name}, got {line!r}")
                    return 1
                got = [float(m.group(i)) for i in (2, 3, 4)]
                error = math.dist(got, want[name])
                worst = max(worst, error / size)
                if error > tolerance:
                    print(f"{path} frame {frame}: {name} at {got}, expected {want[name]} "
                          f"(off by {error:.6g}, tolerance {tolerance:.6g})")
                    return 1
        print(f"{os.path.basename(path)}: {len(bvh['joints'])} joints, size {size:.4g}, frames checked up to {n - 1}")
    print(f"worst error: {worst:.3g} of the skeleton's size")
    return 0


# Book 13's tiny file (chapters/13_motion_capture/tiny.bvh), worked by hand
# in the book and in tests/test_bvh.c: frame 1, the hips moved to (1 2 3)
# and turned Zrotation 90, the spine bent Xrotation -90; frame 2, the hips
# turned Zrotation 90 then Xrotation 90 (Rz Rx: y -> z, x -> y).
BY_HAND = {
    1: [("hips", (1, 2, 3)), ("spine", (-9, 2, 3)), ("head", (-9, 2, -2)), ("leg", (1, 5, 3))],
    2: [("hips", (1, 2, 3)), ("spine", (1, 2, 13)), ("head", (1, 2, 18)), ("leg", (1, 5, 3))],
}


def hand(program, path):
    for frame, joints in BY_HAND.items():
        result = run(program, "--bvh", path, "--dump-joints", str(frame))
        lines = result.stdout.split("\n")
        if result.returncode != 0 or len(lines) != len(joints) + 1:
            print(f"frame {frame}: exit {result.returncode}, {result.stdout!r} {result.stderr!r}")
            return 1
        for line, (name, want) in zip(lines, joints):
            m = LINE.match(line)
            if not m or m.group(1) != name or math.dist([float(m.group(i)) for i in (2, 3, 4)], want) > 1e-5:
                print(f"frame {frame}: expected {name} at {want}, got {line!r}")
                return 1
    print("the tiny file's frames 1 and 2: as worked by hand")
    return 0


HEAD = "HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition Yposition Zrotation\n"
TAIL = " End Site\n {\n  OFFSET 0 1 0\n }\n}\n"
BAD = [
    # (text, the line number, the start of what is wrong)
    (HEAD + TAIL + "MOTION\nFrames: 2\nFrame Time: 0.1\n1 2 3\n4 5\n", 15, "frame 1 has 2 values, not 3"),
    (HEAD + TAIL + "MOTION\nFrames: 3\nFrame Time: 0.1\n100 200 300\n100 200 300\n", 15, "the file ends after 2"),
    (HEAD + " JOINT a\n {\n  OFFSET 0 1 0\n}\nMOTION\nFrames: 1\n", 10, "MOTION before the closing brace"),
    (HEAD + TAIL + "MOTION\nFrames: 1\nFrame Time: 0.1\n1 nan 3\n", 14, "frame 0, value 1: 'nan' is not a finite"),
    ("HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 2 Xrotation\n}\n", 6, "CHANNELS 2 of r"),
    ("HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n SCALE 1 1 1\n}\n", 5, "unknown keyword 'SCALE'"),
    (HEAD + TAIL + "MOTION\nFrames: 3600000\nFrame Time: 0.1\n1 2 3\n", 13, "Frames: 3600000 frames of 3 values"),
]


def errors(program):
    with tempfile.TemporaryDirectory() as folder:
        for index, (text, line, what) in enumerate(BAD):
            path = os.path.join(folder, f"bad{index}.bvh")
            with open(path, "w", newline="\n") as f:
                f.write(text)
            result = run(program, "--bvh", path, "--dump-joints", "0")
            want = f"error: {path}:{line}: {what}"
            stderr = result.stderr.split("\n")
            if result.returncode != 1 or result.stdout or len(stderr) != 2 or stderr[1] != "" \
                    or not stderr[0].startswith(want):
                print(f"bad file {index}: expected exit 1 and one line starting {want!r}; got exit "
                      f"{result.returncode}, stdout {result.stdout!r}, stderr {result.stderr!r}")
                return 1
        # A frame that is not in the file, and a missing file.
        tiny = os.path.join(folder, "tiny.bvh")
        with open(tiny, "w") as f:
            f.write(HEAD + TAIL + "MOTION\nFrames: 1\nFrame Time: 0.1\n1 2 3\n")
        for frame in ("1", "-1", "x", "99999999999999999999"):
            result = run(program, "--bvh", tiny, "--dump-joints", frame)
            want = f"error: --dump-joints: '{frame}' is not a frame of the file (0 to 0)\n"
            if result.returncode != 1 or result.stderr != want or result.stdout:
                print(f"--dump-joints {frame}: expected exit 1 and {want!r}, got {result.returncode}, "
                      f"{result.stderr!r}")
                return 1
        result = run(program, "--bvh", os.path.join(folder, "none.bvh"), "--dump-joints", "0")
        if result.returncode != 1 or len(result.stderr.split("\n")) != 2 or "none.bvh" not in result.stderr:
            print(f"a missing file: expected one error line naming it, got {result.stderr!r}")
            return 1
    print(f"{len(BAD)} bad files and 5 bad arguments: one error line each, exit 1")
    return 0


def book(markdown, path):
    """The book shows a data file in a fenced block after a marker naming it:
    that block must be the file (listings.py does this for C sources)."""
    with open(markdown, encoding="utf-8") as f:
        text = f.read()
    name = os.path.relpath(os.path.abspath(path), os.path.dirname(os.path.dirname(os.path.abspath(markdown))))
    marker = f"<!-- file: {name} -->\n```text\n"
    if marker not in text:
        print(f"{markdown}: no copy of {name} (expected the line <!-- file: {name} --> and a text block)")
        return 1
    start = text.index(marker) + len(marker)
    shown = text[start:text.index("```\n", start)]
    with open(path, encoding="utf-8") as f:
        real = f.read()
    if shown != real:
        print(f"{markdown}: the copy of {name} differs from the file")
        return 1
    print(f"{markdown}: its copy of {name} is the file")
    return 0


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("compare", "hand", "book", "errors"):
        print(__doc__)
        return 2
    program, mode = sys.argv[1], sys.argv[2]
    if mode == "hand":
        return hand(program, sys.argv[3])
    if mode == "book":
        return book(sys.argv[3], sys.argv[4])
    return compare(program, sys.argv[3:]) if mode == "compare" else errors(program)


if __name__ == "__main__":
    sys.exit(main())
