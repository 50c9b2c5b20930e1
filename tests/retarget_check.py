#!/usr/bin/env python3
"""ch13_motion_capture --check-retarget on captures and targets, and the
joint map file's errors.

    retarget_check.py PROGRAM check MODEL MAP FILE...
        --check-retarget on each FILE onto MODEL ('-': the default humanoid)
        with MAP ('-': by name): the lines "max_bone_direction_error_deg: X"
        (X <= 1), "max_foot_slide: S" (m/s, S <= 0.02), "max_foot_penetration:
        P" (m, P <= 0.005), then the contacts per foot ("contacts: L R",
        "contact_frames: L R", each foot down somewhere), exit 0; exit 77
        (skipped) when a file or the model is missing
    retarget_check.py PROGRAM no-feet MODEL MAP FILE...
        the same with --no-feet (the rotations alone): every file must fail
        (exit 1) on its feet, slide or penetration over its limit
    retarget_check.py PROGRAM export CH08 FILE BVH
        FILE (written by --export from BVH) read back by chapter 08's
        ch08_keyframes: its clip 'capture' at 0.5, 2 and 7.3 s gives every
        node the matrix the program's own --dump-pose gives, within 1e-5
    retarget_check.py PROGRAM map-errors BVH
        bad map files onto the humanoid: one error line "error: PATH:LINE:
        what", exit 1, nothing on standard output
"""
import os
import re
import subprocess
import sys
import tempfile

LINE = re.compile(r"^max_bone_direction_error_deg: ([0-9.]+)\nmax_foot_slide: ([0-9.]+)\n"
                  r"max_foot_penetration: ([0-9.]+)\n"
                  r"contacts: ([0-9]+) ([0-9]+)\n"
                  r"contact_frames: ([0-9]+) ([0-9]+)\n$")


def passes(match):
    return (match is not None and float(match.group(1)) <= 1.0 and float(match.group(2)) <= 0.02
            and float(match.group(3)) <= 0.005 and int(match.group(4)) > 0 and int(match.group(5)) > 0)


def check(program, model, map_file, files, no_feet=False):
    for path in [model, map_file] + files:
        if path != "-" and not os.path.exists(path):
            print(f"skipped: {path} not found")
            return 77
    failed = 0
    for path in files:
        command = [program, "--bvh", path, "--check-retarget"] + (["--no-feet"] if no_feet else [])
        if model != "-":
            command += ["--model", model]
        if map_file != "-":
            command += ["--map", map_file]
        run = subprocess.run(command, capture_output=True, text=True, timeout=600)
        match = LINE.match(run.stdout)
        print(f"{os.path.basename(path)}: {run.stdout.strip()} (exit {run.returncode})")
        if no_feet:
            # the bones still pass; the feet alone must fail it
            feet_fail = (match is not None and float(match.group(1)) <= 1.0
                         and (float(match.group(2)) > 0.02 or float(match.group(3)) > 0.005))
            if run.returncode != 1 or not feet_fail:
                print(f"FAIL (expected the feet to fail it): {' '.join(command)}\n{run.stderr}")
                failed += 1
        elif run.returncode != 0 or not passes(match):
            print(f"FAIL: {' '.join(command)}\n{run.stderr}")
            failed += 1
    return 1 if failed else 0


# Each bad map: its text and what its one error line must say.
BAD_MAPS = [
    ("hips\n", r":1: expected 'source_joint target_joint'"),
    ("# pairs\nHips hips extra\n", r":2: expected 'source_joint target_joint'"),
    ("Hips hips\nLeftArm no_such_joint\n", r":2: 'no_such_joint' is not a joint of the target"),
    ("\n\nNoSuchJoint hips\n", r":3: 'NoSuchJoint' is neither a joint of the source nor a humanoid bone name"),
    ("Hips hips\nLeftArm hips\n", r":2: 'hips' is paired twice"),
    ("Hips hips\nhips spine_1\n", r":2: 'hips' is paired twice"),
    ("# nothing\n\n", r": pairs no joint"),
]


def map_errors(program, bvh):
    if not os.path.exists(bvh):
        print(f"skipped: {bvh} not found")
        return 77
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for k, (text, want) in enumerate(BAD_MAPS):
            path = os.path.join(folder, f"bad{k}.map")
            with open(path, "w") as f:
                f.write(text)
            run = subprocess.run([program, "--bvh", bvh, "--check-retarget", "--map", path],
                                 capture_output=True, text=True, timeout=300)
            lines = [l for l in run.stderr.splitlines() if not l.startswith("note:")]
            ok = (run.returncode == 1 and run.stdout == "" and len(lines) == 1
                  and lines[0].startswith("error: " + path) and re.search(re.escape(want) + "$", lines[0]))
            print(f"{'ok' if ok else 'FAIL'}: {text!r}: {run.stderr.strip()} (exit {run.returncode})")
            failed += not ok
    return 1 if failed else 0


def export(program, ch08, exported, bvh):
    for path in [exported, bvh]:
        if not os.path.exists(path):
            print(f"skipped: {path} not found")
            return 77
    failed = 0
    for time in ["0.5", "2", "7.3"]:
        ours = subprocess.run([program, "--bvh", bvh, "--time", time, "--dump-pose", "-"],
                              capture_output=True, text=True, timeout=300)
        theirs = subprocess.run([ch08, "--model", exported, "--clip", "capture", "--time", time, "--dump-pose", "-"],
                                capture_output=True, text=True, timeout=300)
        a = [line.split() for line in ours.stdout.splitlines()]
        b = [line.split() for line in theirs.stdout.splitlines()]
        worst = max((abs(float(x) - float(y)) for p, q in zip(a, b) for x, y in zip(p[1:17], q[1:17])), default=1)
        ok = (ours.returncode == 0 and theirs.returncode == 0 and len(a) == len(b) and len(a) > 0
              and all(p[17] == q[17] for p, q in zip(a, b)) and worst <= 1e-5)
        print(f"{'ok' if ok else 'FAIL'}: t = {time}: {len(a)} nodes, largest difference {worst:.3g}")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    program, mode = sys.argv[1], sys.argv[2]
    if mode == "check":
        sys.exit(check(program, sys.argv[3], sys.argv[4], sys.argv[5:]))
    if mode == "no-feet":
        sys.exit(check(program, sys.argv[3], sys.argv[4], sys.argv[5:], no_feet=True))
    if mode == "export":
        sys.exit(export(program, sys.argv[3], sys.argv[4], sys.argv[5]))
    if mode == "map-errors":
        sys.exit(map_errors(program, sys.argv[3]))
    sys.exit(f"unknown mode {mode}")
