#!/usr/bin/env python3
"""Crop a box out of each of several PNG files and lay the crops out in a grid.

    compose_png.py [--columns N] [--gap PX] [--background RRGGBB] OUT.png IN.png=X,Y,W,H...

Each input is a file and its crop box: X, Y the top left corner in pixels
(origin at the image's top left), W, H its size. The crops are placed left to
right, top to bottom, N to a row (default: all in one row), PX pixels apart
(default 4) on the background colour (default ffffff); every cell is as wide
as the widest crop and as tall as the tallest, a smaller crop sits at its
cell's top left. OUT.png is 8-bit RGB. An RGBA input is laid over the
background by its alpha (the programs' screenshots are opaque: alpha 255).

Needs no library: zlib and struct read 8-bit RGB and RGBA PNGs (filter types
0-4, not interlaced) and write one (filter 0). The book's composites are made
by book/tools/composites.sh with this.
"""
import argparse
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}  # PNG colour type: 2 RGB, 6 RGBA


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def unfilter(kind, row, previous, bpp):
    """Undo one scanline's filter in place (PNG spec, section 9): each byte was
    stored as its difference from a prediction made of the bytes to its left
    (a), above (b) and above-left (c)."""
    for i in range(len(row)):
        a = row[i - bpp] if i >= bpp else 0
        b = previous[i]
        c = previous[i - bpp] if i >= bpp else 0
        if kind == 1:
            row[i] = (row[i] + a) & 255
        elif kind == 2:
            row[i] = (row[i] + b) & 255
        elif kind == 3:
            row[i] = (row[i] + ((a + b) >> 1)) & 255
        elif kind == 4:
            row[i] = (row[i] + paeth(a, b, c)) & 255


def read_png(path):
    """(width, height, channels, rows): rows are bytes of 3 (RGB) or 4 (RGBA)
    values a pixel. Raises ValueError with the file's name on what it cannot read."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != SIGNATURE:
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if pos + 12 + length > len(data):
            raise ValueError(f"{path}: chunk {kind!r} runs past the end of the file")
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR" and length == 13:
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None:
        raise ValueError(f"{path}: no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace:
        raise ValueError(f"{path}: bit depth {depth}, colour type {colour}, interlace {interlace}: "
                         "only 8-bit RGB or RGBA, not interlaced, is read")
    bpp = CHANNELS[colour]
    stride = width * bpp
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as e:
        raise ValueError(f"{path}: image data: {e}") from None
    if len(raw) < height * (stride + 1):
        raise ValueError(f"{path}: image data holds {len(raw)} bytes, {width}x{height} needs {height * (stride + 1)}")
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind > 4:
            raise ValueError(f"{path}: row {y}: filter type {kind} (PNG has 0 to 4)")
        unfilter(kind, row, previous, bpp)
        rows.append(bytes(row))
        previous = row
    return width, height, bpp, rows


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def write_png(path, width, height, rows, channels=3):
    """Write rows (bytes of width * channels values each) as an 8-bit RGB or RGBA PNG, filter 0."""
    colour = {3: 2, 4: 6}[channels]
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    with open(path, "wb") as f:
        f.write(SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def crop_rgb(image, box, background):
    """The box (x, y, w, h) of image as rows of RGB bytes; RGBA laid over background by alpha."""
    width, height, channels, rows = image
    x, y, w, h = box
    if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > width or y + h > height:
        raise ValueError(f"crop box {x},{y},{w},{h} is not inside the {width}x{height} image")
    out = []
    for row in rows[y:y + h]:
        part = row[x * channels:(x + w) * channels]
        if channels == 4:
            rgb = bytearray()
            for i in range(0, len(part), 4):
                alpha = part[i + 3]
                rgb += bytes((part[i + k] * alpha + background[k] * (255 - alpha) + 127) // 255 for k in range(3))
            part = bytes(rgb)
        out.append(part)
    return out


def compose(crops, columns, gap, background):
    """Lay crops (lists of RGB rows) out in a grid: (width, height, rows)."""
    cell_w = max(len(c[0]) // 3 for c in crops)
    cell_h = max(len(c) for c in crops)
    grid_rows = (len(crops) + columns - 1) // columns
    used_columns = min(columns, len(crops))
    width = used_columns * cell_w + (used_columns - 1) * gap
    height = grid_rows * cell_h + (grid_rows - 1) * gap
    canvas = [bytearray(bytes(background) * width) for _ in range(height)]
    for n, crop in enumerate(crops):
        left, top = (n % columns) * (cell_w + gap), (n // columns) * (cell_h + gap)
        for dy, row in enumerate(crop):
            canvas[top + dy][left * 3:left * 3 + len(row)] = row
    return width, height, canvas


def parse_input(text):
    name, sep, box = text.rpartition("=")
    try:
        numbers = [int(v) for v in box.split(",")]
    except ValueError:
        numbers = []
    if not sep or not name or len(numbers) != 4:
        raise argparse.ArgumentTypeError(f"{text!r}: expected IN.png=X,Y,W,H")
    return name, tuple(numbers)


def parse_colour(text):
    if len(text) != 6:
        raise argparse.ArgumentTypeError(f"{text!r}: expected RRGGBB")
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected RRGGBB") from None


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--columns", type=int, default=0, help="crops a row (default: all)")
    parser.add_argument("--gap", type=int, default=4, help="pixels between crops (default 4)")
    parser.add_argument("--background", type=parse_colour, default=b"\xff\xff\xff", help="RRGGBB (default ffffff)")
    parser.add_argument("out")
    parser.add_argument("inputs", nargs="+", type=parse_input, metavar="IN.png=X,Y,W,H")
    args = parser.parse_args(argv)
    if args.columns < 0 or args.gap < 0:
        parser.error("--columns and --gap take a number of 0 or more")
    columns = args.columns or len(args.inputs)
    crops = []
    for name, box in args.inputs:
        try:
            crops.append(crop_rgb(read_png(name), box, args.background))
        except OSError as e:
            print(f"error: {name}: {e.strerror}", file=sys.stderr)
            return 1
        except ValueError as e:
            message = str(e) if str(e).startswith(name) else f"{name}: {e}"
            print(f"error: {message}", file=sys.stderr)
            return 1
    width, height, rows = compose(crops, columns, args.gap, args.background)
    write_png(args.out, width, height, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
