"""Chapter 04's figures (the bone tree: parents-first arrays, local and model): each a function that
returns SVG text.
"""
import math

from .svg import Svg, ACCENT, FRONT, INK, MUTED, NORMAL, PADDING, POSITION


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


FIGURES = {
    "04-bone-tree": bone_tree,
    "04-local-model": local_model,
}
