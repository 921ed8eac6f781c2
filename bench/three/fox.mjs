// dynskin-three against three-vrm's spring bones on the public Fox (clip "Run"), side by side
// in one headless Chromium: the CPU time of each runtime's update call alone, per character
// per frame, for 1, 10 and 100 Foxes, with frames at 60 Hz, at 30 Hz (two ticks an update)
// and jittered (half a tick to three and a half), the variants interleaved frame by frame and
// the whole repeated over rounds; then what each call allocates, and what dynskin-three's
// texture uploads cost. The page is served cross-origin isolated (COOP and COEP), so that
// performance.now() is precise to 5 µs rather than 100 µs. Prints figures; it never fails on
// speed. Usage: bench/three/fox.sh (installs what it needs first), or
//   node bench/three/fox.mjs --fox FOX.glb --vrm NODE_MODULES [--sizes 1,10,100]
//        [--steps 60,30,display,jittered] [--rounds 3] [--frames 600] [--profile | --parts]
// --profile prints where dynskin-three's update spends its time instead (Chromium's profiler);
// --parts its parts timed apart (reading the bones, the core, publishing); both for 10 Foxes,
// or for each of --sizes when given.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printShares, profileSelfTime } from '../cpu_profile.mjs';
import { foxCommandLine } from './fox/command-line.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// puppeteer-core from the web packages' development dependencies (packages/npm_ci_if_needed.sh).
const puppeteer = createRequire(path.join(root, 'packages/dynskin-three/package.json'))('puppeteer-core');
const { args, option, foxFile, vrmModules, springbone } = foxCommandLine(root);
const sizes = option('sizes', '1,10,100').split(',').map(Number);
// --profile and --parts: 10 Foxes unless --sizes says otherwise.
const partSizes = args.includes('--sizes') ? sizes : [10];
const stepKinds = option('steps', '60,30,display,jittered').split(',');
const rounds = Number(option('rounds', 3));
const frames = Number(option('frames', 600));

// The repository at /, the Fox at /fox/Fox.glb, three-vrm at /vrm/, every answer with the
// headers of cross-origin isolation.
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.glb': 'model/gltf-binary' };
function serve() {
  const server = http.createServer((request, response) => {
    const address = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    let file;
    if (address === '/fox/Fox.glb') file = foxFile;
    else if (address.startsWith('/vrm/')) file = path.join(vrmModules, address.slice(5));
    else file = path.join(root, address);
    const inside = file === foxFile || file.startsWith(vrmModules + path.sep) || file.startsWith(root + path.sep);
    if (!inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': types[path.extname(file)] || 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const stepName = { 60: '1/60 s', 30: '1/30 s', display: 'display', jittered: 'jittered' };

// Where dynskin's update spends its time: Chromium's sampling profiler over n Foxes' frames,
// the samples inside DynskinRuntime.update by function.
async function profile(page, n, kind) {
  await page.evaluate((url, count) => foxBench.setup(url, count), '/fox/Fox.glb', n);
  await page.evaluate((k) => foxBench.profileLoop(k, 600), kind);
  const p = await profileSelfTime(page, () => page.evaluate((k) => foxBench.profileLoop(k, 3000), kind),
    { functionName: 'update', scriptEnd: '/core-runtime.js' });
  const perFrame = (1000 * p.result.dynskin) / 3000 / n;
  console.log(`\nProfile: DynskinRuntime.update, ${n} Foxes, ${stepName[kind]} steps, 3000 frames, ${perFrame.toFixed(2)} µs per Fox per frame; ` +
    `self time of the ${p.inside} samples inside it (${p.samples} in all), the top 30:`);
  printShares(p.shares);
}

// dynskin's update(delta) in its parts (foxBench.parts), each size and kind of steps, the
// median of the rounds.
async function parts(page) {
  console.log(`\nDynskinRuntime.update(delta) in its parts, each part's calls timed apart over ${frames} frames, median of ${rounds} rounds, µs per Fox:`);
  console.log('| Foxes | steps | reading the bones (readLocals) | the core (JointLevel.update) | the shaders\' values (publish) |');
  console.log('|---|---|---|---|---|');
  for (const n of partSizes) {
    await page.evaluate((url, count) => foxBench.setup(url, count), '/fox/Fox.glb', n);
    for (const kind of stepKinds) {
      const runs = [];
      for (let r = 0; r < rounds; ++r) runs.push(await page.evaluate((k, f) => foxBench.parts(k, f), kind, frames));
      const m = (key) => median(runs.map((run) => run[key])).toFixed(2);
      console.log(`| ${n} | ${stepName[kind]} | ${m('read')} | ${m('core')} | ${m('publish')} |`);
    }
  }
}

// The table: each size and kind of steps, the variants interleaved, the median of the rounds.
async function table(page) {
  console.log('\n| Foxes | steps | dynskin update(delta) | dynskin updateWithMixer | three-vrm springs update | (AnimationMixer update) | dynskin core memory per Fox |');
  console.log('|---|---|---|---|---|---|---|');
  for (const n of sizes) {
    const setup = await page.evaluate((url, count) => foxBench.setup(url, count), '/fox/Fox.glb', n);
    for (const kind of stepKinds) {
      const runs = [];
      for (let r = 0; r < rounds; ++r) runs.push(await page.evaluate((k, f, w) => foxBench.run(k, f, w), kind, frames, frames / 4));
      const m = (key) => median(runs.map((run) => run[key])).toFixed(2);
      console.log(`| ${n} | ${stepName[kind]} | ${m('dynskin')} | ${m('withMixer')} | ${m('spring')} | ${m('mixer')} | ${(setup.wasmBytesPerFox / 1024).toFixed(1)} KiB |`);
    }
  }
}

// What a call allocates, each variant alone on the n Foxes set up last: V8's sampling heap
// profiler, the objects collected since included (the VM's own states and the bench page's
// loop left out), over 10,000 calls after as many of warm-up.
async function allocations(page, n) {
  const framesEach = Math.ceil(10000 / n);
  const cdp = await page.createCDPSession();
  await cdp.send('HeapProfiler.enable');
  const allocated = {};
  for (const variant of ['dynskin', 'withMixer', 'spring', 'mixer']) {
    await page.evaluate((v, f) => foxBench.callsAlone(v, f), variant, framesEach);
    await cdp.send('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    const calls = await page.evaluate((v, f) => foxBench.callsAlone(v, f), variant, framesEach);
    const { profile: p } = await cdp.send('HeapProfiler.stopSampling');
    let bytes = 0;
    const sum = (node) => {
      const { functionName, url } = node.callFrame;
      if (!functionName.startsWith('(') && url && !url.endsWith('/fox-page.js')) bytes += node.selfSize;
      node.children.forEach(sum);
    };
    sum(p.head);
    allocated[variant] = bytes / calls;
  }
  await cdp.detach();
  console.log(`\nJS heap allocated per update call (V8's sampling heap profiler, 10,000 calls over ${n} Foxes, bones held still ` +
    `but in updateWithMixer): dynskin update ${allocated.dynskin.toFixed(1)} bytes, updateWithMixer ${allocated.withMixer.toFixed(1)} bytes ` +
    `(the AnimationMixer's updates included), three-vrm springs update ${allocated.spring.toFixed(1)} bytes; ` +
    `an AnimationMixer's update alone ${allocated.mixer.toFixed(1)} bytes`);
}

async function uploads(page) {
  const u = await page.evaluate((f) => foxBench.uploads(f), 300);
  const fmt = ({ sent, done }) => `${sent.toFixed(1)} µs sent, ${done.toFixed(1)} µs until the GPU has it`;
  console.log(`\nUploads a frame, one Fox with dLBS (c = 1.5: a ring of ${u.ringTicks} ticks x ${u.joints} joints, ${u.ringTexels} texels), ` +
    `three.js's initTexture alone, software WebGL (SwiftShader), mean of 300 frames:`);
  console.log(`  joint rows (${u.joints} x 19 texels, the texture their size): ${fmt(u.rows)}`);
  console.log(`  dLBS ring, the new tick's rows alone (update ranges): ${fmt(u.ringRows)}`);
  console.log(`  dLBS ring, whole: ${fmt(u.ringWhole)}`);
  console.log(`  the previous ring, 2048 ticks whole (1024 x 48 texels): ${fmt(u.oldRing)}`);
}

const server = await serve();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
    `--user-data-dir=${fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'dynskin-fox-bench-'))}`],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.setDefaultTimeout(1800000);
  await page.goto(`http://127.0.0.1:${server.address().port}/bench/three/fox/index.html`);
  await page.waitForFunction(() => window.foxBench?.ready === true, { timeout: 60000 });
  const version = JSON.parse(fs.readFileSync(springbone, 'utf8')).version;
  const info = await page.evaluate((url) => foxBench.setup(url, 1), '/fox/Fox.glb');
  console.log(`dynskin-three vs @pixiv/three-vrm-springbone ${version}: ${await browser.version()}, ${foxFile}, clip Run`);
  console.log(`crossOriginIsolated: ${info.crossOriginIsolated}`);
  console.log(`dynskin: all ${info.joints} joints, mode dynamic (the core's defaults); three-vrm: ${info.springJoints} spring joints on the tail (${info.tail.join(' > ')})`);
  console.log(`CPU µs per Fox per frame of each runtime's update call alone; mean over ${frames} frames after ${frames / 4} of warm-up, median of ${rounds} rounds`);
  if (!info.crossOriginIsolated) throw new Error('the page is not cross-origin isolated: performance.now() would be rounded to 100 µs');
  if (errors.length) throw new Error(errors.join(' | '));

  if (args.includes('--profile')) {
    for (const n of partSizes) for (const kind of stepKinds) await profile(page, n, kind);
  } else if (args.includes('--parts')) {
    await parts(page);
  } else {
    await table(page);
    await allocations(page, sizes[sizes.length - 1]);
    await uploads(page);
  }
  if (errors.length) throw new Error(errors.join(' | '));
} finally {
  await browser.close();
  server.close();
}
