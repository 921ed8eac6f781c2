// dynskin-three's browser tests, in headless Chromium (WebGL 2 on SwiftShader): the patched
// shader against the C++ core on every bundled character and on ../shared/rigs/wild (when
// present), in every mode; the same motion at 30, 60 and 144 Hz; the same motion in character
// sizes at 100 times the scale; the deformed skin's shadow; the GLTFLoader plugin and the four
// material types; no explosion on the first frame or after a teleport; a frame that allocates
// nothing. Under WebGPURenderer's node materials, on WebGPU (SwiftShader's adapter) and on its
// WebGL 2 fallback: the stage against the core, frame rates, scale, shadow. Run by test/run.sh.
// Usage: node test/browser_test.mjs [SUITE...]   (plugin, accuracy, framerate, scale, clones, shadow, robustness, allocation, webgpu, webgpu-webgl2 by default; timing prints figures)
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import staticServer from '../../../tests/web/static_server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const wild = path.resolve(root, '../shared/rigs/wild');
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const suites = process.argv.slice(2).length ? process.argv.slice(2) : ['plugin', 'accuracy', 'framerate', 'scale', 'clones', 'shadow', 'robustness', 'allocation', 'webgpu', 'webgpu-webgl2'];

let failures = 0;
function check(name, ok, detail = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
  if (!ok) failures++;
}

// The repository at /, the wild rigs at /wild/.
const serve = () => staticServer.serve(root, { '/wild/': wild });

const files = readdirSync(path.join(root, 'assets')).filter((f) => f.endsWith('.glb')).sort().map((f) => `/assets/${f}`);
if (existsSync(wild)) files.push(...readdirSync(wild).filter((f) => f.endsWith('.glb')).sort().map((f) => `/wild/${f}`));
else console.log(`SKIP the wild rigs: ${wild} is absent`);
// DYNSKIN_THREE_ONLY=cow: the files whose name holds it (while working on one).
if (process.env.DYNSKIN_THREE_ONLY) files.splice(0, files.length, ...files.filter((f) => f.includes(process.env.DYNSKIN_THREE_ONLY)));

// The public Fox (its clips Survey, Walk, Run), for the checks of scene graphs, clones and
// frame rates on a real character.
const fox = existsSync(path.join(wild, 'Fox.glb')) ? '/wild/Fox.glb' : null;
const skipWithoutFox = (what) => console.log(`SKIP ${what}: ${path.join(wild, 'Fox.glb')} is absent`);

const modes = {
  lbs: { mode: 'lbs' },
  drag: { mode: 'drag' },
  dynamic: { mode: 'dynamic' },
  dlbs: { mode: 'dynamic', propagation_speed: 1.5 },
  'dq+squash': { mode: 'dynamic', base: 'dq', squash: 0.05 },
};

async function accuracy(page) {
  for (const file of files) {
    const start = Date.now();
    for (const [mode, parameters] of Object.entries(modes)) {
      const info = await page.evaluate((f, p) => dynskinTest.load(f, { parameters: p }), file, parameters);
      // 47 frames a second, so that frames fall between the core's 60 Hz ticks; compared at
      // two times (the dynamics may rest at one).
      const results = [];
      for (const frames of [25, 15]) {
        await page.evaluate((n) => dynskinTest.play(1 / 47, n), frames);
        results.push(await page.evaluate((count, lbs) => Array.from({ length: count }, (_, i) => dynskinTest.compare(i, { threeSkinning: lbs })),
          info.characters.length, mode === 'lbs'));
      }
      for (let c = 0; c < info.characters.length; ++c) {
        const r = { ...results[1][c] };
        r.motion = Math.max(results[0][c].motion, results[1][c].motion);
        if (results[0][c].worst > r.worst) Object.assign(r, { worst: results[0][c].worst, worstVertex: results[0][c].worstVertex });
        r.notFinite += results[0][c].notFinite;
        r.outside += results[0][c].outside;
        if (mode === 'lbs') r.worstAgainstThree = Math.max(results[0][c].worstAgainstThree, results[1][c].worstAgainstThree);
        const name = `accuracy ${path.basename(file)}${info.characters.length > 1 ? `#${c}` : ''} ${mode}`;
        // The comparison means something only if the dynamics moved the skin.
        const moved = mode === 'lbs' ? r.motion === 0 : r.motion > 1e-3;
        check(name, r.worst <= 1e-5 && r.notFinite === 0 && moved,
          `${r.vertices} vertices, worst ${r.worst.toExponential(2)} L from the core (vertex ${r.worstVertex}), the dynamics' largest offset ${r.motion.toExponential(2)} L${r.notFinite ? `, ${r.notFinite} not finite` : ''}`);
        check(`${name}: inside the bounding spheres`, r.outside === 0, `${r.outside} vertices outside`);
        if (mode === 'lbs') {
          check(`${name}: the core's skin is three.js's`, r.worstAgainstThree <= 1e-4,
            `three.js's own CPU skinning ${r.worstAgainstThree.toExponential(2)} L away`);
        }
      }
      if (mode === 'dlbs') {
        // Frame after frame, the ring's texture takes the new ticks' rows alone (update ranges).
        let worst = 0, ranges = 0;
        for (let k = 0; k < 3; ++k) {
          await page.evaluate(() => dynskinTest.play(1 / 47, 1));
          ranges += await page.evaluate(() => dynskinTest.ringRanges(0));
          worst = Math.max(worst, (await page.evaluate(() => dynskinTest.compare(0))).worst);
        }
        check(`accuracy ${path.basename(file)} dlbs: the ring's new rows alone uploaded`, worst <= 1e-5 && ranges > 0,
          `${ranges} update ranges over 3 frames; worst ${worst.toExponential(2)} L from the core`);
      }
    }
    console.log(`(${path.basename(file)}: ${((Date.now() - start) / 1000).toFixed(1)} s)`);
  }
  await morphTargets(page, 'accuracy');
}

// The stage deforms three.js's morphed rest pose: a morph target on the cow deforms as the same
// push baked into its positions, and it shows.
async function morphTargets(page, suite) {
  const r = await page.evaluate(() => dynskinTest.morphCheck('/assets/cow.glb'));
  const difference = worstDifference(r.morphed, r.baked), push = worstDifference(r.morphed, r.plain);
  check(`${suite} cow.glb: morph targets kept`, difference <= 1e-5 && push > 1e-2,
    `morphed vs baked ${difference.toExponential(2)} L; the morph moves the skin ${push.toExponential(2)} L`);
}

function worstDifference(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; ++i) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

async function framerate(page) {
  for (const file of ['/assets/cow.glb', '/assets/octopus.glb']) {
    const at = async (rate, withMixer, parameters = { mode: 'dynamic' }) => {
      await page.evaluate((f, p) => dynskinTest.load(f, { parameters: p, reference: false }), file, parameters);
      await page.evaluate((r, w) => dynskinTest.play(1 / r, Math.round(1.5 * r), { withMixer: w }), rate, withMixer);
      return page.evaluate(() => dynskinTest.normalizedCapture(0));
    };
    const motion = worstDifference(await at(60, true), await at(60, true, { mode: 'lbs' }));
    // The runtime samples the mixer at its 60 Hz ticks (updateWithMixer): the same motion.
    const exact = { 30: await at(30, true), 60: await at(60, true), 144: await at(144, true) };
    const e30 = worstDifference(exact[30], exact[144]), e60 = worstDifference(exact[60], exact[144]);
    check(`framerate ${path.basename(file)} (updateWithMixer)`, motion > 1e-2 && e30 <= 1e-5 && e60 <= 1e-5,
      `at t = 1.5 s the dynamics move it ${motion.toExponential(2)} L; 30 Hz is ${e30.toExponential(2)} L and 60 Hz ${e60.toExponential(2)} L from 144 Hz`);
    // The pose given frame by frame (update after the user's mixer): the core interpolates
    // between frames, so the ticks' poses differ a little.
    const framed = { 30: await at(30, false), 60: await at(60, false), 144: await at(144, false) };
    const f30 = worstDifference(framed[30], framed[144]), f60 = worstDifference(framed[60], framed[144]);
    check(`framerate ${path.basename(file)} (update)`, f30 <= 3e-3 && f60 <= 3e-3,
      `30 Hz is ${f30.toExponential(2)} L and 60 Hz ${f60.toExponential(2)} L from 144 Hz`);
  }
  // The Fox's Run, a fast clip: updateWithMixer exact; update within what the README says.
  if (!fox) return skipWithoutFox('framerate Fox');
  // Compared every half second over 3 s (the worst of the six).
  const at = async (rate, withMixer) => {
    await page.evaluate((f) => dynskinTest.load(f, { parameters: { mode: 'dynamic' }, reference: false, clip: 'Run' }), fox);
    const captures = [];
    for (let k = 0; k < 6; ++k) {
      await page.evaluate((r, w) => dynskinTest.play(1 / r, Math.round(0.5 * r), { withMixer: w }), rate, withMixer);
      captures.push(await page.evaluate(() => dynskinTest.normalizedCapture(0)));
    }
    return captures;
  };
  const worstOver = (a, b) => Math.max(...a.map((x, k) => worstDifference(x, b[k])));
  const e = worstOver(await at(30, true), await at(144, true));
  check('framerate Fox.glb Run (updateWithMixer)', e <= 1e-5, `30 Hz is ${e.toExponential(2)} L from 144 Hz, the worst of every half second over 3 s`);
  const f = worstOver(await at(30, false), await at(144, false));
  check("framerate Fox.glb Run (update): within the README's 2e-2 L", f <= 2e-2, `30 Hz is ${f.toExponential(2)} L from 144 Hz, the worst of every half second over 3 s`);
}

async function scale(page) {
  await sceneGraph(page);
  for (const file of ['/assets/giraffe.glb', '/assets/bar.glb']) {
    const runs = [];
    for (const s of [1, 100]) {
      const info = await page.evaluate((f, k) => dynskinTest.load(f, { parameters: { mode: 'dynamic' }, scale: k, reference: false }), file, s);
      await page.evaluate(() => dynskinTest.play(1 / 60, 60));
      runs.push({ size: info.characters[0].size, positions: await page.evaluate(() => dynskinTest.normalizedCapture(0)) });
    }
    const d = worstDifference(runs[0].positions, runs[1].positions);
    check(`scale ${path.basename(file)}`, Math.abs(runs[1].size / runs[0].size - 100) < 1e-3 && d <= 1e-5,
      `size ${runs[0].size.toPrecision(4)} -> ${runs[1].size.toPrecision(4)}; in character sizes the two differ by ${d.toExponential(2)} L`);
  }
}

// The Fox given its runtime at scale 1 (the plugin), then scaled, turned and moved by its
// ancestors: in sizes, in its own frame, the same as at scale 1.
async function sceneGraph(page) {
  if (!fox) return skipWithoutFox('scale Fox');
  const run = (options) => page.evaluate((f, o) => dynskinTest.sceneGraphRun(f, { clip: 'Run', ...o }), fox, options);
  const still = await run({}), moving = await run({ motion: 0.3 });
  const motion = worstDifference(still.positions, (await run({ parameters: { mode: 'lbs' } })).positions);
  check('scale Fox.glb: the dynamics move it', motion > 1e-2, `${motion.toExponential(2)} L from LBS`);
  for (const [name, options, reference] of [
    ['gltf.scene scaled by 100', { scale: 100, onScene: true }, still],
    ['gltf.scene scaled by 0.01', { scale: 0.01, onScene: true }, still],
    ['its ancestors scaled by 100, turned and moving', { scale: 100, rotation: [0.3, 1.1, -0.4], motion: 0.3 }, moving],
    ['its ancestors scaled by 0.01, turned and moving', { scale: 0.01, rotation: [-0.7, 0.2, 0.5], motion: 0.3 }, moving],
  ]) {
    const r = await run(options);
    const d = worstDifference(r.positions, reference.positions);
    check(`scale Fox.glb: ${name}`, d <= 1e-5 && Math.abs(r.sizeNow / r.size / options.scale - 1) < 1e-4,
      `in sizes, in its own frame, ${d.toExponential(2)} L from scale 1; size ${r.size.toPrecision(4)} at attach, ${r.sizeNow.toPrecision(4)} now`);
  }
  // Carried by its moving parent: with object_motion 0 it moves in the parent's frame as if
  // standing still; at 1 (the default) the parent's motion drives the drag.
  const carried = (share) => run({ motion: 0.3, inMover: true, parameters: { mode: 'dynamic', object_motion: share } });
  const ignoring = worstDifference((await carried(0)).positions, still.positions);
  const driving = worstDifference((await carried(1)).positions, still.positions);
  check('scale Fox.glb: object_motion 0 takes its moving parent\'s motion out', ignoring <= 1e-5 && driving > 1e-3,
    `in the parent's frame, ${ignoring.toExponential(2)} L from standing still (${driving.toExponential(2)} L with object_motion 1)`);
  // The same with updateWithMixer and frames three ticks apart: the parent moves once a frame,
  // before the first of the frame's poses, and what is drawn follows it (not the frame before).
  const late = { clip: 'Run', dt: 1 / 20, frames: 20, withMixer: true };
  const lateStill = await page.evaluate((f, o) => dynskinTest.sceneGraphRun(f, o), fox, late);
  const lateCarried = await page.evaluate((f, o) => dynskinTest.sceneGraphRun(f, o), fox,
    { ...late, motion: 0.3, inMover: true, parameters: { mode: 'dynamic', object_motion: 0 } });
  const lateIgnoring = worstDifference(lateCarried.positions, lateStill.positions);
  check('scale Fox.glb: object_motion 0 with updateWithMixer, frames 3 ticks apart', lateIgnoring <= 1e-5,
    `in the parent's frame, ${lateIgnoring.toExponential(2)} L from standing still`);
  // One of a character's meshes moved alone, the rest still (BrainStem: one skinned mesh a
  // primitive).
  const brainStem = existsSync(path.join(wild, 'BrainStem.glb')) ? '/wild/BrainStem.glb' : null;
  if (!brainStem) return console.log(`SKIP scale BrainStem.glb: ${path.join(wild, 'BrainStem.glb')} is absent`);
  const meshRun = (moveSecondMesh) => page.evaluate((f, o) => dynskinTest.sceneGraphRun(f, o), brainStem, { frames: 30, moveSecondMesh });
  const meshMoved = worstDifference((await meshRun(true)).positions, (await meshRun(false)).positions);
  check('scale BrainStem.glb: one of its meshes moved alone draws where its skeleton is', meshMoved <= 1e-5,
    `${meshMoved.toExponential(2)} L from not moved`);
}

// SkeletonUtils.clone after attach: each clone with a runtime of its own moves on its own;
// disposing of one runtime leaves the others whole; a clone without one is warned about.
async function clones(page) {
  const cases = [['/assets/cow.glb', [null]]];
  if (fox) cases.push([fox, ['Run', 'Survey']]);
  else skipWithoutFox('clones Fox');
  for (const [file, clips] of cases) {
    const name = `clones ${path.basename(file)}`;
    const r = await page.evaluate((f, c) => dynskinTest.cloneCheck(f, c), file, clips);
    const [original, attachClone, attach] = r.fromAlone;
    check(`${name}: the original draws its own motion`, original <= 1e-5, `${original.toExponential(2)} L from the file alone`);
    check(`${name}: a clone with runtime.attachClone draws its own motion`, r.errors.length === 0 && attachClone <= 1e-5,
      `${attachClone.toExponential(2)} L from the file alone playing its clip ${r.errors.join(' ')}`);
    check(`${name}: attachClone takes the parameters and the joint settings`, r.settingsCopied === true);
    check(`${name}: a clone with DynskinRuntime.attach draws its own motion`, attach <= 1e-5, `${attach.toExponential(2)} L from the file alone playing its clip`);
    const after = Math.max(...r.afterDispose);
    check(`${name}: disposing of the original's runtime leaves the clones whole`, after <= 1e-6, `the clones' skin moves ${after.toExponential(2)} L`);
    check(`${name}: a clone without a runtime is warned about`, r.warnings.length > 0 && r.warnings.every((w) => w.includes('attachClone')), r.warnings[0] ?? 'no warning');
  }
}

// updateWithMixer right after play(): from the first frame, as if the clip's first pose were
// applied before it.
async function start(page) {
  for (const [file, clip] of [['/assets/cow.glb', null], ...(fox ? [[fox, 'Run']] : [])]) {
    const run = (applyFirst) => page.evaluate((f, c, a) => dynskinTest.startRun(f, { clip: c, applyFirst: a }), file, clip, applyFirst);
    const after = await run(false), first = await run(true);
    const d = Object.keys(first).map((frame) => `${worstDifference(after[frame], first[frame]).toExponential(2)} L at frame ${frame}`);
    const worst = Math.max(...Object.keys(first).map((frame) => worstDifference(after[frame], first[frame])));
    check(`robustness ${path.basename(file)}: updateWithMixer right after play() from the first frame`, worst <= 1e-5,
      `from the clip's first pose applied first: ${d.join(', ')}`);
  }
  if (!fox) skipWithoutFox('robustness Fox: updateWithMixer after play()');
}

async function shadow(page) {
  const r = await page.evaluate(() => dynskinTest.shadowCheck('/assets/octopus.glb'));
  check('shadow: the deformed skin casts its own shadow', r.dynskin >= 0.97 && r.plain < r.dynskin - 0.02,
    `silhouette/shadow overlap ${r.dynskin.toFixed(4)} with the patched depth material, ${r.plain.toFixed(4)} with three.js's plain one; shadow pixels ${r.pixels}`);
}

async function robustness(page) {
  for (const file of ['/assets/cow.glb', '/assets/giraffe.glb', '/assets/octopus.glb']) {
    const r = await page.evaluate((f) => dynskinTest.robustnessCheck(f), file);
    check(`robustness ${path.basename(file)}: no wobble from the first frame of a clip started mid-motion`, r.firstFrame < 0.02,
      `largest offset ${r.firstFrame.toExponential(2)} L`);
    check(`robustness ${path.basename(file)}: a jump of 10 sizes is a cut, not motion`, r.before > 1e-3 && r.afterJump < Math.max(0.05, 2 * r.before),
      `largest offset ${r.afterJump.toExponential(2)} L in the half second after it (${r.before.toExponential(2)} L before), soft limits off`);
  }
  await start(page);
}

// Figures, not checks: the runtime's CPU time per frame per character.
async function timing(page) {
  for (const file of ['/assets/cow.glb', '/assets/dragon.glb', ...files.filter((f) => f.includes('Fox'))]) {
    const r = await page.evaluate((f) => dynskinTest.timing(f), file);
    console.log(`INFO timing ${path.basename(file)}: ${r.joints} joints, ${r.vertices} vertices: ${(r.ms * 1000).toFixed(0)} us of CPU a frame in runtime.update (reading the bones ${(r.parts.read * 1000).toFixed(0)} us, the core ${(r.parts.core * 1000).toFixed(0)} us, the uniforms ${(r.parts.publish * 1000).toFixed(0)} us)`);
  }
}

// A frame allocates nothing: the JavaScript heap allocated inside update() (V8's sampling heap
// profiler, the objects collected since included), on a file with dLBS off and on. A number
// allocated a frame would be 12 bytes a call in every measurement; the JIT's comings and goings
// (code not yet optimised on a loaded machine: 0 to 8 bytes a call) do not repeat, so the least
// of up to three measurements is the one checked.
async function allocation(page) {
  const cdp = await page.createCDPSession();
  await cdp.send('HeapProfiler.enable');
  const measure = async () => {
    await cdp.send('HeapProfiler.startSampling', { samplingInterval: 32, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    const calls = await page.evaluate(() => dynskinTest.updates(10000));
    const { profile } = await cdp.send('HeapProfiler.stopSampling');
    let bytes = 0;
    const where = new Map();
    const sum = (node) => {
      const { functionName, url, lineNumber } = node.callFrame;
      // The VM's own states and the test's loop (its call with a fraction) are not the runtime's.
      if (node.selfSize && !functionName.startsWith('(') && !url.endsWith('/test-page.js') && url) {
        bytes += node.selfSize;
        const key = `${functionName || '(anonymous)'} ${path.basename(url)}:${lineNumber + 1}`;
        where.set(key, (where.get(key) ?? 0) + node.selfSize);
      }
      node.children.forEach(sum);
    };
    sum(profile.head);
    const most = [...where].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([key, size]) => `${key} ${(size / calls).toFixed(2)}`);
    return { perCall: bytes / calls, detail: `${(bytes / calls).toFixed(2)} bytes a call over ${calls} calls${most.length ? ` (most in ${most.join(', ')})` : ''}` };
  };
  for (const parameters of [{ mode: 'dynamic' }, { mode: 'dynamic', propagation_speed: 1.5, squash: 0.05 }]) {
    await page.evaluate((p) => dynskinTest.load('/assets/cow.glb', { parameters: p, reference: false }), parameters);
    await page.evaluate(() => dynskinTest.play(1 / 60, 30));
    await page.evaluate(() => dynskinTest.updates(10000)); // optimised
    const runs = [];
    do runs.push(await measure());
    while (runs.length < 3 && runs[runs.length - 1].perCall >= 4);
    const least = runs.reduce((a, b) => (b.perCall < a.perCall ? b : a));
    check(`allocation: update() allocates nothing a frame (${JSON.stringify(parameters)})`, least.perCall < 4,
      runs.length > 1 ? `${least.detail}; the other measurements: ${runs.filter((r) => r !== least).map((r) => r.perCall.toFixed(2)).join(', ')} bytes a call` : least.detail);
  }
  await cdp.detach();
}

async function plugin(page) {
  const r = await page.evaluate(() => dynskinTest.pluginCheck('/assets/cow.glb'));
  check('plugin: a file without the extension plays plain skinning', r.withoutExtension);
  check('plugin: gltf.userData.dynskin is the runtime', r.runtime);
  check("plugin: the file's parameters", r.parameters.mode === 'drag' && Math.abs(r.parameters.oscillation.drag - 0.3) < 1e-6 && r.parameters.max_offset === null,
    JSON.stringify(r.parameters));
  check("plugin: a joint node's settings", r.jointGain === 0.5 && r.otherGains === 1, `gain ${r.jointGain}, ${r.otherGains} joint(s) with a gain`);
  check('plugin: parameters change live', r.live.mode === 'dynamic' && Math.abs(r.live.oscillation.frequency - 3.5) < 1e-6, JSON.stringify(r.live));
  check('plugin: the ground contact is on for a rig without settings, off where saved settings lack it',
    r.groundContact.unseen > 0 && !(r.groundContact.saved > 0), JSON.stringify(r.groundContact));
  check('plugin: a refused value throws and changes nothing', typeof r.refused === 'string' && r.afterRefusal === 3.5, r.refused);
  check('plugin: update refuses a negative or not finite delta', r.badDeltas.every((m) => m.includes('delta time')) && Number.isFinite(r.timeAfterBadDeltas),
    r.badDeltas.join(' | '));
  check('plugin: a live change of mode recompiles the materials', r.modePrograms.join() === 'lbs,dq,lbs', `programs ${r.modePrograms.join(', ')}`);
  check('plugin: attach refuses an object without a skinned mesh', r.noSkin.includes('no skinned mesh'), r.noSkin);
  for (const [material, m] of Object.entries(r.materials)) {
    check(`plugin: ${material} patched`, m.worst <= 1e-5 && m.notFinite === 0 && m.motion > 1e-3 && m.outside === 0,
      `worst ${m.worst.toExponential(2)} L from the core, offsets up to ${m.motion.toExponential(2)} L`);
  }
}

// Under WebGPURenderer (node materials), on WebGPU or on its WebGL 2 fallback (the page's
// ?renderer): the stage's vertices against the core's in every mode, the same skin at 30, 60
// and 144 Hz, the same motion in sizes at 100 times the scale, the deformed skin's shadow.
async function nodeMaterials(page, backend) {
  const name = (what) => `${backend === 'WebGPU' ? 'webgpu' : 'webgpu-webgl2'} ${what}`;
  for (const file of ['/assets/cow.glb', '/assets/bar.glb', '/assets/octopus.glb', ...(fox ? [fox] : [])]) {
    const start = Date.now();
    for (const [mode, parameters] of Object.entries(modes)) {
      const info = await page.evaluate((f, p) => dynskinTest.load(f, { parameters: p }), file, parameters);
      if (info.backend !== backend) throw new Error(`the renderer runs on ${info.backend}, not ${backend}`);
      const label = name(`accuracy ${path.basename(file)} ${mode}`);
      if (mode === 'lbs') check(name(`${path.basename(file)}: node materials`), info.materials.every((m) => m.endsWith('NodeMaterial')), info.materials.join(', '));
      let worst = 0, motion = 0, notFinite = 0, vertices = 0;
      for (const frames of [25, 15]) {
        await page.evaluate((n) => dynskinTest.play(1 / 47, n), frames);
        for (let c = 0; c < info.characters.length; ++c) {
          const r = await page.evaluate((i) => dynskinTest.compare(i), c);
          worst = Math.max(worst, r.worst);
          motion = Math.max(motion, r.motion);
          notFinite += r.notFinite;
          vertices = r.vertices;
        }
      }
      const moved = mode === 'lbs' ? motion === 0 : motion > 1e-3;
      check(label, worst <= 1e-5 && notFinite === 0 && moved,
        `${vertices} vertices, worst ${worst.toExponential(2)} L from the core, the dynamics' largest offset ${motion.toExponential(2)} L${notFinite ? `, ${notFinite} not finite` : ''}`);
    }
    console.log(`(${path.basename(file)}: ${((Date.now() - start) / 1000).toFixed(1)} s)`);
  }
  for (const file of ['/assets/cow.glb', ...(fox ? [fox] : [])]) {
    const at = async (rate, parameters = { mode: 'dynamic' }) => {
      await page.evaluate((f, p) => dynskinTest.load(f, { parameters: p, reference: false, clip: 'Run' }), file, parameters);
      await page.evaluate((r) => dynskinTest.play(1 / r, Math.round(1.5 * r), { withMixer: true }), rate);
      return (await page.evaluate(() => dynskinTest.normalizedCapture(0))).positions;
    };
    const motion = worstDifference(await at(60), await at(60, { mode: 'lbs' }));
    const reference = await at(144);
    const e30 = worstDifference(await at(30), reference), e60 = worstDifference(await at(60), reference);
    check(name(`framerate ${path.basename(file)} (updateWithMixer)`), motion > 1e-2 && e30 <= 1e-5 && e60 <= 1e-5,
      `at t = 1.5 s the dynamics move it ${motion.toExponential(2)} L; 30 Hz is ${e30.toExponential(2)} L and 60 Hz ${e60.toExponential(2)} L from 144 Hz`);
  }
  // The plugin attaches before the page scales gltf.scene: the scale after attach.
  const runs = [];
  for (const s of [1, 100]) {
    await page.evaluate((k) => dynskinTest.load('/assets/giraffe.glb', { parameters: { mode: 'dynamic' }, scale: k, reference: false }), s);
    await page.evaluate(() => dynskinTest.play(1 / 60, 60));
    runs.push(await page.evaluate(() => dynskinTest.normalizedCapture(0)));
  }
  const d = worstDifference(runs[0].positions, runs[1].positions);
  check(name('scale giraffe.glb'), Math.abs(runs[1].size / runs[0].size - 100) < 1e-3 && d <= 1e-5,
    `size ${runs[0].size.toPrecision(4)} -> ${runs[1].size.toPrecision(4)}; in character sizes the two differ by ${d.toExponential(2)} L`);
  for (const [material, m] of Object.entries(await page.evaluate(() => dynskinTest.materialsCheck('/assets/cow.glb')))) {
    check(name(`${material} patched as ${m.type}`), m.type.endsWith('NodeMaterial') && m.worst <= 1e-5 && m.notFinite === 0 && m.motion > 1e-3,
      `worst ${m.worst.toExponential(2)} L from the core, offsets up to ${m.motion.toExponential(2)} L`);
  }
  const errors = await page.evaluate(() => dynskinTest.withoutRenderer('/assets/cow.glb'));
  check(name('a runtime attached without the renderer is told about at its first render'), errors.length === 1 && errors[0].includes('{ renderer }'), errors.join(' | '));
  await morphTargets(page, name('accuracy'));
  const r = await page.evaluate(() => dynskinTest.shadowCheck('/assets/octopus.glb'));
  check(name('shadow: the deformed skin casts its own shadow'), r.dynskin >= 0.97 && r.plain < r.dynskin - 0.02,
    `silhouette/shadow overlap ${r.dynskin.toFixed(4)} with the stage's positionNode, ${r.plain.toFixed(4)} with three.js's skinning; shadow pixels ${r.pixels}`);
}

// The suites' pages: WebGLRenderer's, or WebGPURenderer's on a backend (a browser of its own,
// with SwiftShader's WebGPU adapter).
const pages = {
  webgpu: { query: '?renderer=webgpu', run: (page) => nodeMaterials(page, 'WebGPU') },
  'webgpu-webgl2': { query: '?renderer=webgpu-webgl2', run: (page) => nodeMaterials(page, 'WebGL 2') },
};
const gl = ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const webgpu = [...gl, '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader'];

const server = await serve();
const browsers = [];
try {
  for (const suite of suites) {
    const run = pages[suite]?.run ?? { accuracy, framerate, scale, clones, shadow, plugin, robustness, allocation, timing }[suite];
    if (!run) throw new Error(`no suite ${suite}`);
    const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: pages[suite] ? webgpu : gl });
    browsers.push(browser);
    const page = await browser.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.setDefaultTimeout(300000);
    await page.goto(`http://127.0.0.1:${server.address().port}/packages/dynskin-three/test/page/index.html${pages[suite]?.query ?? ''}`);
    await page.waitForFunction(() => window.dynskinTestReady === true, { timeout: 60000 });
    const start = Date.now();
    await run(page);
    console.log(`(${suite}: ${((Date.now() - start) / 1000).toFixed(1)} s)`);
    check(`${suite}: no error or warning in the page`, errors.length === 0, errors.slice(0, 5).join(' | '));
    await browser.close();
  }
} catch (error) {
  check('the tests ran', false, error.stack || String(error));
} finally {
  for (const browser of browsers) await browser.close();
  server.close();
}
process.exit(failures ? 1 : 0);
