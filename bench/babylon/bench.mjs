// dynskin-babylon against Babylon.js's plain skinning on the same file (the public Fox's "Run"
// from ../shared/rigs/wild when present, else the bundled cow), in one headless Chromium on
// software WebGL: 1, 10 and 100 characters of each, their frames interleaved, whole frames
// (animation step, dynskin's runtimes, draw, the GPU's finish) and the CPU time of the
// runtimes' updateWithAnimationGroups per character per frame, the median of the rounds. The
// page is served cross-origin isolated (COOP and COEP), so that performance.now() is precise
// to 5 µs rather than 100 µs. Prints a table; it never fails on speed.
// Usage: bench/babylon/bench.sh (installs what it needs first), or
//   node bench/babylon/bench.mjs [--file FILE.glb --clip NAME] [--sizes 1,10,100] [--frames 120,40,12] [--rounds 3] [--profile] [--webgpu]
// --webgpu: both variants on Babylon.js's WebGPUEngine (Chromium's WebGPU on SwiftShader's Vulkan).
// --profile prints instead where updateWithAnimationGroups spends its time (Chromium's
// profiler), for the first of --sizes.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printShares, profileSelfTime } from '../cpu_profile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// puppeteer-core from the web packages' development dependencies (packages/npm_ci_if_needed.sh).
const puppeteer = createRequire(path.join(root, 'packages/dynskin-babylon/package.json'))('puppeteer-core');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const fox = path.join(root, '../shared/rigs/wild/Fox.glb');
const file = path.resolve(option('file', fs.existsSync(fox) ? fox : path.join(root, 'assets/cow.glb')));
const clip = option('clip', file === fox ? 'Run' : '');
const sizes = option('sizes', '1,10,100').split(',').map(Number);
// Fewer frames for more characters: a frame of 100 takes SwiftShader a good part of a second.
const frames = option('frames', '120,40,12').split(',').map(Number);
const rounds = Number(option('rounds', 3));
const webgpu = args.includes('--webgpu');

// The repository at /, the character at /character.glb, every answer with the headers of
// cross-origin isolation.
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.glb': 'model/gltf-binary' };
function serve() {
  const server = http.createServer((request, response) => {
    const address = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const target = address === '/character.glb' ? file : path.join(root, address);
    if ((target !== file && !target.startsWith(root + path.sep)) || !fs.existsSync(target) || !fs.statSync(target).isFile()) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': types[path.extname(target)] || 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    fs.createReadStream(target).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const server = await serve();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', ...(webgpu ? ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader'] : []),
    `--user-data-dir=${fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'dynskin-babylon-bench-'))}`],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.setDefaultTimeout(1800000);
  await page.goto(`http://127.0.0.1:${server.address().port}/bench/babylon/page/index.html${webgpu ? '?engine=webgpu' : ''}`);
  await page.waitForFunction(() => window.babylonBench?.ready === true, { timeout: 120000 });
  if (args.includes('--profile')) {
    const n = sizes[0];
    await page.evaluate((count, c) => babylonBench.setup('/character.glb', count, c), n, clip);
    await page.evaluate(() => babylonBench.profileLoop(600));
    const p = await profileSelfTime(page, () => page.evaluate(() => babylonBench.profileLoop(3000)),
      { functionName: 'updateWithAnimationGroups', scriptEnd: '/runtime.js' });
    console.log(`Profile: updateWithAnimationGroups, ${n} characters, 3000 frames of 1/60 s, ${((1000 * p.result) / 3000 / n).toFixed(1)} µs a ` +
      `character a frame; self time of the ${p.inside} samples inside it (${p.samples} in all), the top 30:`);
    printShares(p.shares);
  } else {
    await table(page);
  }
  if (errors.length) throw new Error(errors.join(' | '));
} finally {
  await browser.close();
  server.close();
}

// The side-by-side table: each size, the variants interleaved, the median of the rounds.
async function table(page) {
  const babylon = JSON.parse(fs.readFileSync(path.join(root, 'packages/node_modules/@babylonjs/core/package.json'), 'utf8')).version;
  const backend = webgpu ? 'WebGPUEngine on WebGPU, SwiftShader' : 'software WebGL, SwiftShader';
  console.log(`dynskin-babylon vs Babylon.js ${babylon}'s skinning: ${await browser.version()} (${backend}), ${file}${clip ? `, clip ${clip}` : ''}`);
  console.log(`frames of 1/60 s drawn at 640 x 400, the two variants interleaved; the median of ${rounds} rounds`);
  console.log('\n| characters | plain Babylon.js: fps (ms a frame) | dynskin-babylon: fps (ms a frame) | dynskin updateWithAnimationGroups: CPU µs per character per frame |');
  console.log('|---|---|---|---|');
  for (const [i, n] of sizes.entries()) {
    const info = await page.evaluate((count, c) => babylonBench.setup('/character.glb', count, c), n, clip);
    if (!info.crossOriginIsolated) throw new Error('the page is not cross-origin isolated: performance.now() would be rounded to 100 µs');
    const f = frames[Math.min(i, frames.length - 1)];
    const runs = [];
    for (let r = 0; r < rounds; ++r) runs.push(await page.evaluate((count) => babylonBench.run(count, Math.max(2, count >> 2)), f));
    const m = (key) => median(runs.map((run) => run[key]));
    console.log(`| ${n} | ${m('plainFps').toFixed(1)} (${m('plainFrameMs').toFixed(1)}) | ${m('dynskinFps').toFixed(1)} (${m('dynskinFrameMs').toFixed(1)}) | ${m('updateMicroseconds').toFixed(1)} |`);
    if (i === 0) console.log(`(${info.joints} joints, ${info.vertices} vertices a character; crossOriginIsolated ${info.crossOriginIsolated})`);
  }
}
