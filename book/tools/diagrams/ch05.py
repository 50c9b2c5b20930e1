"""Chapter 05's figures (inverse bind matrices): each a function that returns SVG text."""
import math

from .svg import Svg, ACCENT, FRONT, INK, MUTED, NORMAL, POSITION, TEXCOORD


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


FIGURES = {
    "05-inverse-bind-spaces": inverse_bind_spaces,
    "05-affine-inverse": affine_inverse_steps,
}
