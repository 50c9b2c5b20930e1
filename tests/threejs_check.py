#!/usr/bin/env python3
"""The morphed and skinned vertices of chapters 06 and 08 (--dump-obj)
against three.js's (tests/threejs_dump.mjs: three's GLTFLoader, its
AnimationMixer and Mesh.getVertexPosition), an independent glTF
implementation:

    threejs_check.py [OPTIONS] NPM_PREFIX PROGRAM MODEL [--clip CLIP TIME...]...

Without --clip the program is chapter 06's (the rest state: every node at
its own transform, the morph weights node.weights, else mesh.weights):
    PROGRAM --model MODEL --dump-obj OUT
With --clip (repeated for several clips), chapter 08's at each TIME of CLIP
(a name, else an index):
    PROGRAM --model MODEL --clip CLIP --time TIME --dump-obj OUT
TIME is seconds, or key:K (the time of key K of the clip's first channel: on
a key) or mid:K (halfway between keys K and K+1: between keys). Times at the
clip's end are to be avoided: three wraps them to 0, as a loop.

Each pair of dumps must have the same 'o' and 'f' lines and as many 'v'
lines, each vertex within 1e-4 of the diagonal of the box around three's
vertices.

OPTIONS (each writes a variant of MODEL in a temporary folder, every buffer
in it as a data: URI, which both programs then read):
    --interpolation STEP|CUBICSPLINE   every sampler of a 'weights' channel
        of the clips checked made STEP, or CUBICSPLINE: the outputs tripled, each key's in- and
        out-tangents from the finite differences of its neighbours, scaled
        0.5 and 2 so that the curve is not the line between the keys. The
        check then also asks that, at a TIME between keys, three's variant
        differs from three's original (by more than the tolerance): a variant
        that changed nothing would prove nothing.
    --channels weights|all   the samplers --interpolation changes: those of
        'weights' channels (the default), or every one (a control of the
        variants on models without morph targets)
    --mesh-weights W,W,...   mesh.weights of every mesh with morph targets
    --node-weights W,W,...   node.weights of every node of such a mesh
    --plant perturb|time     a fault planted in the comparison (to see the
        check fail): three's vertex 0 moved by 2e-4 of the diagonal, or
        three's TIME 0.05 s later.

Exit 0: every pair matches; 1: a failure (the first one printed); 77:
skipped: node or three is absent (NPM_PREFIX/node_modules/three or
$SA_THREE_DIR; tests/run_all.sh installs it), or MODEL is absent (the
Khronos models under ../shared, $SA_SHARED_DIR: tests/shared_dir.py; the
assimp-testmodels package's).
"""
import base64
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bind_check import load, read_accessor  # noqa: E402  (tests/bind_check.py's reader)
from shared_dir import shared_path  # noqa: E402  ($SA_SHARED_DIR for ../shared)

TOLERANCE = 1e-4  # of the model's size


def usage(message):
    print(f"threejs_check.py: {message}\n" + __doc__.split("\n\n")[1])
    sys.exit(1)


def parse(argv):
    options = {"interpolation": None, "channels": "weights", "mesh_weights": None, "node_weights": None,
               "plant": None}
    while argv and argv[0].startswith("--"):
        name, value = argv[0][2:].replace("-", "_"), argv[1] if len(argv) > 1 else None
        if name not in options or value is None:
            usage(f"unknown option or no value: {argv[0]}")
        options[name] = value
        argv = argv[2:]
    if len(argv) < 3:
        usage("NPM_PREFIX, PROGRAM and MODEL are needed")
    prefix, program, model, rest = argv[0], argv[1], argv[2], argv[3:]
    clips = []
    for a in rest:
        if a == "--clip":
            clips.append([None, []])
        elif not clips:
            usage(f"{a}: a time before --clip")
        elif clips[-1][0] is None:
            clips[-1][0] = a
        else:
            clips[-1][1].append(a)
    if any(name is None or not times for name, times in clips):
        usage("--clip needs a clip and at least one time")
    if options["interpolation"] not in (None, "STEP", "CUBICSPLINE"):
        usage("--interpolation is STEP or CUBICSPLINE")
    if options["channels"] not in ("weights", "all"):
        usage("--channels is weights or all")
    if options["plant"] not in (None, "perturb", "time"):
        usage("--plant is perturb or time")
    return options, prefix, program, model, clips


def data_uri(data):
    return "data:application/octet-stream;base64," + base64.b64encode(bytes(data)).decode("ascii")


def cubic_outputs(times, values):
    """Per key: in-tangent, value, out-tangent (glTF's CUBICSPLINE layout);
    the tangents 0.5 and 2 times the slope of the finite difference."""
    out = []
    for k, v in enumerate(values):
        a, b = max(k - 1, 0), min(k + 1, len(values) - 1)
        span = times[b] - times[a]
        slope = [(values[b][i] - values[a][i]) / span if span > 0 else 0.0 for i in range(len(v))]
        out += [[0.5 * s for s in slope], v, [2.0 * s for s in slope]]
    return out


def write_variant(model, options, clips, folder):
    """MODEL with the options' changes, every buffer a data: URI. --interpolation
    changes the samplers of the clips checked (by name or index) alone: the
    other clips may have other interpolations of their own."""
    doc, buffers = load(model)
    extra = bytearray()
    checked = {name for name, _ in clips}
    for index, anim in enumerate(doc.get("animations", [])):
        if str(index) not in checked and anim.get("name") not in checked:
            continue
        for channel in anim["channels"]:
            sampler = anim["samplers"][channel["sampler"]]
            wanted = options["channels"] == "all" or channel["target"].get("path") == "weights"
            if not wanted or not options["interpolation"] or sampler.get("interpolation") == options["interpolation"]:
                continue  # (a sampler of two channels: changed once)
            if sampler.get("interpolation", "LINEAR") != "LINEAR":
                sys.exit(f"FAIL: {model}: a sampler is already {sampler['interpolation']}")
            sampler["interpolation"] = options["interpolation"]
            if options["interpolation"] != "CUBICSPLINE":
                continue
            times = [t[0] for t in read_accessor(doc, buffers, sampler["input"])]
            output = doc["accessors"][sampler["output"]]
            if output["componentType"] != 5126:
                sys.exit(f"FAIL: {model}: a sampler's output is not float (not made CUBICSPLINE here)")
            flat = [x for element in read_accessor(doc, buffers, sampler["output"]) for x in element]
            n = len(flat) // len(times)  # numbers per key (a weights output: the targets' count)
            values = [flat[k * n:(k + 1) * n] for k in range(len(times))]
            out = [x for key in cubic_outputs(times, values) for x in key]
            width = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[output["type"]]
            doc["bufferViews"].append({"buffer": len(buffers), "byteOffset": len(extra), "byteLength": 4 * len(out)})
            doc["accessors"].append({"bufferView": len(doc["bufferViews"]) - 1, "componentType": 5126,
                                     "count": len(out) // width, "type": output["type"]})
            sampler["output"] = len(doc["accessors"]) - 1
            extra += struct.pack("<%df" % len(out), *out)
            extra += bytes(-len(extra) % 4)
    if extra:
        buffers.append(bytes(extra))
        doc["buffers"].append({"byteLength": len(extra)})
    morphed = {i for i, m in enumerate(doc.get("meshes", [])) if any(p.get("targets") for p in m["primitives"])}
    for key, where in (("mesh_weights", doc.get("meshes", [])), ("node_weights", doc.get("nodes", []))):
        if options[key]:
            weights = [float(w) for w in options[key].split(",")]
            for i, item in enumerate(where):
                if (i if key == "mesh_weights" else item.get("mesh")) in morphed:
                    item["weights"] = weights
    for b, data in zip(doc["buffers"], buffers):
        b["uri"] = data_uri(data)
    # No pictures in the variant (the dumps need none; they were beside the model).
    for key in ("images", "textures", "samplers"):
        doc.pop(key, None)

    def strip(o):
        for key in list(o) if isinstance(o, dict) else []:
            if key.endswith("Texture") and isinstance(o[key], dict) and "index" in o[key]:
                del o[key]
            else:
                strip(o[key])
    for material in doc.get("materials", []):
        strip(material)
    path = os.path.join(folder, "variant.gltf")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return path


def key_time(doc, buffers, clip, spec):
    """TIME as seconds (key:K and mid:K read the clip's first channel)."""
    if ":" not in spec:
        return float(spec)
    kind, k = spec.split(":")
    anims = doc.get("animations", [])
    index = next((i for i, a in enumerate(anims) if a.get("name") == clip), None)
    if index is None and clip.isdigit() and int(clip) < len(anims):
        index = int(clip)
    if index is None:
        sys.exit(f"FAIL: no clip '{clip}' in the model (its clips: {[a.get('name') for a in anims]})")
    anim = anims[index]
    times = [t[0] for t in read_accessor(doc, buffers, anim["samplers"][anim["channels"][0]["sampler"]]["input"])]
    k = int(k)
    if not 0 <= k < len(times) - (kind == "mid"):
        sys.exit(f"FAIL: {spec}: the clip's first channel has {len(times)} keys")
    return times[k] if kind == "key" else 0.5 * (times[k] + times[k + 1])


def run(command, what):
    r = subprocess.run(command, capture_output=True, text=True)
    if r.returncode == 77:
        print(r.stdout.strip())
        sys.exit(77)
    if r.returncode != 0:
        sys.exit(f"FAIL: {what}: exit {r.returncode}: {(r.stdout + r.stderr).strip()}")


def read_obj(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def vertices(lines):
    return [[float(x) for x in line.split()[1:]] for line in lines if line.startswith("v ")]


def diagonal_of(lines):
    vs = vertices(lines)
    if not vs:
        return 0.0
    return math.dist([min(v[i] for v in vs) for i in range(3)], [max(v[i] for v in vs) for i in range(3)])


def compare(what, ours, three):
    """None when our lines match three's, else the failure's line."""
    if len(ours) != len(three):
        objects = lambda lines: [x for x in lines if x.startswith("o ")]  # noqa: E731
        return (f"FAIL: {what}: {len(ours)} lines from the program, {len(three)} from three.js "
                f"(objects {objects(ours)} and {objects(three)})")
    diagonal = diagonal_of(three)
    worst, worst_line = 0.0, 0
    for number, (o, t) in enumerate(zip(ours, three), 1):
        if o.startswith("v ") and t.startswith("v "):
            d = math.dist([float(x) for x in o.split()[1:]], [float(x) for x in t.split()[1:]])
            if d > worst:
                worst, worst_line = d, number
        elif o.split() != t.split():
            return f"FAIL: {what}: line {number}: the program's '{o}', three.js's '{t}'"
    if worst > TOLERANCE * diagonal:
        return (f"FAIL: {what}: line {worst_line}: the program's '{ours[worst_line - 1]}', three.js's "
                f"'{three[worst_line - 1]}': off by {worst:.3g}, over {TOLERANCE:g} of the diagonal {diagonal:.4g}")
    print(f"{what}: {len(vertices(three))} vertices, max |program - three| = {worst:.3g} "
          f"({worst / diagonal if diagonal else 0:.2g} of the diagonal {diagonal:.4g})")
    return None


def main():
    options, prefix, program, model, clips = parse(sys.argv[1:])
    model = shared_path(model)
    if not os.path.exists(model):
        print(f"skipped: {model} is absent")
        sys.exit(77)
    if not shutil.which("node"):
        print("skipped: node is not installed")
        sys.exit(77)
    three = [os.environ.get("SA_THREE_DIR") or "", os.path.join(prefix, "node_modules", "three")]
    if not any(d and os.path.isfile(os.path.join(d, "package.json")) for d in three):
        print(f"skipped: three is not installed; install it with\n  npm install --prefix {prefix} three")
        sys.exit(77)
    dump_script = os.path.join(HERE, "threejs_dump.mjs")
    with tempfile.TemporaryDirectory() as folder:
        varied = any(options[k] for k in ("interpolation", "mesh_weights", "node_weights"))
        source = write_variant(model, options, clips, folder) if varied else model
        doc, buffers = load(source)
        cases = [(None, None)] if not clips else [(c, t) for c, times in clips for t in times]
        ours_path, three_path = os.path.join(folder, "ours.obj"), os.path.join(folder, "three.obj")
        failures = 0
        for clip, spec in cases:
            time_option = []
            what = os.path.basename(model) + (f" ({options['interpolation']})" if options["interpolation"] else "")
            if clip is not None:
                t = key_time(doc, buffers, clip, spec)
                what += f" clip {clip} time {t:.9g} ({spec})"
                # In full: a key's time is a float's, which three compares as a
                # double (9 digits would put it just before the key: STEP's
                # value of the key before); the program's float is the same.
                time_option = ["--clip", clip, "--time", repr(t)]
            run([program, "--model", source, *time_option, "--dump-obj", ours_path], f"{what}: {program}")
            three_time = list(time_option)
            if options["plant"] == "time":
                three_time[3] = repr(t + 0.05)
            run(["node", dump_script, prefix, source, three_path, *three_time], f"{what}: threejs_dump.mjs")
            ours, three = read_obj(ours_path), read_obj(three_path)
            if options["plant"] == "perturb":
                first = next(i for i, line in enumerate(three) if line.startswith("v "))
                v = [float(x) for x in three[first].split()[1:]]
                three[first] = f"v {v[0] + 2 * TOLERANCE * diagonal_of(three):.9g} {v[1]:.9g} {v[2]:.9g}"
            failure = compare(what, ours, three)
            if failure:
                print(failure)
                failures += 1
            if options["interpolation"] and spec and spec.startswith("mid:"):
                # The variant must change three's answer between keys.
                original = os.path.join(folder, "three_original.obj")
                run(["node", dump_script, prefix, model, original, *time_option], f"{what}: threejs_dump.mjs")
                moved = max((math.dist(a, b) for a, b in zip(vertices(read_obj(original)), vertices(three))),
                            default=0.0)
                print(f"  three.js's {options['interpolation']} variant against its LINEAR original: {moved:.3g} apart")
                if moved <= TOLERANCE * diagonal_of(three):
                    print(f"FAIL: {what}: the {options['interpolation']} variant is LINEAR's within the tolerance: "
                          "this time proves nothing")
                    failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
