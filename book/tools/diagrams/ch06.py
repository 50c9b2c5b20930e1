"""Chapter 06's figures (CPU skinning: the skinning equation, normals under scale): each a function
that returns SVG text.
"""
import math

from .svg import Svg, ACCENT, FRONT, INK, MUTED, NORMAL, POSITION


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


FIGURES = {
    "06-skinning-equation": skinning_equation,
    "06-normals-scale": normals_scale,
}
