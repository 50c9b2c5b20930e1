#!/usr/bin/env python3
"""ch14_motion_matching's database file, read by a reader written here from
book 14's description of the format (not from the program's code).

    mm_database_check.py PROGRAM format   build the database, read it here: the
        header, the size from the counts, the ranges, the contacts; every
        frame's trajectory features recomputed from the stored root
        positions and headings (motion_database.h's definitions) and
        compared with the stored features times scale plus mean; the
        trajectory groups' means and deviations recomputed over the database
        and compared with the stored mean and scale (scale = deviation /
        weight: 1 for positions, 1.5 for directions)
    mm_database_check.py PROGRAM errors   bad files (truncated, wrong magic,
        another version, counts too big, NaN, a non-unit rotation, a contact
        of 2, ranges out of order, empty): each is refused with exit 1 and
        one line "error: FILE: ..." on stderr, nothing on stdout
"""
import math
import os
import struct
import subprocess
import sys
import tempfile

MAGIC = b"SAMMDB\r\n"
HEADER = 40
FEATURES = 27
HORIZONS = (20, 40, 60)
TRAJ_POS, TRAJ_DIR = 15, 21


def horizons():
    return HORIZONS[0] | HORIZONS[1] << 8 | HORIZONS[2] << 16


def build(program, folder):
    path = os.path.join(folder, "book.mmdb")
    out = subprocess.run([program, "--build-database", path], capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        sys.exit(f"error: --build-database failed: {out.stderr}")
    lines = dict(line.split(": ") for line in out.stdout.splitlines())
    return path, lines


def read(path):
    data = open(path, "rb").read()
    assert data[:8] == MAGIC, "magic"
    version, joints, frames, ranges, features, rate, horizons, reserved = struct.unpack_from("<8I", data, 8)
    assert (version, features, rate, reserved) == (1, FEATURES, 60, 0), (version, features, rate)
    assert horizons == 20 | 40 << 8 | 60 << 16
    size = HEADER + 2 * FEATURES * 4 + ranges * 8 + frames * (12 + 4 + 2 + joints * 40) + frames * FEATURES * 4
    assert len(data) == size, f"{len(data)} bytes, the counts say {size}"
    o = HEADER
    mean = struct.unpack_from(f"<{FEATURES}f", data, o)
    o += FEATURES * 4
    scale = struct.unpack_from(f"<{FEATURES}f", data, o)
    o += FEATURES * 4
    r = struct.unpack_from(f"<{2 * ranges}i", data, o)
    o += 8 * ranges
    rng = [(r[2 * i], r[2 * i + 1]) for i in range(ranges)]
    pos = struct.unpack_from(f"<{3 * frames}f", data, o)
    o += 12 * frames
    heading = struct.unpack_from(f"<{frames}f", data, o)
    o += 4 * frames
    contact = data[o:o + 2 * frames]
    o += 2 * frames
    o += frames * joints * 40
    feat = struct.unpack_from(f"<{frames * FEATURES}f", data, o)
    return dict(joints=joints, frames=frames, ranges=rng, mean=mean, scale=scale, pos=pos, heading=heading,
                contact=contact, features=feat, size=size)


def check_format(program):
    with tempfile.TemporaryDirectory() as folder:
        path, lines = build(program, folder)
        db = read(path)
    frames = db["frames"]
    problems = []
    if int(lines["database_frames"]) != frames or int(lines["database_bytes"]) != db["size"] or \
            int(lines["database_ranges"]) != len(db["ranges"]):
        problems.append(f"the program's lines {lines} disagree with the file")
    if db["ranges"][0][0] != 0 or db["ranges"][-1][1] != frames or \
            any(a[1] != b[0] for a, b in zip(db["ranges"], db["ranges"][1:])):
        problems.append(f"ranges {db['ranges']} do not cover the frames in order")
    if any(c > 1 for c in db["contact"]):
        problems.append("a contact is not 0 or 1")
    # the trajectory, raw, from the roots: in frame f's character frame
    # (x, z) = (c wx - s wz, s wx + c wz), the facing (sin, cos) of h_t - h_f
    raw = []
    worst = 0.0
    for first, end in db["ranges"]:
        for f in range(first, end):
            h = db["heading"][f]
            c, s = math.cos(h), math.sin(h)
            row = [0.0] * 12
            for i, k in enumerate(HORIZONS):
                t = min(f + k, end - 1)
                wx = db["pos"][3 * t] - db["pos"][3 * f]
                wz = db["pos"][3 * t + 2] - db["pos"][3 * f + 2]
                row[2 * i], row[2 * i + 1] = c * wx - s * wz, s * wx + c * wz
                turn = db["heading"][t] - h
                row[6 + 2 * i], row[7 + 2 * i] = math.sin(turn), math.cos(turn)
            raw.append(row)
            for j in range(12):
                k = TRAJ_POS + j
                stored = db["features"][f * FEATURES + k] * db["scale"][k] + db["mean"][k]
                worst = max(worst, abs(stored - row[j]))
    if worst > 2e-4:
        problems.append(f"trajectory features differ from the roots' by up to {worst:.3g}")
    # the groups: the mean of each component, the deviation (over n) averaged
    # over the group, divided by the weight
    for group, weight in ((range(0, 6), 1.0), (range(6, 12), 1.5)):
        devs = []
        for j in group:
            col = [row[j] for row in raw]
            m = sum(col) / len(col)
            devs.append(math.sqrt(sum((x - m) ** 2 for x in col) / len(col)))
            if abs(m - db["mean"][TRAJ_POS + j]) > 1e-4:
                problems.append(f"feature {TRAJ_POS + j}: mean {db['mean'][TRAJ_POS + j]}, recomputed {m}")
        want = sum(devs) / len(devs) / weight
        for j in group:
            if abs(db["scale"][TRAJ_POS + j] - want) > 1e-4 * want:
                problems.append(f"feature {TRAJ_POS + j}: scale {db['scale'][TRAJ_POS + j]}, recomputed {want}")
    for p in problems:
        print("error:", p)
    if not problems:
        print(f"format: {frames} frames, {len(db['ranges'])} ranges, {db['size']} bytes; trajectory features "
              f"within {worst:.2g} of the roots'")
    return 1 if problems else 0


def check_errors(program):
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        path, _ = build(program, folder)
        good = open(path, "rb").read()
        db = read(path)
        frames, joints, ranges = db["frames"], db["joints"], len(db["ranges"])
        o_features = len(good) - frames * FEATURES * 4
        o_pose = o_features - frames * joints * 40
        o_contact = o_pose - 2 * frames
        o_ranges = HEADER + 2 * FEATURES * 4

        def patched(offset, raw):
            return good[:offset] + raw + good[offset + len(raw):]

        nan = struct.pack("<f", float("nan"))
        bad = {
            "empty": b"",
            "truncated_header": good[:20],
            "truncated_last_byte": good[:-1],
            "one_byte_more": good + b"\0",
            "wrong_magic": b"SAMMDX\r\n" + good[8:],
            "version_2": patched(8, struct.pack("<I", 2)),
            "frames_too_many": patched(16, struct.pack("<I", 0xFFFFFFF0)),
            "joints_too_many": patched(12, struct.pack("<I", 100000)),
            "ranges_more_than_frames": patched(20, struct.pack("<I", frames + 1)),
            "nan_feature": patched(o_features + 4 * 1000, nan),
            "nan_mean": patched(HEADER + 4 * 3, nan),
            "zero_scale": patched(HEADER + FEATURES * 4, struct.pack("<f", 0.0)),
            "nan_root": patched(o_ranges + 8 * ranges + 4, nan),
            "rotation_not_unit": patched(o_pose + 12, struct.pack("<4f", 0.5, 0.5, 0.5, 0.9)),
            "contact_2": patched(o_contact + 7, b"\x02"),
            "ranges_out_of_order": patched(o_ranges, struct.pack("<2i", 5, 10)),
        }
        # a file right in itself, for a skeleton of 22 joints (the humanoid has 23)
        pose = struct.pack("<10f", 0, 0, 0, 0, 0, 0, 1, 1, 1, 1) * 22
        bad["joints_not_the_skeletons"] = (MAGIC + struct.pack("<8I", 1, 22, 1, 1, FEATURES, 60, horizons(), 0) +
                                           struct.pack(f"<{FEATURES}f", *[0] * FEATURES) +
                                           struct.pack(f"<{FEATURES}f", *[1] * FEATURES) + struct.pack("<2i", 0, 1) +
                                           struct.pack("<4f", 0, 0, 0, 0) + b"\1\1" + pose +
                                           struct.pack(f"<{FEATURES}f", *[0] * FEATURES))
        for name, data in bad.items():
            bad_path = os.path.join(folder, name + ".mmdb")
            with open(bad_path, "wb") as f:
                f.write(data)
            out = subprocess.run([program, "--database", bad_path], capture_output=True, text=True, timeout=120)
            lines = out.stderr.splitlines()
            ok = out.returncode == 1 and len(lines) == 1 and lines[0].startswith(f"error: {bad_path}: ") and \
                out.stdout == ""
            print(f"{name}: exit {out.returncode}: {out.stderr.strip()}")
            if not ok:
                failures.append(name)
    for name in failures:
        print(f"error: {name}: not one 'error: FILE: ...' line with exit 1")
    return 1 if failures else 0


def main(argv):
    if len(argv) != 3 or argv[2] not in ("format", "errors"):
        print(__doc__)
        return 2
    return check_format(argv[1]) if argv[2] == "format" else check_errors(argv[1])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
