// dynskin-core's test in node: dist/ is what its sources give now (the per-vertex stage from
// shaders/skinning.vert, the WebAssembly module from the web build), so that a stale generated
// copy fails here; and the module loads in node and plays a character of the repository's
// (assets/cow.glb, read without any engine) with the settings the JavaScript helpers give.
// Usage: node test/core_test.mjs [BUILD_WEB_DIR]   (default: the repository's build-web)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreShaderConstants, skinningStageModule } from '../scripts/generate-stage.mjs';
import { readGlb, accessorNumbers } from './glb_file.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '..');
const root = path.resolve(packageDir, '../..');
const web = path.resolve(process.argv[2] || path.join(root, 'build-web'));
const rebuild = 'rebuild it: packages/dynskin-core/build.sh';

// Generated copies: the same bytes as their sources give now.
const stage = readFileSync(path.join(packageDir, 'dist/skinning-stage.js'), 'utf8');
assert.ok(stage === skinningStageModule(path.join(root, 'shaders/skinning.vert'), await coreShaderConstants()),
  `dist/skinning-stage.js is stale against shaders/skinning.vert: ${rebuild}`);
const built = readFileSync(path.join(web, 'packages/dynskin-core/wasm/dynskin-core.mjs'));
assert.ok(readFileSync(path.join(packageDir, 'dist/dynskin-core.mjs')).equals(built),
  `dist/dynskin-core.mjs is not the web build's (${web}): ${rebuild}`);
console.log('PASS dist/ is current: the stage from shaders/skinning.vert, the module from the web build');

const core = await import('../src/index.js');
const module = await core.loadDynskinCore();
assert.equal(await core.loadDynskinCore(), module, 'the module is instantiated once');

// The cow's skin, in the arrays JointLevel.build takes (its joints are listed parents first,
// each the child of the joint before it in the hierarchy, and its mesh at the origin).
const glb = readGlb(readFileSync(path.join(root, 'assets/cow.glb')));
const { nodes, skins, meshes } = glb.json;
const skin = skins[0], primitive = meshes[nodes.find((node) => node.skin === 0).mesh].primitives[0];
const parentNode = new Map(nodes.flatMap((node, i) => (node.children ?? []).map((child) => [child, i])));
const parents = skin.joints.map((joint) => skin.joints.indexOf(parentNode.get(joint) ?? -1));
parents.forEach((parent, k) => assert.ok(parent < k, `joint ${k}'s parent comes after it`));
const localMatrix = ({ translation: [x, y, z] = [0, 0, 0], rotation: [qx, qy, qz, qw] = [0, 0, 0, 1], scale: [sx, sy, sz] = [1, 1, 1] }) => [
  (1 - 2 * (qy * qy + qz * qz)) * sx, 2 * (qx * qy + qz * qw) * sx, 2 * (qx * qz - qy * qw) * sx, 0,
  2 * (qx * qy - qz * qw) * sy, (1 - 2 * (qx * qx + qz * qz)) * sy, 2 * (qy * qz + qx * qw) * sy, 0,
  2 * (qx * qz + qy * qw) * sz, 2 * (qy * qz - qx * qw) * sz, (1 - 2 * (qx * qx + qy * qy)) * sz, 0,
  x, y, z, 1];
const attribute = (name) => accessorNumbers(glb, primitive.attributes[name]);
const level = new module.JointLevel();
const error = level.build(
  new Float32Array(attribute('POSITION')), new Float32Array(attribute('NORMAL')),
  new Uint32Array(accessorNumbers(glb, primitive.indices)), 4, new Int32Array(attribute('JOINTS_0')),
  new Float32Array(attribute('WEIGHTS_0')), parents, new Float32Array(skin.joints.flatMap((joint) => localMatrix(nodes[joint]))),
  new Float32Array(accessorNumbers(glb, skin.inverseBindMatrices)), new Float32Array(0), new Float32Array(0), new Float32Array(0));
assert.equal(error, '', 'JointLevel.build takes the cow');
assert.equal(level.jointCount(), skin.joints.length);
assert.ok(level.size() > 0, `the character size ${level.size()} is positive`);
console.log(`PASS the module loads in node and builds the cow: ${level.jointCount()} joints, size ${level.size().toPrecision(3)}`);

// Settings: the helpers' JSON is what the core takes, and a refused value is reported.
const parameters = core.mergeSettings(core.defaultParameters(module, false), { oscillation: { frequency: 3 } });
const joints = skin.joints.map(() => ({}));
assert.equal(level.setSettings(core.settingsJson(parameters, joints)), '', 'the core takes the default settings');
assert.equal(JSON.parse(level.settingsJson()).parameters.oscillation.frequency, 3);
const refused = core.mergeSettings(core.cloneSettings(parameters), { oscillation: { frequency: -1 } });
assert.notEqual(level.setSettings(core.settingsJson(refused, joints)), '', 'a negative frequency is refused');
let writes = 0;
const watched = core.watchSettings(core.cloneSettings(parameters), () => ++writes);
watched.oscillation.damping = 0.5;
assert.equal(writes, 1, 'a write at depth is noticed');
console.log('PASS the settings helpers: defaults, merge, JSON the core takes, a refused value, a watched write');

// Frames: the body turns about y at 1 turn a second, read at 60 frames a second; the skin's
// constants stay finite and the joint rows move.
const clock = new core.HeapView(() => module.JointLevel.clock());
const locals = new core.HeapView(() => level.locals());
const rows = new core.HeapView(() => level.jointRows());
let first = null;
for (let frame = 0; frame <= 30; ++frame) {
  const t = frame / 60, view = locals.get();
  skin.joints.forEach((joint, k) => {
    const { translation = [0, 0, 0], rotation = [0, 0, 0, 1], scale = [1, 1, 1] } = nodes[joint];
    view.set([...translation, ...rotation, ...scale], k * core.FLOATS_PER_BONE);
  });
  view.set([0, Math.sin(Math.PI * t), 0, Math.cos(Math.PI * t)], 3); // the root's rotation
  clock.get()[0] = t;
  assert.equal(level.update(), 0, `frame ${frame}: ${level.error()}`);
  first ??= Float32Array.from(rows.get());
}
assert.ok(level.values().every(Number.isFinite), 'the constants are finite');
assert.ok(rows.get().some((value, i) => value !== first[i]), 'the joint rows move as the body turns');
// The module's memory grown (its old buffer then detached): a view taken before follows it.
const before = locals.get(), held = Float32Array.from(before);
const block = module._malloc(2 * module.HEAPF32.byteLength);
assert.ok(block !== 0 && before.length === 0, 'the memory grew, and the old view is empty');
assert.deepEqual(Float32Array.from(locals.get()), held, 'the view taken again reads the same locals');
locals.get()[0] += 1;
assert.equal(level.locals()[0], Math.fround(held[0] + 1), 'and writes where the core reads');
module._free(block);
console.log('PASS 30 frames of a turning cow: the joint level updates, its rows move, its constants are finite');

// The bounding sphere (frustum culling), written with WebAssembly's SIMD, against the same
// formula written plainly here in double precision (joint_level_bindings.cpp's grow_bound):
// around the points where the skinning matrices take the rest's centre, grown by the rest's
// radius times the largest scale of the matrices, and by the offsets' margin. The joints
// scale and turn, so that every lane of the SIMD sums counts.
const positions = attribute('POSITION');
const low = [Infinity, Infinity, Infinity], high = [-Infinity, -Infinity, -Infinity];
for (let i = 0; i < positions.length; i += 3)
  for (let a = 0; a < 3; ++a) (low[a] = Math.min(low[a], positions[i + a])), (high[a] = Math.max(high[a], positions[i + a]));
const restCentre = low.map((l, a) => 0.5 * (l + high[a]));
let restRadius = 0;
for (let i = 0; i < positions.length; i += 3)
  restRadius = Math.max(restRadius, Math.hypot(positions[i] - restCentre[0], positions[i + 1] - restCentre[1], positions[i + 2] - restCentre[2]));
const names = module.JointLevel.uniformNames(), boundAt = names.length; // the uniforms', the ring's, then the sphere
const uniform = (values, name) => values[names.indexOf(name)];
const rowFloats = 4 * module.JointLevel.jointRowTexels();
let worstBound = 0;
for (let frame = 31; frame <= 90; ++frame) {
  const t = frame / 60, view = locals.get();
  skin.joints.forEach((joint, k) => {
    const { translation = [0, 0, 0], rotation = [0, 0, 0, 1], scale = [1, 1, 1] } = nodes[joint];
    const grow = [1 + 0.3 * Math.sin(t * (k + 1)), 1 - 0.2 * Math.cos(t * (k + 2)), 1 + 0.1 * Math.sin(t * (k + 3))];
    view.set([...translation, ...rotation, ...scale.map((s, a) => s * grow[a])], k * core.FLOATS_PER_BONE);
  });
  view.set([0, Math.sin(Math.PI * t), 0, Math.cos(Math.PI * t)], 3);
  clock.get()[0] = t;
  assert.equal(level.update(), 0, `frame ${frame}: ${level.error()}`);
  const values = level.values(), table = rows.get();
  const points = [], boxLow = [Infinity, Infinity, Infinity], boxHigh = [-Infinity, -Infinity, -Infinity];
  let scale = 0;
  for (let j = 0; j < level.jointCount(); ++j) {
    const m = table.subarray(j * rowFloats, j * rowFloats + 16);
    const p = [0, 1, 2].map((a) => m[a] * restCentre[0] + m[4 + a] * restCentre[1] + m[8 + a] * restCentre[2] + m[12 + a]);
    points.push(p);
    p.forEach((x, a) => ((boxLow[a] = Math.min(boxLow[a], x)), (boxHigh[a] = Math.max(boxHigh[a], x))));
    for (let c = 0; c < 3; ++c) scale = Math.max(scale, m[4 * c] ** 2 + m[4 * c + 1] ** 2 + m[4 * c + 2] ** 2);
  }
  const centre = boxLow.map((l, a) => 0.5 * (l + boxHigh[a]));
  const farthest = Math.max(...points.map((p) => Math.hypot(p[0] - centre[0], p[1] - centre[1], p[2] - centre[2])));
  const maxOffset = uniform(values, 'max_offset'), margin = 4 * restRadius;
  const radius = farthest + restRadius * Math.sqrt(scale) * (1 + 1e-4) +
    (uniform(values, 'bend_enabled') ? (maxOffset > 0 ? maxOffset : margin) : 0) + (uniform(values, 'delayed') ? margin : 0);
  const off = Math.max(...centre.map((x, a) => Math.abs(values[boundAt + a] - x)), Math.abs(values[boundAt + 3] - radius));
  worstBound = Math.max(worstBound, off / level.size());
}
assert.ok(worstBound <= 1e-5, `the bounding sphere is the plain formula's within 1e-5 of the size (worst ${worstBound})`);
level.delete();
console.log(`PASS the bounding sphere of 60 frames of a cow turning and scaling its joints: the plain formula's within ${worstBound.toExponential(1)} of the size`);

// The runtime's clock over a long fixed-step run: 1/60 s steps stay on the core's 60 Hz ticks
// within its 1e-9 tick (summed plainly they drift 7e-8 tick off by 100,000 frames, and every
// frame then pays for two samples), by update and by stepWithPoses alike.
const runtime = new core.CoreRuntime(module, {}, 'dynskin-core test');
let worst = 0;
for (let frame = 1; frame <= 200000; ++frame) {
  if (frame % 2) runtime.update(1 / 60);
  else {
    const after = runtime.timeAfter(1 / 60);
    let last = null;
    runtime.stepWithPoses(1 / 60, (t) => (last = t));
    assert.equal(last, after, 'stepWithPoses poses the frame at timeAfter(delta)');
    assert.equal(runtime.time, after);
  }
  worst = Math.max(worst, Math.abs(runtime.time * 60 - frame));
}
assert.ok(worst <= 1e-9, `200,000 steps of 1/60 s are on the ticks within 1e-9 tick (worst ${worst})`);
console.log(`PASS 200,000 fixed steps stay on the clock's ticks (worst ${worst.toExponential(1)} tick)`);
