// Validates a .glb with the Khronos glTF-Validator (npm package gltf-validator) and prints
// its report's issues as JSON on stdout. Exit status: 0 no error, 1 errors, 3 validator absent.
'use strict';
let validator;
try {
  validator = require('gltf-validator');
} catch (e) {
  process.stderr.write('gltf-validator is not installed (npm install -g gltf-validator)\n');
  process.exit(3);
}
const fs = require('fs');
const bytes = new Uint8Array(fs.readFileSync(process.argv[2]));
validator.validateBytes(bytes, { maxIssues: 100 }).then((report) => {
  process.stdout.write(JSON.stringify(report.issues) + '\n');
  process.exit(report.issues.numErrors > 0 ? 1 : 0);
}).catch((error) => {
  process.stderr.write(String(error) + '\n');
  process.exit(1);
});
