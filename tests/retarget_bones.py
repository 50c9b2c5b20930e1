#!/usr/bin/env python3
"""ch13_motion_capture's retargeted bones against the capture, measured in
Python: the source's joint positions from tests/bvh_check.py's BVH reader
(written from the format's description, not from the C code), the target's
from the program's --dump-pose (each node's scene-space matrix, chapter 04's
format), the bones from the anatomy below, every angle <= 1 degree. The
pose is the rotations' alone (--no-feet): the feet's IK bends the legs away
from the actor's on purpose (book 13), and is checked on the mesh instead.

    retarget_bones.py PROGRAM MODEL MAP FILE...   MODEL '-': the humanoid,
        MAP '-': by name; exit 77 (skipped) when a file is missing

A bone is written as humanoid bones (VRM's names): it starts at a bone both
skeletons have and ends at the first of its candidates that both have; where
one skeleton puts that end on the start (CMU's LowerBack on Hips, its Neck
on Spine1), that skeleton's bone goes on to the next candidate. The names of
each scheme are typed here from the files (01_01.bvh, Boxing_Toes.bvh,
assets/make_humanoid.c).
"""
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bvh_check  # noqa: E402

BONES = [
    ("hips", ["spine", "chest", "upperChest", "neck"]),
    ("spine", ["chest", "upperChest", "neck"]),
    ("chest", ["upperChest", "neck"]),
    ("upperChest", ["neck", "head"]),
    ("neck", ["head"]),
] + [(side + a, [side + b]) for side in ("left", "right") for a, b in [
    ("Shoulder", "UpperArm"), ("UpperArm", "LowerArm"), ("LowerArm", "Hand"),
    ("UpperLeg", "LowerLeg"), ("LowerLeg", "Foot"), ("Foot", "Toes")]]

ORDER = ["hips", "spine", "chest", "upperChest", "neck", "head"] + [
    side + part for side in ("left", "right")
    for part in ("Shoulder", "UpperArm", "LowerArm", "Hand", "UpperLeg", "LowerLeg", "Foot", "Toes")]

SCHEMES = {
    "CMU": "Hips LowerBack Spine Spine1 Neck Head LeftShoulder LeftArm LeftForeArm LeftHand LeftUpLeg LeftLeg "
           "LeftFoot LeftToeBase RightShoulder RightArm RightForeArm RightHand RightUpLeg RightLeg RightFoot "
           "RightToeBase",
    "Biovision": "Hips Ab Chest - Neck Head LeftCollar LeftShoulder LeftElbow LeftWrist LeftHip LeftKnee "
                 "LeftAnkle LeftToes RightCollar RightShoulder RightElbow RightWrist RightHip RightKnee "
                 "RightAnkle RightToes",
    "humanoid": "hips spine_1 spine_2 spine_3 neck head left_shoulder left_upper_arm left_forearm left_hand "
                "left_thigh left_shin left_foot left_toes right_shoulder right_upper_arm right_forearm "
                "right_hand right_thigh right_shin right_foot right_toes",
}


def scheme(names):
    """{humanoid bone: joint name} of the scheme that names the most joints."""
    best = max(SCHEMES.values(), key=lambda s: sum(n in names for n in s.split()))
    return {bone: name for bone, name in zip(ORDER, best.split()) if name in names}


def angle(a, b):
    la, lb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(x * x for x in b))
    c = sum(x * y for x, y in zip(a, b)) / (la * lb)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def main():
    program, model, map_file, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    for path in [model, map_file] + files:
        if path != "-" and not os.path.exists(path):
            print(f"skipped: {path} not found")
            return 77
    worst_all = 0.0
    for path in files:
        bvh = bvh_check.read_bvh(path)
        frame_time = float(open(path, encoding="latin-1").read().split("Frame Time:")[1].split()[0])
        source_names = {j["name"] for j in bvh["joints"]}
        source = scheme(source_names)
        count = bvh["frame_count"]
        worst = (0.0, "", 0)
        for frame in sorted({0, 1, count // 3, count // 2, 2 * count // 3, count - 1}):
            command = [program, "--bvh", path, "--time", repr(frame * frame_time), "--dump-pose", "-", "--no-feet"]
            if model != "-":
                command += ["--model", model]
            if map_file != "-":
                command += ["--map", map_file]
            run = subprocess.run(command, capture_output=True, text=True, timeout=600)
            if run.returncode != 0:
                print(f"FAIL: {' '.join(command)}: exit {run.returncode}\n{run.stderr}")
                return 1
            target_position = {}
            for line in run.stdout.splitlines():
                words = line.split()
                target_position[words[17]] = [float(w) for w in words[13:16]]
            if map_file == "-":
                target = scheme(set(target_position))
            else:
                target = {}
                for line in open(map_file):
                    words = line.split("#")[0].split()
                    if len(words) == 2:
                        target[words[0]] = words[1]
            source_position = bvh_check.world_positions(bvh, frame)
            for start, ends in BONES:
                if start not in source or start not in target:
                    continue
                both = [e for e in ends if e in source and e in target]
                if not both:
                    continue

                def end_of(names, positions):
                    for e in both:  # on past an end that sits on the start
                        d = [p - q for p, q in zip(positions[names[e]], positions[names[start]])]
                        if math.sqrt(sum(x * x for x in d)) > 1e-6:
                            return d
                    return None
                s, t = end_of(source, source_position), end_of(target, target_position)
                if s is None or t is None:
                    continue
                a = angle(s, t)
                if a > worst[0]:
                    worst = (a, f"{start} ({source[start]} -> {target[start]})", frame)
        print(f"{os.path.basename(path)}: largest angle {worst[0]:.4f} degrees, {worst[1]} at frame {worst[2]}")
        worst_all = max(worst_all, worst[0])
    return 0 if worst_all <= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
