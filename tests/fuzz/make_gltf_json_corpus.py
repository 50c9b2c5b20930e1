#!/usr/bin/env python3
"""Writes the seed files of fuzz_json and fuzz_gltf (tests/fuzz/*_corpus/).

Seeds are small, valid inputs that reach every part of the reader: the fuzzer
mutates them. All are written here (nothing is copied from ../shared).

    python3 tests/fuzz/make_gltf_json_corpus.py
"""
import base64
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(folder, name, data):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def uri(data):
    return "data:application/octet-stream;base64," + base64.b64encode(data).decode()


def main():
    # JSON: every kind of value, escapes, numbers, nesting.
    write("json_corpus", "values.json", '{"a":[1,-2.5e3,0.25,true,false,null],"b":{"c":"x"},"d":[]}')
    write("json_corpus", "escapes.json", '["\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\\\/", "caf\xc3\xa9"]'.encode("latin-1"))
    write("json_corpus", "nested.json", "[" * 40 + "]" * 40)
    write("json_corpus", "bom.json", b"\xef\xbb\xbf{\"k\":1,\"k\":2}")
    write("json_corpus", "scalar.json", "-0.0e+0")

    # glTF: a triangle with indices, interleaved attributes, a sparse accessor,
    # a skin and an animation, in one buffer.
    pos = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
    idx = struct.pack("<3H", 0, 1, 2) + b"\0\0"
    joints = bytes([0, 1, 0, 0] * 3)
    weights = bytes([255, 0, 0, 0] * 3)
    times = struct.pack("<2f", 0, 1)
    rot = struct.pack("<8f", 0, 0, 0, 1, 0, 0.7071, 0, 0.7071)
    ibm = struct.pack("<16f", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1) * 2
    sparse_idx = struct.pack("<I", 1)
    sparse_val = struct.pack("<3f", 2, 2, 2)
    parts = [pos, idx, joints, weights, times, rot, ibm, sparse_idx, sparse_val]
    views, offset = [], 0
    for p in parts:
        views.append({"buffer": 0, "byteOffset": offset, "byteLength": len(p)})
        offset += len(p)
    data = b"".join(parts)
    doc = {
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0, 2]}],
        "nodes": [{"children": [1], "translation": [0, 1, 0]}, {"rotation": [0, 0, 0, 1]},
                  {"mesh": 0, "skin": 0, "matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "JOINTS_0": 2, "WEIGHTS_0": 3}, "indices": 1,
                                    "material": 0},
                                   {"attributes": {"POSITION": 7}, "mode": 5}]}],
        "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 0.5, 0.25, 1]}}],
        "skins": [{"joints": [0, 1], "inverseBindMatrices": 6, "skeleton": 0}],
        "animations": [{"samplers": [{"input": 4, "output": 5, "interpolation": "LINEAR"}],
                        "channels": [{"sampler": 0, "target": {"node": 1, "path": "rotation"}}]}],
        "buffers": [{"byteLength": len(data), "uri": uri(data)}],
        "bufferViews": views,
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
            {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"},
            {"bufferView": 2, "componentType": 5121, "count": 3, "type": "VEC4"},
            {"bufferView": 3, "componentType": 5121, "normalized": True, "count": 3, "type": "VEC4"},
            {"bufferView": 4, "componentType": 5126, "count": 2, "type": "SCALAR"},
            {"bufferView": 5, "componentType": 5126, "count": 2, "type": "VEC4"},
            {"bufferView": 6, "componentType": 5126, "count": 2, "type": "MAT4"},
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
             "sparse": {"count": 1, "indices": {"bufferView": 7, "componentType": 5125},
                        "values": {"bufferView": 8}}},
        ],
    }
    write("gltf_corpus", "skinned_triangle.gltf", json.dumps(doc))
    # The same as a GLB: buffer 0 becomes the BIN chunk.
    glb_doc = dict(doc)
    glb_doc["buffers"] = [{"byteLength": len(data)}]
    text = json.dumps(glb_doc).encode()
    text += b" " * (-len(text) % 4)
    binary = data + b"\0" * (-len(data) % 4)
    total = 12 + 8 + len(text) + 8 + len(binary)
    glb = struct.pack("<4sII", b"glTF", 2, total) + struct.pack("<I4s", len(text), b"JSON") + text
    glb += struct.pack("<I4s", len(binary), b"BIN\0") + binary
    write("gltf_corpus", "skinned_triangle.glb", glb)
    # Interleaved, with a strip and a fan.
    inter = b"".join(struct.pack("<3f2H", x, y, 0, x * 65535, y * 65535) for x, y in [(0, 0), (1, 0), (0, 1), (1, 1)])
    doc2 = {
        "asset": {"version": "2.0"},
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "mode": 5},
                                   {"attributes": {"POSITION": 0}, "mode": 6},
                                   {"attributes": {"POSITION": 0}, "mode": 1}]}],
        "buffers": [{"byteLength": len(inter), "uri": uri(inter)}],
        "bufferViews": [{"buffer": 0, "byteLength": len(inter), "byteStride": 16}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
                      {"bufferView": 0, "byteOffset": 12, "componentType": 5123, "normalized": True, "count": 4,
                       "type": "VEC2"}],
    }
    write("gltf_corpus", "interleaved_strip_fan.gltf", json.dumps(doc2))
    # KHR_mesh_quantization (bytes and shorts, padded to 4-byte strides), no
    # NORMAL on the second primitive (flat normals), and two sets of joints.
    qpos = b"".join(struct.pack("<3hxx", *p) for p in [(0, 0, 0), (32767, 0, 0), (0, 32767, 0)])
    qnrm = b"".join(struct.pack("<3bx", 0, 0, 127) for _ in range(3))
    quv = b"".join(struct.pack("<2Bxx", u, v) for u, v in [(0, 0), (1, 0), (0, 1)])
    qtan = struct.pack("<4b", 127, 0, 0, 127) * 3
    qj0, qw0 = bytes([0, 1, 0, 0] * 3), bytes([128, 64, 0, 0] * 3)
    qj1, qw1 = bytes([1, 0, 0, 0] * 3), bytes([63, 0, 0, 0] * 3)
    qparts = [qpos, qnrm, quv, qtan, qj0, qw0, qj1, qw1]
    qviews, offset = [], 0
    for part, stride in zip(qparts, [8, 4, 4, 0, 0, 0, 0, 0]):
        qviews.append(dict({"buffer": 0, "byteOffset": offset, "byteLength": len(part)},
                           **({"byteStride": stride} if stride else {})))
        offset += len(part)
    qdata = b"".join(qparts)
    doc3 = {
        "asset": {"version": "2.0"},
        "extensionsUsed": ["KHR_mesh_quantization"],
        "extensionsRequired": ["KHR_mesh_quantization"],
        "nodes": [{"mesh": 0, "skin": 0, "scale": [2, 2, 2]}, {}, {}],
        "skins": [{"joints": [1, 2]}],
        "meshes": [{"primitives": [
            {"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2, "TANGENT": 3, "JOINTS_0": 4, "WEIGHTS_0": 5,
                            "JOINTS_1": 6, "WEIGHTS_1": 7}},
            {"attributes": {"POSITION": 0, "TEXCOORD_0": 2, "JOINTS_0": 4, "WEIGHTS_0": 5}}]}],
        "buffers": [{"byteLength": len(qdata), "uri": uri(qdata)}],
        "bufferViews": qviews,
        "accessors": [
            {"bufferView": 0, "componentType": 5122, "normalized": True, "count": 3, "type": "VEC3"},
            {"bufferView": 1, "componentType": 5120, "normalized": True, "count": 3, "type": "VEC3"},
            {"bufferView": 2, "componentType": 5121, "count": 3, "type": "VEC2"},
            {"bufferView": 3, "componentType": 5120, "normalized": True, "count": 3, "type": "VEC4"},
            {"bufferView": 4, "componentType": 5121, "count": 3, "type": "VEC4"},
            {"bufferView": 5, "componentType": 5121, "normalized": True, "count": 3, "type": "VEC4"},
            {"bufferView": 6, "componentType": 5121, "count": 3, "type": "VEC4"},
            {"bufferView": 7, "componentType": 5121, "normalized": True, "count": 3, "type": "VEC4"},
        ],
    }
    write("gltf_corpus", "quantized_two_joint_sets.gltf", json.dumps(doc3))

    # Morph targets: two on a triangle, one of floats, one sparse over zeros (with an
    # application-specific _TEMPERATURE beside it); mesh weights, a node's own, targetNames.
    morph = (struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0) + struct.pack("<9f", 0, 0, 1, 0, 0, 0, 0.5, -0.25, 0)
             + bytes([2, 0, 0, 0]) + struct.pack("<3f", 0, 2, 0))
    doc4 = {
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": len(morph), "uri": uri(morph)}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 36},
                        {"buffer": 0, "byteOffset": 72, "byteLength": 1},
                        {"buffer": 0, "byteOffset": 76, "byteLength": 12}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
                      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
                      {"componentType": 5126, "count": 3, "type": "VEC3",
                       "sparse": {"count": 1, "indices": {"bufferView": 2, "componentType": 5121},
                                  "values": {"bufferView": 3}}}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0},
                                    "targets": [{"POSITION": 1}, {"POSITION": 2, "_TEMPERATURE": 1}]}],
                    "weights": [0.5, -0.25], "extras": {"targetNames": ["up", "pull"]}}],
        "nodes": [{"mesh": 0, "weights": [1, 0.75]}, {"mesh": 0}],
        "scenes": [{"nodes": [0, 1]}],
    }
    write("gltf_corpus", "morph_targets_sparse.gltf", json.dumps(doc4))


if __name__ == "__main__":
    main()
