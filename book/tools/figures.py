#!/usr/bin/env python3
"""The book's diagrams, generated so that they share one look and stay consistent.

    figures.py write IMAGES_DIR    write every figure as IMAGES_DIR/NAME.svg
    figures.py check IMAGES_DIR    fail (exit 1) when a committed figure differs from a fresh one
    figures.py list                the names of the figures

Each figure is a function below that returns SVG text. The output is plain,
deterministic SVG 1.1 (no scripts, no external fonts), viewable in a browser,
on a Git host and with `rsvg-convert`. Edit a figure here, run `write`, and
look at it (`rsvg-convert -o /tmp/f.png book/images/NAME.svg`).
"""
import math
import os
import sys

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
INK = "#222222"
MUTED = "#666666"
# One colour per kind of thing, in every figure.
POSITION = "#cfe3f7"   # positions, points, model space
NORMAL = "#f9d9b8"     # normals, world space
TEXCOORD = "#d4edc9"   # texture coordinates, view space
PADDING = "#eeeeee"    # padding bytes, empty slots
HEADER = "#e8dcf5"     # file headers, clip space
ACCENT = "#c0392b"     # what the reader should look at
FRONT = "#7fb3e0"
BACK = "#e8a0a0"


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Svg:
    def __init__(self, width, height, title):
        self.width, self.height, self.parts = width, height, []
        self.title = title

    def add(self, s):
        self.parts.append(s)

    def rect(self, x, y, w, h, fill="white", stroke=INK, width=1.2, rx=0, dash=None):
        d = f' stroke-dasharray="{dash}"' if dash else ""
        self.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{width:g}"{d}/>')

    def line(self, x1, y1, x2, y2, stroke=INK, width=1.2, dash=None, arrow=False):
        d = f' stroke-dasharray="{dash}"' if dash else ""
        a = ' marker-end="url(#arrow)"' if arrow else ""
        self.add(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{stroke}" '
                 f'stroke-width="{width:g}"{d}{a}/>')

    def path(self, d, stroke=INK, width=1.2, fill="none", arrow=False, dash=None):
        a = ' marker-end="url(#arrow)"' if arrow else ""
        ds = f' stroke-dasharray="{dash}"' if dash else ""
        self.add(f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{a}{ds}/>')

    def polygon(self, points, fill, stroke=INK, width=1.2, dash=None, opacity=1.0):
        pts = " ".join(f"{x:g},{y:g}" for x, y in points)
        d = f' stroke-dasharray="{dash}"' if dash else ""
        o = f' fill-opacity="{opacity:g}"' if opacity != 1.0 else ""
        self.add(f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{d}{o}/>')

    def circle(self, x, y, r, fill=INK, stroke="none"):
        self.add(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="{stroke}"/>')

    def text(self, x, y, s, size=13, anchor="start", mono=False, bold=False, fill=INK, italic=False):
        family = MONO if mono else FONT
        extra = (' font-weight="bold"' if bold else "") + (' font-style="italic"' if italic else "")
        self.add(f'<text x="{x:g}" y="{y:g}" font-family="{family}" font-size="{size:g}" '
                 f'text-anchor="{anchor}" fill="{fill}"{extra}>{esc(s)}</text>')

    def arrow(self, x1, y1, x2, y2, stroke=INK, width=1.4):
        self.line(x1, y1, x2, y2, stroke=stroke, width=width, arrow=True)

    def render(self):
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}">\n'
                f'<title>{esc(self.title)}</title>\n'
                '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
                'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="'
                + INK + '"/></marker></defs>\n'
                f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="white"/>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


# ---------------------------------------------------------------- chapter 01

def spaces():
    """The chain of spaces and the matrices between them, read right to left."""
    s = Svg(910, 220, "The chain of spaces: joint, model, world, view, clip, and the matrices between them")
    boxes = [("joint space", "one per joint (04-06)", "white"),
             ("model space", "the mesh's own frame", POSITION),
             ("world space", "the scene", NORMAL),
             ("view space", "camera at the origin", TEXCOORD),
             ("clip space", "what the GPU clips", HEADER)]
    mats = ["model_from_joint", "world_from_model", "view_from_world", "clip_from_view"]
    w, h, gap, y = 132, 58, 57, 40
    for i, (name, sub, fill) in enumerate(boxes):
        x = 10 + i * (w + gap)
        s.rect(x, y, w, h, fill=fill, rx=6, dash="5,4" if i == 0 else None)
        s.text(x + w / 2, y + 25, name, size=14, anchor="middle", bold=True)
        s.text(x + w / 2, y + 44, sub, size=11, anchor="middle", fill=MUTED)
        if i < len(mats):
            s.arrow(x + w + 3, y + h / 2, x + w + gap - 3, y + h / 2)
            s.text(x + w + gap / 2, y - 10, mats[i], size=11.5, anchor="middle", mono=True)
    s.text(455, 140, "position_clip = clip_from_view * view_from_world * world_from_model * position_model",
           size=13, anchor="middle", mono=True)
    s.arrow(770, 154, 140, 154, stroke=ACCENT)
    s.text(455, 176, "Read right to left: the rightmost matrix acts first.", size=12.5, anchor="middle",
           fill=ACCENT)
    s.text(455, 196, "Inner names meet: view_from_world * world_from_model = view_from_model.", size=12.5,
           anchor="middle", fill=ACCENT)
    return s.render()


def winding():
    """Counter-clockwise is front; a cube wound the other way shows its inside."""
    s = Svg(760, 300, "Winding and culling: counter-clockwise triangles face the viewer")

    def tri(cx, cy, order, fill, label, sub):
        pts = [(cx - 70, cy + 50), (cx + 70, cy + 50), (cx, cy - 60)]
        s.polygon(pts, fill=fill)
        names = ["0", "1", "2"] if order == "ccw" else ["0", "2", "1"]
        offsets = [(-14, 16), (8, 16), (-4, -8)]
        for (x, y), n, (dx, dy) in zip(pts, names, offsets):
            s.circle(x, y, 3.5)
            s.text(x + dx, y + dy, n, size=13, bold=True)
        # the turning direction 0 -> 1 -> 2
        r = 24
        if order == "ccw":
            s.path(f"M {cx - r} {cy + 14} A {r} {r} 0 1 0 {cx + r * 0.2} {cy - r + 14}", stroke=ACCENT, arrow=True)
        else:
            s.path(f"M {cx + r} {cy + 14} A {r} {r} 0 1 1 {cx - r * 0.2} {cy - r + 14}", stroke=ACCENT, arrow=True)
        s.text(cx, cy + 84, label, size=13.5, anchor="middle", bold=True)
        s.text(cx, cy + 102, sub, size=12, anchor="middle", fill=MUTED)

    tri(120, 110, "ccw", FRONT, "0, 1, 2 counter-clockwise", "front face: drawn")
    tri(340, 110, "cw", BACK, "0, 1, 2 clockwise", "back face: culled")

    # A cube wound clockwise: its near faces are culled, the far (inside) faces drawn.
    ox, oy, a, d = 555, 36, 90, 42
    front = [(ox, oy + d), (ox + a, oy + d), (ox + a, oy + d + a), (ox, oy + d + a)]
    back = [(ox + d, oy), (ox + a + d, oy), (ox + a + d, oy + a), (ox + d, oy + a)]
    # far faces, seen from inside: the back wall, the floor, the left wall
    s.polygon(back, fill="#f3c08a")
    s.polygon([front[3], back[3], back[2], front[2]], fill="#d98f4e")
    s.polygon([front[0], back[0], back[3], front[3]], fill="#e8a96a")
    for p, q in zip(front, back):
        s.line(p[0], p[1], q[0], q[1], stroke=INK, width=1)
    s.polygon(front, fill="none", dash="5,4")
    s.line(back[0][0], back[0][1], back[1][0], back[1][1])
    s.text(ox + 66, 194, "a cube wound clockwise", size=13.5, anchor="middle", bold=True)
    s.text(ox + 66, 212, "near faces culled (dashed),", size=12, anchor="middle", fill=MUTED)
    s.text(ox + 66, 228, "far faces drawn: you see its inside", size=12, anchor="middle", fill=MUTED)
    s.text(380, 280, "Counter-clockwise as seen on screen is the front (OpenGL's default, and glTF's rule).",
           size=12.5, anchor="middle")
    return s.render()


# ---------------------------------------------------------------- chapter 02

def fan():
    """A polygon split into a fan of triangles that share corner 0."""
    s = Svg(640, 240, "Fan triangulation: a polygon of n corners becomes n - 2 triangles sharing corner 0")
    cx, cy, r = 150, 120, 90
    pts = [(cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))
           for a in (250, 320, 30, 110, 180)]
    fills = [POSITION, NORMAL, TEXCOORD]
    for i in range(1, 4):
        s.polygon([pts[0], pts[i], pts[i + 1]], fill=fills[i - 1])
    for i, (x, y) in enumerate(pts):
        s.circle(x, y, 3.5)
        dx = 10 if x >= cx else -20
        s.text(x + dx, y + (16 if y > cy else -6), str(i), size=14, bold=True)
    s.text(320, 32, "5 corners, 5 - 2 = 3 triangles:", size=13, bold=True)
    rows = ["(0, 1, 2)", "(0, 2, 3)", "(0, 3, 4)"]
    for i, row in enumerate(rows):
        y = 70 + i * 34
        s.rect(320, y - 17, 22, 22, fill=fills[i])
        s.text(352, y, "triangle " + str(i) + ":  " + row, size=14, mono=True)
    s.text(320, 185, "triangle i = (0, i + 1, i + 2)", size=13, mono=True)
    s.text(320, 207, "each keeps the polygon's winding", size=12.5, fill=MUTED)
    return s.render()


def probing():
    """Linear probing in the dedup map: a hit after wrapping around, and a miss."""
    s = Svg(780, 330, "Linear probing in the dedup map: a lookup walks from the home slot, wrapping to slot 0")
    n, x0, y0, w, h = 8, 40, 70, 64, 40
    slots = [3, 0, 0, 0, 0, 0, 1, 2]   # v + 1, 0 = empty
    keys = ["(1, 1, 1)", "(2, 1, 1)", "(1, 1, 0)"]
    s.text(x0, 30, "slots[8]   (holds v + 1; 0 = empty)", size=13, bold=True)
    for i in range(n):
        x = x0 + i * w
        filled = slots[i] != 0
        s.rect(x, y0, w, h, fill=POSITION if filled else PADDING)
        s.text(x + w / 2, y0 + 26, str(slots[i]) if filled else "0", size=15, anchor="middle", mono=True,
               fill=INK if filled else MUTED)
        s.text(x + w / 2, y0 - 8, str(i), size=12, anchor="middle", fill=MUTED)
    # keys array
    s.text(x0 + 560, 30, "keys[v]", size=13, bold=True)
    for v, k in enumerate(keys):
        y = 45 + v * 30
        s.rect(x0 + 560, y, 150, 26, fill=NORMAL)
        s.text(x0 + 570, y + 18, f"{v}: {k}", size=13, mono=True)
    # hit: (1, 1, 0) hashes to 6, walks 6, 7, wraps to 0 and finds v = 2
    y = y0 + h
    s.path(f"M {x0 + 6.5 * w} {y + 6} q 0 22 {w / 2} 22 q {w / 2} 0 {w / 2} -22", stroke=ACCENT, arrow=True)
    s.path(f"M {x0 + 7.5 * w} {y + 6} q 0 50 -{3.5 * w} 50 q -{3.5 * w} 0 -{3.5 * w} -50",
           stroke=ACCENT, arrow=True)
    s.rect(x0 + w + 3, y0 + 3, w - 6, h - 6, fill="none", stroke="#2a7a2a", width=2, dash="4,3")
    s.text(x0 + 1.5 * w, y + 20, "insert here", size=11, anchor="middle", fill="#2a7a2a")
    s.text(x0, y + 82, "Suppose (1, 1, 0) hashes to home slot 6 (hash & 7 = 6). Slot 6 holds vertex 0, (1, 1, 1): "
           "not it.", size=12.5)
    s.text(x0, y + 100, "Slot 7 holds vertex 1, (2, 1, 1): not it. Slot 7 + 1 wraps to 0: vertex 2, found.",
           size=12.5)
    s.text(x0, y + 118, "This hit reads 3 slots and 3 keys.", size=12.5, fill=ACCENT)
    s.text(x0, y + 146, "Insert (5, 5, 5), also home slot 6: slots 6, 7 and 0 hold other keys, slot 1 is empty,",
           size=12.5)
    s.text(x0, y + 164, "so keys[3] = (5, 5, 5) and slots[1] = 4. This miss reads 4 slots and 3 keys: a miss",
           size=12.5)
    s.text(x0, y + 182, "must walk to an empty slot to know that the key is absent, past every key of its run.",
           size=12.5, fill=ACCENT)
    s.text(x0, y + 210, "The table doubles before it is more than 3/4 full, so runs stay short and an empty "
           "slot always exists.", size=12, fill=MUTED)
    return s.render()


# ---------------------------------------------------------------- chapter 03

def stride():
    """Two attributes interleaved in one bufferView; element i starts at offset + i * stride."""
    s = Svg(800, 280, "Interleaved vertices: POSITION and TEXCOORD_0 share one bufferView with byteStride 16")
    x0, y0, bw = 30, 70, 22     # one byte is bw pixels wide... scaled: 16 bytes = 352 px
    s.text(x0, 24, "bufferView (byteStride 16): vertex 0, then vertex 1, ...", size=13, bold=True)
    for v in range(2):
        base = x0 + v * 16 * bw
        parts = [("x", 4, POSITION), ("y", 4, POSITION), ("z", 4, POSITION), ("u", 2, TEXCOORD), ("v", 2, TEXCOORD)]
        at = base
        for name, size, fill in parts:
            s.rect(at, y0, size * bw, 40, fill=fill)
            s.text(at + size * bw / 2, y0 + 18, name, size=13, anchor="middle", mono=True)
            s.text(at + size * bw / 2, y0 + 33, "f32" if size == 4 else "u16", size=10.5, anchor="middle",
                   fill=MUTED)
            at += size * bw
        s.text(base + 8 * bw, y0 - 10, f"vertex {v}", size=12, anchor="middle", bold=True)
    # byte ruler
    for b in range(0, 33, 4):
        x = x0 + b * bw
        s.line(x, y0 + 40, x, y0 + 48, stroke=MUTED)
        s.text(x, y0 + 61, str(b), size=11, anchor="middle", fill=MUTED)
    s.text(x0 + 32 * bw + 12, y0 + 61, "byte", size=11, fill=MUTED)
    # stride arrows
    s.path(f"M {x0} {y0 + 76} L {x0 + 16 * bw - 2} {y0 + 76}", stroke=ACCENT, arrow=True)
    s.text(x0 + 8 * bw, y0 + 92, "byteStride = 16", size=12.5, anchor="middle", fill=ACCENT, mono=True)
    s.path(f"M {x0 + 12 * bw} {y0 + 108} L {x0 + 28 * bw - 2} {y0 + 108}", stroke="#2a7a2a", arrow=True)
    s.text(x0 + 20 * bw, y0 + 124, "TEXCOORD_0 element 1 at 12 + 1 * 16 = 28", size=12.5, anchor="middle",
           fill="#2a7a2a", mono=True)
    s.text(x0, 226, "POSITION:   byteOffset 0,  VEC3 of FLOAT (12 bytes)", size=12.5, mono=True)
    s.text(x0, 244, "TEXCOORD_0: byteOffset 12, VEC2 of UNSIGNED_SHORT, normalized (4 bytes: c / 65535)",
           size=12.5, mono=True)
    s.text(x0, 266, "element i starts at bufferView.byteOffset + accessor.byteOffset + i * byteStride",
           size=12.5, mono=True, fill=ACCENT)
    return s.render()


def glb_layout():
    """The GLB container: header, JSON chunk padded with spaces, BIN chunk padded with zeros."""
    s = Svg(940, 330, "The GLB layout: a 12-byte header, a JSON chunk, a BIN chunk, all little-endian")
    y, h = 64, 54
    # name, value, width in pixels, fill, byte offset of its start
    cells = [("magic", "\"glTF\"", 70, HEADER, "0"), ("version", "2", 64, HEADER, "4"),
             ("length", "file size", 74, HEADER, "8"),
             ("chunkLength", "J", 88, NORMAL, "12"), ("chunkType", "\"JSON\"", 80, NORMAL, "16"),
             ("JSON text", "{\"asset\": ...}", 150, NORMAL, "20"), ("pad", "0x20", 44, PADDING, ""),
             ("chunkLength", "B", 88, POSITION, "20 + J"), ("chunkType", "\"BIN\\0\"", 80, POSITION, ""),
             ("binary data", "buffers[0]", 130, POSITION, "28 + J"), ("pad", "0x00", 44, PADDING, "")]
    x, starts = 20, []
    for name, value, wpx, fill, offset in cells:
        starts.append(x)
        s.rect(x, y, wpx, h, fill=fill)
        big = wpx > 100
        s.text(x + wpx / 2, y + 22, name, size=13 if big else 11.5, anchor="middle", bold=big)
        s.text(x + wpx / 2, y + 41, value, size=11.5, anchor="middle", mono=True, fill=MUTED)
        if offset:
            s.line(x, y + h, x, y + h + 6, stroke=MUTED)
            s.text(x + 2, y + h + 18, offset, size=10.5, fill=MUTED)
        x += wpx
    end = x

    def brace(x1, x2, yb, label, color=INK, up=False):
        d = -8 if up else 8
        s.path(f"M {x1 + 1} {yb} L {x1 + 1} {yb + d} L {x2 - 1} {yb + d} L {x2 - 1} {yb}", stroke=color)
        s.text((x1 + x2) / 2, yb + (d - 6 if up else d + 16), label, size=12.5, anchor="middle", fill=color)

    brace(starts[0], starts[3], y + h + 26, "header: 12 bytes")
    brace(starts[3], starts[7], y + h + 26, "chunk 0: 8-byte chunk header + J bytes")
    brace(starts[7], end, y + h + 26, "chunk 1 (optional): 8 + B bytes")
    brace(starts[5], starts[7], y - 6, "J: a multiple of 4", color=ACCENT, up=True)
    brace(starts[9], end, y - 6, "B: a multiple of 4", color=ACCENT, up=True)
    notes = [
        "Every number is a little-endian uint32: magic 0x46546C67, chunk types 0x4E4F534A (JSON) and 0x004E4942 (BIN).",
        "The JSON chunk comes first, padded with spaces (0x20) so that it is still valid JSON.",
        "The BIN chunk comes second, padded with zeros. buffers[0], the buffer without a uri, is its data;",
        "buffers[0].byteLength may be up to 3 bytes less than B: the padding is not part of the buffer.",
        "length = 12 + (8 + J) + (8 + B) is the size of the whole file. Chunks of another type are skipped.",
    ]
    for i, line in enumerate(notes):
        s.text(20, 208 + i * 22, line, size=12.5)
    return s.render()


def mat3_padding():
    """Matrix columns start on 4-byte boundaries: MAT3 of shorts and bytes, MAT2 of bytes."""
    s = Svg(780, 290, "Matrix columns start on 4-byte boundaries: padding in MAT2 and MAT3 of small types")
    bw = 18

    def row(y, label, col_size, comp, columns, rows):
        s.text(20, y + 22, label, size=12.5, mono=True, bold=True)
        x = 200
        for c in range(columns):
            for r in range(rows):
                s.rect(x, y, comp * bw, 34, fill=[POSITION, NORMAL, TEXCOORD, HEADER][c])
                s.text(x + comp * bw / 2, y + 22, f"m{c}{r}" if comp > 1 else f"{c}{r}", size=11, anchor="middle",
                       mono=True)
                x += comp * bw
            pad = col_size - rows * comp
            if pad:
                s.rect(x, y, pad * bw, 34, fill=PADDING, dash="3,3")
                s.text(x + pad * bw / 2, y + 22, "pad", size=10, anchor="middle", fill=MUTED)
                x += pad * bw
        s.text(x + 10, y + 22, f"{columns * col_size} bytes", size=12.5, fill=ACCENT)

    row(40, "MAT3 of SHORT", 8, 2, 3, 3)
    row(100, "MAT3 of BYTE", 4, 1, 3, 3)
    row(160, "MAT2 of BYTE", 4, 1, 2, 2)
    s.text(20, 225, "Column c, row r of an element is at  c * column_bytes + r * component_size,", size=12.5)
    s.text(20, 245, "column_bytes = rows * component_size rounded up to 4. MAT4 and every FLOAT matrix", size=12.5)
    s.text(20, 265, "need no padding (their columns are 4, 8 or 16 bytes already); so does MAT2 of SHORT.",
           size=12.5)
    return s.render()


def node_tree():
    """A skinned character's node tree: joints, the mesh node, and what chapters 04-08 read."""
    s = Svg(780, 380, "A skinned character in glTF: the node tree, the skin, and which chapter uses what")

    def node(x, y, name, sub, fill, w=120, dash=None):
        s.rect(x, y, w, 40, fill=fill, rx=6, dash=dash)
        s.text(x + w / 2, y + 17, name, size=12.5, anchor="middle", bold=True)
        s.text(x + w / 2, y + 32, sub, size=10.5, anchor="middle", fill=MUTED, mono=True)

    def edge(x1, y1, x2, y2):
        s.path(f"M {x1} {y1} L {x1} {(y1 + y2) / 2} L {x2} {(y1 + y2) / 2} L {x2} {y2}")

    node(150, 20, "scene", "scenes[0].nodes", "white")
    node(150, 90, "Armature", "nodes[0]", "white")
    node(30, 170, "hips", "joint 0", NORMAL)
    node(30, 240, "spine", "joint 1", NORMAL)
    node(30, 310, "head", "joint 2", NORMAL)
    node(170, 240, "thigh.L", "joint 3", NORMAL)
    node(170, 310, "shin.L", "joint 4", NORMAL)
    node(280, 170, "Body", "mesh 0, skin 0", POSITION)
    edge(210, 60, 210, 90)
    edge(210, 130, 90, 170)
    edge(210, 130, 340, 170)
    edge(90, 210, 90, 240)
    edge(90, 210, 230, 240)
    edge(90, 280, 90, 310)
    edge(230, 280, 230, 310)
    s.text(280, 226, "transform ignored", size=11, fill=ACCENT)
    s.text(280, 240, "when skinned (spec)", size=11, fill=ACCENT)

    x = 440
    lines = [
        ("skins[0].joints", "[hips, spine, head, thigh.L, shin.L]", "04: the skeleton, parents first"),
        ("nodes[j] TRS", "rest pose: parent_from_joint", "04: local to model"),
        ("inverseBindMatrices", "joint_from_model_bind, one per joint", "05: skin matrices"),
        ("JOINTS_0, WEIGHTS_0", "4 joints and weights per vertex", "06, 07: skinning"),
        ("animations[].samplers", "input times, output TRS values", "08: sampling"),
        ("animations[].channels", "sampler -> node, path", "08, 09: a pose"),
    ]
    for i, (what, detail, who) in enumerate(lines):
        y = 30 + i * 56
        s.rect(x, y, 320, 48, fill="#fafafa", stroke="#bbbbbb", rx=5)
        s.text(x + 10, y + 18, what, size=12.5, mono=True, bold=True)
        s.text(x + 10, y + 36, detail, size=11.5, mono=True, fill=MUTED)
        s.text(x + 310, y + 18, who, size=11.5, anchor="end", fill=ACCENT)
    return s.render()


def rest_bind():
    """Rest pose (the nodes' stored TRS) against bind pose (where the inverse bind matrices were taken)."""
    s = Svg(780, 300, "Rest pose and bind pose of an arm: the same joints, two different poses")

    def arm(ox, oy, angles, fill, label, sub1, sub2):
        # shoulder at (ox, oy); each bone 80 px, angles in degrees from +X, relative to the parent
        pts, a = [(ox, oy)], 0.0
        for ang in angles:
            a += ang
            x, y = pts[-1]
            pts.append((x + 80 * math.cos(math.radians(a)), y - 80 * math.sin(math.radians(a))))
        s.rect(ox - 70, oy - 30, 40, 120, fill="#f2f2f2", stroke="#bbbbbb", rx=10)   # the torso
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            s.line(x1, y1, x2, y2, stroke=fill, width=9)
        for i, (x, y) in enumerate(pts[:3]):
            s.circle(x, y, 6, fill=INK)
        s.text(pts[0][0] - 4, pts[0][1] - 14, "shoulder", size=11, anchor="middle", fill=MUTED)
        s.text(pts[1][0] + 4, pts[1][1] - 14, "elbow", size=11, anchor="middle", fill=MUTED)
        s.text(ox + 40, 244, label, size=14, anchor="middle", bold=True)
        s.text(ox + 40, 264, sub1, size=12, anchor="middle", fill=MUTED)
        s.text(ox + 40, 282, sub2, size=12, anchor="middle", mono=True, fill=MUTED)

    arm(110, 100, [-40, -30], FRONT, "rest pose", "the nodes' translation, rotation, scale",
        "nodes[j].translation/rotation/scale")
    arm(500, 100, [0, 0], NORMAL, "bind pose", "the pose the inverse bind matrices were taken in",
        "inverse(inverseBindMatrices[j])")
    s.text(390, 24, "The mesh's vertices are stored in the bind pose. Often the rest pose is the same pose;",
           size=12.5, anchor="middle")
    s.text(390, 42, "when it is not, the mesh skinned in the rest pose is bent away from its stored shape",
           size=12.5, anchor="middle")
    s.text(390, 60, "(chapter 05 measures the difference).", size=12.5, anchor="middle")
    return s.render()


# ---------------------------------------------------------------- chapter 04

def bone_tree():
    """A skeleton as a tree and as the parents-first arrays the code stores."""
    s = Svg(900, 400, "A skeleton as a tree, and as parents-first arrays: parent[j] < j, -1 for a root")
    joints = [  # name, parent, x, y of the tree drawing
        ("Armature", -1, 200, 30), ("hips", 0, 200, 95), ("spine", 1, 110, 160), ("head", 2, 60, 225),
        ("arm.L", 2, 170, 225), ("hand.L", 4, 170, 290), ("thigh.L", 1, 300, 160), ("shin.L", 6, 300, 225)]
    w, h = 92, 36
    for j, (name, parent, x, y) in enumerate(joints):
        if parent >= 0:
            px, py = joints[parent][2], joints[parent][3]
            s.path(f"M {px} {py + h / 2} L {px} {(py + y) / 2 + h / 4} L {x} {(py + y) / 2 + h / 4} "
                   f"L {x} {y - h / 2}")
    for j, (name, parent, x, y) in enumerate(joints):
        fill = "white" if j == 0 else NORMAL
        s.rect(x - w / 2, y - h / 2, w, h, fill=fill, rx=6, dash="5,4" if j == 0 else None)
        s.text(x, y - 1, name, size=12.5, anchor="middle", bold=True)
        s.text(x, y + 13, f"joint {j}", size=10.5, anchor="middle", mono=True, fill=MUTED)
    s.text(200, 335, "Armature: not in skin.joints, but an", size=11.5, anchor="middle", fill=MUTED)
    s.text(200, 351, "ancestor of a joint, so in the skeleton", size=11.5, anchor="middle", fill=MUTED)

    # The arrays.
    x0, y0, cw, rh = 400, 40, 52, 30
    s.text(x0, y0 - 14, "j", size=12.5, mono=True, bold=True, anchor="middle")
    s.text(x0 + 105, y0 - 14, "name[j]", size=12.5, mono=True, bold=True, anchor="middle")
    s.text(x0 + 200, y0 - 14, "parent[j]", size=12.5, mono=True, bold=True, anchor="middle")
    for j, (name, parent, _, _) in enumerate(joints):
        y = y0 + j * rh
        s.text(x0, y + 19, str(j), size=12.5, mono=True, anchor="middle")
        s.rect(x0 + 40, y, 130, rh, fill=PADDING if j == 0 else "white")
        s.text(x0 + 105, y + 19, name, size=12.5, mono=True, anchor="middle")
        s.rect(x0 + 175, y, cw, rh, fill=POSITION)
        s.text(x0 + 175 + cw / 2, y + 19, str(parent), size=12.5, mono=True, anchor="middle",
               fill=ACCENT if parent < 0 else INK)
    # Each parent index points up the table: always to an earlier row.
    for j, (name, parent, _, _) in enumerate(joints):
        if parent >= 0:
            y1, y2 = y0 + j * rh + rh / 2, y0 + parent * rh + rh / 2
            bend = x0 + 235 + 9 * (j - parent)
            s.path(f"M {x0 + 228} {y1} L {bend} {y1} L {bend} {y2} L {x0 + 230} {y2}", stroke=MUTED,
                   width=1.0, arrow=True)
    for i, line in enumerate(["Every arrow points up:", "a parent comes before", "its children, so one loop",
                              "from j = 0 finds each", "parent's matrix done."]):
        s.text(x0 + 310, 80 + 18 * i, line, size=12.5, fill=ACCENT)
    s.text(20, 385, "skin.joints may list them in any order, e.g. [hand.L, spine, hips, ...]; the skeleton "
           "sorts them and keeps the map joint_of_skin_joint.", size=12)
    return s.render()


def local_model():
    """Local (parent_from_joint) against model (model_from_joint) for a two-bone arm in 2D."""
    s = Svg(820, 360, "Local and model space: each joint is placed in its parent's frame; FK chains them")
    scale = 70.0
    ox, oy = 70, 300  # model space origin on the page

    def page(x, y):
        return ox + scale * x, oy - scale * y

    def frame(m, label, color, length=0.8):
        # m: 2D affine as (ax, ay, bx, by, tx, ty): columns X, Y, then origin
        x0, y0 = page(m[4], m[5])
        for (dx, dy), name in (((m[0], m[1]), "x"), ((m[2], m[3]), "y")):
            x1, y1 = page(m[4] + length * dx, m[5] + length * dy)
            s.arrow(x0, y0, x1, y1, stroke=color, width=2)
            s.text(x1 + 4, y1 + (4 if name == "x" else -4), name, size=11.5, fill=color, italic=True)
        s.circle(x0, y0, 5, fill=INK)
        s.text(x0 - 8, y0 + 18, label, size=12.5, bold=True, anchor="end")

    def mul(a, b):
        return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1],
                a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
                a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])

    def trs2(tx, ty, degrees):
        c, sn = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        return (c, sn, -sn, c, tx, ty)

    model = (1, 0, 0, 1, 0, 0)
    shoulder = mul(model, trs2(1.0, 1.0, 30))
    elbow = mul(shoulder, trs2(2.0, 0.0, 50))
    hand = mul(elbow, trs2(1.5, 0.0, 0))
    # The bones.
    for a, b in ((shoulder, elbow), (elbow, hand)):
        x1, y1 = page(a[4], a[5])
        x2, y2 = page(b[4], b[5])
        s.line(x1, y1, x2, y2, stroke=FRONT, width=9)
    frame(model, "model", MUTED, length=1.0)
    frame(shoulder, "shoulder", INK)
    frame(elbow, "elbow", ACCENT)
    hx, hy = page(hand[4], hand[5])
    s.circle(hx, hy, 5, fill=INK)
    s.text(hx + 8, hy - 6, "hand", size=12.5, bold=True)
    # The elbow's local translation, drawn along the shoulder's x axis.
    sx, sy = page(shoulder[4], shoulder[5])
    ex, ey = page(elbow[4], elbow[5])
    s.path(f"M {sx} {sy + 14} L {ex + 7} {ey + 14}", stroke=ACCENT, dash="5,4")
    s.text((sx + ex) / 2 + 20, (sy + ey) / 2 + 34, "(2, 0) in the shoulder's frame", size=12, fill=ACCENT)
    # The model-space position of the elbow, from the model origin.
    mx, my = page(0, 0)
    s.path(f"M {mx} {my} L {ex} {ey}", stroke=MUTED, dash="2,4", arrow=True)
    s.text(ex + 16, ey + 6, f"({elbow[4]:.2f}, {elbow[5]:.2f}) in model space", size=12, fill=MUTED)

    x = 480
    s.text(x, 40, "parent_from_joint (local, stored):", size=13, bold=True)
    s.text(x, 62, "shoulder: T(1, 1) R(30\u00b0)", size=12.5, mono=True)
    s.text(x, 80, "elbow:    T(2, 0) R(50\u00b0)", size=12.5, mono=True)
    s.text(x, 98, "hand:     T(1.5, 0)", size=12.5, mono=True)
    s.text(x, 134, "model_from_joint (computed):", size=13, bold=True)
    s.text(x, 156, "model_from_shoulder", size=12.5, mono=True)
    s.text(x + 20, 174, "= shoulder's local", size=12.5, mono=True)
    s.text(x, 196, "model_from_elbow", size=12.5, mono=True)
    s.text(x + 20, 214, "= model_from_shoulder", size=12.5, mono=True)
    s.text(x + 20, 232, "  * shoulder_from_elbow", size=12.5, mono=True, fill=ACCENT)
    s.text(x, 268, "The elbow's angle is 50\u00b0 in its parent's", size=12.5)
    s.text(x, 286, "frame, 80\u00b0 in model space: turning the", size=12.5)
    s.text(x, 304, "shoulder moves the elbow and the hand.", size=12.5)
    return s.render()


# ---------------------------------------------------------------- chapter 05

def inverse_bind_spaces():
    """A vertex through the inverse bind matrix into its joint's space, and back out with the joint posed."""
    s = Svg(900, 390, "A skinned vertex: model space at bind time, the joint's space, model space now")
    scale = 55.0

    def panel(px, title, subtitle, fill):
        s.rect(px, 60, 230, 230, fill=fill, rx=8)
        s.text(px + 115, 82, title, size=14, anchor="middle", bold=True)
        s.text(px + 115, 100, subtitle, size=11, anchor="middle", fill=MUTED)

    def arm(ox, oy, elbow_degrees):
        # shoulder at (ox, oy) on the page; upper arm 1.6 along +x, forearm 1.6 turned by elbow_degrees.
        ex, ey = ox + 1.6 * scale, oy
        a = math.radians(elbow_degrees)
        hx, hy = ex + 1.6 * scale * math.cos(a), ey - 1.6 * scale * math.sin(a)
        s.line(ox, oy, ex, ey, stroke=FRONT, width=9)
        s.line(ex, ey, hx, hy, stroke=FRONT, width=9)
        for x, y in ((ox, oy), (ex, ey)):
            s.circle(x, y, 5, fill=INK)
        s.text(ex, ey + 22, "elbow", size=11, anchor="middle", fill=MUTED)
        # The vertex: 1.0 along the forearm, 0.3 above it, in the elbow's frame.
        vx = ex + scale * (1.0 * math.cos(a) - 0.3 * math.sin(a))
        vy = ey - scale * (1.0 * math.sin(a) + 0.3 * math.cos(a))
        s.circle(vx, vy, 6, fill=ACCENT)
        s.text(vx + 9, vy - 7, "v", size=13, italic=True, bold=True, fill=ACCENT)

    def axes(x0, y0, x_length, y_length, color, label):
        s.arrow(x0, y0, x0 + x_length, y0, stroke=color, width=1.8)
        s.arrow(x0, y0, x0, y0 - y_length, stroke=color, width=1.8)
        s.text(x0 + x_length + 4, y0 + 4, "x", size=11, italic=True, fill=color)
        s.text(x0 - 4, y0 - y_length - 4, "y", size=11, italic=True, fill=color)
        s.text(x0 + 6, y0 + 16, label, size=11, fill=color)

    def between(x, top, bottom, note1, note2):
        s.arrow(x - 44, 160, x + 44, 160, stroke=INK, width=1.6)
        s.text(x, 130, top, size=11.5, anchor="middle", mono=True)
        s.text(x, 146, bottom, size=11.5, anchor="middle", mono=True)
        s.text(x, 182, note1, size=10.5, anchor="middle", fill=MUTED)
        s.text(x, 196, note2, size=10.5, anchor="middle", fill=MUTED)

    # 1: the mesh as stored, in model space at bind time (the T-pose).
    panel(10, "model space, bind time", "the mesh as stored in the file", POSITION)
    axes(28, 270, 40, 40, MUTED, "model")
    arm(34, 190, 0)
    # 2: the same vertex in the elbow's own space: the same at bind time and now.
    panel(335, "the joint's space", "the elbow at the origin", "white")
    axes(365, 240, 170, 100, ACCENT, "elbow")
    s.circle(365, 240, 5, fill=INK)
    vx, vy = 365 + 1.0 * scale, 240 - 0.3 * scale
    s.circle(vx, vy, 6, fill=ACCENT)
    s.text(vx + 9, vy - 7, "v = (1.0, 0.3)", size=12.5, fill=ACCENT)
    s.text(470, 150, "fixed to the bone:", size=11.5, anchor="middle", fill=MUTED)
    s.text(470, 166, "the joint carries v along", size=11.5, anchor="middle", fill=MUTED)
    # 3: model space now, with the elbow bent.
    panel(660, "model space, now", "the elbow turned 60\u00b0", NORMAL)
    axes(678, 270, 40, 40, MUTED, "model")
    arm(705, 215, 60)
    # The two matrices between the panels.
    between(287.5, "joint_from_", "model_bind", "(the inverse", "bind matrix)")
    between(612.5, "model_from_", "joint", "(chapter 04's", "FK, now)")
    s.text(450, 24, "skin_matrix = model_from_joint * joint_from_model_bind", size=14, anchor="middle",
           mono=True, bold=True)
    s.text(450, 44, "read right to left: into the joint's space as it was at bind time, then out as it is now",
           size=12, anchor="middle", fill=MUTED)
    s.text(450, 318, "With every joint still in its bind pose, model_from_joint undoes joint_from_model_bind:",
           size=12.5, anchor="middle")
    s.text(450, 338, "every skin matrix is the identity (or the Armature's transform, for every joint alike).",
           size=12.5, anchor="middle")
    s.text(450, 362, "The T-pose self-check measures how far apart the skin matrices are.", size=12.5,
           anchor="middle", fill=ACCENT)
    return s.render()

def affine_inverse_steps():
    """m = | A t | applies A, then adds t; its inverse subtracts t, then applies A^-1."""
    s = Svg(900, 330, "Inverting an affine matrix: undo the translation first, then the linear part")
    scale = 32.0
    # A: rotate 30 degrees and scale x by 1.5; t = (2.2, 1.0). A small "F" shape shows the orientation.
    shape = [(0, 0), (0, 2), (1.2, 2), (1.2, 1.6), (0.4, 1.6), (0.4, 1.2), (1.0, 1.2), (1.0, 0.8), (0.4, 0.8),
             (0.4, 0)]
    c, sn = math.cos(math.radians(30)), math.sin(math.radians(30))

    def apply_a(p):
        x, y = 1.5 * p[0], p[1]
        return (c * x - sn * y, sn * x + c * y)

    def panel(px, title, points, label, fill):
        ox, oy = px + 70, 240
        s.rect(px, 50, 250, 220, fill="white", rx=8)
        s.text(px + 125, 72, title, size=14, anchor="middle", bold=True)
        s.arrow(ox - 10, oy, ox + 160, oy, stroke=MUTED, width=1)
        s.arrow(ox, oy + 10, ox, oy - 150, stroke=MUTED, width=1)
        s.polygon([(ox + scale * x, oy - scale * y) for x, y in points], fill=fill, opacity=0.9)
        s.circle(ox, oy, 3.5, fill=INK)
        s.text(px + 125, 262, label, size=12, anchor="middle", mono=True, fill=MUTED)

    moved = [apply_a(p) for p in shape]
    panel(10, "p", shape, "model space", POSITION)
    panel(325, "A p", moved, "rotated and scaled", TEXCOORD)
    panel(640, "A p + t = m p", [(x + 2.2, y + 1.0) for x, y in moved], "moved by t", NORMAL)
    for x in (262, 577):
        s.arrow(x, 120, x + 60, 120, stroke=INK, width=1.6)
        s.arrow(x + 60, 190, x, 190, stroke=ACCENT, width=1.6)
    s.text(292, 108, "A", size=13, anchor="middle", mono=True, bold=True)
    s.text(607, 108, "+ t", size=13, anchor="middle", mono=True, bold=True)
    s.text(292, 210, "A^-1", size=13, anchor="middle", mono=True, bold=True, fill=ACCENT)
    s.text(607, 210, "- t", size=13, anchor="middle", mono=True, bold=True, fill=ACCENT)
    s.text(440, 26, "m p = A p + t", size=13, anchor="end", mono=True)
    s.text(460, 26, "forwards: the linear part first, then the translation", size=12.5)
    s.text(440, 298, "inverse(m) q = A^-1 (q - t) = A^-1 q - A^-1 t", size=13, anchor="end", mono=True,
           fill=ACCENT)
    s.text(460, 298, "backwards: undo t first, then A", size=12.5, fill=ACCENT)
    s.text(450, 320, "so the inverse's translation column is -A^-1 t, not -t", size=12.5, anchor="middle",
           fill=ACCENT)
    return s.render()


# ---------------------------------------------------------------- chapter 07

def std140_skin_block():
    """The skin matrices in a std140 uniform block: four vec4 columns per mat4, as cglm stores them."""
    s = Svg(820, 320, "std140 layout of layout(std140) uniform SkinMatrices { mat4 skin_matrix[N]; }")
    s.text(30, 26, "layout(std140) uniform SkinMatrices { mat4 skin_matrix[SKIN_MAX_JOINTS]; };", size=13,
           mono=True, bold=True)
    x0, y0, bw = 30, 78, 5.5      # bw pixels per byte: one matrix = 64 bytes = 352 px
    for k in range(2):
        base = x0 + k * 64 * bw
        s.text(base + 32 * bw, y0 - 12, f"skin_matrix[{k}]: bytes {64 * k}..{64 * k + 63}", size=12,
               anchor="middle", bold=True)
        for c in range(4):
            at = base + c * 16 * bw
            fill = POSITION if c < 3 else NORMAL
            s.rect(at, y0, 16 * bw, 44, fill=fill)
            s.text(at + 8 * bw, y0 + 18, f"column {c}", size=11.5, anchor="middle")
            s.text(at + 8 * bw, y0 + 35, f"m[{c}][0..3]", size=10.5, anchor="middle", mono=True, fill=MUTED)
    s.rect(x0 + 128 * bw, y0, 30, 44, fill=PADDING, dash="4 3")
    s.text(x0 + 128 * bw + 15, y0 + 27, "...", size=13, anchor="middle")
    for b in range(0, 129, 16):
        x = x0 + b * bw
        s.line(x, y0 + 44, x, y0 + 52, stroke=MUTED)
        s.text(x, y0 + 65, str(b), size=11, anchor="middle", fill=MUTED)
    s.text(x0 + 128 * bw + 40, y0 + 65, "byte", size=11, fill=MUTED)
    s.text(x0, y0 + 92, "std140: a mat4 is an array of four vec4 columns, each 16 bytes, aligned on 16;", size=12.5)
    s.text(x0, y0 + 110, "element [k][c][r] of the block is at byte 64 k + 16 c + 4 r: no padding anywhere.",
           size=12.5)
    s.text(x0, y0 + 136, "cglm: mat4 m;  m[c][r] is at byte 16 c + 4 r of the struct: the same bytes.", size=12.5,
           mono=True, fill=ACCENT)
    s.text(x0, y0 + 154, "So the C array mat4 skin_matrix[n] goes up with one glBufferSubData, unchanged.", size=12.5,
           fill=ACCENT)
    s.text(x0, y0 + 182, "Texture buffer (GL_RGBA32F): the same bytes as texels, 4 per matrix:", size=12.5)
    s.text(x0, y0 + 200, "column c of matrix k = texelFetch(u_skin_texture, 4 k + c)", size=12.5, mono=True)
    s.text(x0, y0 + 228, "Limit: N * 64 <= GL_MAX_UNIFORM_BLOCK_SIZE (at least 16384 in GL 3.3: 256 joints).",
           size=12.5, fill=MUTED)
    return s.render()


def candy_wrapper():
    """One ring of a limb at a joint weighted half and half, the child turned 180 degrees about the bone."""
    s = Svg(820, 330, "Linear blend against dual quaternions for a ring twisted by 180 degrees")
    r = 80
    panels = [(200, "linear blend: M = 0.5 A + 0.5 B"), (620, "dual quaternions: q = normalize(0.5 a + 0.5 b)")]
    for cx, title in panels:
        cy = 170
        s.text(cx, 34, title, size=13, anchor="middle", bold=True)
        pts = [(cx + r * math.cos(2 * math.pi * i / 12), cy - r * math.sin(2 * math.pi * i / 12)) for i in range(12)]
        s.polygon(pts, fill=POSITION, dash="5 4", opacity=0.5)
        s.circle(cx, cy, 2.5, fill=MUTED)
        p = (cx + r, cy)
        q = (cx - r, cy)
        s.circle(*p, 5, fill=INK)
        s.text(p[0] + 8, p[1] - 8, "p by A", size=12)
        s.circle(*q, 5, fill=INK)
        s.text(q[0] - 8, q[1] - 8, "p by B (180 deg)", size=12, anchor="end")
        if cx < 400:
            s.circle(cx, cy, 6, fill=ACCENT)
            s.text(cx, cy + 26, "0.5 pA + 0.5 pB = the axis", size=12, anchor="middle", fill=ACCENT)
            s.text(cx, 290, "every point of the ring lands on the axis:", size=12.5, anchor="middle")
            s.text(cx, 308, "radius x cos(angle / 2) = 0 at 180 deg", size=12.5, anchor="middle", mono=True)
        else:
            s.circle(cx, cy - r, 6, fill=ACCENT)
            s.path(f"M {p[0]} {p[1]} A {r} {r} 0 0 0 {cx + 4} {cy - r + 1}", stroke=ACCENT, arrow=True)
            s.text(cx + 10, cy - r - 10, "turned 90 deg", size=12, fill=ACCENT)
            s.text(cx, 290, "the blend is a rotation halfway between:", size=12.5, anchor="middle")
            s.text(cx, 308, "the ring turns by 90 deg and keeps its radius", size=12.5, anchor="middle")
    return s.render()

def skinning_equation():
    """Linear blend skinning read right to left: bind space, each joint's space, model space now, the blend."""
    s = Svg(900, 400, "Linear blend skinning: the equation read right to left through the spaces")
    # j_i are the vertex's JOINTS_0 values: skin joints, which joint_of_skin_joint maps to the skeleton.
    s.text(450, 28, "v_now = \u03a3 w_i * model_from_joint[joint_of_skin_joint[j_i]] * joint_from_model_bind[j_i] * v_bind",
           size=13, anchor="middle", mono=True, bold=True)
    s.text(450, 50, "read right to left: each factor takes the vertex from the space on its right to the one on its left; "
           "j_i is a skin joint (JOINTS_0)", size=11.5, anchor="middle", fill=MUTED)

    def box(x, y, w, title, sub, fill, h=58):
        s.rect(x, y, w, h, fill=fill, rx=8)
        s.text(x + w / 2, y + 24, title, size=13, anchor="middle", bold=True)
        s.text(x + w / 2, y + 42, sub, size=11, anchor="middle", fill=MUTED)

    # The stored vertex, on the right: one for both joints.
    box(730, 160, 160, "v_bind", "model space, bind time", POSITION, h=70)
    s.text(810, 250, "(the mesh as stored)", size=11, anchor="middle", fill=MUTED)
    for lane, (y, joint, bone, note) in enumerate(((80, "j0", "upper arm", "w0 = 0.7"),
                                                    (250, "j1", "forearm", "w1 = 0.3"))):
        # v_bind -> the joint's space -> model space now -> weighted into the blend
        s.arrow(728, 195 + (-12 if lane == 0 else 12), 612, y + 29, stroke=INK, width=1.5)
        s.text(630, y - 8 if lane == 0 else y + 74, "joint_from_model_bind", size=11, mono=True)
        box(452, y, 160, "joint " + joint + "'s space", bone + ": v rides the bone", "white")
        s.arrow(450, y + 29, 322, y + 29, stroke=INK, width=1.5)
        s.text(386, y + 20, "model_from_joint", size=11, anchor="middle", mono=True)
        s.text(386, y + 48, "(this frame's FK)", size=10.5, anchor="middle", fill=MUTED)
        box(160, y, 160, "model space now", "as joint " + joint + " moved it", NORMAL)
        s.arrow(158, y + 29, 112, 195, stroke=ACCENT, width=1.6)
        s.text(100, 128 if lane == 0 else 270, note, size=12, anchor="end", fill=ACCENT, bold=True)
    box(10, 160, 100, "v_now", "the blend", NORMAL, h=70)
    s.text(450, 345, "In code the sum moves inside: M = \u03a3 w_i * skin_matrix[j_i] is blended once, then v_now = M * v_bind.",
           size=12.5, anchor="middle")
    s.text(450, 367, "The same M moves normals through inverse(transpose(M)); weights sum to 1, so M keeps the 0 0 0 1 row.",
           size=12.5, anchor="middle")
    s.text(450, 389, "skin_matrix[k] = model_from_joint[joint_of_skin_joint[k]] * joint_from_model_bind[k]: chapter 05, "
           "every frame.", size=12.5, anchor="middle", fill=ACCENT)
    return s.render()


def normals_scale():
    """A surface stretched along x: the plain matrix tilts its normal off; the inverse transpose keeps it perpendicular."""
    s = Svg(900, 360, "Normals under a non-uniform scale: the plain matrix against the inverse transpose")
    unit = 80.0

    def panel(px, title, subtitle):
        s.rect(px, 40, 420, 280, fill="white", rx=8)
        s.text(px + 210, 62, title, size=14, anchor="middle", bold=True)
        s.text(px + 210, 80, subtitle, size=11.5, anchor="middle", fill=MUTED)

    def axes(ox, oy):
        s.line(ox, oy, ox + 3.3 * unit, oy, stroke=MUTED, width=1)
        s.line(ox, oy, ox, oy - 2.6 * unit, stroke=MUTED, width=1)
        s.text(ox + 3.3 * unit + 4, oy + 4, "x", size=11, italic=True, fill=MUTED)
        s.text(ox - 4, oy - 2.6 * unit - 4, "y", size=11, italic=True, fill=MUTED)

    def normal(ox, oy, x, y, nx, ny, color, label, dy=0):
        length = math.hypot(nx, ny)
        ex, ey = ox + unit * (x + 0.9 * nx / length), oy - unit * (y + 0.9 * ny / length)
        s.arrow(ox + unit * x, oy - unit * y, ex, ey, stroke=color, width=2.2)
        s.text(ex + 6, ey + dy, label, size=12, fill=color, bold=True)

    # Before: the line x + y = 1, normal (1, 1) / sqrt 2.
    panel(10, "the bind pose", "the surface x + y = 1 and its normal")
    ox, oy = 50, 290
    axes(ox, oy)
    s.line(ox + unit, oy, ox, oy - unit, stroke=FRONT, width=6)
    normal(ox, oy, 0.5, 0.5, 1, 1, "#2e7d32", "n = (1, 1) / \u221a2")
    # After scale(2, 1, 1): the line x / 2 + y = 1.
    panel(470, "stretched by scale(2, 1, 1)", "the surface is now x / 2 + y = 1")
    ox2 = 510
    axes(ox2, oy)
    s.line(ox2 + 2 * unit, oy, ox2, oy - unit, stroke=FRONT, width=6)
    normal(ox2, oy, 1.0, 0.5, 2, 1, ACCENT, "A n = (2, 1): not perpendicular", dy=-6)
    normal(ox2, oy, 1.0, 0.5, 1, 2, "#2e7d32", "inverse(transpose(A)) n = (1, 2)", dy=-4)
    s.text(450, 342, "A tangent (an edge) goes through A itself; a normal must stay perpendicular to every tangent, "
           "so it goes through inverse(transpose(A)).", size=12, anchor="middle")
    return s.render()


# ---------------------------------------------------------------- chapter 08

def track_cursor():
    """A track's keys over time: the value held before the first and after the last, the interval the cursor keeps."""
    s = Svg(860, 350, "A track: keys over time, the two keys around t, and the cursor that remembers them")
    x0, y0, w, h = 80, 50, 700, 200
    times = [0.5, 1.2, 1.6, 2.7, 3.3, 4.1]
    values = [0.2, 0.75, 0.55, 0.9, 0.3, 0.5]

    def px(t):
        return x0 + t / 4.8 * w

    def py(v):
        return y0 + h - v * h

    s.line(x0, y0 + h, x0 + w + 10, y0 + h, arrow=True)
    s.text(x0 + w + 14, y0 + h + 4, "t (s)", size=12)
    s.line(x0, y0 + h, x0, y0 - 10, arrow=True)
    s.text(x0 - 8, y0 - 14, "value", size=12, anchor="end")
    # Held before the first and after the last key.
    s.line(x0, py(values[0]), px(times[0]), py(values[0]), stroke=MUTED, dash="5 4")
    s.line(px(times[-1]), py(values[-1]), x0 + w, py(values[-1]), stroke=MUTED, dash="5 4")
    s.text(x0 + 4, py(values[0]) - 8, "first value holds", size=11.5, fill=MUTED)
    s.text(x0 + w, py(values[-1]) - 8, "last value holds", size=11.5, fill=MUTED, anchor="end")
    k = 2  # the interval around t
    s.rect(px(times[k]), y0, px(times[k + 1]) - px(times[k]), h, fill=POSITION, stroke="none")
    for i in range(len(times) - 1):
        s.line(px(times[i]), py(values[i]), px(times[i + 1]), py(values[i + 1]), width=2)
    for i, (t, v) in enumerate(zip(times, values)):
        s.circle(px(t), py(v), 5, fill=INK)
        s.text(px(t), y0 + h + 18, f"key {i}", size=11.5, anchor="middle")
    t = 2.25
    u = (t - times[k]) / (times[k + 1] - times[k])
    v = values[k] + u * (values[k + 1] - values[k])
    s.line(px(t), y0 + h, px(t), py(v), stroke=ACCENT, dash="4 3")
    s.circle(px(t), py(v), 6, fill=ACCENT)
    s.text(px(t) + 10, py(v) + 18, "value at t", size=12, fill=ACCENT)
    s.text(px(t), y0 + h + 34, "t", size=13, anchor="middle", fill=ACCENT, bold=True)
    s.text((px(times[k]) + px(times[k + 1])) / 2, y0 - 8, "times[k] <= t < times[k+1]", size=11.5,
           anchor="middle", mono=True)
    s.text(x0, y0 + h + 62, "u = (t - times[k]) / (times[k+1] - times[k]);  value = v[k] + u (v[k+1] - v[k])",
           size=12.5, mono=True)
    s.text(x0, y0 + h + 82, "cursor = k: next frame, t is in the same interval or the next one (a step or two, "
           "not a search)", size=12.5, fill=MUTED)
    return s.render()


def long_way_round():
    """Quaternions q and -q are one rotation: slerp towards the one on the same side, or the joint turns the long way."""
    s = Svg(860, 380, "Shortest arc: interpolating towards -b instead of b turns the joint the long way round")
    cx, cy, r = 240, 200, 130
    s.text(cx, 32, "the unit circle of half angles (a 2D slice of the 4D sphere)", size=12.5, anchor="middle")
    s.path(f"M {cx + r} {cy} A {r} {r} 0 1 0 {cx - r} {cy} A {r} {r} 0 1 0 {cx + r} {cy}", stroke=MUTED)

    def at(deg):
        return cx + r * math.cos(math.radians(deg)), cy - r * math.sin(math.radians(deg))

    a, b, minus_b = 65, 295, 115  # half angles: a 130 deg rotation, b = 230 deg stored with the other sign
    short = " ".join(f"{at(d)[0]:.1f} {at(d)[1]:.1f}" for d in range(a, minus_b + 1, 2))
    s.path("M " + short, stroke=FRONT, width=4)
    long_way = " ".join(f"{at(d)[0]:.1f} {at(d)[1]:.1f}" for d in range(a, b - 360 - 1, -3))
    s.path("M " + long_way, stroke=ACCENT, width=2, dash="6 4", arrow=True)
    for deg, name, anchor in [(a, "a", "start"), (b, "b (stored)", "start"), (minus_b, "-b", "end")]:
        x, y = at(deg)
        s.circle(x, y, 6, fill=INK)
        s.text(x + (10 if anchor == "start" else -10), y - 8, name, size=13, anchor=anchor, bold=True)
    s.line(cx, cy, *at(b), stroke=MUTED, dash="3 3")
    s.line(cx, cy, *at(minus_b), stroke=MUTED, dash="3 3")
    x0 = 470
    s.text(x0, 90, "a = 130 deg about Z, b = 230 deg stored as -q:", size=13)
    s.text(x0, 112, "dot(a, b) < 0, so slerp from a to -b", size=13)
    s.text(x0, 150, "short way (blue): 130 -> 180 -> 230 deg,", size=13, fill="#2c6ea6")
    s.text(x0, 170, "a 100 degree turn", size=13, fill="#2c6ea6")
    s.text(x0, 208, "long way (red, dashed): 130 -> 0 -> -130 deg,", size=13, fill=ACCENT)
    s.text(x0, 228, "a 260 degree spin the other way round", size=13, fill=ACCENT)
    s.text(x0, 270, "if (dot < 0) b = -b;   /* quat_slerp, ex08.1 */", size=12.5, mono=True)
    return s.render()


def nlerp_error():
    """nlerp against slerp: the rotation angle nlerp gives, minus slerp's, over t, for three turns between the keys."""
    s = Svg(860, 380, "nlerp against slerp: how far nlerp's rotation is from slerp's at each t, for three key angles")
    x0, y0, w, h = 90, 50, 470, 250

    def error(turn_deg, t):
        # Both keys on one great circle, half angles 0 and turn / 2: nlerp's half angle is the
        # direction of the chord point (1 - t) a + t b; slerp's is t turn / 2. Twice the
        # difference is the rotation error.
        half = math.radians(turn_deg) / 2
        return 2 * math.degrees(math.atan2(t * math.sin(half), (1 - t) + t * math.cos(half)) - t * half)

    turns = [(60, FRONT), (120, "#2c6ea6"), (170, ACCENT)]
    top = max(abs(error(170, i / 200)) for i in range(201))
    scale = math.ceil(top / 5) * 5

    def px(t):
        return x0 + t * w

    def py(e):
        return y0 + h / 2 - e / scale * (h / 2)

    s.line(x0, py(0), x0 + w + 10, py(0), arrow=True)
    s.text(x0 + w + 14, py(0) + 4, "t", size=13)
    s.line(x0, y0 + h, x0, y0 - 10, arrow=True)
    s.text(x0 - 8, y0 - 16, "nlerp - slerp (degrees)", size=12, anchor="start")
    for e in (-scale, -scale / 2, scale / 2, scale):
        s.line(x0 - 4, py(e), x0 + w, py(e), stroke=PADDING)
        s.text(x0 - 8, py(e) + 4, f"{e:+g}", size=11.5, anchor="end")
    for t in (0.25, 0.5, 0.75, 1.0):
        s.text(px(t), py(0) + 18, f"{t:g}", size=11.5, anchor="middle")
    for turn, colour in turns:
        points = " ".join(f"{px(i / 100):.1f} {py(error(turn, i / 100)):.1f}" for i in range(101))
        s.path("M " + points, stroke=colour, width=2.5)
        # The peak on a grid 100 times finer than the curve's: on the curve's own 101 points 170
        # degrees would read 6.75 for the 6.758 between them.
        worst = max(abs(error(turn, i / 10000)) for i in range(10001))
        s.text(x0 + w + 20, 80 + 30 * turns.index((turn, colour)), f"{turn} deg apart: at most {worst:.2f} deg",
               size=12.5, fill=colour)
    s.text(x0 + w + 20, 190, "nlerp lags before t = 1/2", size=12.5)
    s.text(x0 + w + 20, 210, "and leads after it; both", size=12.5)
    s.text(x0 + w + 20, 230, "meet at 0, 1/2 and 1", size=12.5)
    small = max(abs(error(3, i / 10000)) for i in range(10001))
    s.text(x0, y0 + h + 50, f"keys 3 deg apart (1/30 s at 90 deg/s): nlerp is off by at most {small:.1e} deg",
           size=12.5, fill=MUTED)
    return s.render()


# ---------------------------------------------------------------- chapter 09

def interrupted_fade():
    """crossfade_advance's weights: idle -> wave over 1 s (linear), interrupted at 0.4 s by a fade to a third clip."""
    s = Svg(820, 380, "An interrupted crossfade: each weight falls from where the second switch found it")
    left, top, width, height = 70, 50, 600, 240
    end = 1.4

    def x_of(t):
        return left + width * t / end

    def y_of(w):
        return top + height * (1.0 - w)

    def weights(t):
        # crossfade_advance: w_i = start_i (1 - c) + (i is the top ? c : 0)
        if t < 0.4:
            c = t / 1.0
            return [1.0 - c, c, 0.0]
        p = min((t - 0.4) / 0.5, 1.0)
        c = 3 * p * p - 2 * p * p * p
        return [0.6 * (1 - c), 0.4 * (1 - c), c]

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for w in (0.0, 0.25, 0.5, 0.75, 1.0):
        s.line(left, y_of(w), left + width, y_of(w), stroke=PADDING, width=1)
        s.text(left - 8, y_of(w) + 4, f"{w:g}", size=11, anchor="end", fill=MUTED)
    for k in range(0, 8):
        t = 0.2 * k
        s.text(x_of(t), top + height + 18, f"{t:.1f}", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 40, "wall seconds since the first switch", size=12.5, anchor="middle")
    s.text(left, top - 14, "weight", size=12.5)
    # The second label on two short lines, clear of the dotted line that rises past it.
    for t, lines in ((0.0, ["N: fade to wave, 1 s linear"]), (0.4, ["N: fade to clip 3,", "0.5 s smoothstep"])):
        s.line(x_of(t), top, x_of(t), top + height, stroke=MUTED, dash="4,4")
        for k, label in enumerate(lines):
            s.text(x_of(t) + 6, (top + 16 if t == 0.0 else top + 34) + 15 * k, label, size=11.5, fill=MUTED)
    # Left alone, the 1 s linear fade would carry wave on up from 0.4 at 0.4 s to 1 at 1.0 s.
    s.line(x_of(0.4), y_of(0.4), x_of(1.0), y_of(1.0), stroke=FRONT, dash="2,5", width=1.2)
    s.text(x_of(1.0) + 6, y_of(1.0) + 18, "wave without the interruption", size=11, fill="#2c6ea6")
    for i, (color, label) in enumerate((("#e08a2c", "idle"), (FRONT, "wave"), (ACCENT, "clip 3"))):
        d = " ".join(("M" if k == 0 else "L") + f" {x_of(k * end / 280):.1f} {y_of(weights(k * end / 280)[i]):.1f}"
                     for k in range(281))
        s.path(d, stroke=color, width=2.6)
        y = top + 20 + 22 * i
        s.line(left + width + 14, y - 4, left + width + 40, y - 4, stroke=color, width=2.6)
        s.text(left + width + 46, y, label, size=12)
    s.text(x_of(0.4) + 6, y_of(0.6) - 8, "0.6", size=11.5, bold=True)
    s.text(x_of(0.4) + 6, y_of(0.4) + 16, "0.4", size=11.5, bold=True)
    s.text(410, 350, "At the second switch the weights (0.6, 0.4, 0) become the fade's start weights; all three",
           size=12, anchor="middle", fill=MUTED)
    s.text(410, 367, "clips keep playing, and the weights sum to 1 at every frame (the stack, not a frozen pose).",
           size=12, anchor="middle", fill=MUTED)
    return s.render()


def matrix_blend_shrink():
    """Half way between a bone at 0 and at 90 degrees: slerp keeps its length, a matrix blend shrinks it to 71 %."""
    s = Svg(860, 360, "Blending matrices instead of rotations: the limb shrinks half way")

    def panel(cx, cy, title, sub, matrix):
        r = 150
        s.text(cx + 75, 34, title, size=14, anchor="middle", bold=True)
        s.text(cx + 75, 54, sub, size=12, anchor="middle", mono=True)
        s.path(f"M {cx + r} {cy} A {r} {r} 0 0 0 {cx} {cy - r}", stroke=PADDING, width=1.5, dash="4,4")
        s.circle(cx, cy, 5)
        for k in range(0, 9):
            w = k / 8
            m = matrix(w)
            x, y = m[0][0] * r, m[1][0] * r  # the bone along x, through the blended matrix
            s.circle(cx + x, cy - y, 3.2, fill=ACCENT if k == 4 else MUTED)
        # the limb at the two ends and half way: a box 1 long, 0.16 thick
        for w, fill, opacity in ((0.0, PADDING, 1.0), (1.0, PADDING, 1.0), (0.5, BACK, 0.9)):
            m = matrix(w)
            corners = [(0, -0.08), (1, -0.08), (1, 0.08), (0, 0.08)]
            pts = [(cx + r * (m[0][0] * u + m[0][1] * v), cy - r * (m[1][0] * u + m[1][1] * v)) for u, v in corners]
            s.polygon(pts, fill=fill, stroke=INK if w == 0.5 else MUTED, opacity=opacity)
        m = matrix(0.5)
        length = math.hypot(m[0][0], m[1][0])
        s.text(cx + 75, cy + 40, f"half way: length {length:.2f}", size=13, anchor="middle",
               fill=ACCENT if length < 0.99 else INK, bold=True)

    def slerped(w):
        a = math.radians(90 * w)
        return [[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]

    def lerped(w):
        return [[1 - w, -w], [w, 1 - w]]  # (1 - w) R(0) + w R(90)

    panel(90, 250, "pose_blend: slerp the rotation", "slerp(q0, q90, w)", slerped)
    panel(520, 250, "blending the matrices", "(1 - w) M0 + w M90", lerped)
    s.text(430, 330, "Dots: the bone's tip for w = 0, 1/8, ..., 1. The matrix blend moves it along the chord, "
           "so the bone", size=12, anchor="middle", fill=MUTED)
    s.text(430, 347, "and its skin shrink to cos 45 deg = 0.71 half way; between rotations about different axes "
           "they shear too.", size=12, anchor="middle", fill=MUTED)
    return s.render()


def inertial_offset():
    """One joint's rotation after a switch: its offset from the target, by a smoothstep crossfade and by Bollo's quintic."""
    s = Svg(820, 400, "Inertialization against a crossfade: one rotation's offset from the target after a switch")
    left, top, width, height = 70, 50, 560, 240
    end, blend = 0.6, 0.5
    # The switch at t = 0: the source is 60 degrees from the target and
    # still turning away from it at 120 deg/s; the target holds still.
    x0, v0 = math.radians(60), math.radians(120)
    low, high = -20.0, 100.0

    def source_offset(t):
        return x0 + v0 * t  # the source played on (a crossfade keeps sampling it)

    def crossfade(t):
        p = min(t / blend, 1.0)
        c = 3 * p * p - 2 * p * p * p
        return (1 - c) * source_offset(t)

    def quintic(t, guard=True):
        # ex09.4's curve, redone here: the guard, a0, then the quintic to 0. Without the guard v0 is
        # kept (and T, which only a v0 < 0 shortens); a0 is still kept >= 0 as ex09.4 does, so the
        # dashed curve peaks at 67 degrees (with Bollo's a0 unclamped, -117 rad/s^2, it would peak at 61).
        v, T = min(v0, 0.0) if guard else v0, blend
        if v < 0:
            T = min(T, -5 * x0 / v)
        if t >= T:
            return 0.0
        a0 = max(0.0, (-8 * v * T - 20 * x0) / (T * T))
        A = -(a0 * T * T + 6 * v * T + 12 * x0) / (2 * T ** 5)
        B = (3 * a0 * T * T + 16 * v * T + 30 * x0) / (2 * T ** 4)
        C = -(3 * a0 * T * T + 12 * v * T + 20 * x0) / (2 * T ** 3)
        return A * t ** 5 + B * t ** 4 + C * t ** 3 + a0 / 2 * t * t + v * t + x0

    def x_of(t):
        return left + width * t / end

    def y_of(a):
        return top + height * (high - math.degrees(a)) / (high - low)

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for d in (-20, 0, 20, 40, 60, 80, 100):
        s.line(left, y_of(math.radians(d)), left + width, y_of(math.radians(d)), stroke=MUTED if d == 0 else PADDING,
               width=1)
        s.text(left - 8, y_of(math.radians(d)) + 4, f"{d}", size=11, anchor="end", fill=MUTED)
    for k in range(0, 7):
        t = 0.1 * k
        s.text(x_of(t), top + height + 18, f"{t:.1f}", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 40, "seconds since the switch (blend time 0.5 s)", size=12.5,
           anchor="middle")
    s.text(left, top - 14, "offset from the target, degrees", size=12.5)
    s.line(x_of(blend), top, x_of(blend), top + height, stroke=MUTED, dash="4,4")
    s.line(x_of(0), y_of(source_offset(0)), x_of(0.15), y_of(source_offset(0.15)), stroke=MUTED, dash="2,5", width=1.2)
    s.text(x_of(0.15) + 4, y_of(source_offset(0.15)) + 4, "the source played on", size=11, fill=MUTED)
    curves = (("#e08a2c", "smoothstep crossfade", None, crossfade),
              (ACCENT, "quintic, guarded", None, quintic),
              (ACCENT, "quintic, v0 kept", "5,4", lambda t: quintic(t, guard=False)))
    for i, (color, label, dash, f) in enumerate(curves):
        d = " ".join(("M" if k == 0 else "L") + f" {x_of(k * end / 240):.1f} {y_of(f(k * end / 240)):.1f}"
                     for k in range(241))
        s.path(d, stroke=color, width=2.6 if dash is None else 1.6, dash=dash)
        y = top + 20 + 22 * i
        s.line(left + width + 14, y - 4, left + width + 40, y - 4, stroke=color, width=2.6 if dash is None else 1.6,
               dash=dash)
        s.text(left + width + 46, y, label, size=12)
    s.text(410, 355, "All start at the source's 60 degrees. The crossfade samples both clips for 0.5 s and follows the",
           size=12, anchor="middle", fill=MUTED)
    s.text(410, 372, "source's turn away from the target first; the quintic samples the target alone and, its rate away",
           size=12, anchor="middle", fill=MUTED)
    s.text(410, 389, "dropped, decays from rest to zero offset, rate and acceleration at 0.5 s, never above 60 degrees.",
           size=12, anchor="middle", fill=MUTED)
    return s.render()

# ---------------------------------------------------------------- chapter 10

def gait_timeline():
    """Both feet over one cycle of the walk and of the run: stance and swing, the contact events, double support and flight."""
    s = Svg(860, 470, "The gait timeline: each foot's stance (down) and swing over one cycle, walk and run")
    left, width = 150, 620

    def x_of(phase):
        return left + width * phase

    def panel(top, title, beta, period, both_label, both_fill):
        s.text(left - 140, top - 14, title, size=13.5, bold=True)
        spans = [(0, beta), (0.5, 0.5 + beta)]  # each foot's stance, from its contact
        # both down (walk) or both up (run): where the two stances overlap or leave a gap
        if beta > 0.5:
            both = [(0, beta - 0.5), (0.5, beta)]
        else:
            both = [(beta, 0.5), (0.5 + beta, 1)]
        for a, b in both:
            s.rect(x_of(a), top - 4, x_of(b) - x_of(a), 78, fill=both_fill, stroke="none")
        for row, (name, (a, b)) in enumerate(zip(("left foot", "right foot"), spans)):
            y = top + 6 + 34 * row
            s.text(left - 12, y + 16, name, size=12.5, anchor="end")
            s.rect(x_of(0), y, width, 22, fill="white", stroke=MUTED, width=1, dash="4 3")  # swing: off the ground
            for lo, hi in ((a, min(b, 1)), (0, b - 1)) if b > 1 else ((a, b),):
                if hi > lo:
                    s.rect(x_of(lo), y, x_of(hi) - x_of(lo), 22, fill=FRONT, stroke=INK, width=1.2)
            side = name.split()[0]
            for phase, event, up in ((a, side + "_down", False), (b % 1, side + "_up", True)):
                x = x_of(phase)
                tip, base = (y - 2, y - 11) if not up else (y + 24, y + 33)
                s.polygon([(x, tip), (x - 5, base), (x + 5, base)], fill=ACCENT, stroke="none")
        s.text(x_of((both[0][0] + both[0][1]) / 2), top + 88, both_label, size=11.5, anchor="middle", fill=MUTED)
        s.text(x_of((both[1][0] + both[1][1]) / 2), top + 88, both_label, size=11.5, anchor="middle", fill=MUTED)
        for k in range(5):
            phase = k / 4
            s.line(x_of(phase), top + 76, x_of(phase), top + 80, stroke=MUTED)
        s.text(x_of(1) + 8, top + 22, f"stance {beta:g}", size=11.5, fill=MUTED)
        s.text(x_of(1) + 8, top + 38, f"{period:.3f} s", size=11.5, fill=MUTED)
        s.text(x_of(1) + 8, top + 54, "a cycle", size=11.5, fill=MUTED)

    panel(50, "walk", 0.6, 2 / 1.9, "both down", TEXCOORD)
    # the walk's eight key poses under its panel
    y = 160
    poses = [(0, "contact"), (0.15, "down"), (0.3, "passing"), (0.4, "up")]
    for half, side in ((0, "L"), (0.5, "R")):
        for phase, name in poses:
            x = x_of(phase + half)
            s.line(x, y - 6, x, y + 2, stroke=INK)
            s.text(x, y + 16, name, size=11, anchor="middle")
            s.text(x, y + 30, side, size=11, anchor="middle", fill=MUTED)
    s.text(left - 30, y + 16, "key poses", size=12.5, anchor="end")
    panel(260, "run", 0.3, 2 / 3.0, "flight", HEADER)
    y = 370
    for k in range(5):
        s.text(x_of(k / 4), y, f"{k / 4:g}", size=11.5, anchor="middle", fill=MUTED)
    s.text(x_of(0.5), y + 18, "phase (0 .. 1 of the cycle); the right foot's contact at 1/2", size=12,
           anchor="middle")
    s.rect(left, 410, 26, 14, fill=FRONT, stroke=INK, width=1.2)
    s.text(left + 32, 421, "stance: planted", size=12)
    s.rect(left + 170, 410, 26, 14, fill="white", stroke=MUTED, width=1, dash="4 3")
    s.text(left + 202, 421, "swing", size=12)
    s.polygon([(left + 300, 420), (left + 295, 411), (left + 305, 411)], fill=ACCENT, stroke="none")
    s.text(left + 312, 421, "_down (above), _up (below): the clip's events", size=12)
    s.text(left, 450, "walk: stride 1.2 m at 1.9 steps/s; run: stride 1.8 m at 3 steps/s (gait_walk, gait_run)",
           size=12, fill=MUTED)
    return s.render()


def root_path_footprints():
    """Seen from above: the root's path around the circle with the footprints it leaves, and one stretch of it close up."""
    s = Svg(860, 430, "Root motion from above: the circle the root walks, the footprints, one stride close up")
    # Left: the whole circle of 4 m, the root starting at (4, 0, 0) facing -Z, turning left.
    cx, cy, scale = 200, 215, 40  # pixels a metre; +X right, +Z down the page (seen from above, +Y towards you)
    radius, stride, beta, ankle = 4.0, 1.2, 0.6, 0.105
    s.text(cx, 30, "the root's circle (R = 4 m), from above", size=12.5, anchor="middle")
    s.path(f"M {cx + radius * scale} {cy} A {radius * scale} {radius * scale} 0 1 0 {cx - radius * scale} {cy} "
           f"A {radius * scale} {radius * scale} 0 1 0 {cx + radius * scale} {cy}", stroke=MUTED, dash="5 4")
    steps = int(2 * math.pi * radius / (stride / 2))
    for k in range(steps):
        # a foot lands at travel (k / 2 + beta / 2) strides, beside the root: left or right of the path
        travel = stride * (k / 2 + beta / 2)
        angle = -travel / radius  # along the circle, counter-clockwise seen from above (turning left)
        side = ankle if k % 2 == 0 else -ankle
        r = radius - side  # left of a left-turning walker is towards the centre
        x, y = cx + r * scale * math.cos(angle), cy + r * scale * math.sin(angle)
        s.circle(x, y, 2.6, fill=ACCENT if k % 2 == 0 else FRONT)
    s.circle(cx + radius * scale, cy, 5, fill=INK)
    s.arrow(cx + radius * scale, cy, cx + radius * scale, cy - 34)
    s.text(cx + radius * scale + 8, cy + 16, "start (4, 0, 0)", size=11.5)
    s.text(cx + radius * scale + 8, cy - 24, "facing -Z", size=11.5)
    s.circle(cx, cy, 3, fill=MUTED)
    s.text(cx, cy + 18, "origin", size=11.5, anchor="middle", fill=MUTED)
    s.text(cx, 400, "each step turns the heading by its length / R", size=12, anchor="middle", fill=MUTED)
    # Right: one stretch straight, the character facing up the page.
    x0, y0, k = 580, 380, 120  # pixels a metre, forward is up
    s.text(x0 + 60, 30, "one stride close up (clip space, +Z forward)", size=12.5, anchor="middle")
    s.line(x0, y0 + 10, x0, 60, stroke=INK, width=1.4, dash="6 4", arrow=True)
    s.text(x0 + 8, 58, "+Z", size=11.5)
    for j in range(5):
        z = stride * (j / 2 + beta / 2)
        side = ankle if j % 2 == 0 else -ankle
        x = x0 + side * k * 2.2  # the side offset drawn wider than scale, to be seen
        y = y0 - z * k * 0.9
        s.rect(x - 7, y - 16, 14, 32, rx=6, fill=ACCENT if j % 2 == 0 else FRONT, stroke=INK, width=1)
        s.text(x + (14 if side > 0 else -14), y + 4, ("L" if side > 0 else "R") + f"  z = {z:.2f}", size=11.5,
               anchor="start" if side > 0 else "end")
    for j in range(3):  # the root at each left contact: one loop offset apart
        y = y0 - stride * j * k * 0.9
        s.line(x0 - 6, y, x0 + 6, y, stroke=INK, width=2)
    s.text(x0 - 12, y0 + 4, "root at left_down", size=11, anchor="end")
    ya, yb = y0, y0 - stride * k * 0.9
    s.line(x0 + 150, ya, x0 + 150, yb, stroke=INK, arrow=True)
    s.text(x0 + 158, (ya + yb) / 2, "stride 1.2 m", size=11.5)
    s.text(x0 + 158, (ya + yb) / 2 + 16, "= loop_offset.z", size=11.5, mono=True)
    s.text(x0 + 60, 404, "red: left foot (+X), blue: right (-X), 0.105 m off the path", size=12, anchor="middle",
           fill=MUTED)
    return s.render()


def foot_roll():
    """The planted foot's roll over the stance: heel rocker, ankle rocker, forefoot rocker (chapters/10_walk_cycle/gait.c, stance_foot)."""
    s = Svg(900, 430, "The foot's roll over one stance: heel strike, foot flat, mid-stance, heel-off, toe-off")
    ground, k = 250, 560  # the ground's y in pixels, pixels a metre
    # the humanoid's foot, roughly (metres, x forward, y up, the heel at 0, 0): ankle over the heel,
    # the toes joint over the ball, the toes' tip toe_reach (0.75 of heel to ball) ahead of it
    ankle_h, ball_x, toes_h = 0.08, 0.14, 0.02
    toe_reach = 0.75 * ball_x
    shin_len = 0.25
    deg = math.pi / 180

    def turned(point, pivot, angle):  # angle > 0: toes up (counter-clockwise as drawn, forward to the right)
        x, y = point[0] - pivot[0], point[1] - pivot[1]
        c, si = math.cos(angle), math.sin(angle)
        return (pivot[0] + c * x - si * y, pivot[1] + si * x + c * y)

    def draw(cx, title, phase, pitch, toes_bend, shin_lean, pivot_name, note):
        # pitch: toes up +, radians; the foot turns about the heel (pitch > 0) or the ball (pitch < 0)
        heel, ball = (0.0, 0.0), (ball_x, 0.0)
        pivot = heel if pitch >= 0 else ball
        body = [(-0.025, 0.015), (0.0, 0.0), (ball_x, 0.0), (ball_x, toes_h + 0.012), (0.05, ankle_h + 0.005),
                (-0.01, ankle_h + 0.005)]
        body = [turned(p, pivot, pitch) for p in body]
        joint = turned((ball_x, toes_h * 0.5), pivot, pitch)
        # the toes: from the joint, turned with the foot, then bent up by toes_bend (their tip stays down)
        toes = [(ball_x, 0.0), (ball_x + toe_reach, 0.0), (ball_x + toe_reach, 0.012), (ball_x, toes_h + 0.012)]
        toes = [turned(turned(p, pivot, pitch), turned(ball, pivot, pitch), toes_bend) for p in toes]
        ankle = turned((0.0, ankle_h), pivot, pitch)
        knee = (ankle[0] + shin_len * math.sin(shin_lean), ankle[1] + shin_len * math.cos(shin_lean))

        def px(p):
            return (cx + k * p[0], ground - k * p[1])

        s.polygon([px(p) for p in toes], fill=NORMAL, stroke=INK, width=1.2)
        s.polygon([px(p) for p in body], fill=NORMAL, stroke=INK, width=1.2)
        a, kn = px(ankle), px(knee)
        s.line(a[0], a[1], kn[0], kn[1], stroke=FRONT, width=7)
        s.circle(a[0], a[1], 4, fill=INK)
        if pivot_name:  # the point on the ground that stays still
            pv = px(pivot)
            s.circle(pv[0], pv[1], 5, fill=ACCENT)
            s.text(pv[0], ground + 18, pivot_name, size=11, anchor="middle", fill=ACCENT)
        else:  # the foot still and flat: the shin turns over the ankle
            s.circle(a[0], a[1], 5, fill=ACCENT)
            s.text(a[0] + 8, a[1] - 8, "ankle", size=11, fill=ACCENT)
        s.text(cx + 70, 36, title, size=12.5, anchor="middle", bold=True)
        s.text(cx + 70, 54, phase, size=11.5, anchor="middle", fill=MUTED)
        for i, line in enumerate(note):
            s.text(cx + 70, ground + 40 + 15 * i, line, size=11, anchor="middle")

    s.line(20, ground, 880, ground, stroke=MUTED, width=1.5)
    panels = [
        ("initial contact", "0 of the cycle", 18 * deg, 0, -15 * deg, "heel", ["toes up 18 deg", "(heel_strike_pitch)"]),
        ("foot flat", "0.1 (foot_flat)", 0, 0, -6 * deg, "heel", ["the sole down:", "end of loading"]),
        ("mid-stance", "0.22 (mid_stance)", 0, 0, 4 * deg, "", ["ankle under the hip,", "the shin turns over it"]),
        ("heel-off", "from 0.35 (heel_off)", -12 * deg, 12 * deg, 15 * deg, "ball", ["turns about the ball,", "the toes bend"]),
        ("toe-off", "0.6 (stance_fraction)", -55 * deg, 55 * deg, 38 * deg, "ball",
         ["heel up 55 deg", "(toe_off_pitch)"]),
    ]
    for i, panel in enumerate(panels):
        draw(30 + 170 * i, *panel)
    # the rockers between the panels
    for x0, x1, name in ((40, 210, "heel rocker"), (210, 550, "ankle rocker"), (550, 720, "forefoot rocker")):
        y = 330
        s.line(x0 + 70, y, x1 + 70, y, stroke=ACCENT, width=1.6, arrow=True)
        s.text((x0 + x1) / 2 + 70, y - 6, name, size=12, anchor="middle", fill=ACCENT)
    # the phases of gait analysis over the stance (fractions of the cycle)
    left, width, y = 60, 780, 370

    def x_of(phase):
        return left + width * phase / 0.6

    for a, b, name in ((0, 0.1, "loading response"), (0.1, 0.3, "mid-stance"), (0.3, 0.5, "terminal stance"),
                       (0.5, 0.6, "pre-swing")):
        s.rect(x_of(a), y, x_of(b) - x_of(a), 20, fill=POSITION if name != "pre-swing" else TEXCOORD, stroke=INK, width=1)
        s.text((x_of(a) + x_of(b)) / 2, y + 14, name, size=11, anchor="middle")
    for phase in (0, 0.1, 0.22, 0.35, 0.6):
        s.line(x_of(phase), y - 6, x_of(phase), y + 26, stroke=ACCENT, width=1.2)
    s.text(x_of(0.6) + 6, y + 14, "swing", size=11)
    s.text(450, 418, "red dot: the point on the ground that stays still; red lines: the generator's phases (walk). "
           "Phases after Perry and Burnfield 2010.", size=11, anchor="middle", fill=MUTED)
    return s.render()


def gait_curves():
    """The walk's left knee and hip over one cycle (chapters/10_walk_cycle/gait_curves.tsv, made by
    `python3 tests/walk_check.py build/chapters/10_walk_cycle/ch10_walk_cycle curves
    chapters/10_walk_cycle/gait_curves.tsv`) beside normal ranges read off the gait literature."""
    table = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "chapters", "10_walk_cycle",
                         "gait_curves.tsv")
    with open(table, encoding="utf-8") as f:
        rows = [line.split("\t") for line in f.read().splitlines()[1:] if line.strip()]
    walk = [(float(r[1]), float(r[2]), float(r[3])) for r in rows if r[0] == "walk"]
    walk.append((100.0, walk[0][1], walk[0][2]))  # the cycle closes on its start
    s = Svg(860, 560, "The walk's knee and hip flexion over one cycle beside normal adult ranges")
    left, width, height = 90, 600, 180
    # approximate normal ranges (percent of the cycle from, to; degrees low, high)
    knee_bands = [(0, 3, 0, 5, "contact"), (10, 16, 15, 20, "loading"), (36, 44, 2, 8, "terminal stance"),
                  (58, 62, 35, 45, "toe-off"), (69, 75, 55, 65, "swing peak"), (97, 100, 0, 5, "")]
    hip_bands = [(0, 3, 20, 30, "contact"), (47, 53, -20, -10, "most extended"), (82, 88, 25, 35, "peak"),
                 (97, 100, 20, 30, "")]

    def panel(top, title, column, low, high, step, bands):
        def x_of(percent):
            return left + width * percent / 100

        def y_of(deg):
            return top + height * (high - deg) / (high - low)

        s.text(left, top - 12, title, size=13, bold=True)
        s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
        for d in range(low, high + 1, step):
            s.line(left, y_of(d), left + width, y_of(d), stroke=PADDING, width=1)
            s.text(left - 8, y_of(d) + 4, f"{d}", size=11, anchor="end", fill=MUTED)
        s.rect(x_of(60), top, width * 0.4, height, fill=PADDING, stroke="none", dash=None)
        s.text(x_of(80), top + 16, "swing", size=11, anchor="middle", fill=MUTED)
        s.text(x_of(30), top + 16, "stance", size=11, anchor="middle", fill=MUTED)
        for a, b, lo, hi, name in bands:
            s.rect(x_of(a), y_of(hi), x_of(b) - x_of(a), y_of(lo) - y_of(hi), fill=TEXCOORD, stroke="#5a8f4a",
                   width=1)
            if name:
                x, anchor = ((x_of(a) + x_of(b)) / 2, "middle") if a > 0 else (x_of(a) + 2, "start")
                s.text(x, y_of(hi) - 5, name, size=10.5, anchor=anchor, fill="#3d6b30")
        d = " ".join(("M" if i == 0 else "L") + f" {x_of(r[0]):.1f} {y_of(r[column]):.1f}" for i, r in enumerate(walk))
        s.path(d, stroke=ACCENT, width=2.2)
        for p in range(0, 101, 10):
            s.text(x_of(p), top + height + 16, f"{p}", size=11, anchor="middle", fill=MUTED)

    panel(40, "knee flexion (degrees)", 1, -10, 80, 10, knee_bands)
    panel(300, "hip flexion (degrees, thigh from vertical; negative: extension)", 2, -30, 40, 10, hip_bands)
    s.text(left + width / 2, 538, "percent of the cycle from the left heel strike (left_down); toe-off at 60",
           size=12, anchor="middle")
    s.line(left + width + 20, 60, left + width + 46, 60, stroke=ACCENT, width=2.2)
    s.text(left + width + 52, 64, "the walk", size=11.5)
    s.rect(left + width + 20, 76, 26, 12, fill=TEXCOORD, stroke="#5a8f4a", width=1)
    s.text(left + width + 52, 86, "normal range,", size=11.5)
    s.text(left + width + 52, 100, "approximate", size=11.5)
    s.text(left + width + 20, 130, "curves: the exported", size=11, fill=MUTED)
    s.text(left + width + 20, 144, "glTF measured by", size=11, fill=MUTED)
    s.text(left + width + 20, 158, "tests/walk_check.py", size=11, fill=MUTED, mono=True)
    s.text(left + width + 20, 180, "ranges: read off Perry", size=11, fill=MUTED)
    s.text(left + width + 20, 194, "and Burnfield 2010 and", size=11, fill=MUTED)
    s.text(left + width + 20, 208, "Winter 1991 (hip)", size=11, fill=MUTED)
    return s.render()


# ---------------------------------------------------------------- chapter 11

def stop_on_contact():
    """The controller's stop: speed 0 asked mid-stride, the walk steps on to the next contact, then fades to idle."""
    s = Svg(860, 400, "A stop: the walk steps on to the next foot contact, then fades into idle over 0.4 s")
    left, width, end, frame = 110, 640, 1.2, 1 / 60
    period = 2 / 1.9  # the walk's cycle, s

    def x_of(t):
        return left + width * t / end

    # the weights: the walk 1 until the frame that crosses right_down (frame 32), then a
    # smoothstep of 24 frames (0.4 s) to 0; idle the rest (crossfade_advance's rule)
    asked, contact = 11 * frame, 32 * frame
    idle = contact + 0.4
    # the feet: the walk's (60% stance, from phase 0 at t = 0, as in 10-gait-timeline) until
    # the walk has left the fade, then standing
    for row, (name, down) in enumerate((("left", 0.0), ("right", 0.5))):
        y = 50 + 30 * row
        s.text(left - 12, y + 15, name + " foot", size=12.5, anchor="end")
        s.rect(left, y, x_of(idle) - left, 20, fill="white", stroke=MUTED, width=1, dash="4 3")
        s.rect(x_of(idle), y, x_of(end) - x_of(idle), 20, fill=TEXCOORD, stroke=INK, width=1.2)
        for k in range(-1, 2):
            a, b = max((down + k) * period, 0), min((down + k + 0.6) * period, idle)
            if b > a:
                s.rect(x_of(a), y, x_of(b) - x_of(a), 20, fill=FRONT, stroke=INK, width=1.2)
            t = (down + k) * period
            if 0 <= t <= idle:
                s.polygon([(x_of(t), y - 2), (x_of(t) - 5, y - 11), (x_of(t) + 5, y - 11)], fill=ACCENT, stroke="none")
    s.text(x_of((idle + end) / 2), 125, "standing (idle)", size=11.5, anchor="middle", fill=MUTED)
    top, height = 140, 170

    def y_of(w):
        return top + height * (1 - w)

    def walk_weight(t):
        p = min(max((t - contact) / 0.4, 0), 1)
        return 1 - (3 * p * p - 2 * p * p * p)

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for w in (0, 0.5, 1):
        s.line(left, y_of(w), left + width, y_of(w), stroke=PADDING, width=1)
        s.text(left - 8, y_of(w) + 4, f"{w:g}", size=11, anchor="end", fill=MUTED)
    s.text(left - 70, top + height / 2, "weight", size=12.5, anchor="middle")
    for t, label, dy in ((asked, "speed 0 asked (frame 11)", 16), (contact, "right_down crossed (frame 32)", 34),
                         (idle, "idle (frame 56)", 16)):
        s.line(x_of(t), 40, x_of(t), top + height, stroke=MUTED, dash="4,4")
        s.text(x_of(t) + 6, top + dy, label, size=11.5, fill=MUTED)
    for color, label, weight in (("#e08a2c", "idle", lambda t: 1 - walk_weight(t)), (FRONT, "walk / run", walk_weight)):
        d = " ".join(("M" if k == 0 else "L") + f" {x_of(k * end / 240):.1f} {y_of(weight(k * end / 240)):.1f}"
                     for k in range(241))
        s.path(d, stroke=color, width=2.6)
    for i, (color, label) in enumerate((("#e08a2c", "idle"), (FRONT, "walk"))):
        y = top + 20 + 22 * i
        s.line(left + width + 14, y - 4, left + width + 40, y - 4, stroke=color, width=2.6)
        s.text(left + width + 46, y, label, size=12)
    for k in range(7):
        t = 0.2 * k
        s.text(x_of(t), top + height + 18, f"{t:.1f}", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 38, "seconds (frames of 1/60 s)", size=12.5, anchor="middle")
    s.text(430, 370, "Walking at 1.14 m/s from the left contact: between the request and the contact the walk keeps",
           size=12, anchor="middle", fill=MUTED)
    s.text(430, 387, "its weight and the root keeps moving; the fade starts with both feet down (test_locomotion_controller).",
           size=12, anchor="middle", fill=MUTED)
    return s.render()


def ik_convergence():
    """CCD against FABRIK: the tip's distance to the target after each iteration (chapters/11_ik/ik_convergence.tsv)."""
    table = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "chapters", "11_ik",
                         "ik_convergence.tsv")
    with open(table, encoding="utf-8") as f:
        rows = [[float(x) for x in line.split("\t")] for line in f.read().splitlines()[1:] if line.strip()]
    s = Svg(820, 420, "CCD against FABRIK: distance from the tip to the target after each iteration")
    left, top, width, height = 80, 40, 560, 300
    last = rows[-1][0]
    low, high = -5, 1  # log10 of metres: 10 um to 10 m

    def x_of(i):
        return left + width * i / last

    def y_of(metres):
        return top + height * (high - math.log10(max(metres, 10.0 ** low))) / (high - low)

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for e in range(low, high + 1):
        y = y_of(10.0 ** e)
        s.line(left, y, left + width, y, stroke=PADDING, width=1)
        s.text(left - 8, y + 4, {-5: "10 \u00b5m", -4: "0.1 mm", -3: "1 mm", -2: "1 cm", -1: "10 cm", 0: "1 m", 1: "10 m"}[e], size=11, anchor="end",
               fill=MUTED)
    for i in range(0, int(last) + 1, 5):
        s.text(x_of(i), top + height + 18, str(i), size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 40, "iterations", size=12.5, anchor="middle")
    s.text(left, top - 12, "distance left, tip to target (log scale)", size=12.5)
    for column, color, dash, label in ((1, ACCENT, None, "CCD, median"), (2, ACCENT, "5,4", "CCD, 90 %"),
                                       (3, FRONT, None, "FABRIK, median"), (4, FRONT, "5,4", "FABRIK, 90 %")):
        d = " ".join(("M" if k == 0 else "L") + f" {x_of(r[0]):.1f} {y_of(r[column]):.1f}"
                     for k, r in enumerate(rows))
        s.path(d, stroke=color, width=2.2, dash=dash)
        y = top + 16 + 20 * (column - 1)
        s.line(left + width + 14, y - 4, left + width + 40, y - 4, stroke=color, width=2.2, dash=dash)
        s.text(left + width + 46, y, label, size=11.5)
    s.text(410, 405, "A chain of 6 bones, 200 reachable targets, each solver from the same rest pose "
           "(ik_convergence).", size=12, anchor="middle", fill=MUTED)
    return s.render()


def two_bone_triangle():
    """Two-bone IK: the triangle root, middle, tip; the angle at the root by the law of cosines; the pole."""
    s = Svg(880, 380, "Two-bone IK: the triangle of the two bones and the distance d, the angle at the root, the pole")
    scale = 180.0
    rx, ry = 90, 290  # the root on the page; the axis u points right
    upper, lower, d = 1.0, 0.8, 1.2
    cos_root = (upper * upper + d * d - lower * lower) / (2 * upper * d)
    sin_root = math.sqrt(1 - cos_root * cos_root)
    cos_middle = (upper * upper + lower * lower - d * d) / (2 * upper * lower)
    mx, my = rx + scale * upper * cos_root, ry - scale * upper * sin_root
    tx, ty = rx + scale * d, ry
    green = "#3d7a30"
    # The reach: a circle of upper + lower about the root (the tip can go no farther).
    reach = scale * (upper + lower)
    s.path(f"M {rx + reach * math.cos(0.5):.1f} {ry - reach * math.sin(0.5):.1f} "
           f"A {reach:.1f} {reach:.1f} 0 0 1 {rx + reach * math.cos(-0.2):.1f} {ry - reach * math.sin(-0.2):.1f}",
           stroke=MUTED, dash="3 4")
    s.text(rx + reach * math.cos(0.5) - 4, ry - reach * math.sin(0.5) - 8, "reach: upper + lower", size=11.5,
           fill=MUTED, anchor="middle")
    # The axis from the root to a target out of reach: the tip stops on it.
    far = rx + scale * 2.1
    s.line(rx, ry, far, ry, stroke=MUTED, dash="6 4")
    s.circle(far, ry, 7, fill="white", stroke=ACCENT)
    s.text(far - 30, ry + 26, "a target out of reach:", size=11.5, fill=ACCENT)
    s.text(far - 30, ry + 42, "the tip stops on the axis", size=11.5, fill=ACCENT)
    # The bones.
    s.line(rx, ry, mx, my, stroke=FRONT, width=9)
    s.line(mx, my, tx, ty, stroke=FRONT, width=9)
    s.text((rx + mx) / 2 - 12, (ry + my) / 2 - 8, "upper", size=13, bold=True, anchor="end")
    s.text((mx + tx) / 2 + 12, (my + ty) / 2 - 4, "lower", size=13, bold=True)
    s.text(rx + 56, ry + 24, "d = |target - root|, clamped", size=12.5)
    # The angle at the root, between the axis and the upper bone, and the one at the knee.
    r = 52
    a1 = math.acos(cos_root)
    s.path(f"M {rx + r:.1f} {ry} A {r} {r} 0 0 0 {rx + r * math.cos(a1):.1f} {ry - r * math.sin(a1):.1f}",
           stroke=ACCENT, width=2)
    s.text(rx + r + 8, ry - 10, "root angle", size=12.5, fill=ACCENT, bold=True)
    to_root = math.atan2(my - ry, rx - mx)
    to_tip = math.atan2(my - ty, tx - mx)
    r = 30
    s.path(f"M {mx + r * math.cos(to_root):.1f} {my - r * math.sin(to_root):.1f} "
           f"A {r} {r} 0 0 0 {mx + r * math.cos(to_tip):.1f} {my - r * math.sin(to_tip):.1f}",
           stroke=ACCENT, width=2)
    s.text(mx + 4, my + 52, "knee angle", size=12.5, fill=ACCENT, anchor="middle")
    # The joints.
    s.circle(rx, ry, 6, fill=INK)
    s.text(rx - 12, ry + 5, "root", size=12.5, bold=True, anchor="end")
    s.text(rx - 12, ry + 21, "(hip)", size=11.5, anchor="end", fill=MUTED)
    s.circle(mx, my, 6, fill=INK)
    s.text(mx, my - 16, "middle (knee)", size=12.5, bold=True, anchor="middle")
    s.circle(tx, ty, 6, fill=INK)
    s.text(tx + 10, ty - 10, "tip (ankle)", size=12.5, bold=True)
    # u and v at the root, and the pole: only its part perpendicular to u counts.
    s.arrow(rx, ry, rx + 40, ry, stroke=INK, width=2)
    s.text(rx + 36, ry + 18, "u", size=13, italic=True, bold=True)
    s.arrow(rx, ry, rx, ry - 70, stroke=INK, width=2)
    s.text(rx - 14, ry - 60, "v", size=13, italic=True, bold=True)
    px, py = rx + 95, ry - 230
    s.arrow(rx, ry, px, py, stroke=green, width=2)
    s.text(px + 8, py, "pole (any length)", size=12.5, fill=green, bold=True)
    s.line(px, py, rx, py, stroke=green, dash="3 3")

    x = 580
    s.text(x, 40, "the law of cosines:", size=13, bold=True)
    s.text(x, 62, "cos(root) =", size=12.5, mono=True)
    s.text(x + 20, 80, "(upper\u00b2 + d\u00b2 - lower\u00b2)", size=12.5, mono=True)
    s.text(x + 20, 98, " / (2 upper d)", size=12.5, mono=True)
    s.text(x, 122, "clamped to [-1, 1] (for acos, sqrt)", size=12, fill=ACCENT)
    s.text(x, 156, "v = pole - (pole . u) u, normalized", size=12.5, mono=True)
    s.text(x, 180, "mid = root + upper (cos u + sin v)", size=12.5, mono=True)
    s.text(x, 200, "tip = root + d u", size=12.5, mono=True)
    s.text(x, 234, "d clamped to", size=12.5)
    s.text(x, 252, "[|upper - lower|, upper + lower]", size=12.5, mono=True)
    s.text(x, 286, "Here upper 1, lower 0.8, d 1.2:", size=12, fill=MUTED)
    s.text(x, 304, f"root angle {math.degrees(math.acos(cos_root)):.1f}\u00b0, "
           f"knee angle {math.degrees(math.acos(cos_middle)):.1f}\u00b0.", size=12, fill=MUTED)
    s.text(440, 365, "The chain bends in the plane of u and v, toward the pole; the pole's part along u says nothing.",
           size=12, anchor="middle", fill=MUTED)
    return s.render()


def fabrik_passes():
    """One FABRIK iteration on four points: forward reaching (tip to target), backward reaching (root back)."""
    s = Svg(920, 360, "One FABRIK iteration: forward reaching puts the tip on the target, backward reaching the root back")
    lengths = [1.0, 0.8, 0.6]
    start = [(0.0, 0.0)]
    for k, a in enumerate((70, 40, 10)):
        x, y = start[-1]
        start.append((x + lengths[k] * math.cos(math.radians(a)), y + lengths[k] * math.sin(math.radians(a))))
    target = (1.9, 0.35)

    def place(placed, point, length):
        dx, dy = point[0] - placed[0], point[1] - placed[1]
        n = math.hypot(dx, dy)
        return (placed[0] + length * dx / n, placed[1] + length * dy / n)

    forward = list(start)
    forward[3] = target
    for k in (2, 1, 0):
        forward[k] = place(forward[k + 1], forward[k], lengths[k])
    backward = list(forward)
    backward[0] = start[0]
    for k in (1, 2, 3):
        backward[k] = place(backward[k - 1], backward[k], lengths[k - 1])

    scale, panel_w = 105.0, 300

    def page(panel, p):
        return 40 + panel * panel_w + scale * p[0], 270 - scale * p[1]

    titles = [("the chain and the target", "bones of 1, 0.8, 0.6"),
              ("1. forward reaching", "tip on the target, then back to the root"),
              ("2. backward reaching", "root back, then out to the tip")]
    for panel, (title, sub) in enumerate(titles):
        x0 = 20 + panel * panel_w
        s.rect(x0, 20, panel_w - 20, 300, fill="white", stroke=PADDING, rx=6)
        s.text(x0 + (panel_w - 20) / 2, 44, title, size=13.5, anchor="middle", bold=True)
        s.text(x0 + (panel_w - 20) / 2, 62, sub, size=11.5, anchor="middle", fill=MUTED)
        tx, ty = page(panel, target)
        s.circle(tx, ty, 8, fill="white", stroke=ACCENT)
        s.text(tx + 4, ty + 24, "target", size=11.5, fill=ACCENT, anchor="middle")
        bx, by = page(panel, start[0])
        s.text(bx - 4, by + 22, "root", size=11.5, fill=MUTED)

    def chain(panel, points, color, width, dash=None, dots=True):
        pts = [page(panel, p) for p in points]
        for a, b in zip(pts, pts[1:]):
            s.line(*a, *b, stroke=color, width=width, dash=dash)
        if dots:
            for x, y in pts:
                s.circle(x, y, 4.5, fill=INK if dash is None else MUTED)

    def moved(panel, before, after):
        """The chain before, faint; each point's move as an arrow; the chain after."""
        chain(panel, before, PADDING, 7, dots=False)
        for p, q in zip(before, after):
            a, b = page(panel, p), page(panel, q)
            if math.hypot(b[0] - a[0], b[1] - a[1]) > 8:
                s.line(*a, *b, stroke=MUTED, dash="3 3", arrow=True)
        chain(panel, after, FRONT, 7)

    chain(0, start, FRONT, 7)
    moved(1, start, forward)
    fx, fy = page(1, forward[0])
    s.text(fx + 8, fy + 4, "the root moved off", size=11.5, fill=ACCENT)
    moved(2, forward, backward)
    gap = math.hypot(backward[3][0] - target[0], backward[3][1] - target[1])
    ex, ey = page(2, backward[3])
    s.text(ex - 12, ey + 4, f"tip {gap:.2f} from it", size=11.5, fill=ACCENT, anchor="end")
    s.text(460, 345, "Each point moves onto the line from the point just placed to where it was, at its bone's "
           "length: every bone keeps its length.", size=12, anchor="middle", fill=MUTED)
    return s.render()


def stance_weight_curve():
    """Each foot's stance weight (ex11.3) over one cycle of the stairs gait: 1 planted, smoothstep ramps over the swing."""
    s = Svg(860, 330, "The stance weight of each foot over one cycle of the stairs walk, from its contact events")
    period, beta, fade = 2 / 1.3, 0.6, 0.15  # the stairs gait: 1.3 steps/s, down 60% of the cycle
    left, width = 150, 600

    def x_of(t):
        return left + width * t / period

    def smooth(x):
        return x * x * (3 - 2 * x)

    def weight(t, down, up):
        swing = (down - up) % period
        since_up = (t - up) % period
        if since_up >= swing:
            return 1.0
        ramp = min(fade, swing / 2)
        if since_up < ramp:
            return 1 - smooth(since_up / ramp)
        if swing - since_up < ramp:
            return 1 - smooth((swing - since_up) / ramp)
        return 0.0

    feet = [("left foot", 0.0, beta * period), ("right foot", 0.5 * period, (0.5 + beta - 1) * period)]
    for row, (name, down, up) in enumerate(feet):
        top, h = 40 + 130 * row, 80
        side = name.split()[0]
        s.text(left - 14, top + h / 2 + 4, name, size=12.5, anchor="end")
        s.line(left, top + h, left + width, top + h, stroke=MUTED, width=1)
        s.line(left, top, left + width, top, stroke=PADDING, width=1)
        s.text(left - 4, top + 4, "1", size=11, anchor="end", fill=MUTED)
        s.text(left - 4, top + h + 4, "0", size=11, anchor="end", fill=MUTED)
        # the stance, shaded
        spans = [(down, up)] if down < up else [(down, period), (0, up)]
        for a, b in spans:
            s.rect(x_of(a), top, x_of(b) - x_of(a), h, fill=TEXCOORD, stroke="none")
        points = []
        for k in range(401):
            t = period * k / 400
            points.append(f"{x_of(t):.1f},{top + h - h * weight(t, down, up):.1f}")
        s.path("M " + " L ".join(points), stroke=ACCENT, width=2.2)
        for t, event in ((down, side + "_down"), (up, side + "_up")):
            x = x_of(t)
            s.line(x, top - 4, x, top + h + 4, stroke=INK, width=1, dash="3 3")
            s.text(x, top + h + 18, event, size=11.5, anchor="middle", fill=INK)
        # the fade: the ramp after up
        x0, x1 = x_of(up), x_of(up + fade)
        s.line(x0, top + h + 28, x1, top + h + 28, stroke=MUTED, width=1, arrow=True)
        s.text((x0 + x1) / 2 + 2, top + h + 42, "fade", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, 318, f"shaded: planted (held in the world). One cycle: {period:.3f} s; fade {fade} s, "
           "smoothstep ramps in the swing.", size=12, anchor="middle", fill=MUTED)
    return s.render()


def stairs_swing():
    """A foot's swing up two steps and down two steps, planned over the footprint (foot_swing_plan)."""
    s = Svg(900, 380, "A swinging foot's sole over the steps, going up and going down: rise and fall planned over its footprint")
    rise, run, start = 0.17, 0.28, 0.6
    # the humanoid's sole: heel point to ball, past it (toe_reach), behind it (0.4 of heel to ball);
    # the foot's pitch in the swing is left out here (foot_swing_plan counts it)
    ball, toe, back = 0.13, 0.0975, 0.052
    period, beta, fade, clearance, samples = 2 / 1.3, 0.6, 0.15, 0.02, 33

    def smooth(x):
        x = min(max(x, 0.0), 1.0)
        return x * x * (3 - 2 * x)

    def ground(z):
        if z < start - 1e-5:
            return 0.0
        return min(int((z - start + 1e-5) // run) + 1, 8) * rise

    def weight(t, down, up):  # ik_stance_weight
        swing = (down - up) % period
        since_up = (t - up) % period
        if since_up >= swing:
            return 1.0
        ramp = min(fade, swing / 2)
        if since_up < ramp:
            return 1 - smooth(since_up / ramp)
        if swing - since_up < ramp:
            return 1 - smooth((swing - since_up) / ramp)
        return 0.0

    up_t, down_t = beta * period, 0.0  # the left foot: lifts at beta, lands at the cycle's end
    swing_time = period - up_t
    progress = []
    for k in range(samples):
        u = k / (samples - 1)
        across = u - math.sin(2 * math.pi * u) / (2 * math.pi)
        w = weight(up_t + u * swing_time, down_t, up_t)
        progress.append((1 - w) * across if u < 0.5 else w + (1 - w) * across)

    def footprint(heel, facing):
        return [heel + facing * d for d in (-back, 0, ball / 2, ball, ball + toe)]

    def plan(lift_heel, land_heel, facing, lift, land):
        need = [max(ground(z) for z in footprint(lift_heel + p * (land_heel - lift_heel), facing)) for p in progress]
        highest = max([lift, land] + need)
        top = highest + (clearance if highest > min(lift, land) + 1e-4 else 0)
        # between two samples the footprint is over the steps of both: each clears its neighbours' too
        need = [max(need[max(k - 1, 0)], need[k], need[min(k + 1, samples - 1)]) for k in range(samples)]
        margin = clearance / 2
        sw = dict(lift=lift, land=land, top=top, rise_end=0.5, fall_start=1.0)

        def height(u):
            if u < sw["fall_start"]:
                return lift + (top - lift) * smooth(u / sw["rise_end"])
            return top + (land - top) * smooth((u - sw["fall_start"]) / (1 - sw["fall_start"]))
        r = 0.5
        while r > 0.1:
            sw["rise_end"] = r
            if all(k / (samples - 1) > 0.5 or height(k / (samples - 1)) >= need[k] + (margin if need[k] > lift else 0)
                   for k in range(1, samples)):
                break
            r -= 0.05
        f = 0.5
        while f < 0.9:
            sw["fall_start"] = f
            if all(height(k / (samples - 1)) >= need[k] + (margin if need[k] > land else 0)
                   for k in range(samples // 2, samples - 1)):
                break
            f += 0.05
        return height, sw

    panels = [("going up: the toes clear the next riser", 1, 1, 3, 0.026),
              ("going down: the heel stays up past the edge", -1, 3, 1, 0.156)]
    scale = 330.0
    for i, (title, facing, from_step, to_step, offset) in enumerate(panels):
        x0, y0 = 40 + i * 440, 330  # the page point of z = z_lo, y = 0
        z_lo = start - 0.12
        lift_heel = start + (from_step - 1) * run + offset
        land_heel = start + (to_step - 1) * run + offset
        lift, land = ground(lift_heel), ground(land_heel)
        height, sw = plan(lift_heel, land_heel, facing, lift, land)

        def page(z, y):
            return x0 + scale * (z - z_lo), y0 - scale * y
        s.text(x0 + 190, 34, title, size=13.5, anchor="middle", bold=True)
        # the steps, as solid boxes from the floor
        outline = [page(z_lo, 0)]
        for k in range(1, 5):
            z = start + (k - 1) * run
            outline += [page(z, (k - 1) * rise), page(z, k * rise)]
        outline += [page(start + 4 * run, 4 * rise), page(start + 4 * run, 0)]
        s.polygon(outline, fill=PADDING, stroke=MUTED, width=1)
        # the footprint at instants of the swing, and the heel's path
        path = []
        for k in range(61):
            u = k / 60
            p = progress[min(int(round(u * (samples - 1))), samples - 1)]
            heel = lift_heel + p * (land_heel - lift_heel)
            y = height(u)
            path.append("%.1f,%.1f" % page(heel, y))
            if k % 6 == 0:
                pts = footprint(heel, facing)
                a, b = page(min(pts), y), page(max(pts), y)
                s.line(a[0], a[1], b[0], b[1], stroke=FRONT, width=3)
        s.path("M " + " L ".join(path), stroke=ACCENT, width=1.8)
        for heel, y, label in ((lift_heel, lift, "leaves"), (land_heel, land, "lands")):
            pts = footprint(heel, facing)
            a, b = page(min(pts), y), page(max(pts), y)
            s.line(a[0], a[1], b[0], b[1], stroke=INK, width=5)
            s.text((a[0] + b[0]) / 2, a[1] + 18, label, size=11.5, anchor="middle", fill=INK)
        # the toes' side of the foot
        tip = page(max(footprint(land_heel, facing)) if facing > 0 else min(footprint(land_heel, facing)), land)
        s.text(tip[0] + 6 * facing, tip[1] - 6, "toes", size=11, anchor="start" if facing > 0 else "end",
               fill=MUTED)
        s.text(x0 + 190, 56, "rise by %.0f%% of the swing, fall from %.0f%%" % (100 * sw["rise_end"],
               100 * sw["fall_start"]), size=11.5, anchor="middle", fill=MUTED)
    s.text(450, 366, "Black: the foot planted (back of the heel to the toes); blue: its sole every tenth of the swing; "
           "red: the heel point's path.", size=12, anchor="middle", fill=MUTED)
    return s.render()


# ---------------------------------------------------------------- chapter 12

def aos_soa():
    """Four joints' transforms as AoS rows (memory order) and as the ten float4 registers of one SoA group."""
    s = Svg(900, 490, "AoS against SoA: four joints' transforms one after another, and as ten float4 registers "
                      "(the transpose)")
    names = ["tx", "ty", "tz", "rx", "ry", "rz", "rw", "sx", "sy", "sz"]
    fills = [POSITION] * 3 + [NORMAL] * 4 + [TEXCOORD] * 3
    cw, ch, x0, y0 = 58, 24, 150, 58
    s.text(20, 24, "AoS (chapters 04 to 09): transform pose[n], one joint's 40 bytes after another",
           size=13.5, bold=True)
    for j in range(4):
        y = y0 + j * (ch + 6)
        s.text(x0 - 12, y + 16, f"joint {j}", size=12, anchor="end")
        for k, name in enumerate(names):
            s.rect(x0 + k * cw, y, cw, ch, fill=fills[k], width=1)
            s.text(x0 + k * cw + cw / 2, y + 16, f"{name}{j}", size=11.5, anchor="middle", mono=True)
        if j < 3:
            s.text(x0 + 10 * cw + 8, y + 16, f"then joint {j + 1}", size=11, fill=MUTED)
    s.arrow(x0, y0 - 8, x0 + 10 * cw, y0 - 8, stroke=MUTED, width=1)
    s.text(x0 + 10 * cw + 8, y0 - 4, "memory order", size=11, fill=MUTED)
    # the column that becomes one register
    s.rect(x0 - 2, y0 - 3, cw + 4, 4 * (ch + 6), fill="none", stroke=ACCENT, width=2.2)
    s.text(x0 + 10 * cw / 2, y0 + 4 * (ch + 6) + 18,
           "translation, rotation and scale of one joint side by side: the maths for a joint reads a row",
           size=12, anchor="middle", fill=MUTED)
    # the transpose
    ty = y0 + 4 * (ch + 6) + 40
    s.path(f"M {x0 + cw / 2} {y0 + 4 * (ch + 6) + 2} C {x0 + cw / 2} {ty + 40}, {70 + 37} {ty + 30}, "
           f"{70 + 37} {ty + 104 - 40}", stroke=ACCENT, width=1.6, arrow=True)
    s.text(x0 + cw + 14, ty + 16, "soa_from_transforms (ex12.1): the transpose, each column of the table",
           size=12.5, fill=ACCENT)
    s.text(x0 + cw + 14, ty + 34, "becomes one float4 (in the sampler, float4_transpose does it in registers)",
           size=12.5, fill=ACCENT)
    # SoA: ten registers, four lanes each
    sy = ty + 104
    s.text(880, sy - 50, "SoA (chapter 12): soa_transform, one group of four joints = ten float4 registers",
           size=13.5, bold=True, anchor="end")
    rw, lh = 74, 22
    gx = 70
    for member, first, count in (("translation", 0, 3), ("rotation", 3, 4), ("scale", 7, 3)):
        left, right = gx + first * (rw + 6), gx + (first + count) * (rw + 6) - 6
        s.line(left, sy - 26, right, sy - 26, stroke=MUTED, width=1)
        s.text((left + right) / 2, sy - 31, member, size=11.5, anchor="middle", mono=True)
    for k, name in enumerate(names):
        x = gx + k * (rw + 6)
        s.text(x + rw / 2, sy - 6, "." + name[1], size=11.5, anchor="middle", mono=True)
        for lane in range(4):
            s.rect(x, sy + lane * lh, rw, lh, fill=fills[k], width=1)
            s.text(x + rw / 2, sy + lane * lh + 15, f"{name}{lane}", size=11.5, anchor="middle", mono=True)
    for lane in range(4):
        s.text(gx - 8, sy + lane * lh + 15, f"lane {lane}", size=11, anchor="end", fill=MUTED)
    s.rect(gx - 2, sy - 2, rw + 4, 4 * lh + 4, fill="none", stroke=ACCENT, width=2.2)
    s.text(450, sy + 4 * lh + 24, "float4_mul(w, translation.x): one instruction, the same step for four joints; "
           "lane i is joint 4 g + i of group g;", size=12, anchor="middle")
    s.text(450, sy + 4 * lh + 42, "in memory each register's 16 bytes, then the next: the same 160 bytes as "
           "four transforms, in another order.", size=12, anchor="middle")
    s.text(450, sy + 4 * lh + 62, "n joints make (n + 3) / 4 groups; the lanes past the last joint hold the "
           "identity, so that every lane is a valid transform.", size=12, anchor="middle", fill=MUTED)
    return s.render()


def nlerp_dense():
    """nlerp against slerp at dense keys: the error over u divided by the cube of the angle, against the small-angle cubic."""
    s = Svg(880, 390, "nlerp against slerp, the rotation error over u divided by the cube of the angle between the "
                      "keys: the small-angle cubic and the exact curves")
    x0, y0, w, h = 90, 50, 470, 260

    def exact(angle, u):
        # The keys angle apart as rotations, so angle / 2 apart on the sphere of quaternions; nlerp's
        # point on the chord is at atan2(u sin(th), 1 - u + u cos(th)) there, slerp's at u th.
        th = angle / 2
        return 2 * (math.atan2(u * math.sin(th), 1 - u + u * math.cos(th)) - u * th)

    def cubic(u):
        # 2 (-(th^3) u (2u - 1)(u - 1) / 6) with th = angle / 2, over angle^3
        return -u * (2 * u - 1) * (u - 1) / 24

    scale = 0.006

    def px(u):
        return x0 + u * w

    def py(e):
        return y0 + h / 2 - e / scale * (h / 2)

    s.line(x0, py(0), x0 + w + 10, py(0), arrow=True)
    s.text(x0 + w + 14, py(0) + 4, "u", size=13)
    s.line(x0, y0 + h, x0, y0 - 10, arrow=True)
    s.text(x0 - 8, y0 - 16, "(nlerp - slerp) / A^3, the rotation angle error over the cube of A", size=12)
    for e in (-0.006, -0.004, -0.002, 0.002, 0.004, 0.006):
        s.line(x0 - 4, py(e), x0 + w, py(e), stroke=PADDING)
        s.text(x0 - 8, py(e) + 4, f"{e:+.3f}", size=11.5, anchor="end")
    for u in (0.25, 0.5, 0.75, 1.0):
        s.text(px(u), py(0) + 18, f"{u:g}", size=11.5, anchor="middle")
    curves = [(1.0, FRONT, None), (2.0, "#2c6ea6", None), (3.0, ACCENT, None)]
    for angle, colour, dash in curves:
        points = " ".join(f"{px(i / 100):.1f} {py(exact(angle, i / 100) / angle ** 3):.1f}" for i in range(101))
        s.path("M " + points, stroke=colour, width=2.5, dash=dash)
    points = " ".join(f"{px(i / 100):.1f} {py(cubic(i / 100)):.1f}" for i in range(101))
    s.path("M " + points, stroke=INK, width=1.6, dash="6 4")
    peak_u = (3 - math.sqrt(3)) / 6
    peak = math.sqrt(3) / 432
    s.line(px(peak_u), py(0), px(peak_u), py(-peak), stroke=MUTED, dash="2 3")
    s.line(px(peak_u), py(-peak), px(peak_u), py(-0.0052), stroke=MUTED, dash="2 3")
    s.text(px(peak_u) + 4, py(-0.0052) + 4, f"u = (3 - sqrt 3) / 6 = {peak_u:.3f}", size=11.5, fill=MUTED)
    lx = x0 + w + 24
    s.line(lx, 86, lx + 28, 86, stroke=INK, width=1.6, dash="6 4")
    s.text(lx + 36, 90, "small angles: -u (2u - 1)(u - 1) / 24,", size=12.5)
    s.text(lx + 36, 108, f"at most sqrt 3 / 432 = {peak:.5f}", size=12.5)
    for k, (angle, colour, dash) in enumerate(curves):
        worst = max(abs(exact(angle, i / 10000)) for i in range(10001))
        y = 140 + 26 * k
        s.line(lx, y - 4, lx + 28, y - 4, stroke=colour, width=2.5)
        s.text(lx + 36, y, f"A = {angle:g} rad: exact, at most {worst:.2g} rad", size=12.5, fill=colour)
    s.text(lx, 230, "Negative: nlerp lags slerp before", size=12.5)
    s.text(lx, 248, "u = 1/2, leads after it; the two", size=12.5)
    s.text(lx, 266, "meet at 0, 1/2 and 1.", size=12.5)
    dense = max(abs(exact(0.1, i / 10000)) for i in range(10001))
    s.text(x0, y0 + h + 50, f"Keys A = 0.1 rad apart (a joint turning 3 rad/s, 30 keys a second): nlerp is off by "
           f"at most {dense:.1e} rad.", size=12.5, fill=MUTED)
    return s.render()


def key_format():
    """The 16-bit keys of soa_clip.h: a rotation as smallest three, a translation or scale as half floats, the time apart."""
    s = Svg(880, 330, "The keys of a SoA clip: 16-bit times apart, 8-byte values (smallest three, half floats)")
    bw, x0 = 150, 200

    def row(y, label, sub, cells):
        s.text(x0 - 14, y + 20, label, size=13, anchor="end", bold=True)
        s.text(x0 - 14, y + 37, sub, size=11, anchor="end", fill=MUTED)
        for k, (text, small, fill) in enumerate(cells):
            s.rect(x0 + k * bw, y, bw, 44, fill=fill, width=1)
            s.text(x0 + k * bw + bw / 2, y + 19, text, size=12.5, anchor="middle", mono=True)
            s.text(x0 + k * bw + bw / 2, y + 35, small, size=10.5, anchor="middle", fill=MUTED)

    s.text(20, 26, "One key of a track: its time in times[k], its value in values[4 k .. 4 k + 3] (uint16_t each)",
           size=13.5, bold=True)
    row(50, "time", "times[k]; D: duration", [("uint16", "round(t / D 65535)", HEADER)])
    row(120, "rotation", "values, 8 bytes", [
        ("a: int16", "round(a sqrt2 32767)", NORMAL), ("b: int16", "round(b sqrt2 32767)", NORMAL),
        ("c: int16", "round(c sqrt2 32767)", NORMAL), ("0 .. 3", "the index left out", PADDING)])
    row(190, "translation", "or scale, 8 bytes", [
        ("x: half", "IEEE half float", POSITION), ("y: half", "IEEE half float", POSITION), ("z: half", "IEEE half float", POSITION),
        ("0", "unused", PADDING)])
    for b in range(5):
        s.line(x0 + b * bw, 234, x0 + b * bw, 242, stroke=MUTED)
        s.text(x0 + b * bw, 256, f"byte {2 * b}", size=11, anchor="middle", fill=MUTED)
    s.text(20, 284, "Rotation: q or -q, whichever has its largest component positive; that one is left out, the other "
           "three (a, b, c, each within", size=12)
    s.text(20, 301, "+-1/sqrt 2) kept in order, and the decoder puts back sqrt(1 - a^2 - b^2 - c^2) at the index.",
           size=12)
    s.text(20, 321, "A key of chapter 08's clip, a float time and float values: 20 bytes (a rotation), 16 (a vector); "
           "here 10 and 10.", size=12, fill=MUTED)
    return s.render()

FIGURES = {
    "01-spaces": spaces,
    "01-winding": winding,
    "02-fan": fan,
    "02-probing": probing,
    "03-stride": stride,
    "03-glb-layout": glb_layout,
    "03-mat-padding": mat3_padding,
    "03-node-tree": node_tree,
    "03-rest-bind": rest_bind,
    "04-bone-tree": bone_tree,
    "04-local-model": local_model,
    "05-inverse-bind-spaces": inverse_bind_spaces,
    "05-affine-inverse": affine_inverse_steps,
    "06-skinning-equation": skinning_equation,
    "06-normals-scale": normals_scale,
    "07-std140-skin-block": std140_skin_block,
    "07-candy-wrapper": candy_wrapper,
    "08-track-cursor": track_cursor,
    "08-long-way-round": long_way_round,
    "08-nlerp-error": nlerp_error,
    "09-interrupted-fade": interrupted_fade,
    "09-matrix-blend-shrink": matrix_blend_shrink,
    "09-inertial-offset": inertial_offset,
    "10-gait-timeline": gait_timeline,
    "10-root-path": root_path_footprints,
    "10-stop-on-contact": stop_on_contact,
    "10-foot-roll": foot_roll,
    "10-gait-curves": gait_curves,
    "11-ik-convergence": ik_convergence,
    "11-two-bone-triangle": two_bone_triangle,
    "11-fabrik-iteration": fabrik_passes,
    "11-stance-weight": stance_weight_curve,
    "11-stairs-swing": stairs_swing,
    "12-aos-soa": aos_soa,
    "12-nlerp-dense": nlerp_dense,
    "12-key-format": key_format,
}


def main(argv):
    if len(argv) == 2 and argv[1] == "list":
        print("\n".join(sorted(FIGURES)))
        return 0
    if len(argv) != 3 or argv[1] not in ("write", "check"):
        print(__doc__)
        return 2
    folder, stale = argv[2], []
    for name, make in sorted(FIGURES.items()):
        path = os.path.join(folder, name + ".svg")
        svg = make()
        if argv[1] == "write":
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(svg)
            continue
        try:
            with open(path, encoding="utf-8") as f:
                same = f.read() == svg
        except OSError:
            same = False
        if not same:
            stale.append(path)
    for path in stale:
        print(f"error: {path} differs from a fresh run of book/tools/figures.py "
              f"(run: python3 book/tools/figures.py write book/images)")
    if argv[1] == "check":
        print(f"{len(FIGURES)} figures checked, {len(stale)} stale")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
