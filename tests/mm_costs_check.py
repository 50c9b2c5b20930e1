#!/usr/bin/env python3
"""Chapter 14's --dump-costs: every frame's cost against one query, checked
against a cost computed here from the database's file, and the book's plot
of it (book/tools/diagrams/ch14.py reads chapters/14_motion_matching/costs.tsv).

    mm_costs_check.py PROGRAM check OUT_DIR   --build-database OUT_DIR/mm.db, then
                                              --dump-costs - --database OUT_DIR/mm.db --time 8:
                                              every frame's cost against the printed query,
                                              computed here from the file's features (the sum
                                              of squared differences, motion_database.h), within
                                              1e-4 of the cost (relative) or 1e-5; "-" exactly on
                                              the frames no search may jump to (each range's last
                                              60, from the file's ranges); the best frame the
                                              first line names is the least cost's (ties: the
                                              lowest frame)
    mm_costs_check.py PROGRAM bins TSV        write the plot's table: the dump binned by 30 frames
    mm_costs_check.py PROGRAM current TSV     TSV is what `bins` gives now (costs within 1e-3
                                              relative)

The file is read as book 14 and chapters/14_motion_matching/mm_database_file.c
describe it (little-endian: the magic, 8 u32, the means and scales, the
ranges, then per frame the root, heading, contacts, pose and features).
Nothing here comes from the program but the query and the costs under test.
"""
import os
import struct
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

TIME = "8"
BIN = 30  # frames a bin of the plot (0.5 s)
LAST = 60  # a range's last frames, not searchable: the trajectory's last horizon
FEATURES = 27


def read_database(path):
    """(ranges, features) of a --build-database file: ranges as [first, end) pairs, features a list of
    frame_count tuples of FEATURES floats."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"SAMMDB\r\n":
        raise SystemExit(f"{path}: not a motion database (magic {data[:8]!r})")
    version, joints, frames, ranges, count, rate, horizons, _ = struct.unpack_from("<8I", data, 8)
    if version != 1 or count != FEATURES or rate != 60 or horizons != (20 | 40 << 8 | 60 << 16):
        raise SystemExit(f"{path}: version {version}, {count} features, rate {rate}, horizons {horizons:#x}")
    at = 40 + 2 * FEATURES * 4
    pairs = struct.unpack_from(f"<{2 * ranges}i", data, at)
    at += 8 * ranges
    at += frames * (3 * 4 + 4 + 2 + joints * 10 * 4)  # root, heading, contacts, poses
    values = struct.unpack_from(f"<{frames * FEATURES}f", data, at)
    if at + 4 * frames * FEATURES != len(data):
        raise SystemExit(f"{path}: {len(data)} bytes, the counts give {at + 4 * frames * FEATURES}")
    features = [values[i * FEATURES:(i + 1) * FEATURES] for i in range(frames)]
    return [(pairs[2 * r], pairs[2 * r + 1]) for r in range(ranges)], features


def dump(program, *extra):
    """The first line, the query and {frame: cost or None} of --dump-costs -."""
    r = subprocess.run([program, "--dump-costs", "-", "--time", TIME, *extra], capture_output=True, text=True,
                       timeout=300)
    if r.returncode != 0:
        raise SystemExit(f"{program} --dump-costs: exit {r.returncode}: {r.stderr.strip()}")
    lines = r.stdout.splitlines()
    if len(lines) < 3 or not lines[0].startswith("# ") or not lines[1].startswith("# query:"):
        raise SystemExit(f"--dump-costs: expected two '# ' lines first, got {lines[:2]}")
    query = [float(v) for v in lines[1].split()[2:]]
    costs = {}
    for line in lines[2:]:
        frame, cost = line.split()
        costs[int(frame)] = None if cost == "-" else float(cost)
    return lines[0], query, costs


def check(program, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "mm.db")
    r = subprocess.run([program, "--build-database", path], capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise SystemExit(f"--build-database: exit {r.returncode}: {r.stderr.strip()}")
    ranges, features = read_database(path)
    first, query, costs = dump(program, "--database", path)
    problems = []
    if len(query) != FEATURES:
        problems.append(f"the query has {len(query)} values, not {FEATURES}")
    if sorted(costs) != list(range(len(features))):
        problems.append(f"{len(costs)} frames dumped, the file has {len(features)}")
    searchable = set()
    for a, b in ranges:
        searchable.update(range(a, b - LAST))
    best, best_cost = None, None
    for frame, row in enumerate(features):
        got = costs.get(frame, "missing")
        if frame not in searchable:
            if got is not None:
                problems.append(f"frame {frame}: {got}, expected '-' (in its range's last {LAST})")
            continue
        expected = sum((x - q) ** 2 for x, q in zip(row, query))
        if got is None or got == "missing" or abs(got - expected) > max(1e-4 * expected, 1e-5):
            problems.append(f"frame {frame}: cost {got}, computed here {expected:.6g}")
        if best is None or expected < best_cost:
            best, best_cost = frame, expected
    named = int(first.split("best frame ")[1].split(",")[0])
    # the search's own float sums may order two frames within rounding: the named one must be as good
    if named not in searchable or abs(sum((x - q) ** 2 for x, q in zip(features[named], query)) - best_cost) > \
            max(1e-5 * best_cost, 1e-6):
        problems.append(f"the first line names frame {named}; the least cost is frame {best}'s, {best_cost:.6g}")
    for p in problems[:10]:
        print("FAIL: " + p)
    print(f"check: {len(features)} frames, {len(searchable)} searchable, best {best} ({best_cost:.6g}): "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


def bins(program):
    """The plot's rows: (first frame of the bin, least cost, most cost) or None where no frame is searchable, the
    best frame and its cost, and the frames where a range starts (after a run of '-')."""
    first, _, costs = dump(program)
    named = first.split("best frame ")[1]
    best, best_cost = int(named.split(",")[0]), float(named.split("cost ")[1])
    rows = []
    for start in range(0, len(costs), BIN):
        values = [costs[f] for f in range(start, min(start + BIN, len(costs))) if costs[f] is not None]
        rows.append((start, min(values), max(values)) if values else (start, None, None))
    starts = [f for f in range(1, len(costs)) if costs[f - 1] is None and costs[f] is not None]
    return rows, best, best_cost, [0] + starts, len(costs)


def write_bins(program, path):
    rows, best, best_cost, starts, frames = bins(program)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# ch14_motion_matching --dump-costs - --time {TIME}, binned by {BIN} frames "
                f"(python3 tests/mm_costs_check.py PROGRAM bins THIS_FILE)\n")
        f.write(f"# frames {frames} best {best} {best_cost:.6g} ranges_start {' '.join(map(str, starts))}\n")
        f.write("first_frame\tleast_cost\tmost_cost\n")
        for start, lo, hi in rows:
            f.write(f"{start}\t-\t-\n" if lo is None else f"{start}\t{lo:.5g}\t{hi:.5g}\n")
    return 0


def current(program, path):
    tmp = os.environ.get("TMPDIR", "/tmp")
    fresh = os.path.join(tmp, f"mm_costs_{os.getpid()}.tsv")
    write_bins(program, fresh)
    with open(fresh, encoding="utf-8") as f:
        new = f.read().splitlines()
    os.remove(fresh)
    with open(path, encoding="utf-8") as f:
        old = f.read().splitlines()
    problems = []
    if len(new) != len(old) or new[:1] != old[:1]:
        problems.append(f"{len(old)} lines, a fresh run gives {len(new)}")
    for i, (a, b) in enumerate(zip(old, new)):
        if i < 3:
            if i == 1 and (a.split()[:5] != b.split()[:5] or a.split()[6:] != b.split()[6:]):
                problems.append(f"line 2: {a!r}, a fresh run: {b!r}")
            continue
        x, y = a.split("\t"), b.split("\t")
        same = x[0] == y[0] and all(p == q or (p != "-" and q != "-" and abs(float(p) - float(q)) <=
                                               1e-3 * abs(float(q))) for p, q in zip(x[1:], y[1:]))
        if not same:
            problems.append(f"line {i + 1}: {a!r}, a fresh run: {b!r}")
    for p in problems[:10]:
        print("FAIL: " + p)
    if problems:
        print(f"regenerate: python3 tests/mm_costs_check.py {program} bins {path}; "
              "python3 book/tools/figures.py write book/images")
    print(f"current: {len(problems)} problem(s)")
    return 1 if problems else 0


def main(argv):
    if len(argv) != 4 or argv[2] not in ("check", "bins", "current"):
        print(__doc__, file=sys.stderr)
        return 2
    program, mode, path = argv[1:]
    if mode == "check":
        return check(program, path)
    if mode == "bins":
        return write_bins(program, path)
    return current(program, path)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
