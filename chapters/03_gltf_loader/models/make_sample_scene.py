#!/usr/bin/env python3
"""Writes sample_scene.gltf, the default scene of ch03_gltf_loader.

A small scene that uses what chapter 03 teaches, in one self-contained file:
  - one buffer as a base64 data: URI;
  - interleaved vertices: position (3 floats) + texcoord (2 normalized u16),
    16 bytes apart (byteStride 16);
  - no NORMAL attribute: the loader computes the normals;
  - a cube (TRIANGLES, u16 indices) and a floor (TRIANGLE_STRIP, no indices);
  - a node hierarchy: the second cube is a child of the first, placed with a
    `matrix`, the others with translation/rotation/scale;
  - the checker texture (assets/models/checker.png) stored in a bufferView.

    python3 make_sample_scene.py [OUT.gltf]   (default: sample_scene.gltf beside
                                              this script; commit the result)
"""
import base64
import json
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, "..", "..", "..", "assets", "models", "checker.png")


def cube():
    # Each face: normal axis, then 4 corners counter-clockwise seen from outside.
    faces = [
        [(1, -1, 1), (1, -1, -1), (1, 1, -1), (1, 1, 1)],      # +X
        [(-1, -1, -1), (-1, -1, 1), (-1, 1, 1), (-1, 1, -1)],  # -X
        [(-1, 1, 1), (1, 1, 1), (1, 1, -1), (-1, 1, -1)],      # +Y
        [(-1, -1, -1), (1, -1, -1), (1, -1, 1), (-1, -1, 1)],  # -Y
        [(-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)],      # +Z
        [(1, -1, -1), (-1, -1, -1), (-1, 1, -1), (1, 1, -1)],  # -Z
    ]
    uvs = [(0, 1), (1, 1), (1, 0), (0, 0)]
    vertices, indices = [], []
    for f in faces:
        base = len(vertices)
        for corner, uv in zip(f, uvs):
            vertices.append((tuple(0.5 * c for c in corner), uv))
        indices += [base, base + 1, base + 2, base, base + 2, base + 3]
    return vertices, indices


def floor():
    # A strip of 4 vertices: (0 1 2) and (1 3 2) after the strip rule, both facing +Y.
    s = 1.25
    return [((-s, 0, s), (0, 4)), ((s, 0, s), (4, 4)), ((-s, 0, -s), (0, 0)), ((s, 0, -s), (4, 0))]


def pack_vertices(vertices, uv_scale):
    out = b""
    for p, uv in vertices:
        u = min(65535, round(uv[0] / uv_scale * 65535))
        v = min(65535, round(uv[1] / uv_scale * 65535))
        out += struct.pack("<3f2H", *p, u, v)
    return out


def pad4(b):
    return b + b"\0" * (-len(b) % 4)


def main():
    cube_vertices, cube_indices = cube()
    floor_vertices = floor()
    chunks, views = [], []

    def add_view(data, stride=None, target=None):
        offset = sum(len(c) for c in chunks)
        chunks.append(pad4(data))
        view = {"buffer": 0, "byteOffset": offset, "byteLength": len(data)}
        if stride:
            view["byteStride"] = stride
        if target:
            view["target"] = target
        views.append(view)
        return len(views) - 1

    # texcoords are normalized u16: 0..65535 means 0..1. The floor repeats the
    # checker 4 times, which a normalized value cannot hold, so its texcoords
    # are stored divided by 4 and the floor gets its own (texture-less) look.
    cube_view = add_view(pack_vertices(cube_vertices, 1.0), stride=16, target=34962)
    index_view = add_view(struct.pack("<%dH" % len(cube_indices), *cube_indices), target=34963)
    floor_view = add_view(pack_vertices(floor_vertices, 4.0), stride=16, target=34962)
    with open(CHECKER, "rb") as f:
        png = f.read()
    image_view = add_view(png)
    data = b"".join(chunks)

    def bounds(vs):
        return [min(v[0][k] for v in vs) for k in range(3)], [max(v[0][k] for v in vs) for k in range(3)]

    cmin, cmax = bounds(cube_vertices)
    fmin, fmax = bounds(floor_vertices)
    accessors = [
        {"bufferView": cube_view, "componentType": 5126, "count": 24, "type": "VEC3", "min": cmin, "max": cmax},
        {"bufferView": cube_view, "byteOffset": 12, "componentType": 5123, "normalized": True, "count": 24,
         "type": "VEC2"},
        {"bufferView": index_view, "componentType": 5123, "count": len(cube_indices), "type": "SCALAR"},
        {"bufferView": floor_view, "componentType": 5126, "count": 4, "type": "VEC3", "min": fmin, "max": fmax},
        {"bufferView": floor_view, "byteOffset": 12, "componentType": 5123, "normalized": True, "count": 4,
         "type": "VEC2"},
    ]
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    # The child cube: scale 0.5, turned 30 degrees about Y, 1 m up, as a column-major matrix.
    child = [0.5 * c, 0, -0.5 * s, 0, 0, 0.5, 0, 0, 0.5 * s, 0, 0.5 * c, 0, 0, 0.75, 0, 1]
    half = math.sin(math.radians(10))
    doc = {
        "asset": {"version": "2.0", "generator": "chapters/03_gltf_loader/models/make_sample_scene.py"},
        "scene": 0,
        "scenes": [{"name": "sample", "nodes": [0, 2]}],
        "nodes": [
            {"name": "cube", "mesh": 0, "translation": [0, 0.5, 0],
             "rotation": [0, half, 0, math.cos(math.radians(10))], "children": [1]},
            {"name": "small cube", "mesh": 0, "matrix": [round(x, 6) for x in child]},
            {"name": "floor", "mesh": 1},
        ],
        "meshes": [
            {"name": "cube", "primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2,
                                             "material": 0}]},
            {"name": "floor", "primitives": [{"attributes": {"POSITION": 3, "TEXCOORD_0": 4}, "mode": 5,
                                              "material": 1}]},
        ],
        "materials": [
            {"name": "checker", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0},
                                                         "baseColorFactor": [1.0, 0.75, 0.45, 1.0]}},
            {"name": "floor", "pbrMetallicRoughness": {"baseColorFactor": [0.35, 0.45, 0.55, 1.0]}},
        ],
        "textures": [{"sampler": 0, "source": 0}],
        "samplers": [{"magFilter": 9728, "minFilter": 9986}],
        "images": [{"name": "checker", "bufferView": image_view, "mimeType": "image/png"}],
        "buffers": [{"byteLength": len(data),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
        "bufferViews": views,
        "accessors": accessors,
    }
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "sample_scene.gltf")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
