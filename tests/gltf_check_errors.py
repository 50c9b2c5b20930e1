#!/usr/bin/env python3
"""ch03_gltf_loader on broken files: exit status 1 and exactly one line,
"error: <file>: <JSON path>: <what is wrong>". A bad command line exits 2.

The broken files are written here into a temporary folder, each one a small
valid document with one thing wrong.

    gltf_check_errors.py PROGRAM
"""
import json
import os
import subprocess
import sys
import tempfile

BASE = {"asset": {"version": "2.0"}}


def case(name, doc, expected_path, expected_words, raw=None):
    return name, doc, expected_path, expected_words, raw


def three_views(position_count, weights_count):
    """A primitive of JOINTS_0, WEIGHTS_0 and POSITION (in that order), each in a bufferView
    of 3 elements (36, 24 and 48 bytes), POSITION's and WEIGHTS_0's counts as given."""
    return dict(BASE, buffers=[{"byteLength": 108}],
                bufferViews=[{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24},
                             {"buffer": 0, "byteOffset": 60, "byteLength": 48}],
                accessors=[{"bufferView": 0, "componentType": 5126, "count": position_count, "type": "VEC3"},
                           {"bufferView": 1, "componentType": 5123, "count": 3, "type": "VEC4"},
                           {"bufferView": 2, "componentType": 5126, "count": weights_count, "type": "VEC4"}],
                meshes=[{"primitives": [{"attributes": {"JOINTS_0": 1, "WEIGHTS_0": 2, "POSITION": 0}}]}])


def morphed(targets_of, accessors=None, mesh=None, nodes=None, quantized=False):
    """A mesh of primitives whose POSITION is accessors[0] (3 VEC3 floats of zeros in a bufferView of 48 bytes,
    a data: URI),
    primitive p with targets_of[p] as its targets; accessors[1] (3 VEC3 floats) and more as given serve them;
    mesh's other properties (weights ...) and the nodes as given."""
    zeros = "data:application/octet-stream;base64," + "A" * 64  # 48 zero bytes
    doc = dict(BASE, buffers=[{"byteLength": 48, "uri": zeros}], bufferViews=[{"buffer": 0, "byteLength": 48}],
               accessors=[{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
                          {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"}] + (accessors or []),
               meshes=[dict({"primitives": [dict({"attributes": {"POSITION": 0}}, **({"targets": t} if t else {}))
                                            for t in targets_of]}, **(mesh or {}))])
    if nodes is not None:
        doc["nodes"] = nodes
    if quantized:
        doc["extensionsUsed"] = ["KHR_mesh_quantization"]
    return doc


CASES = [
    case("count_missing.gltf", dict(BASE, accessors=[{"componentType": 5126, "type": "SCALAR"}]),
         "accessors[0].count", "missing"),
    case("bad_child.gltf", dict(BASE, nodes=[{"children": [3]}]), "nodes[0].children[0]", "does not exist"),
    case("cycle.gltf", dict(BASE, nodes=[{"children": [1]}, {"children": [0]}]), "nodes[0]", "cycle"),
    case("required_ext.gltf", dict(BASE, extensionsRequired=["EXT_unknown"]), "extensionsRequired[0]",
         "EXT_unknown"),
    case("bad_interpolation.gltf",
         dict(BASE, animations=[{"samplers": [{"input": 0, "output": 0, "interpolation": "BOUNCY"}],
                                 "channels": []}],
              accessors=[{"componentType": 5126, "count": 1, "type": "SCALAR"}]),
         "animations[0].samplers[0].interpolation", "LINEAR"),
    # glTF 2.0 3.6.2.4: a float accessor starts on a multiple of 4 bytes
    case("misaligned.gltf",
         dict(BASE, buffers=[{"byteLength": 8}], bufferViews=[{"buffer": 0, "byteLength": 8}],
              accessors=[{"bufferView": 0, "byteOffset": 2, "componentType": 5126, "count": 1, "type": "SCALAR"}]),
         "accessors[0].byteOffset", "not a multiple of the component size"),
    case("quantized_undeclared.gltf",
         dict(BASE, buffers=[{"byteLength": 8, "uri": "data:application/octet-stream;base64,AAAAAAAAAAA="}],
              bufferViews=[{"buffer": 0, "byteLength": 8, "byteStride": 8}],
              accessors=[{"bufferView": 0, "componentType": 5122, "normalized": True, "count": 1, "type": "VEC3"}],
              meshes=[{"primitives": [{"attributes": {"POSITION": 0}}]}]),
         "meshes[0].primitives[0].attributes.POSITION", "KHR_mesh_quantization"),
    # POSITION's count (4 VEC3 floats, 48 bytes) past its bufferView (36 bytes): POSITION's accessor is named,
    # not JOINTS_0, whose 3 elements fit and come first in the JSON
    case("position_past_view.gltf", three_views(4, 3), "meshes[0].primitives[0].attributes.POSITION",
         "accessors[0]: 4 elements do not fit in bufferViews[0]"),
    # the same with POSITION's count right (3) and WEIGHTS_0's 4 past its view (48 bytes, 64 asked)
    case("weights_past_view.gltf", three_views(3, 4), "meshes[0].primitives[0].attributes.WEIGHTS_0",
         "accessors[2]: 4 elements do not fit in bufferViews[2]"),
    # Morph targets (glTF 2.0, 3.7.2.2): every primitive of a mesh has the same number of targets
    case("targets_unequal.gltf", morphed([[{"POSITION": 1}], [{"POSITION": 1}, {"POSITION": 1}]]),
         "meshes[0].primitives[1].targets", "2 targets, but primitives[0] has 1"),
    case("mesh_weights_count.gltf", morphed([[{"POSITION": 1}]], mesh={"weights": [0.5, 0.5]}),
         "meshes[0].weights", "2 weights, but the mesh has 1 morph targets"),
    case("node_weights_count.gltf", morphed([[{"POSITION": 1}]], nodes=[{"mesh": 0, "weights": []}]),
         "nodes[0].weights", "0 weights, but the mesh has 1 morph targets"),
    case("node_weights_no_mesh.gltf", morphed([[{"POSITION": 1}]], nodes=[{"weights": [1]}]),
         "nodes[0].weights", "need a mesh on the same node"),
    # only POSITION, NORMAL, TANGENT, TEXCOORD_n, COLOR_n and _NAME may be morphed
    case("target_joints.gltf", morphed([[{"POSITION": 1, "JOINTS_0": 1}]]),
         "meshes[0].primitives[0].targets[0].JOINTS_0", "not a morph target attribute"),
    case("target_count.gltf",
         morphed([[{"POSITION": 2}]], accessors=[{"bufferView": 0, "componentType": 5126, "count": 2,
                                                  "type": "VEC3"}]),
         "meshes[0].primitives[0].targets[0].POSITION", "accessors[2] has 2 elements, but POSITION has 3"),
    case("target_tangent_vec4.gltf",
         morphed([[{"POSITION": 1, "TANGENT": 2}]], accessors=[{"bufferView": 0, "componentType": 5126, "count": 3,
                                                                "type": "VEC4"}]),
         "meshes[0].primitives[0].targets[0].TANGENT", "accessors[2] is VEC4, this attribute must be VEC3"),
    # a normalized unsigned byte delta: not in the table even with KHR_mesh_quantization (deltas are signed)
    case("target_u8_normal.gltf",
         morphed([[{"NORMAL": 2}]], quantized=True,
                 accessors=[{"bufferView": 0, "componentType": 5121, "normalized": True, "count": 3,
                             "type": "VEC3"}]),
         "meshes[0].primitives[0].targets[0].NORMAL", "normalized unsigned byte components, this attribute must "
         "be float, normalized signed byte or normalized signed short"),
    case("target_short_undeclared.gltf",
         morphed([[{"POSITION": 2}]], accessors=[{"bufferView": 0, "componentType": 5122, "count": 3,
                                                  "type": "VEC3"}]),
         "meshes[0].primitives[0].targets[0].POSITION", "KHR_mesh_quantization"),
    # the unclosed string "ver starts at byte 10 (counting from 0)
    case("truncated.gltf", None, "JSON byte 10", "not closed", raw=b'{"asset":{"ver'),
    case("short.glb", None, "GLB", "too short", raw=b"glTF\x02\x00\x00\x00"),
]


def main():
    program = sys.argv[1]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, doc, path, words, raw in CASES:
            file = os.path.join(tmp, name)
            with open(file, "wb") as f:
                f.write(raw if raw is not None else json.dumps(doc).encode())
            run = subprocess.run([program, "--model", file, "--check"], capture_output=True, text=True, timeout=60)
            lines = run.stderr.splitlines()
            prefix = "error: %s: %s" % (file, path)
            ok = (run.returncode == 1 and run.stdout == "" and len(lines) == 1 and lines[0].startswith(prefix)
                  and words in lines[0])
            print("%s %s: exit %d, %r" % ("ok  " if ok else "FAIL", name, run.returncode, run.stderr.strip()))
            if not ok:
                print("     expected exit 1 and one line starting %r containing %r" % (prefix, words))
                failures += 1
        run = subprocess.run([program, "--no-such-option"], capture_output=True, text=True, timeout=60)
        if run.returncode != 2:
            print("FAIL a bad command line exits %d, not 2" % run.returncode)
            failures += 1
        missing = os.path.join(tmp, "missing.gltf")
        run = subprocess.run([program, "--model", missing, "--check"], capture_output=True, text=True, timeout=60)
        if run.returncode != 1 or not run.stderr.startswith("error: ") or missing not in run.stderr:
            print("FAIL a missing file: exit %d, %r" % (run.returncode, run.stderr))
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
