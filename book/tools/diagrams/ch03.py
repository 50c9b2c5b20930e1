"""Chapter 03's figures (the glTF loader: buffers, GLB, matrix padding, the node tree, rest and bind
poses): each a function that returns SVG text.
"""
import math

from .svg import Svg, ACCENT, FRONT, HEADER, INK, MUTED, NORMAL, PADDING, POSITION, TEXCOORD


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


FIGURES = {
    "03-stride": stride,
    "03-glb-layout": glb_layout,
    "03-mat-padding": mat3_padding,
    "03-node-tree": node_tree,
    "03-rest-bind": rest_bind,
}
