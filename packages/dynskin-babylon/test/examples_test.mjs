// The examples in headless Chromium (software WebGL): the viewer page loads the bundled cow
// with no console or WebGL error, its controls (a slider, switch or select for each row of
// dynskin's parameter table) set the runtime's parameters, what it draws moves differently
// with the dynamics on and off (and the same twice over), play and pause, a file picked in its
// file input loads; the crowd page shows its N characters, each with its own runtime, dynamics
// and phase, deformed, and its fps counter updates; the plain Babylon.js crowd loads; both pages
// again under ?engine=webgpu (Chromium's WebGPU on SwiftShader).
// Usage: node test/examples_test.mjs [EXAMPLES_DIR]   (examples/build.sh's folder; default
// build-babylon-examples at the repository's root)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExamplesBrowser } from '../../test-support/examples_browser.mjs';
// The controls the viewer makes from dynskin's parameter table.
import { numberParameters, choiceParameters } from '../../dynskin-three/examples/parameters.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const dir = path.resolve(process.argv[2] || path.join(root, 'build-babylon-examples'));

let failures = 0;
function check(name, ok, detail = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures++;
}

let browser = await ExamplesBrowser.start(dir, { packageName: 'dynskin-babylon' });
const open = (pageAndQuery, ready) => browser.open(pageAndQuery, ready, undefined, 300000);

// In the page: the clip from its start to `seconds` at 60 Hz with the given parameters, drawn
// and read back.
const pictureAt = (page, seconds, parameters) => page.evaluate(async (t, p) => {
  if (p) example.state.runtime.setParameters(p);
  // Drawn once, then again when every effect of that mode is compiled (WebGPU compiles them
  // asynchronously: what a frame draws before may miss a mesh or its shadow).
  example.seek(t);
  await example.stage.scene.whenReadyAsync();
  example.seek(t);
  const { engine } = example.stage;
  return Array.from(await engine.readPixels(0, 0, engine.getRenderWidth(), engine.getRenderHeight()));
}, seconds, parameters);

function differentPixels(a, b) {
  let count = 0;
  for (let i = 0; i < a.length; i += 4)
    if (Math.abs(a[i] - b[i]) > 8 || Math.abs(a[i + 1] - b[i + 1]) > 8 || Math.abs(a[i + 2] - b[i + 2]) > 8) count++;
  return count;
}

async function viewerPage() {
  const page = await open('index.html?paused', () => window.example?.ready === true);
  check('viewer: the bundled cow loads with its dynskin runtime', await page.evaluate(() => !!example.state.runtime));
  // Every control of the table, as a user moves it (input and change events), reaches the
  // runtime: each slider at a value of its span, each switch on and off, each select's choices.
  const wrong = await page.evaluate((numbers, choices) => {
    const runtime = example.state.runtime;
    const value = (key) => key.split('.').reduce((o, k) => o[k], runtime.parameters);
    const move = (id, to) => {
      const input = document.getElementById(id);
      if (input.type === 'checkbox') input.checked = to;
      else input.value = to;
      input.dispatchEvent(new Event(input.type === 'range' ? 'input' : 'change'));
    };
    const near = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
    const wrong = [];
    for (const p of numbers) {
      if (p.off) {
        move(`switch-${p.label}`, true);
        if (value(p.key) !== p.off.on) wrong.push(`${p.label} switched on: ${value(p.key)}`);
      }
      const target = p.logarithmic ? p.min ** 0.7 * p.max ** 0.3 : 0.7 * p.min + 0.3 * p.max;
      move(`slider-${p.label}`, p.logarithmic ? Math.log10(target) : target);
      if (!near(value(p.key), target)) wrong.push(`${p.label} ${value(p.key)}, not ${target}`);
      if (p.off) {
        move(`switch-${p.label}`, false);
        if (value(p.key) !== p.off.value) wrong.push(`${p.label} switched off: ${value(p.key)}`);
      }
    }
    for (const p of choices) {
      for (const { name } of p.choices) {
        move(`select-${p.label}`, name);
        if (value(p.key) !== name) wrong.push(`${p.label} ${value(p.key)}, not ${name}`);
      }
    }
    runtime.resetParameters();
    return wrong;
  }, numberParameters, choiceParameters);
  check(`viewer: the ${numberParameters.length} sliders (f, tau, A, D among them), their switches and the ${choiceParameters.length} selects set the runtime's parameters`,
    wrong.length === 0 && ['f', 'tau', 'A', 'D'].every((label) => numberParameters.some((p) => p.label === label)), wrong.join('; '));

  // Dynamics on and off at the same time of the walk, and on again.
  const on = { mode: 'dynamic', oscillation: { frequency: 2, damping: 0.6, amplitude: 0.5, drag: 0.15 }, propagation_speed: null };
  const dynamic = await pictureAt(page, 1.5, on);
  const again = await pictureAt(page, 1.5, on);
  const off = await pictureAt(page, 1.5, { mode: 'lbs' });
  const slower = await pictureAt(page, 1.5, { ...on, oscillation: { ...on.oscillation, frequency: 0.5 } });
  check('viewer: the skin moves differently with dynamics on vs off', differentPixels(dynamic, off) > 200, `${differentPixels(dynamic, off)} pixels differ`);
  check('viewer: the same time with the same settings draws the same', differentPixels(dynamic, again) === 0, `${differentPixels(dynamic, again)} pixels differ`);
  check("viewer: a slider's value shows in the motion (f 2 vs 0.5 Hz)", differentPixels(dynamic, slower) > 50, `${differentPixels(dynamic, slower)} pixels differ`);

  // Play and pause: playing advances the clip and the runtime, paused holds them.
  const played = await page.evaluate(async () => {
    const now = () => [example.state.group.getCurrentFrame(), example.state.runtime.time];
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const paused0 = now();
    await sleep(400);
    const paused1 = now();
    document.getElementById('play').click();
    await sleep(800);
    const playing = now();
    document.getElementById('play').click();
    return { held: paused1.join() === paused0.join(), advanced: playing[0] !== paused1[0] && playing[1] > paused1[1] };
  });
  check('viewer: play and pause', played.held && played.advanced, JSON.stringify(played));

  // A file picked in the file input (what a drop also does) replaces the character.
  const [input] = await page.$$('#file');
  const before = await page.evaluate(() => { window.before = example.state.result; return true; });
  await input.uploadFile(path.join(root, 'assets', 'giraffe.glb'));
  await page.waitForFunction(() => document.getElementById('character').textContent.startsWith('giraffe.glb'), { timeout: 120000 });
  check('viewer: a picked file loads in place of the cow', before && await page.evaluate(() => example.state.result !== window.before && !!example.state.runtime));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500))); // a few frames of it
  check('viewer: no console or WebGL error', page.errors.length === 0, page.errors.join(' | '));
  await page.close();
}

async function crowdPage(n) {
  const page = await open(`crowd.html?count=${n}`, () => window.crowd?.ready === true);
  await page.waitForFunction(() => crowd.meter.updates >= 1, { timeout: 120000 });
  const crowd = await page.evaluate(() => {
    const { characters, stage } = window.crowd;
    return {
      count: characters.length,
      inView: characters.filter((c) => c.root.getChildMeshes(false).some((m) => stage.camera.isInFrustum(m))).length,
      runtimes: new Set(characters.map((c) => c.runtime)).size,
      frequencies: new Set(characters.map((c) => c.runtime.parameters.oscillation.frequency)).size,
      phases: new Set(characters.map((c) => c.group.getCurrentFrame().toFixed(4))).size,
      // The dynamics ran: each runtime's clock moved.
      stepped: characters.filter((c) => c.runtime.time > 0).length,
      label: document.getElementById('count').textContent,
    };
  });
  check(`crowd: ${n} characters in the scene and in view`, crowd.count === n && crowd.inView === n && crowd.label.startsWith(`${n} characters`), JSON.stringify(crowd));
  check('crowd: each its own runtime, dynamics and phase, stepped', crowd.runtimes === n && crowd.frequencies === n && crowd.phases === n && crowd.stepped === n,
    JSON.stringify(crowd));
  const first = await page.evaluate(() => crowd.meter.updates);
  await page.waitForFunction((u) => crowd.meter.updates >= u + 2, { timeout: 60000 }, first);
  const text = await page.evaluate(() => document.getElementById('fps').textContent);
  check('crowd: the fps counter updates', /^\d+(\.\d)? fps · dynskin \d+\.\d\d ms\/frame/.test(text), `"${text}"`);
  check('crowd: no console or WebGL error', page.errors.length === 0, page.errors.join(' | '));
  await page.close();

  const plain = await open('crowd.html?count=2&plugin=0', () => window.crowd?.ready === true);
  await plain.waitForFunction(() => crowd.meter.updates >= 1, { timeout: 120000 });
  check("crowd: the plain Babylon.js version (the bench's baseline) loads without the plugin",
    await plain.evaluate(() => window.crowd.characters.every((c) => c.runtime === null)) && plain.errors.length === 0, plain.errors.join(' | '));
  await plain.close();
}

// Both pages under ?engine=webgpu (Babylon.js's WebGPUEngine, WGSL materials): the cow moves
// with the dynamics, the crowd steps its runtimes, and neither logs an error.
async function onWebGpu() {
  const page = await open('index.html?paused&engine=webgpu', () => window.example?.ready === true);
  check('viewer on WebGPU: a WebGPUEngine draws the cow with its runtime',
    await page.evaluate(() => example.stage.engine.isWebGPU === true && !!example.state.runtime));
  const on = { mode: 'dynamic', oscillation: { frequency: 2, damping: 0.6, amplitude: 0.5, drag: 0.15 }, propagation_speed: null };
  const dynamic = await pictureAt(page, 1.5, on);
  const again = await pictureAt(page, 1.5, on);
  const off = await pictureAt(page, 1.5, { mode: 'lbs' });
  check('viewer on WebGPU: the skin moves differently with dynamics on vs off, the same twice', differentPixels(dynamic, off) > 200 && differentPixels(dynamic, again) === 0,
    `${differentPixels(dynamic, off)} pixels differ on vs off, ${differentPixels(dynamic, again)} twice the same`);
  check('viewer on WebGPU: no console or WebGPU error', page.errors.length === 0, page.errors.join(' | '));
  await page.close();
  const crowd = await open('crowd.html?count=3&engine=webgpu', () => window.crowd?.ready === true);
  await crowd.waitForFunction(() => crowd.meter.updates >= 1, { timeout: 120000 });
  const stepped = await crowd.evaluate(() => window.crowd.characters.filter((c) => c.runtime.time > 0).length);
  check('crowd on WebGPU: 3 characters stepped, no error', stepped === 3 && crowd.errors.length === 0, `${stepped} stepped; ${crowd.errors.join(' | ')}`);
  await crowd.close();
  const wrong = await open('index.html?engine=vulkan', () => document.getElementById('error').textContent !== '');
  check('viewer: an unknown ?engine is said on the page', /engine=vulkan: use webgl or webgpu/.test(await wrong.evaluate(() => document.getElementById('error').textContent)));
  await wrong.close();
}

try {
  await viewerPage();
  await crowdPage(6);
} catch (e) {
  check('the examples run', false, e.stack || String(e));
} finally {
  await browser.close();
}
browser = await ExamplesBrowser.start(dir, { packageName: 'dynskin-babylon', extraArgs: ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader'] });
try {
  await onWebGpu();
} catch (e) {
  check('the examples run on WebGPU', false, e.stack || String(e));
} finally {
  await browser.close();
}
console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
process.exit(failures ? 1 : 0);
