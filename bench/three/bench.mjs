// dynskin-three against plain three.js skinning, side by side in one headless Chromium
// (software WebGL on SwiftShader, or WebGPU on SwiftShader's Vulkan), the same file, the same
// renderer and the same canvas: the examples' crowd page (crowd.html?manual) drawn frame by
// frame, with the plugin and without, interleaved over rounds. A frame's time runs from the
// mixers' update until the GPU has drawn it (a one-pixel read on WebGL, the queue's submitted
// work on WebGPU); the plugin's CPU time is its update() calls alone. Then the crowd: the most
// characters whose frame fits in 1/60 s, with the plugin and without.
// Prints figures; it never fails on speed. Usage: bench/three/run.sh (builds the examples first).
//   node bench/three/bench.mjs EXAMPLES_DIR [--rounds 3] [--frames 120] [--sizes 1,10]
//        [--canvas 800x500] [--file models/cow.glb] [--max 512] [--fps 60,30] [--no-crowd]
//        [--query antialias=0&shadows=0]   (more of the page's options, the same for both)
//        [--renderer webgl|webgpu|webgpu-webgl2]   (WebGLRenderer, the default; WebGPURenderer
//        on WebGPU, where the plugin makes node materials; WebGPURenderer on its WebGL 2 fallback)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExamplesBrowser } from '../../packages/test-support/examples_browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const dir = path.resolve(args[0] && !args[0].startsWith('--') ? args[0] : path.join(here, '../../build-three-examples'));
const rounds = Number(option('rounds', 3));
const frames = Number(option('frames', 120));
const sizes = option('sizes', '1,10').split(',').map(Number);
const [width, height] = option('canvas', '800x500').split('x').map(Number);
const file = option('file', 'models/cow.glb');
const maxCrowd = Number(option('max', 512));
const rates = option('fps', '60,30').split(',').map(Number);
const extraQuery = option('query', '');
const rendererKind = option('renderer', 'webgl');
if (!['webgl', 'webgpu', 'webgpu-webgl2'].includes(rendererKind)) throw new Error(`--renderer ${rendererKind}: use webgl, webgpu or webgpu-webgl2`);
const pageOptions = [extraQuery, rendererKind === 'webgl' ? '' : `renderer=${rendererKind}`].filter(Boolean).join('&');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

// Loads n characters with or without the plugin and times `count` frames after a warm-up.
async function measure(browser, n, plugin, count) {
  const query = `crowd.html?manual&n=${n}&plugin=${plugin ? 1 : 0}&file=${encodeURIComponent(file)}${pageOptions ? `&${pageOptions}` : ''}`;
  const page = await browser.open(query, () => window.crowd?.ready === true, { width, height }, 600000);
  const result = await page.evaluate(async (count) => {
    const frame = async () => {
      const start = performance.now();
      const dynskinMs = crowd.step(1 / 60);
      await crowd.stage.finish();  // waits for the drawing
      return { frameMs: performance.now() - start, dynskinMs };
    };
    for (let i = 0; i < 20; i++) await frame();  // shaders compiled, caches warm
    const samples = [];
    for (let i = 0; i < count; i++) samples.push(await frame());
    const canvas = crowd.stage.renderer.domElement;
    return { canvas: [canvas.width, canvas.height], samples };
  }, count);
  if (page.errors.length) throw new Error(`${query}: ${page.errors.join(' | ')}`);
  await page.close();
  return {
    canvas: result.canvas,
    frameMs: median(result.samples.map((s) => s.frameMs)),
    dynskinMs: mean(result.samples.map((s) => s.dynskinMs)),
  };
}

// The most characters (up to maxCrowd) whose median frame fits in budgetMs: doubling, then halving.
async function capacity(browser, plugin, budgetMs) {
  const fits = async (n) => (await measure(browser, n, plugin, 60)).frameMs <= budgetMs;
  if (!(await fits(1))) return 0;
  let low = 1, high = 2;
  while (high <= maxCrowd && (await fits(high))) {
    low = high;
    high *= 2;
  }
  if (high > maxCrowd) return low;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (await fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}

const fmt = (v, digits = 2) => v.toFixed(digits).padStart(8);
const webgpuFlags = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader'];
const browser = await ExamplesBrowser.start(dir, { extraArgs: rendererKind === 'webgpu' ? webgpuFlags : [] });
const rendererName = { webgl: 'WebGLRenderer on SwiftShader WebGL 2', webgpu: 'WebGPURenderer on WebGPU (SwiftShader Vulkan)',
  'webgpu-webgl2': 'WebGPURenderer on its WebGL 2 fallback (SwiftShader)' }[rendererKind];
try {
  const version = await browser.browser.version();
  console.log(`dynskin-three vs plain three.js skinning: ${version}, ${rendererName}, ${file}, canvas ${width}x${height}` +
    `${extraQuery ? `, ${extraQuery}` : ''}, ${frames} frames a run, ${rounds} rounds`);
  const medians = [];  // [n, plugin frame ms, plain frame ms] for the fit below
  for (const n of sizes) {
    const runs = { plugin: [], plain: [] };
    console.log(`\n${n} character(s):`);
    console.log('  round  variant   frame ms  dynskin ms/frame  µs/character');
    for (let round = 1; round <= rounds; round++) {
      // Alternate which goes first, so that neither always runs on a warmer browser.
      const order = round % 2 ? [true, false] : [false, true];
      for (const plugin of order) {
        const r = await measure(browser, n, plugin, frames);
        runs[plugin ? 'plugin' : 'plain'].push(r);
        console.log(`  ${String(round).padStart(5)}  ${plugin ? 'plugin ' : 'plain  '} ${fmt(r.frameMs)}  ${fmt(r.dynskinMs, 3)}        ${plugin ? fmt((r.dynskinMs * 1000) / n, 1) : '       -'}` +
          `   (canvas ${r.canvas.join('x')})`);
      }
    }
    const plugin = median(runs.plugin.map((r) => r.frameMs)), plain = median(runs.plain.map((r) => r.frameMs));
    const cpu = median(runs.plugin.map((r) => r.dynskinMs));
    console.log(`  median: plugin ${plugin.toFixed(2)} ms, plain ${plain.toFixed(2)} ms a frame (x${(plugin / plain).toFixed(2)}); ` +
      `the plugin's CPU time ${cpu.toFixed(3)} ms a frame, ${((cpu * 1000) / n).toFixed(1)} µs a character`);
    medians.push([n, plugin, plain]);
  }
  // What one more character costs, from the smallest and the largest crowd: a frame is about
  // fixed + perCharacter * n, which tells how many fit in 1/60 s where the crowd search below
  // finds none (a loaded machine).
  if (medians.length >= 2) {
    const [n0, plugin0, plain0] = medians[0], [n1, plugin1, plain1] = medians[medians.length - 1];
    for (const [name, f0, f1] of [['plugin', plugin0, plugin1], ['plain', plain0, plain1]]) {
      const perCharacter = (f1 - f0) / (n1 - n0), fixed = f0 - perCharacter * n0;
      console.log(`  ${name}: a frame is about ${fixed.toFixed(1)} ms + ${perCharacter.toFixed(1)} ms a character`);
    }
  }
  if (!args.includes('--no-crowd')) {
    for (const fps of rates) {
      const budgetMs = 1000 / fps;
      console.log(`\nThe crowd: most characters whose median frame fits in ${budgetMs.toFixed(2)} ms (${fps} fps), up to ${maxCrowd}:`);
      console.log(`  with dynskin-three: ${await capacity(browser, true, budgetMs)}`);
      console.log(`  plain three.js skinning: ${await capacity(browser, false, budgetMs)}`);
    }
  }
} finally {
  await browser.close();
}
