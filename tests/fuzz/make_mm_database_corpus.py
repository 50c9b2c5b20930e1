#!/usr/bin/env python3
"""Writes tests/fuzz/mm_database_corpus: small database files in the format
of book 14 (chapters/14_motion_matching/mm_database_file.c), for
fuzz_mm_database to start from.

    make_mm_database_corpus.py [FOLDER]    default: the corpus folder beside this script

  one_joint.mmdb     1 joint, 70 frames in one range (10 searchable), features
                     made of the frame number
  two_ranges.mmdb    2 joints, 2 ranges of 64 and 70 frames (the first one
                     has 4 searchable frames, the second 10), ties between them
  header_only.mmdb   the 40 bytes of a header, nothing after it (refused)
"""
import math
import os
import struct
import sys

FEATURES = 27


def database(joints, ranges, feature):
    frames = ranges[-1][1]
    out = b"SAMMDB\r\n" + struct.pack("<8I", 1, joints, frames, len(ranges), FEATURES, 60, 20 | 40 << 8 | 60 << 16, 0)
    out += struct.pack(f"<{FEATURES}f", *[0.0] * FEATURES) + struct.pack(f"<{FEATURES}f", *[1.0] * FEATURES)
    for first, end in ranges:
        out += struct.pack("<2i", first, end)
    out += b"".join(struct.pack("<3f", 0.01 * f, 0, 0.02 * f) for f in range(frames))
    out += b"".join(struct.pack("<f", 0.001 * f) for f in range(frames))
    out += b"".join(bytes([f % 2, (f + 1) % 2]) for f in range(frames))
    half = math.sqrt(0.5)
    out += struct.pack("<10f", 0, 1, 0, 0, half, 0, half, 1, 1, 1) * (joints * frames)
    out += b"".join(struct.pack(f"<{FEATURES}f", *[feature(f, i) for i in range(FEATURES)]) for f in range(frames))
    return out


def main(argv):
    folder = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                         "mm_database_corpus")
    os.makedirs(folder, exist_ok=True)
    files = {
        "one_joint.mmdb": database(1, [(0, 70)], lambda f, i: 0.1 * f + i),
        "two_ranges.mmdb": database(2, [(0, 64), (64, 134)], lambda f, i: float((f % 64) * (i % 3))),
    }
    files["header_only.mmdb"] = files["one_joint.mmdb"][:40]
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
