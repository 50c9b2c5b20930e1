#!/usr/bin/env python3
"""ch14_motion_matching's --check-mm, checked from outside (chapter 14).

    mm_check.py PROGRAM pass             the nine lines in order, every limit held, exit 0 and
                                         nothing on stderr
    mm_check.py PROGRAM no-foot-ik       --no-foot-ik: the feet not held, exit 1 for the feet
                                         (a sole sliding or a foot under the ground), where the
                                         default run holds both
    mm_check.py PROGRAM no-inertialize   --no-inertialize: every jump at once, exit 1 for the pose
                                         jump, at least twice the default run's and over 0.15
    mm_check.py PROGRAM no-legs-guard    --no-legs-guard: the legs' guard (controller.h, step 8)
                                         acts in the default run (legs_guarded_steps > 0) and,
                                         turned off, acts nowhere and the pose jump is larger
    mm_check.py PROGRAM usage            each of the check's options without --check-mm, and
                                         --lock-ahead or --seed below 0 (-1 too): exit 2, one line
                                         on stderr naming the option, nothing on stdout

The limits are the issue's: 0.02 m/s of slide, 0.005 m under the ground, a
mean trajectory error of 0.25 m, a pose jump of 0.15 rad.
"""
import re
import subprocess
import sys

NAMES = ("max_foot_slide", "max_foot_penetration", "trajectory_error_mean", "trajectory_error_max",
         "max_pose_jump", "max_pose_change", "searches_per_second", "transitions_per_second", "legs_guarded_steps")
LIMITS = {"max_foot_slide": 0.02, "max_foot_penetration": 0.005, "trajectory_error_mean": 0.25,
          "max_pose_jump": 0.15}


def run(program, *args):
    r = subprocess.run([program, "--check-mm", *args], capture_output=True, timeout=280)
    out, err = r.stdout.decode(), r.stderr.decode("utf-8", "replace")
    pattern = "".join(r"%s: ([0-9]+(?:[.][0-9]+)?)\n" % n for n in NAMES)
    m = re.fullmatch(pattern, out)
    if not m:
        sys.exit("FAIL: --check-mm %s printed:\n%s\n%s" % (" ".join(args), out, err))
    values = {n: float(v) for n, v in zip(NAMES, m.groups())}
    print("--check-mm %s: exit %d, %s" % (" ".join(args), r.returncode, values))
    return r.returncode, values, err


def over(values):
    return [n for n, limit in LIMITS.items() if values[n] > limit]


def usage_errors(program):
    cases = [(["--no-foot-ik"], "--no-foot-ik"), (["--no-inertialize"], "--no-inertialize"),
             (["--no-legs-guard"], "--no-legs-guard"), (["--lock-ahead", "5"], "--lock-ahead"),
             (["--check-mm", "--lock-ahead", "-3"], "--lock-ahead takes N >= 0"),
             (["--check-mm", "--lock-ahead", "-1"], "--lock-ahead takes N >= 0"),
             (["--build-database", "unwritten.mmdb", "--seed", "-1"], "--seed takes N >= 0")]
    for args, named in cases:
        r = subprocess.run([program, *args], capture_output=True, timeout=60)
        err = r.stderr.decode("utf-8", "replace")
        if r.returncode != 2 or r.stdout or err.count("\n") != 1 or named not in err:
            sys.exit("FAIL: %s: expected exit 2 and one line naming %s, got %d:\n%s%s" %
                     (" ".join(args), named, r.returncode, r.stdout.decode(), err))
        print("%s: exit 2, %s" % (" ".join(args), err.strip()))


def main():
    program, mode = sys.argv[1], sys.argv[2]
    if mode == "usage":
        usage_errors(program)
        print("ok")
        return
    status, values, err = run(program)
    if mode == "pass":
        if status != 0 or over(values) or err:
            sys.exit("FAIL: expected exit 0 within every limit, got %d, over: %s\n%s" % (status, over(values), err))
    elif mode == "no-foot-ik":
        if values["max_foot_slide"] > 0.02 or values["max_foot_penetration"] > 0.005:
            sys.exit("FAIL: the default run's feet are already over their limits: %s" % values)
        status, values, err = run(program, "--no-foot-ik")
        feet = [n for n in ("max_foot_slide", "max_foot_penetration") if n in over(values)]
        if status != 1 or not feet or not re.search(r"error: a (sole slides|foot goes)", err):
            sys.exit("FAIL: --no-foot-ik should fail on the feet: exit %d, over %s\n%s" % (status, over(values), err))
    elif mode == "no-inertialize":
        default = values["max_pose_jump"]
        status, values, err = run(program, "--no-inertialize")
        jump = values["max_pose_jump"]
        if status != 1 or jump <= 0.15 or jump < 2 * default or "error: a joint turns" not in err:
            sys.exit("FAIL: --no-inertialize should fail on the pose jump (over 0.15 and twice the "
                     "default's %.4f): exit %d, jump %.4f\n%s" % (default, status, jump, err))
    elif mode == "no-legs-guard":
        default = values
        status, values, err = run(program, "--no-legs-guard")
        if default["legs_guarded_steps"] < 1 or values["legs_guarded_steps"] != 0 or \
                not values["max_pose_jump"] > default["max_pose_jump"]:
            sys.exit("FAIL: the guard should act in the default run and not with --no-legs-guard, the jump "
                     "larger without it: default %s, --no-legs-guard %s" % (default, values))
    else:
        sys.exit("usage: mm_check.py PROGRAM pass|no-foot-ik|no-inertialize|no-legs-guard|usage")
    print("ok")


if __name__ == "__main__":
    main()
