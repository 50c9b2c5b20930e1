#!/usr/bin/env python3
"""Writes the seed files of fuzz_bvh (tests/fuzz/bvh_corpus/).

Small, valid BVH files that reach every part of the reader: several roots,
End Sites, every channel count and order, positions on a joint that is not
the root, CRLF line ends, blank lines, lines past the frame count. All are
written here (nothing is copied from Debian's assimp-testmodels).

    python3 tests/fuzz/make_bvh_corpus.py
"""
import itertools
import math
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bvh_corpus")
AXES = ["Xrotation", "Yrotation", "Zrotation"]
POSITIONS = ["Xposition", "Yposition", "Zposition"]


def write(name, text, newline="\n"):
    os.makedirs(HERE, exist_ok=True)
    with open(os.path.join(HERE, name), "w", newline="") as f:
        f.write(text.replace("\n", newline))


def joint(keyword, name, offset, channels, children, depth, end_site=None):
    pad = "\t" * depth
    lines = [f"{pad}{keyword} {name}", f"{pad}{{", f"{pad}\tOFFSET {offset[0]} {offset[1]} {offset[2]}"]
    if channels:
        lines.append(f"{pad}\tCHANNELS {len(channels)} " + " ".join(channels))
    for child in children:
        lines.append(child)
    if end_site:
        lines += [f"{pad}\tEnd Site", f"{pad}\t{{", f"{pad}\t\tOFFSET {end_site[0]} {end_site[1]} {end_site[2]}",
                  f"{pad}\t}}"]
    lines.append(f"{pad}}}")
    return "\n".join(lines)


def motion(frames, channels, time=0.0333333):
    rows = []
    for f in range(frames):
        rows.append(" ".join(f"{20 * math.sin(0.3 * f + k):.4f}" for k in range(channels)))
    return f"MOTION\nFrames: {frames}\nFrame Time: {time}\n" + "\n".join(rows) + "\n"


def main():
    # A chain of three, every order of the rotations in turn.
    for i, order in enumerate(itertools.permutations(AXES)):
        leaf = joint("JOINT", "c", (0, 2, 0), list(order), [], 2, end_site=(0, 1, 0))
        mid = joint("JOINT", "b", (0, 3, 0), list(order), [leaf], 1)
        root = joint("ROOT", "a", (0, 0, 0), POSITIONS + list(order), [mid], 0)
        write(f"chain_{i}.bvh", "HIERARCHY\n" + root + "\n" + motion(4, 12))
    # Every channel count 0..6 on one joint, positions interleaved.
    mixed = ["Zrotation", "Xposition", "Xrotation", "Yposition", "Yrotation", "Zposition"]
    children = [joint("JOINT", f"j{n}", (n, 1, 0), mixed[:n], [], 1, end_site=(0, 1, 0)) for n in range(7)]
    root = joint("ROOT", "hips", (1, 2, 3), POSITIONS + AXES, children, 0)
    write("counts.bvh", "HIERARCHY\n" + root + "\n" + motion(3, 6 + sum(range(7))))
    # Two roots, CRLF, a blank line between frames, one line past the count.
    a = joint("ROOT", "left", (0, 0, 0), ["Yrotation"], [], 0, end_site=(1, 0, 0))
    b = joint("ROOT", "right", (5, 0, 0), ["Xposition", "Zrotation"], [], 0, end_site=(0, 1, 0))
    write("two_roots_crlf.bvh", "HIERARCHY\n" + a + "\n" + b + "\nMOTION\nFrames: 2\nFrame Time: 0.01\n"
          "10\t1 20\n\n-10 2 40\n0 0 0\n", newline="\r\n")
    # Book 13's tiny file (written out here too, not copied).
    spine = joint("JOINT", "spine", (0, 10, 0), ["Zrotation", "Yrotation", "Xrotation"],
                  [joint("JOINT", "head", (0, 5, 0), ["Zrotation", "Yrotation", "Xrotation"], [], 2,
                         end_site=(0, 2, 0))], 1)
    leg = joint("JOINT", "leg", (3, 0, 0), ["Xrotation", "Yrotation", "Zrotation"], [], 1, end_site=(0, -8, 0))
    root = joint("ROOT", "hips", (0, 0, 0), POSITIONS + ["Zrotation", "Yrotation", "Xrotation"], [spine, leg], 0)
    write("tiny.bvh", "HIERARCHY\n" + root + "\nMOTION\nFrames: 3\nFrame Time: 0.5\n"
          "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n1 2 3 90 0 0 0 0 -90 0 0 0 0 0 0\n1 2 3 90 0 90 0 0 0 0 0 0 0 0 0\n")


if __name__ == "__main__":
    main()
