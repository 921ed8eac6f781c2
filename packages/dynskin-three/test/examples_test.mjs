// The examples in headless Chromium (software WebGL): the viewer page loads the bundled cow with
// no console error, its controls (a slider, switch or select for each row of dynskin's
// parameter table) set the runtime's parameters over the table's spans, and what it draws moves
// differently with the dynamics on and off (and the same twice over: the difference is the
// dynamics'); a file picked in its file input loads, a meshopt-compressed one (gltfpack) too;
// the crowd page shows its N characters, each with its own runtime, dynamics and animation
// phase, and its fps counter updates; the
// WebGPURenderer page plays the cow in node materials on WebGPU and on its WebGL 2 fallback.
// Usage: node test/examples_test.mjs [EXAMPLES_DIR]   (examples/build.sh's folder; default
// build-three-examples at the repository's root)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExamplesBrowser } from '../../test-support/examples_browser.mjs';
// The controls the viewer makes from dynskin's parameter table.
import { numberParameters, choiceParameters } from '../examples/parameters.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const dir = path.resolve(process.argv[2] || path.join(root, 'build-three-examples'));

let failures = 0;
function check(name, ok, detail = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures++;
}

// In the page: plays the clip from a reset to `seconds` at 60 Hz with the given parameters,
// draws, and returns the picture (read back in the same task, before the canvas is cleared).
const pictureAt = (page, seconds, parameters) => page.evaluate((t, p) => {
  if (p) example.state.runtime.setParameters(p);
  example.seek(t);
  const gl = example.stage.renderer.getContext();
  const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
  gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  return Array.from(pixels);
}, seconds, parameters);

function differentPixels(a, b) {
  let count = 0;
  for (let i = 0; i < a.length; i += 4)
    if (Math.abs(a[i] - b[i]) > 8 || Math.abs(a[i + 1] - b[i + 1]) > 8 || Math.abs(a[i + 2] - b[i + 2]) > 8) count++;
  return count;
}

async function viewerPage(browser) {
  const page = await browser.open('index.html?paused', () => window.example?.ready === true);
  check('viewer: the bundled cow loads with its dynskin runtime', await page.evaluate(() => !!example.state.runtime));
  // Every control of the table (parameters.js), as a user moves it (input and change events),
  // reaches the runtime: each slider at a value of its span (a logarithmic one's input holds
  // log10 of the value), each switch on (at the table's on value) and off, each select's choices.
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
      const input = document.getElementById(`slider-${p.label}`);
      const ends = [input.min, input.max].map((end) => (p.logarithmic ? 10 ** end : Number(end)));
      if (!near(ends[0], p.min) || !near(ends[1], p.max)) wrong.push(`${p.label} spans ${ends}`);
      if (p.off) {
        move(`switch-${p.label}`, true);
        if (value(p.key) !== p.off.on) wrong.push(`${p.label} switched on: ${value(p.key)}`);
      }
      const target = p.logarithmic ? p.min ** 0.7 * p.max ** 0.3 : 0.7 * p.min + 0.3 * p.max;
      move(input.id, p.logarithmic ? Math.log10(target) : target);
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
  check(`viewer: the ${numberParameters.length} sliders span the table's ranges and, with their switches and the ` +
    `${choiceParameters.length} selects, set the runtime's parameters`, wrong.length === 0, wrong.join('; '));

  // Dynamics on and off at the same time of the walk, and on again: what is drawn differs
  // between on and off, and not between the two runs with them on.
  const on = { mode: 'dynamic', oscillation: { frequency: 2, damping: 0.6, amplitude: 0.5, drag: 0.15 }, propagation_speed: null };
  const dynamic = await pictureAt(page, 1.5, on);
  const again = await pictureAt(page, 1.5, on);
  const off = await pictureAt(page, 1.5, { mode: 'lbs' });
  const slower = await pictureAt(page, 1.5, { ...on, oscillation: { ...on.oscillation, frequency: 0.5 } });
  const changed = differentPixels(dynamic, off);
  check('viewer: the skin moves differently with dynamics on vs off', changed > 200, `${changed} pixels differ`);
  check('viewer: the same time with the same settings draws the same', differentPixels(dynamic, again) === 0,
    `${differentPixels(dynamic, again)} pixels differ`);
  check('viewer: a slider\'s value shows in the motion (f 2 vs 0.5 Hz)', differentPixels(dynamic, slower) > 50,
    `${differentPixels(dynamic, slower)} pixels differ`);

  // Play and pause: playing advances the clip, paused holds it.
  const played = await page.evaluate(async () => {
    const time = () => example.state.action.time;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const paused0 = time();
    await sleep(400);
    const paused1 = time();
    document.getElementById('play').click();
    await sleep(600);
    const playing = time();
    document.getElementById('play').click();
    return { held: paused1 === paused0, advanced: playing !== paused1 };
  });
  check('viewer: play and pause', played.held && played.advanced, JSON.stringify(played));

  // A file picked in the file input (what a drop also does) replaces the character.
  const [input] = await page.$$('#file');
  const before = await page.evaluate(() => example.state.gltf);
  await input.uploadFile(path.join(root, 'assets', 'giraffe.glb'));
  await page.waitForFunction(() => document.getElementById('character').textContent.startsWith('giraffe.glb'), { timeout: 60000 });
  check('viewer: a picked file loads in place of the cow',
    await page.evaluate((b) => example.state.gltf !== b && !!example.state.runtime, before));

  // The same giraffe as gltfpack -cc writes it (quantized, EXT_meshopt_compression): three.js's
  // meshopt decoder, served with the page, opens it, and it plays with dynskin's defaults.
  const packed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dynskin-examples-')), 'giraffe-meshopt.glb');
  execFileSync(path.join(root, 'packages/node_modules/.bin/gltfpack'), ['-i', path.join(root, 'assets', 'giraffe.glb'), '-o', packed, '-cc']);
  const packedBytes = fs.readFileSync(packed);
  const packedJson = JSON.parse(packedBytes.subarray(20, 20 + packedBytes.readUInt32LE(12)).toString());
  const giraffe = await page.evaluate(() => example.state.gltf);
  await input.uploadFile(packed);
  await page.waitForFunction(() => document.getElementById('character').textContent.startsWith('giraffe-meshopt.glb'), { timeout: 60000 });
  const meshopt = await page.evaluate((g) => {
    const { gltf, runtime } = example.state;
    return { loaded: gltf !== g && !!runtime, required: gltf.parser.json.extensionsRequired ?? [] };
  }, giraffe);
  check('viewer: a meshopt-compressed file (gltfpack -cc) loads and plays',
    meshopt.loaded && meshopt.required.includes('EXT_meshopt_compression') && packedJson.extensionsRequired.includes('EXT_meshopt_compression'),
    JSON.stringify(meshopt));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));  // a few frames of it
  check('viewer: no console error', page.errors.length === 0, page.errors.join(' | '));
  await page.close();
}

async function crowdPage(browser, n) {
  const page = await browser.open(`crowd.html?n=${n}`, () => window.crowd?.ready === true);
  const crowd = await page.evaluate(() => {
    const { characters, stage } = window.crowd;
    const camera = stage.camera;
    camera.updateMatrixWorld();
    const onScreen = characters.filter((c) => {
      const centre = c.gltf.scene.position.clone().project(camera);
      return Math.abs(centre.x) <= 1 && Math.abs(centre.y) <= 1 && centre.z < 1;
    }).length;
    const frequencies = characters.map((c) => c.runtime.parameters.oscillation.frequency);
    return {
      count: characters.length,
      inScene: characters.filter((c) => stage.scene.children.includes(c.gltf.scene)).length,
      onScreen,
      runtimes: new Set(characters.map((c) => c.runtime)).size,
      frequencies: new Set(frequencies).size,
      phases: new Set(characters.map((c) => c.action.time.toFixed(4))).size,
      label: document.getElementById('count').textContent,
    };
  });
  check(`crowd: ${n} characters in the scene and in view`, crowd.count === n && crowd.inScene === n && crowd.onScreen === n &&
    crowd.label.startsWith(`${n} characters`), JSON.stringify(crowd));
  check('crowd: each its own runtime, dynamics and phase', crowd.runtimes === n && crowd.frequencies === n && crowd.phases === n,
    JSON.stringify(crowd));
  const first = await page.evaluate(() => ({ updates: crowd.meter.updates, text: document.getElementById('fps').textContent }));
  await page.waitForFunction((u) => crowd.meter.updates >= u + 2, { timeout: 30000 }, first.updates);
  const second = await page.evaluate(() => ({ updates: crowd.meter.updates, text: document.getElementById('fps').textContent }));
  check('crowd: the fps counter updates', /^\d+(\.\d)? fps · dynskin \d+\.\d\d ms\/frame/.test(second.text) && second.updates > first.updates,
    `"${second.text}"`);
  check('crowd: no console error', page.errors.length === 0, page.errors.join(' | '));
  await page.close();

  const plain = await browser.open('crowd.html?n=2&plugin=0', () => window.crowd?.ready === true);
  check('crowd: the plain three.js version (the bench\'s baseline) loads without the plugin',
    await plain.evaluate(() => window.crowd.characters.every((c) => c.runtime === null)) && plain.errors.length === 0,
    plain.errors.join(' | '));
  await plain.close();
}

// webgpu.html (WebGPU on SwiftShader, and ?webgl=1, its WebGL 2 fallback): the cow's materials
// are node materials running dynskin's stage, the runtime steps, and nothing is said in error.
async function webgpuPage(browser, fallback) {
  const backend = fallback ? 'WebGL 2' : 'WebGPU';
  const page = await browser.open(`webgpu.html${fallback ? '?webgl=1' : ''}`, () => window.example?.ready === true);
  const start = await page.evaluate(() => example.dynskin.time);
  await page.waitForFunction((t) => example.dynskin.time > t, { timeout: 60000 }, start);
  const r = await page.evaluate(() => ({
    backend: document.getElementById('backend').textContent,
    nodeMaterials: example.dynskin.characters.every((c) => c.meshes.every((m) => m.material.isNodeMaterial && m.material.positionNode)),
  }));
  check(`webgpu: the cow in node materials on ${backend}`, r.nodeMaterials && r.backend.includes(fallback ? 'WebGL 2' : 'WebGPU'), JSON.stringify(r));
  check(`webgpu: no console error on ${backend}`, page.errors.length === 0, page.errors.join(' | '));
  await page.close();
}

// The crowd page under WebGPURenderer (?renderer=webgpu, what bench/three/bench.mjs --renderer
// webgpu measures): node materials on WebGPU, frames drawn, and the plain variant beside it.
async function crowdOnWebGpu(browser) {
  const page = await browser.open('crowd.html?n=2&renderer=webgpu', () => window.crowd?.ready === true);
  const first = await page.evaluate(() => crowd.meter.updates);
  await page.waitForFunction((u) => crowd.meter.updates >= u + 1, { timeout: 60000 }, first);
  const r = await page.evaluate(() => ({
    webgpu: crowd.stage.renderer.backend.isWebGPUBackend === true,
    nodeMaterials: crowd.characters.every((c) => c.runtime.characters.every((k) => k.meshes.every((m) => m.material.isNodeMaterial))),
    text: document.getElementById('fps').textContent,
  }));
  check('crowd on WebGPU: node materials, the frames counted', r.webgpu && r.nodeMaterials && /fps · dynskin/.test(r.text), JSON.stringify(r));
  check('crowd on WebGPU: no console error', page.errors.length === 0, page.errors.join(' | '));
  await page.close();
  const plain = await browser.open('crowd.html?n=1&plugin=0&renderer=webgpu', () => window.crowd?.ready === true);
  await plain.evaluate(() => crowd.stage.finish());
  check('crowd on WebGPU: the plain variant loads', plain.errors.length === 0, plain.errors.join(' | '));
  await plain.close();
  const wrong = await browser.open('crowd.html?n=1&renderer=vulkan', () => document.getElementById('error').textContent !== '');
  check('crowd: an unknown ?renderer is said on the page', /renderer=vulkan: use webgl, webgpu or webgpu-webgl2/.test(
    await wrong.evaluate(() => document.getElementById('error').textContent)), '');
  await wrong.close();
}

const browser = await ExamplesBrowser.start(dir);
try {
  await viewerPage(browser);
  await crowdPage(browser, 6);
} catch (e) {
  check('the examples run', false, e.stack || String(e));
} finally {
  await browser.close();
}
const webgpuBrowser = await ExamplesBrowser.start(dir, { extraArgs: ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader'] });
try {
  await webgpuPage(webgpuBrowser, false);
  await webgpuPage(webgpuBrowser, true);
  await crowdOnWebGpu(webgpuBrowser);
} catch (e) {
  check('the WebGPURenderer example runs', false, e.stack || String(e));
} finally {
  await webgpuBrowser.close();
}
console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
process.exit(failures ? 1 : 0);
