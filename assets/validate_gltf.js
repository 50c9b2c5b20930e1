// validate_gltf.js: runs the Khronos glTF validator on each file given.
//
//   node assets/validate_gltf.js NPM_PREFIX FILE...
//
// The validator is the npm package gltf-validator, looked up in
// $SA_GLTF_VALIDATOR_DIR, then NPM_PREFIX/node_modules, then node's own paths.
// Exit 0: no errors in any file; 1: errors (each printed on one line);
// 77: the validator is not installed (CTest reports the test as skipped).
'use strict';
const fs = require('fs');
const path = require('path');

const [prefix, ...files] = process.argv.slice(2);
const candidates = [];
if (process.env.SA_GLTF_VALIDATOR_DIR) candidates.push(path.resolve(process.env.SA_GLTF_VALIDATOR_DIR));
if (prefix) candidates.push(path.resolve(prefix, 'node_modules', 'gltf-validator'));
candidates.push('gltf-validator');

let validator = null;
for (const c of candidates) {
  try { validator = require(c); break; } catch (e) { /* try the next */ }
}
if (!validator) {
  console.log('skipped: gltf-validator is not installed; install it with');
  console.log('  npm install --prefix <build dir>/npm gltf-validator');
  process.exit(77);
}

async function validate(file) {
  const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) => {
        fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (err, data) =>
          err ? reject(err.toString()) : resolve(new Uint8Array(data)));
      }),
  });
  const n = report.issues;
  console.log(`${file}: ${n.numErrors} errors, ${n.numWarnings} warnings, ${n.numInfos} infos, ` +
              `${n.numHints} hints (validator ${report.validatorVersion})`);
  for (const m of n.messages) {
    const kind = ['error', 'warning', 'info', 'hint'][m.severity];
    console.log(`  ${kind}: ${m.code} ${m.pointer || ''}: ${m.message}`);
  }
  return n.numErrors;
}

(async () => {
  let errors = 0;
  for (const f of files) {
    try { errors += await validate(f); } catch (e) { console.log(`${f}: error: ${e}`); errors++; }
  }
  console.log(errors ? `error: ${errors} validation error(s)` : 'all files valid');
  process.exit(errors ? 1 : 0);
})();
