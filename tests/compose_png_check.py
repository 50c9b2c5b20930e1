#!/usr/bin/env python3
"""book/tools/compose_png.py on small PNG files written here with known pixels.

    compose_png_check.py COMPOSE_PNG_PY

1. The reader: a 4x5 RGB and a 4x5 RGBA image, each row stored with another
   filter type (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth, filtered here from
   the PNG specification's section 9, so every filter meets both the zero row
   above the image and a real one), read back as the pixels written; the same
   images with the filters in the other order too; and a pixel where Paeth's
   prediction ties, once between left and above-left, once between above and
   above-left.
2. The layout, through the command line: a crop of the RGB image and one of
   the RGBA image in a grid with a gap and a background colour; each pixel of
   the output (decoded here, not by the tool: filter 0, zlib) is the known
   input pixel, the gap or the background, and an RGBA pixel is laid over
   the background by its alpha (hand-computed below).
3. Bad input: a crop box outside the image, a palette PNG, a file that is not
   a PNG: one error line each, exit 1.
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}")


def pixel(x, y, channels):
    """The test images' pixels: values that differ between neighbours in x and y, so a filter decoded
    with the wrong neighbour gives another value. Alpha (channel 3) varies too."""
    values = (10 + 40 * x + 7 * y, 250 - 30 * y - 3 * x, (x * 61 + y * 97) % 256, 255 - 50 * x - y)
    return bytes(values[:channels])


def filtered(rows, kinds, bpp):
    """The scanlines with filter type kinds[y] applied to row y (PNG spec 9.2: the filtered byte is the
    raw byte minus the prediction from left a, above b, above-left c, modulo 256)."""
    out, above = b"", bytes(len(rows[0]))
    for row, kind in zip(rows, kinds):
        line = bytearray()
        for i, value in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = above[i]
            c = above[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            paeth = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            prediction = (0, a, b, (a + b) // 2, paeth)[kind]
            line.append((value - prediction) % 256)
        out += bytes([kind]) + bytes(line)
        above = row
    return out


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_file(path, width, height, colour, depth, scanlines, extra=b""):
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)) +
                extra + chunk(b"IDAT", zlib.compress(scanlines)) + chunk(b"IEND", b""))


def write_test_image(path, channels, kinds):
    rows = [b"".join(pixel(x, y, channels) for x in range(4)) for y in range(5)]
    png_file(path, 4, 5, {3: 2, 4: 6}[channels], 8, filtered(rows, kinds, channels))
    return rows


def decode_filter0_rgb(path):
    """(width, height, rows) of an 8-bit RGB PNG whose rows all use filter 0: what compose_png writes."""
    with open(path, "rb") as f:
        data = f.read()
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 2), f"{path}: not 8-bit RGB"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = 3 * width + 1
    assert all(raw[y * stride] == 0 for y in range(height)), f"{path}: a row with a filter other than 0"
    return width, height, [raw[y * stride + 1:(y + 1) * stride] for y in range(height)]


def main(argv):
    tool = argv[1]
    sys.path.insert(0, os.path.dirname(os.path.abspath(tool)))
    import compose_png

    with tempfile.TemporaryDirectory() as tmp:
        # 1. Every filter type, after the zero row and after a real row, in RGB and RGBA.
        for channels in (3, 4):
            for kinds in ((0, 1, 2, 3, 4), (4, 3, 2, 1, 0)):
                path = os.path.join(tmp, f"filters-{channels}.png")
                rows = write_test_image(path, channels, kinds)
                width, height, got_channels, got = compose_png.read_png(path)
                check((width, height, got_channels) == (4, 5, channels), f"{channels} channels {kinds}: size")
                for y in range(5):
                    check(got[y] == rows[y], f"{channels} channels, filter {kinds[y]} on row {y}: "
                          f"{list(got[y])} instead of {list(rows[y])}")

        # Paeth's ties, which the specification breaks in the order a, b, c: at pixel (1, 1) red has
        # left a = 80, above b = 110, above-left c = 100, so p = 90 is 10 from a and from c (a wins);
        # green has a = 110, b = 80, c = 100, p = 90 is 10 from b and from c (b wins).
        ties = os.path.join(tmp, "ties.png")
        tie_rows = [bytes((100, 100, 0, 110, 80, 0)), bytes((80, 110, 0, 7, 7, 7))]
        png_file(ties, 2, 2, 2, 8, filtered(tie_rows, (0, 4), 3))
        got = compose_png.read_png(ties)[3]
        check(got[1][3:] == bytes((7, 7, 7)), f"Paeth ties: pixel (1, 1) is {list(got[1][3:])}, not [7, 7, 7]")

        # 2. The layout. rgb.png (filters 0-4) and rgba.png (4-0) with known pixels, except that three
        # of rgba.png's alphas are set by hand: pixel (1, 1) opaque, (0, 2) transparent, (1, 2) 128.
        rgb, rgba, out = (os.path.join(tmp, name) for name in ("rgb.png", "rgba.png", "out.png"))
        write_test_image(rgb, 3, (0, 1, 2, 3, 4))
        rows = [bytearray(b"".join(pixel(x, y, 4) for x in range(4))) for y in range(5)]
        rows[1][7], rows[2][3], rows[2][4:8] = 255, 0, bytes((200, 100, 0, 128))
        png_file(rgba, 4, 5, 6, 8, filtered([bytes(r) for r in rows], (4, 3, 2, 1, 0), 4))
        background = (10, 20, 30)
        # A crop of 3x2 at (1, 2) of rgb.png and 2x3 at (0, 1) of rgba.png, two columns, gap 2: cells of
        # 3x3 (the widest crop, the tallest), so the output is 3 + 2 + 3 = 8 by 3 pixels.
        result = subprocess.run([sys.executable, tool, "--columns", "2", "--gap", "2", "--background", "0a141e",
                                 out, f"{rgb}=1,2,3,2", f"{rgba}=0,1,2,3"], capture_output=True, text=True)
        check(result.returncode == 0, f"grid of two: exit {result.returncode}, {result.stderr.strip()}")
        width, height, got = decode_filter0_rgb(out)
        check((width, height) == (8, 3), f"grid of two: {width}x{height} instead of 8x3")
        expected = {}
        for x in range(8):
            for y in range(3):
                expected[x, y] = bytes(background)
        for x in range(3):
            for y in range(2):
                expected[x, y] = pixel(1 + x, 2 + y, 3)  # the RGB crop, top left cell
        # The RGBA crop starts at x = 3 + 2. Its pixels (r, g, b, a) from pixel() and the three set by
        # hand, laid over the background (10, 20, 30) as (v * a + bg * (255 - a) + 127) // 255:
        # (0, 1) = (17, 220, 97, 254): 4455 // 255 = 17, 56027 // 255 = 219, 24795 // 255 = 97.
        expected[5, 0] = bytes((17, 219, 97))
        # (1, 1) = (57, 217, 158), opaque by hand: its own colour.
        expected[6, 0] = bytes((57, 217, 158))
        # (0, 2): transparent by hand, only the background.
        expected[5, 1] = bytes(background)
        # (1, 2) = (200, 100, 0, 128) by hand: 26997 // 255 = 105, 15467 // 255 = 60, 3937 // 255 = 15.
        expected[6, 1] = bytes((105, 60, 15))
        # (0, 3) = (31, 160, 35, 252): 7969 // 255 = 31, 40507 // 255 = 158, 9037 // 255 = 35.
        expected[5, 2] = bytes((31, 158, 35))
        # (1, 3) = (71, 157, 96, 202): 14999 // 255 = 58, 32901 // 255 = 129, 21109 // 255 = 82.
        expected[6, 2] = bytes((58, 129, 82))
        for (x, y), value in sorted(expected.items()):
            if (width, height) == (8, 3):
                check(got[y][3 * x:3 * x + 3] == value,
                      f"grid of two: pixel ({x}, {y}) is {list(got[y][3 * x:3 * x + 3])}, not {list(value)}")

        # One column: the second crop under the first, 3 + 2 rows down; default white background.
        result = subprocess.run([sys.executable, tool, "--columns", "1", "--gap", "2", out, f"{rgb}=1,2,3,2",
                                 f"{rgb}=0,0,2,1"], capture_output=True, text=True)
        check(result.returncode == 0, f"column of two: exit {result.returncode}")
        width, height, got = decode_filter0_rgb(out)
        check((width, height) == (3, 6), f"column of two: {width}x{height} instead of 3x2 + 2 + 3x2")
        if (width, height) == (3, 6):
            check(got[0] == b"".join(pixel(x, 2, 3) for x in (1, 2, 3)), "column of two: row 0")
            check(got[1] == b"".join(pixel(x, 3, 3) for x in (1, 2, 3)), "column of two: row 1")
            check(got[2] == got[3] == b"\xff" * 9, "column of two: the gap is white")
            check(got[4] == pixel(0, 0, 3) + pixel(1, 0, 3) + b"\xff" * 3, "column of two: second crop, row 0")
            check(got[5] == b"\xff" * 9, "column of two: under the 1-row crop, background")

        # 3. Bad input: one line, exit 1.
        palette = os.path.join(tmp, "palette.png")
        png_file(palette, 1, 1, 3, 8, b"\x00\x00", chunk(b"PLTE", b"\x00\x00\x00"))
        text = os.path.join(tmp, "text.png")
        with open(text, "w") as f:
            f.write("not a png\n")
        for what, inputs, words in (("box outside", [f"{rgb}=2,0,3,1"], "not inside the 4x5 image"),
                                    ("palette", [f"{palette}=0,0,1,1"], "colour type 3"),
                                    ("not a PNG", [f"{text}=0,0,1,1"], "not a PNG file")):
            result = subprocess.run([sys.executable, tool, out] + inputs, capture_output=True, text=True)
            lines = result.stderr.splitlines()
            check(result.returncode == 1 and len(lines) == 1 and words in lines[0] and "Traceback" not in lines[0],
                  f"{what}: exit {result.returncode}, {result.stderr.strip()!r}")

    print("compose_png: " + ("ok" if not failures else f"{len(failures)} failures"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
