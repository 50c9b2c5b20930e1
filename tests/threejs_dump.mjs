// threejs_dump.mjs: three.js's morphed and skinned vertices of a glTF file,
// written in chapter 06's --dump-obj format, for tests/threejs_check.py.
//
//   node tests/threejs_dump.mjs NPM_PREFIX MODEL OUT [--clip NAME|INDEX --time T]
//
// three.js is the npm package `three`, looked up in $SA_THREE_DIR, then
// NPM_PREFIX/node_modules/three (tests/run_all.sh installs it there).
// Exit 0: OUT written; 1: an error (one line); 77: three.js is not installed.
//
// three's GLTFLoader reads the file in Node, without a browser: the images,
// textures and the materials' texture references are taken out (Node has no
// Image), and every buffer becomes a data: URI read from disk here (a .glb's
// BIN chunk too). Without --clip: the rest state (the nodes' own transforms,
// node.weights else mesh.weights); with it, an AnimationMixer set to time T
// of that clip (a name, else an index into the file's animations).
//
// Each vertex is three's own Mesh.getVertexPosition (the morph targets, then,
// for a SkinnedMesh, the skin), in the mesh's space, times its matrixWorld.
// For a SkinnedMesh that is the glTF spec's scene-space vertex
//   sum of weight * world(joint) * inverse_bind * morphed
// in which the skinned mesh node's own transform is ignored: GLTFLoader binds
// every skin with an identity bindMatrix, and in three's default bind mode
// ('attached') updateMatrixWorld sets bindMatrixInverse to the inverse of the
// mesh's matrixWorld, so getVertexPosition is
//   inverse(matrixWorld) * sum of weight * world(joint) * inverse_bind * morphed
// and matrixWorld undoes it (three draws it so too).
//
//   o node_N_primitive_P    every (node, primitive) with triangles in the
//                           scene, node order then primitive order
//   v x y z                 the accessor's vertices in its order
//   f a b c                 the triangles (1-based), as three draws them
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

function fail(message) {
  console.log(`error: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const [prefix, model, out] = args;
if (!prefix || !model || !out) fail('usage: threejs_dump.mjs NPM_PREFIX MODEL OUT [--clip NAME|INDEX --time T]');
let clipOption = null;
let time = 0;
for (let i = 3; i < args.length; i += 2) {
  if (args[i] === '--clip') clipOption = args[i + 1];
  else if (args[i] === '--time') time = Number(args[i + 1]);
  else fail(`unknown option ${args[i]}`);
  if (args[i + 1] === undefined || Number.isNaN(time)) fail(`${args[i]} needs a value`);
}

const candidates = [];
if (process.env.SA_THREE_DIR) candidates.push(path.resolve(process.env.SA_THREE_DIR));
candidates.push(path.resolve(prefix, 'node_modules', 'three'));
const threeDir = candidates.find((d) => fs.existsSync(path.join(d, 'examples/jsm/loaders/GLTFLoader.js')));
if (!threeDir) {
  console.log('skipped: three is not installed; install it with');
  console.log('  npm install --prefix <build dir>/npm three');
  process.exit(77);
}
// GLTFLoader imports the bare name 'three', which Node finds from its own
// folder up: the same package, so the same module as this import.
// three's FileLoader, which reads the data: URIs with fetch, reports its
// progress with the browser's ProgressEvent, which Node 20 lacks.
globalThis.ProgressEvent ??= class ProgressEvent extends Event {
  constructor(type, init = {}) {
    super(type);
    Object.assign(this, init);
  }
};
const THREE = await import(pathToFileURL(path.join(threeDir, 'build/three.module.js')).href);
const { GLTFLoader } = await import(pathToFileURL(path.join(threeDir, 'examples/jsm/loaders/GLTFLoader.js')).href);
const threeVersion = JSON.parse(fs.readFileSync(path.join(threeDir, 'package.json'), 'utf8')).version;

// The file's JSON, and its buffers as data: URIs.
function readGltf(file) {
  const bytes = fs.readFileSync(file);
  let json;
  let bin = null;
  if (bytes.readUInt32LE(0) === 0x46546c67) { // 'glTF': a .glb
    let at = 12;
    while (at + 8 <= bytes.length) {
      const length = bytes.readUInt32LE(at);
      const type = bytes.readUInt32LE(at + 4);
      const chunk = bytes.subarray(at + 8, at + 8 + length);
      if (type === 0x4e4f534a) json = JSON.parse(chunk.toString('utf8'));
      else if (type === 0x004e4942 && bin === null) bin = chunk;
      at += 8 + length;
    }
    if (!json) fail(`${file}: a .glb without a JSON chunk`);
  } else {
    json = JSON.parse(bytes.toString('utf8'));
  }
  for (const [i, buffer] of (json.buffers || []).entries()) {
    let data;
    if (buffer.uri === undefined) {
      if (i !== 0 || bin === null) fail(`${file}: buffer ${i} has no uri and no BIN chunk`);
      data = bin;
    } else if (buffer.uri.startsWith('data:')) {
      continue;
    } else {
      data = fs.readFileSync(path.resolve(path.dirname(file), decodeURIComponent(buffer.uri)));
    }
    buffer.uri = `data:application/octet-stream;base64,${Buffer.from(data).toString('base64')}`;
  }
  return json;
}

// No images in Node: every texture reference goes (a textureInfo is an
// object with an index; materials' extensions hold them too).
function stripTextures(json) {
  delete json.images;
  delete json.textures;
  delete json.samplers;
  const strip = (o) => {
    if (!o || typeof o !== 'object') return;
    for (const key of Object.keys(o)) {
      const v = o[key];
      if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.index === 'number' && /Texture$/.test(key))
        delete o[key];
      else strip(v);
    }
  };
  for (const m of json.materials || []) strip(m);
  if (json.extensionsUsed) json.extensionsUsed = json.extensionsUsed.filter((e) => e.startsWith('KHR_materials') || e === 'KHR_mesh_quantization');
  if (json.extensionsRequired) json.extensionsRequired = json.extensionsRequired.filter((e) => e === 'KHR_mesh_quantization');
}

const json = readGltf(model);
stripTextures(json);

const gltf = await new Promise((resolve, reject) => {
  new GLTFLoader().parse(JSON.stringify(json), '', resolve, reject);
}).catch((e) => fail(`${model}: three's GLTFLoader: ${e && e.message ? e.message : e}`));
const parser = gltf.parser;
const scene = gltf.scene;

let clipIndex = -1;
if (clipOption !== null) {
  const animations = json.animations || [];
  clipIndex = animations.findIndex((a) => a.name === clipOption);
  if (clipIndex < 0 && /^[0-9]+$/.test(clipOption) && Number(clipOption) < animations.length) clipIndex = Number(clipOption);
  if (clipIndex < 0) fail(`${model}: no clip ${clipOption}`);
  const clip = gltf.animations[clipIndex];
  const mixer = new THREE.AnimationMixer(scene);
  mixer.clipAction(clip).play();
  mixer.setTime(time);
}
scene.updateMatrixWorld(true);

// Each three mesh's glTF node and primitive: GLTFLoader's associations give
// a primitive's mesh {meshes, primitives}, and the node's object {nodes}:
// the mesh itself (a mesh of one primitive) or the Group above it.
const found = [];
scene.traverse((object) => {
  if (!object.isMesh) return; // lines and points are not drawn as triangles
  const own = parser.associations.get(object) || {};
  let node = own.nodes;
  if (node === undefined && object.parent) node = (parser.associations.get(object.parent) || {}).nodes;
  if (node === undefined || own.primitives === undefined) fail(`${model}: a three mesh without its glTF node and primitive`);
  found.push({ node, primitive: own.primitives, mesh: object });
});
found.sort((a, b) => a.node - b.node || a.primitive - b.primitive);

const lines = [];
const p = new THREE.Vector3();
for (const { node, primitive, mesh } of found) {
  lines.push(`o node_${node}_primitive_${primitive}`);
  const geometry = mesh.geometry;
  const count = geometry.attributes.position.count;
  if (mesh.isSkinnedMesh && (!mesh.bindMatrix.equals(new THREE.Matrix4()) || mesh.bindMode !== THREE.AttachedBindMode))
    fail(`${model}: node ${node}: three bound the skin otherwise (a bindMatrix that is not the identity, or detached)`);
  for (let i = 0; i < count; i++) {
    mesh.getVertexPosition(i, p);
    p.applyMatrix4(mesh.matrixWorld);
    lines.push(`v ${p.x.toPrecision(9)} ${p.y.toPrecision(9)} ${p.z.toPrecision(9)}`);
  }
  const index = geometry.index;
  const corners = index ? index.count : count;
  for (let c = 0; c + 2 < corners; c += 3) {
    const at = (k) => (index ? index.getX(k) : k) + 1;
    lines.push(`f ${at(c)} ${at(c + 1)} ${at(c + 2)}`);
  }
}
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(`three ${threeVersion}: ${found.length} primitives written to ${out}`);
