#!/usr/bin/env python3
"""Every chapter program draws the same frame as a Windows program under Wine
as it does on Linux (issue 23).

    python3 tests/windows_frames_check.py LINUX_BUILD WINDOWS_BUILD OUT_DIR [--other-time]

For each of the chapter programs (chapters/NN_*/chNN_* in LINUX_BUILD), runs
`PROGRAM --headless --frames 2 --size 320x240 --time 0.8 --screenshot OUT_DIR/NAME-linux.png`
natively and the same through WINDOWS_BUILD/launchers/NAME (cmake/wine-run,
under the Xvfb display this script is given), then compares the two frames
with the rule test_ch07_screenshot.c uses for "the same picture": at most 20
pixels whose R, G or B differs by more than 8 (a few edge pixels may round
differently; a wrong pose or camera moves hundreds), and as it does, outside
the label's rows (the top LABEL_ROWS: chapter 07's label shows the measured
frame time, which differs from run to run on one system too). Exit 0 when every
program's frames agree, 1 otherwise, with one line a program.

--other-time draws the Windows frame at --time 1.9 instead: a different
frame, which the comparison must catch (each program whose picture moves in
time must fail; the script then exits 0 only if at least one failed, so it
shows that the check can fail).

PNGs are decoded by ImageMagick (`convert FILE -depth 8 rgb:-`), independently
of the project's own image code.
"""
import glob
import os
import subprocess
import sys

SIZE = (320, 240)
LIMIT_DIFFERENCE = 8   # test_ch07_screenshot.c: differing_pixels
LIMIT_PIXELS = 20      # test_ch07_screenshot.c: cpu_diff > 20 fails
LABEL_ROWS = 40        # the two lines of label text at 320x240 (rows 8..21 in chapter 07's)
# Programs whose measured figures reach further down: chapter 12's overlay
# (five lines, y 8 to 82) gives each stage's nanoseconds per character.
LABEL_ROWS_OF = {"ch12_data_oriented": 84}


def rgb(path):
    raw = subprocess.run(["convert", path, "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout
    if len(raw) != SIZE[0] * SIZE[1] * 3:
        raise SystemExit(f"{path}: {len(raw)} bytes of RGB, expected {SIZE[0]}x{SIZE[1]}")
    return raw


def differing_pixels(a, b, label_rows=LABEL_ROWS):
    count = 0
    for i in range(label_rows * SIZE[0] * 3, len(a), 3):
        if abs(a[i] - b[i]) > LIMIT_DIFFERENCE or abs(a[i + 1] - b[i + 1]) > LIMIT_DIFFERENCE or \
           abs(a[i + 2] - b[i + 2]) > LIMIT_DIFFERENCE:
            count += 1
    return count


def screenshot(command, time, out):
    if os.path.exists(out):
        os.remove(out)
    args = [*command, "--headless", "--frames", "2", "--size", f"{SIZE[0]}x{SIZE[1]}", "--time", time, "--screenshot", out]
    run = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if run.returncode != 0 or not os.path.exists(out):
        return f"exit {run.returncode}: {run.stderr.strip().splitlines()[-1:] or ''}"
    return None


def main(argv):
    if len(argv) not in (4, 5) or (len(argv) == 5 and argv[4] != "--other-time"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    linux, windows, out = argv[1], argv[2], argv[3]
    other_time = len(argv) == 5
    os.makedirs(out, exist_ok=True)
    programs = sorted(p for p in glob.glob(os.path.join(linux, "chapters", "[0-9][0-9]_*", "ch[0-9][0-9]_*"))
                      if os.access(p, os.X_OK) and os.path.isfile(p) and "." not in os.path.basename(p))
    if len(programs) < 11:
        print(f"error: {len(programs)} chapter programs in {linux}/chapters, expected 11", file=sys.stderr)
        return 1
    failed = 0
    for program in programs:
        name = os.path.basename(program)
        launcher = os.path.join(windows, "launchers", name)
        linux_png, windows_png = os.path.join(out, f"{name}-linux.png"), os.path.join(out, f"{name}-windows.png")
        why = screenshot([program], "0.8", linux_png)
        if why:
            print(f"{name}: the Linux program failed: {why}")
            failed += 1
            continue
        why = screenshot([launcher], "1.9" if other_time else "0.8", windows_png)
        if why:
            print(f"{name}: the Windows program failed under Wine: {why}")
            failed += 1
            continue
        count = differing_pixels(rgb(linux_png), rgb(windows_png), LABEL_ROWS_OF.get(name, LABEL_ROWS))
        same = count <= LIMIT_PIXELS
        failed += not same
        print(f"{name}: {count} pixels differ by more than {LIMIT_DIFFERENCE}: "
              f"{'the same frame' if same else 'another frame'} (at most {LIMIT_PIXELS})")
    if other_time:
        print(f"--other-time: {failed} of {len(programs)} programs' frames differ")
        return 0 if failed > 0 else 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
