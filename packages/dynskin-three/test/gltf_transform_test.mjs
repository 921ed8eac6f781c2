// The glTF-Transform extension (gltf-transform/index.js) keeps a file's dynskin settings through
// a read and a write: the root object, the joint nodes' objects and the painted layers come
// back equal in value; a file that lists the extension as required is written with it optional;
// without the extension registered, glTF-Transform drops the objects (its documented behaviour
// for unknown extensions) and still keeps the layers (application-specific attributes).
//
// Usage: node test/gltf_transform_test.mjs [FILE.glb]   (default: the repository's assets/cow.glb)
// The input is any glb with a skin: the test writes the extension into a copy itself, following
// the contract in docs/extensions/DYNSKIN_dynamic_skinning, so it needs no dynskin build. Then
// every file dynskin saved with the extension in assets/ and in the extension's conformance
// folder goes through the same round trip.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, NodeIO } from '@gltf-transform/core';
import { DynskinExtension, DynskinJoint, DynskinSettings, EXTENSION_NAME, LAYER_ATTRIBUTES } from '../gltf-transform/index.js';
import { readGlb, writeGlb, appendAccessor, accessorValues } from '../../dynskin-core/test/glb_file.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const input = process.argv[2] || path.join(root, 'assets/cow.glb');
const savedFolders = [path.join(root, 'assets'), path.join(root, 'docs/extensions', EXTENSION_NAME, 'conformance')];

let failures = 0;
async function check(name, body) {
  try {
    await body();
    console.log(`PASS ${name}`);
  } catch (error) {
    failures++;
    console.log(`FAIL ${name}: ${error.stack || error}`);
  }
}

// Settings that differ from every default, with a value that float32 cannot hold exactly
// (0.1) and an off value (null), so that a reader that converts numbers is caught.
const parameters = {
  mode: 'dynamic', base: 'linear',
  oscillation: { frequency: 2.2, damping: 0.6, amplitude: 0.3, drag: 0.1 },
  propagation_speed: null, bend_limit: 1.25,
  future_key_from_a_newer_dynskin: { kept: [1, 2, 3] },
};
const jointSettings = [
  { gain: 0.5 },
  { override_oscillation: true, oscillation: { frequency: 3.5, damping: 0.25, amplitude: 0.7, drag: 0.0 } },
  { origin_offset: [0.1, -0.2, 0.30000001192092896], bend: { rotation: false, translation: true },
    squash: { rotation: true, translation: false }, centroid_offset: [0, 0.5, 0] },
];

// A copy of the input with the extension written by hand (as dynskin writes it) on the root
// and on three joints of the first skin, and all three painted layers on every skinned primitive.
function makeInput() {
  const glb = readGlb(fs.readFileSync(input));
  const json = glb.json;
  assert.ok(json.skins?.length, `${input} has no skin`);
  // Only this test's settings: none left from the file (older files' asset.extras.dynskin, or
  // the extension dynskin wrote).
  if (json.asset.extras) delete json.asset.extras.dynskin;
  for (const node of json.nodes || []) if (node.extensions) delete node.extensions[EXTENSION_NAME];
  json.extensionsUsed = [...new Set([...(json.extensionsUsed || []), EXTENSION_NAME])];
  json.extensions = { ...(json.extensions || {}), [EXTENSION_NAME]: { version: 1, parameters } };
  const joints = json.skins[0].joints;
  assert.ok(joints.length > jointSettings.length, 'the skin needs four joints');
  const named = jointSettings.map((settings, k) => {
    const node = json.nodes[joints[k + 1]];  // not the root: a joint deeper in the skin
    node.extensions = { ...(node.extensions || {}), [EXTENSION_NAME]: settings };
    return node.name;
  });
  let layered = 0;
  for (const mesh of json.meshes)
    for (const primitive of mesh.primitives) {
      if (!primitive.attributes.JOINTS_0) continue;
      const count = json.accessors[primitive.attributes.POSITION].count;
      LAYER_ATTRIBUTES.forEach((name, layer) => {
        if (primitive.attributes[name] !== undefined) return;
        // Values in 0..1 that are not round in binary, so that any rewrite shows.
        const values = Float32Array.from({ length: count }, (_, i) => ((i * 7919 + layer * 104729) % 1000) / 999);
        primitive.attributes[name] = appendAccessor(glb, values);
      });
      layered++;
    }
  assert.ok(layered > 0, 'no skinned primitive');
  return { bytes: writeGlb(glb), jointNames: named };
}

// name -> Float32Array of each layer of each primitive, in file order.
function layersOf(glb) {
  const layers = new Map();
  glb.json.meshes.forEach((mesh, m) => mesh.primitives.forEach((primitive, p) => {
    for (const name of LAYER_ATTRIBUTES)
      if (primitive.attributes[name] !== undefined) layers.set(`${mesh.name || m}/${p}/${name}`, accessorValues(glb, primitive.attributes[name]));
  }));
  return layers;
}

function sameLayers(before, after) {
  assert.deepEqual([...after.keys()], [...before.keys()]);
  for (const [name, values] of before) {
    const written = after.get(name);
    assert.equal(written.length, values.length, name);
    // Bit for bit: a float rewritten through a double and back, normalised or quantised, differs.
    assert.deepEqual(new Uint32Array(written.buffer, written.byteOffset, written.length),
      new Uint32Array(values.buffer, values.byteOffset, values.length), `${name} changed`);
  }
}

const nodeObjects = (json) => Object.fromEntries((json.nodes || [])
  .filter((node) => node.extensions?.[EXTENSION_NAME] !== undefined)
  .map((node) => [node.name, node.extensions[EXTENSION_NAME]]));

const { bytes, jointNames } = makeInput();
const original = readGlb(bytes);
const quiet = new Logger(Logger.Verbosity.ERROR);

await check('read: the root object and the joints come in as properties', async () => {
  const io = new NodeIO().setLogger(quiet).registerExtensions([DynskinExtension]);
  const document = await io.readBinary(bytes);
  const settings = document.getRoot().getExtension(EXTENSION_NAME);
  assert.ok(settings instanceof DynskinSettings);
  assert.equal(settings.getVersion(), 1);
  assert.deepEqual(settings.getParameters(), parameters);
  const joints = document.getRoot().listNodes().filter((node) => node.getExtension(EXTENSION_NAME));
  assert.deepEqual(joints.map((node) => node.getName()).sort(), [...jointNames].sort());
  for (const node of joints) {
    assert.ok(node.getExtension(EXTENSION_NAME) instanceof DynskinJoint);
    assert.deepEqual(node.getExtension(EXTENSION_NAME).getSettings(), jointSettings[jointNames.indexOf(node.getName())]);
  }
});

// Read and written back with the extension registered: the root object, the joint nodes'
// objects and the painted layers come back equal in value. Returns what was written.
async function roundTrip(bytes) {
  const original = readGlb(bytes);
  const io = new NodeIO().setLogger(quiet).registerExtensions([DynskinExtension]);
  const written = readGlb(await io.writeBinary(await io.readBinary(bytes)));
  assert.deepEqual(written.json.extensions[EXTENSION_NAME], original.json.extensions[EXTENSION_NAME]);
  assert.deepEqual(nodeObjects(written.json), nodeObjects(original.json));
  assert.ok(written.json.extensionsUsed.includes(EXTENSION_NAME));
  assert.ok(!(written.json.extensionsRequired || []).includes(EXTENSION_NAME));
  sameLayers(layersOf(original), layersOf(written));
  return written;
}

await check('round trip: settings and painted layers survive equal in value', async () => {
  const io = new NodeIO().setLogger(quiet).registerExtensions([DynskinExtension]);
  const written = await roundTrip(bytes);
  // Twice through gives the same JSON text: nothing drifts.
  const again = readGlb(await io.writeBinary(await io.readBinary(writeGlb(written))));
  assert.equal(JSON.stringify(again.json.extensions), JSON.stringify(written.json.extensions));
});

await check('the skin\'s settings JSON for dynskin\'s core: joints in the skin\'s order', async () => {
  const io = new NodeIO().setLogger(quiet).registerExtensions([DynskinExtension]);
  const document = await io.readBinary(bytes);
  const extension = document.getRoot().listExtensionsUsed().find((e) => e.extensionName === EXTENSION_NAME);
  const skin = document.getRoot().listSkins()[0];
  const json = extension.settingsJsonOf(skin);
  assert.equal(json.version, 1);
  assert.deepEqual(json.parameters, parameters);
  assert.equal(json.joints.length, skin.listJoints().length);
  skin.listJoints().forEach((node, j) => {
    const k = jointNames.indexOf(node.getName());
    assert.deepEqual(json.joints[j], k >= 0 ? jointSettings[k] : {});
  });
});

await check('settings made in code are written per the contract', async () => {
  const io = new NodeIO().setLogger(quiet).registerExtensions([DynskinExtension]);
  const document = await new NodeIO().setLogger(quiet).readBinary(fs.readFileSync(input));
  const extension = document.createExtension(DynskinExtension);
  document.getRoot().setExtension(EXTENSION_NAME, extension.createSettings().setParameters({ mode: 'drag' }));
  const node = document.getRoot().listSkins()[0].listJoints()[1];
  node.setExtension(EXTENSION_NAME, extension.createJoint().setSettings({ gain: 0 }));
  const written = readGlb(await io.writeBinary(document));
  assert.deepEqual(written.json.extensions[EXTENSION_NAME], { version: 1, parameters: { mode: 'drag' } });
  assert.deepEqual(nodeObjects(written.json), { [node.getName()]: { gain: 0 } });
  assert.ok(written.json.extensionsUsed.includes(EXTENSION_NAME));
  assert.throws(() => extension.createJoint().setSettings([1]), /must be a JSON object/);
});

await check('a file that lists it as required is written with it optional', async () => {
  const glb = readGlb(bytes);
  glb.json.extensionsRequired = [EXTENSION_NAME];
  const io = new NodeIO().setLogger(quiet).registerExtensions([DynskinExtension]);
  const written = readGlb(await io.writeBinary(await io.readBinary(writeGlb(glb))));
  assert.ok(written.json.extensionsUsed.includes(EXTENSION_NAME));
  assert.ok(!(written.json.extensionsRequired || []).includes(EXTENSION_NAME));
});

await check('a bad root object is a clear error', async () => {
  const glb = readGlb(bytes);
  glb.json.extensions[EXTENSION_NAME] = 'fast';
  const io = new NodeIO().setLogger(quiet).registerExtensions([DynskinExtension]);
  await assert.rejects(io.readBinary(writeGlb(glb)), /DYNSKIN_dynamic_skinning: the root object must be a JSON object/);
});

await check('without the extension registered, glTF-Transform drops it and keeps the layers', async () => {
  const io = new NodeIO().setLogger(quiet);
  const written = readGlb(await io.writeBinary(await io.readBinary(bytes)));
  assert.equal(written.json.extensions?.[EXTENSION_NAME], undefined);
  assert.deepEqual(nodeObjects(written.json), {});
  assert.ok(!(written.json.extensionsUsed || []).includes(EXTENSION_NAME));
  sameLayers(layersOf(original), layersOf(written));
});

// The files dynskin itself saved with the extension (the bundled characters and the
// conformance files, once they carry it).
const saved = savedFolders.filter((folder) => fs.existsSync(folder))
  .flatMap((folder) => fs.readdirSync(folder).filter((f) => f.endsWith('.glb')).map((f) => path.join(folder, f)))
  .filter((file) => (readGlb(fs.readFileSync(file)).json.extensionsUsed || []).includes(EXTENSION_NAME));
if (saved.length === 0) console.log(`SKIP no file saved with ${EXTENSION_NAME} in ${savedFolders.map((f) => path.relative(root, f)).join(' or ')}`);
for (const file of saved)
  await check(`round trip of ${path.relative(root, file)}, as dynskin saved it`, () => roundTrip(fs.readFileSync(file)));

console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
process.exit(failures ? 1 : 0);
