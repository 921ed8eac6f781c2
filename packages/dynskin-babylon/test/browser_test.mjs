// dynskin-babylon's browser tests, in headless Chromium (WebGL 2 on SwiftShader, or with
// --webgpu Babylon.js's WebGPUEngine on SwiftShader's Vulkan, its materials in WGSL): the
// material plugin's shader against the C++ core on every bundled character and on
// ../shared/rigs/wild (when present), in every mode; the same motion at 30, 60 and 144 Hz; the
// same motion in character sizes at 100 times the scale; the deformed skin's shadow; the loader
// extension, the runtime's calls and both material types. Run by test/run.sh.
// Usage: node test/browser_test.mjs [--webgpu] [SUITE...]   (loader, accuracy, ring, framerate, scale, shadow by default)
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import staticServer from '../../../tests/web/static_server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const wild = path.resolve(root, '../shared/rigs/wild');
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const args = process.argv.slice(2);
const webgpu = args.includes('--webgpu');
const named = args.filter((a) => a !== '--webgpu');
const suites = named.length ? named : ['loader', 'accuracy', 'ring', 'framerate', 'scale', 'shadow'];

let failures = 0;
function check(name, ok, detail = '') {
  if (webgpu) name = `webgpu ${name}`;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
  if (!ok) failures++;
}

const files = readdirSync(path.join(root, 'assets')).filter((f) => f.endsWith('.glb')).sort().map((f) => `/assets/${f}`);
if (existsSync(wild)) files.push(...readdirSync(wild).filter((f) => f.endsWith('.glb')).sort().map((f) => `/wild/${f}`));
else console.log(`SKIP the wild rigs: ${wild} is absent`);
// DYNSKIN_BABYLON_ONLY=cow: the files whose name holds it (while working on one).
if (process.env.DYNSKIN_BABYLON_ONLY) files.splice(0, files.length, ...files.filter((f) => f.includes(process.env.DYNSKIN_BABYLON_ONLY)));

// Over each file's own settings (the loader extension reads them): lbs without the dLBS some
// files save, to compare it with Babylon.js's skinning.
const modes = {
  lbs: { mode: 'lbs', propagation_speed: null },
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
        results.push(await page.evaluate(async (count, lbs) => {
          const out = [];
          for (let i = 0; i < count; ++i) out.push(await dynskinTest.compare(i, { babylonSkinning: lbs }));
          return out;
        }, info.characters.length, mode === 'lbs'));
      }
      for (let c = 0; c < info.characters.length; ++c) {
        const [a, b] = [results[0][c], results[1][c]];
        const worst = Math.max(a.worst, b.worst), motion = Math.max(a.motion, b.motion);
        const name = `accuracy ${path.basename(file)}${info.characters.length > 1 ? `#${c}` : ''} ${mode}`;
        // The comparison means something only if the dynamics moved the skin.
        const moved = mode === 'lbs' ? motion === 0 : motion > 1e-3;
        check(name, worst <= 1e-5 && a.notFinite + b.notFinite === 0 && moved,
          `${b.vertices} vertices, worst ${worst.toExponential(2)} L from the core (vertex ${a.worst > b.worst ? a.worstVertex : b.worstVertex}), the dynamics' largest offset ${motion.toExponential(2)} L`);
        check(`${name}: inside the bounding boxes`, a.outside + b.outside === 0, `${a.outside + b.outside} vertices outside`);
        if (mode === 'lbs') {
          const babylon = Math.max(a.worstAgainstBabylon, b.worstAgainstBabylon);
          check(`${name}: the core's skin is Babylon.js's`, babylon <= 1e-4, `Babylon.js's own skinning ${babylon.toExponential(2)} L away`);
        }
      }
    }
    console.log(`(${path.basename(file)}: ${((Date.now() - start) / 1000).toFixed(1)} s)`);
  }
}

function worstDifference(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; ++i) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

async function framerate(page) {
  const cases = ['/assets/cow.glb', '/assets/octopus.glb'];
  if (existsSync(path.join(wild, 'Fox.glb'))) cases.push('/wild/Fox.glb');
  else console.log(`SKIP framerate Fox: ${path.join(wild, 'Fox.glb')} is absent`);
  for (const file of cases) {
    const clip = file.includes('Fox') ? 'Run' : null;
    const name = `framerate ${path.basename(file)}${clip ? ` ${clip}` : ''}`;
    // What it draws at t = 1.5 s and 2.5 s, in sizes, at `rate` frames a second.
    const at = async (rate, step, parameters = { mode: 'dynamic' }) => {
      await page.evaluate((f, p, c) => dynskinTest.load(f, { parameters: p, reference: false, clip: c }), file, parameters, clip);
      const captures = [];
      for (const seconds of [1.5, 1]) {
        await page.evaluate((r, n, s) => dynskinTest.play(1 / r, n, s), rate, Math.round(seconds * rate), step);
        captures.push(await page.evaluate(() => dynskinTest.normalizedCapture(0)));
      }
      return captures;
    };
    const worstOver = (a, b) => Math.max(...a.map((x, k) => worstDifference(x, b[k])));
    const motion = worstOver(await at(60, 'groups'), await at(60, 'groups', { mode: 'lbs' }));
    const runs = async (step) => [await at(30, step), await at(60, step), await at(144, step)];
    // Sampling the animation groups at the 60 Hz ticks (updateWithAnimationGroups): the same motion.
    const [g30, g60, g144] = await runs('groups');
    const e30 = worstOver(g30, g144), e60 = worstOver(g60, g144);
    check(`${name} (updateWithAnimationGroups)`, motion > 1e-2 && e30 <= 1e-5 && e60 <= 1e-5,
      `the dynamics move it ${motion.toExponential(2)} L; 30 Hz is ${e30.toExponential(2)} L and 60 Hz ${e60.toExponential(2)} L from 144 Hz (t = 1.5 s, 2.5 s)`);
    // autoUpdate samples the scene's groups that move the bones (its delta, scene.deltaTime, in ms).
    const auto = worstOver(await at(30, 'auto'), g144);
    check(`${name} (autoUpdate)`, auto <= 1e-5, `30 Hz is ${auto.toExponential(2)} L from 144 Hz with updateWithAnimationGroups`);
    // update(delta): the pose at the frame times, which the core interpolates between frames.
    // Bounds: README.md's figures (cow 3.6e-3 L, octopus 1.5e-3 L, the Fox's Run 3.5e-2 L), with a margin.
    const bound = clip ? 5e-2 : 5e-3;
    const [f30, f60, f144] = await runs('update');
    const u30 = worstOver(f30, f144), u60 = worstOver(f60, f144);
    check(`${name} (update)`, u30 <= bound && u60 <= bound,
      `30 Hz is ${u30.toExponential(2)} L and 60 Hz ${u60.toExponential(2)} L from 144 Hz (bound ${bound})`);
  }
}

async function scale(page) {
  for (const file of ['/assets/giraffe.glb', '/assets/bar.glb']) {
    const runs = [];
    for (const s of [1, 100]) {
      const info = await page.evaluate((f, k) => dynskinTest.load(f, { parameters: { mode: 'dynamic' }, scale: k, reference: false }), file, s);
      await page.evaluate(() => dynskinTest.play(1 / 60, 60));
      runs.push({ size: info.characters[0].size, sizeNow: await page.evaluate(() => dynskinTest.current.runtime.characters[0].size), positions: await page.evaluate(() => dynskinTest.normalizedCapture(0)) });
    }
    const d = worstDifference(runs[0].positions, runs[1].positions);
    check(`scale ${path.basename(file)}: the root node scaled by 100 after loading`, Math.abs(runs[1].sizeNow / runs[0].sizeNow - 100) < 1e-3 && d <= 1e-5,
      `size ${runs[0].sizeNow.toPrecision(4)} -> ${runs[1].sizeNow.toPrecision(4)}; in character sizes the two differ by ${d.toExponential(2)} L`);
  }
  // Carried by a moving platform: with object_motion 0 it moves in the platform's frame as if
  // standing still; at 1 (the default) the platform's motion drives the drag.
  const carried = (share, motion) => page.evaluate((s, m) => dynskinTest.carriedCapture('/assets/giraffe.glb', s, m), share, motion);
  const still = await carried(0, 0);
  const ignoring = worstDifference(await carried(0, 0.3), still), driving = worstDifference(await carried(1, 0.3), still);
  check('scale giraffe.glb: object_motion 0 takes its moving platform\'s motion out', ignoring <= 1e-5 && driving > 1e-3,
    `in the platform's frame, ${ignoring.toExponential(2)} L from standing still (${driving.toExponential(2)} L with object_motion 1)`);
}

// dLBS frame after frame: only the ring's new rows go up, and the shader still agrees with the core.
async function ring(page) {
  const cases = ['/assets/cow.glb'];
  if (existsSync(path.join(wild, 'Fox.glb'))) cases.push('/wild/Fox.glb');
  for (const file of cases) {
    const r = await page.evaluate((f) => dynskinTest.ringUploads(f, 60), file);
    const mean = r.perFrame.reduce((a, b) => a + b, 0) / r.perFrame.length;
    check(`ring ${path.basename(file)}: with dLBS each frame of 1/60 s uploads the new tick's row of the ring alone`,
      r.perFrame.every((t) => t === r.joints) && r.comparison.worst <= 1e-5 && r.comparison.motion > 1e-3,
      `${mean.toFixed(0)} texels a frame on average (${r.joints} a tick; the ring ${r.ringTexels}), the most ${Math.max(...r.perFrame)}; ` +
      `then ${r.comparison.worst.toExponential(2)} L from the core`);
  }
}

async function shadow(page) {
  const r = await page.evaluate(() => dynskinTest.shadowCheck('/assets/octopus.glb'));
  // (The shadow map's texels blur the edge a little: 0.967 measured.)
  check('shadow: the deformed skin casts its own shadow', r.dynskin >= 0.95 && r.plain < r.dynskin - 0.04,
    `silhouette/shadow overlap ${r.dynskin.toFixed(4)} with the material's ShadowDepthWrapper, ${r.plain.toFixed(4)} with Babylon.js's own shadow shader; shadow pixels ${r.pixels}`);
}

async function loader(page) {
  const r = await page.evaluate(() => dynskinTest.loaderCheck('/assets/cow.glb'));
  check('loader: a file without the extension plays plain skinning', r.withoutExtension);
  check("loader: the root node's metadata.dynskin is the runtime (ImportMeshAsync)", r.runtime);
  check("loader: the file's parameters", r.parameters.mode === 'drag' && Math.abs(r.parameters.oscillation.drag - 0.3) < 1e-6 && r.parameters.max_offset === null,
    JSON.stringify(r.parameters));
  check("loader: a joint node's settings", r.jointGain === 0.5 && r.otherGains === 1, `gain ${r.jointGain}, ${r.otherGains} joint(s) with a gain`);
  check('loader: parameters change live', r.live.mode === 'dynamic' && Math.abs(r.live.oscillation.frequency - 3.5) < 1e-6, JSON.stringify(r.live));
  check('loader: a refused value throws and changes nothing', typeof r.refused === 'string' && r.afterRefusal === 3.5, r.refused);
  check('loader: update refuses a negative or not finite delta', r.badDeltas.every((m) => m.includes('delta time')), r.badDeltas.join(' | '));
  check('loader: resetParameters and setJointSettings(name, null)', r.afterReset === 2 && r.gainAfterNull === undefined, `frequency ${r.afterReset}, gain ${r.gainAfterNull}`);
  check('loader: the runtime steps itself after the animation groups (autoUpdate)', r.autoTime > 0 && r.manualTime === 0,
    `runtime.time ${r.autoTime.toFixed(3)} s after 5 frames of scene.render(); ${r.manualTime} with autoUpdate false`);
  check('loader: LoadAssetContainerAsync, then a copy with attachClone', r.container && r.cloneRuntime && r.cloneSettingsCopied, JSON.stringify({ container: r.container, clone: r.cloneRuntime, copied: r.cloneSettingsCopied }));
  check('loader: a live change of mode recompiles the materials', r.modePrograms.join() === 'lbs,dq,lbs', `programs ${r.modePrograms.join(', ')}`);
  check('loader: dispose() gives Babylon.js its skinning back', r.afterDispose <= 1e-4, `Babylon.js's skinning ${r.afterDispose.toExponential(2)} L from what is drawn`);
  for (const [material, m] of Object.entries(r.materials)) {
    check(`loader: ${material} deformed`, m.worst <= 1e-5 && m.notFinite === 0 && m.motion > 1e-3,
      `worst ${m.worst.toExponential(2)} L from the core, offsets up to ${m.motion.toExponential(2)} L`);
  }
}

const server = await staticServer.serve(root, { '/wild/': wild });
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
    ...(webgpu ? ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader'] : [])],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); if (process.env.DYNSKIN_VERBOSE) console.log('page:', m.text()); });
  page.on('pageerror', (e) => { errors.push(String(e)); if (process.env.DYNSKIN_VERBOSE) console.log('pageerror:', String(e)); });
  page.setDefaultTimeout(600000);
  await page.goto(`http://127.0.0.1:${server.address().port}/packages/dynskin-babylon/test/page/index.html${webgpu ? '?engine=webgpu' : ''}`);
  await page.waitForFunction(() => window.dynskinTestReady === true, { timeout: 120000 });
  if (webgpu) check('the page runs on WebGPU', await page.evaluate(() => dynskinTest.engine.isWebGPU === true));
  for (const suite of suites) {
    const run = { accuracy, ring, framerate, scale, shadow, loader }[suite];
    if (!run) throw new Error(`no suite ${suite}`);
    const start = Date.now();
    await run(page);
    console.log(`(${suite}: ${((Date.now() - start) / 1000).toFixed(1)} s)`);
  }
  check('no error or warning in the page', errors.length === 0, errors.slice(0, 5).join(' | '));
} catch (error) {
  check('the tests ran', false, error.stack || String(error));
} finally {
  await browser.close();
  server.close();
}
process.exit(failures ? 1 : 0);
