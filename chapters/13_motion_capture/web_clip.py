#!/usr/bin/env python3
"""The web book's clip: the first FRAMES frames of a BVH file (issue 37).

    web_clip.py IN OUT FRAMES

Writes IN's HIERARCHY and its Frame Time: unchanged, "Frames: FRAMES", and
IN's first FRAMES frame lines, byte for byte: the same numbers, so the web
page plays what the native program plays from the start of the full file.
The web build (CMakeLists.txt beside this file) cuts CMU's 01_01.bvh from
Debian's assimp-testmodels with it at build time, because the web page must
download what it plays and nothing of the package is copied into the
repository; tests/web/web_check.py runs the native program on the clip the
page's program read. One error line and exit 1 on a file it cannot cut.
"""
import sys


def cut(text, frames):
    """The first `frames` frames of a BVH file's text; raises ValueError."""
    lines = text.split("\n")
    try:
        motion = next(i for i, line in enumerate(lines) if line.strip() == "MOTION")
    except StopIteration:
        raise ValueError("no MOTION line") from None
    header = lines[motion + 1:motion + 3]
    if len(header) < 2 or not header[0].strip().startswith("Frames:") or \
       not header[1].strip().startswith("Frame Time:"):
        raise ValueError(f"line {motion + 2}: expected 'Frames:' and 'Frame Time:' after MOTION")
    body = [line for line in lines[motion + 3:] if line.strip()]
    if frames < 1 or frames > len(body):
        raise ValueError(f"{frames} frames asked for, the file has {len(body)}")
    return "\n".join(lines[:motion + 1] + [f"Frames: {frames}", header[1]] + body[:frames]) + "\n"


def main(argv):
    if len(argv) != 4 or not argv[3].isdigit():
        print("usage: web_clip.py IN OUT FRAMES", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="ascii", newline="") as f:
            clip = cut(f.read(), int(argv[3]))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        print(f"error: {argv[1]}: {e}", file=sys.stderr)
        return 1
    try:
        with open(argv[2], "w", encoding="ascii", newline="") as f:
            f.write(clip)
    except OSError as e:
        print(f"error: {argv[2]}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
