#!/usr/bin/env python3
"""book/tools/composites.sh --compose (ImageMagick cuts and lays out the book's
composite pictures) on small PNG files written here with known pixels.

    composites_check.py COMPOSITES_SH

1. The layout: crops of an RGB and an RGBA image in a grid with a gap; each
   pixel of the output is the known input pixel, the gap or the white
   background, and an RGBA pixel is laid over white by its alpha
   (hand-computed below). A column of two crops of different sizes (the
   smaller at its cell's top left), a last row with an empty cell, an odd gap.
2. The file: 8-bit RGB (colour type 2) whatever the input, no time or date
   chunk, so that two runs write the same bytes (the committed pictures do
   not change when nothing in them did).
3. Bad input: a crop box outside the image, a file that is not an image, a
   box that is not four numbers, a gap that is not a number: one error line
   each, exit 1.

The output is decoded by ImageMagick (convert ... rgb:-); what is tested is
where composites.sh puts each pixel. Exit 77 (skipped) without ImageMagick.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}")


def pixel(x, y, channels):
    """The test images' pixels: values that differ between neighbours in x and y, none of them white,
    so a crop taken one pixel off or a cell filled with background shows. Alpha (channel 3) varies."""
    values = (10 + 40 * x + 7 * y, 250 - 30 * y - 3 * x, (x * 61 + y * 97) % 256, 255 - 50 * x - y)
    return bytes(values[:channels])


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_file(path, width, height, channels, rows):
    """An 8-bit RGB (channels 3) or RGBA (4) PNG, every row with filter 0 (PNG spec, section 9)."""
    scanlines = b"".join(b"\x00" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, {3: 2, 4: 6}[channels], 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(scanlines)) +
                chunk(b"IEND", b""))


def test_image(path, channels, width=4, height=5):
    rows = [b"".join(pixel(x, y, channels) for x in range(width)) for y in range(height)]
    png_file(path, width, height, channels, rows)
    return rows


def chunks_of(path):
    """[(type, body)] of a PNG file, read here."""
    with open(path, "rb") as f:
        data = f.read()
    out, pos = [], 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        out.append((kind, data[pos + 8:pos + 8 + length]))
        pos += 12 + length
    return out


def decode(path):
    """(width, height, rows of RGB bytes), decoded by ImageMagick."""
    size = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True, text=True, check=True)
    width, height = (int(v) for v in size.stdout.split())
    raw = subprocess.run(["convert", path, "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout
    return width, height, [raw[3 * width * y:3 * width * (y + 1)] for y in range(height)]


def main(argv):
    tool = argv[1]
    if not all(shutil.which(t) for t in ("convert", "identify", "montage")):
        print("skipped: no ImageMagick (convert, identify, montage); Debian's package is imagemagick "
              "(.ci/install-deps)")
        return 77
    white = b"\xff\xff\xff"

    def compose(*args):
        return subprocess.run(["sh", tool, "--compose", *args], capture_output=True, text=True)

    with tempfile.TemporaryDirectory() as tmp:
        rgb, rgba, out = (os.path.join(tmp, name) for name in ("rgb.png", "rgba.png", "out.png"))
        test_image(rgb, 3)
        # rgba.png: pixel() but three alphas set by hand: (1, 1) opaque, (0, 2) transparent, (1, 2) 128.
        rows = [bytearray(b"".join(pixel(x, y, 4) for x in range(4))) for y in range(5)]
        rows[1][7], rows[2][3], rows[2][4:8] = 255, 0, bytes((200, 100, 0, 128))
        png_file(rgba, 4, 5, 4, rows)

        # 1. A crop of 3x2 at (1, 2) of rgb.png and 2x3 at (0, 1) of rgba.png, two columns, gap 2: cells of
        # 3x3 (the widest crop, the tallest), so the output is 3 + 2 + 3 = 8 by 3 pixels.
        result = compose("--columns", "2", "--gap", "2", out, f"{rgb}=1,2,3,2", f"{rgba}=0,1,2,3")
        check(result.returncode == 0, f"grid of two: exit {result.returncode}, {result.stderr.strip()}")
        width, height, got = decode(out)
        check((width, height) == (8, 3), f"grid of two: {width}x{height} instead of 8x3")
        expected = {(x, y): white for x in range(8) for y in range(3)}
        for x in range(3):
            for y in range(2):
                expected[x, y] = pixel(1 + x, 2 + y, 3)  # the RGB crop, top left cell
        # The RGBA crop starts at x = 3 + 2. Its pixels (r, g, b, a), from pixel() and the three set by
        # hand, over white: v a / 255 + 255 (1 - a / 255) = 255 - (255 - v) a / 255, to the nearest.
        # (0, 1) = (17, 220, 97, 254): 255 - 238 * 254 / 255 = 17.93, 255 - 35 * 254 / 255 = 220.14,
        # 255 - 158 * 254 / 255 = 97.62.
        expected[5, 0] = bytes((18, 220, 98))
        # (1, 1) = (57, 217, 158), opaque by hand: its own colour.
        expected[6, 0] = bytes((57, 217, 158))
        # (0, 2): transparent by hand, only white.
        expected[5, 1] = white
        # (1, 2) = (200, 100, 0, 128) by hand: 255 - 55 * 128 / 255 = 227.39, 255 - 155 * 128 / 255 = 177.20,
        # 255 - 255 * 128 / 255 = 127.
        expected[6, 1] = bytes((227, 177, 127))
        # (0, 3) = (31, 160, 35, 252): 255 - 224 * 252 / 255 = 33.64, 255 - 95 * 252 / 255 = 161.12,
        # 255 - 220 * 252 / 255 = 37.59.
        expected[5, 2] = bytes((34, 161, 38))
        # (1, 3) = (71, 157, 96, 202): 255 - 184 * 202 / 255 = 109.24, 255 - 98 * 202 / 255 = 177.37,
        # 255 - 159 * 202 / 255 = 129.05.
        expected[6, 2] = bytes((109, 177, 129))
        if (width, height) == (8, 3):
            for (x, y), value in sorted(expected.items()):
                # ImageMagick lays alpha over in 16 bits: one step of 8-bit rounding either way.
                near = all(abs(a - b) <= 1 for a, b in zip(got[y][3 * x:3 * x + 3], value))
                check(near, f"grid of two: pixel ({x}, {y}) is {list(got[y][3 * x:3 * x + 3])}, not {list(value)}")

        # A column: the second crop (2x1) under the first (3x2), 2 + 2 rows down, at its cell's top left.
        result = compose("--columns", "1", "--gap", "2", out, f"{rgb}=1,2,3,2", f"{rgb}=0,0,2,1")
        check(result.returncode == 0, f"column of two: exit {result.returncode}, {result.stderr.strip()}")
        width, height, got = decode(out)
        check((width, height) == (3, 6), f"column of two: {width}x{height} instead of 3 by 2 + 2 + 2")
        if (width, height) == (3, 6):
            check(got[0] == b"".join(pixel(x, 2, 3) for x in (1, 2, 3)), "column of two: row 0")
            check(got[1] == b"".join(pixel(x, 3, 3) for x in (1, 2, 3)), "column of two: row 1")
            check(got[2] == got[3] == white * 3, "column of two: the gap is white")
            check(got[4] == pixel(0, 0, 3) + pixel(1, 0, 3) + white, "column of two: second crop, row 0")
            check(got[5] == white * 3, "column of two: under the 1-row crop, white")

        # Three 1x1 crops, two to a row, gap 3: 1 + 3 + 1 by 1 + 3 + 1, the last cell white.
        result = compose("--columns", "2", "--gap", "3", out, f"{rgb}=0,0,1,1", f"{rgb}=1,0,1,1", f"{rgb}=0,1,1,1")
        check(result.returncode == 0, f"three in two columns: exit {result.returncode}, {result.stderr.strip()}")
        width, height, got = decode(out)
        check((width, height) == (5, 5), f"three in two columns: {width}x{height} instead of 5x5")
        if (width, height) == (5, 5):
            check(got[0] == pixel(0, 0, 3) + white * 3 + pixel(1, 0, 3), "three in two columns: row 0")
            check(all(got[y] == white * 5 for y in (1, 2, 3)), "three in two columns: the gap rows are white")
            check(got[4] == pixel(0, 1, 3) + white * 4, "three in two columns: row 4, the empty cell white")

        # 2. The file: 8-bit RGB from an RGBA input, no time or date chunk, the same bytes twice.
        again = os.path.join(tmp, "again.png")
        compose(out, f"{rgba}=0,0,4,5")
        compose(again, f"{rgba}=0,0,4,5")
        found = chunks_of(out)
        header = [body for kind, body in found if kind == b"IHDR"]
        check(header and header[0][8:10] == bytes((8, 2)),
              f"RGBA input: the output's bit depth and colour type are {list(header[0][8:10]) if header else None}, "
              "not 8-bit RGB (8, 2)")
        dated = [kind for kind, body in found if kind == b"tIME" or (kind in (b"tEXt", b"zTXt", b"iTXt") and
                                                                       body.startswith(b"date:"))]
        check(not dated, f"the output carries a time or date: {dated}")
        with open(out, "rb") as a, open(again, "rb") as b:
            check(a.read() == b.read(), "two runs on the same input wrote different files")

        # 3. Bad input: one line, exit 1.
        text = os.path.join(tmp, "text.png")
        with open(text, "w") as f:
            f.write("not a png\n")
        for what, args, words in (("box outside", [out, f"{rgb}=2,0,3,1"], "not inside the 4x5 image"),
                                  ("not an image", [out, f"{text}=0,0,1,1"], "not an image"),
                                  ("no such file", [out, f"{tmp}/none.png=0,0,1,1"], "not an image"),
                                  ("three numbers", [out, f"{rgb}=0,0,1"], "expected IN.png=X,Y,W,H"),
                                  ("negative", [out, f"{rgb}=-1,0,1,1"], "expected IN.png=X,Y,W,H"),
                                  ("no box", [out, rgb], "expected IN.png=X,Y,W,H"),
                                  ("gap", ["--gap", "x", out, f"{rgb}=0,0,1,1"], "--gap takes a number")):
            result = compose(*args)
            lines = result.stderr.splitlines()
            check(result.returncode == 1 and len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0],
                  f"{what}: exit {result.returncode}, {result.stderr.strip()!r}")

    print("composites.sh --compose: " + ("ok" if not failures else f"{len(failures)} failures"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
