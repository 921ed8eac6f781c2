// The browser viewer's frame rate as a ratio to a minimal three.js page's (bench/threejs/,
// three pinned in its package.json) on the same glb, in the same headless Chromium (WebGL on
// SwiftShader, the CPU), the same 1280x800 window: its first clip, a directional and a
// hemisphere light, a grid. Like for like: each dynskin query is measured against three.js
// drawn alike, with `antialias: true` (4x MSAA) when the query pins quality=high, without
// otherwise. Runs interleaved (dynskin, three.js, on each file and query in turn), several
// rounds; each page is measured alone, after its first frames.
// Never a CI test: the figures depend on the machine and what else runs on it.
// Usage:
//   npm install --prefix bench/threejs        (once: three@0.187.0)
//   NODE_PATH=build-web/_deps/puppeteer/node_modules node bench/web_vs_threejs.js [build-web] [seconds] [rounds] [queries] [files]
// queries: dynskin's page queries, comma-separated (default "quality=high,quality=medium"; for
// instance "gpu&quality=high" or "quality=auto").
// files: the names to measure, comma-separated (default all): the bundled cow and dragon, and
// every .glb of ../shared/rigs/wild when the workspace has it (Fox, ...).
// --parts (anywhere): instead of the ratio, what each part of a frame costs in both pages: the
// frame whole, without the grid, without the character, without either (the viewer's Display
// switches through dynskin_set_display; the peer's ?grid=0, ?model=0), CPU ms a frame.
'use strict';
const fs = require('fs');
const path = require('path');
const { call, frames, sleep, main } = require('../tests/web/harness');
const { cpuMsOfTree, openInViewer } = require('./web_bench_support');

const parts = process.argv.includes('--parts');
const argv = process.argv.filter((a) => a !== '--parts');
const seconds = Number(argv[3]) || 5;
const rounds = Number(argv[4]) || 3;
const queries = (argv[5] || 'quality=high,quality=medium').split(',');
const only = argv[6] ? argv[6].split(',') : null;
// --parts: what each page leaves out, by the viewer's switch names (mesh: the character).
const variants = parts ? [[], ['grid'], ['mesh'], ['grid', 'mesh']] : [[]];
const variantName = (hidden) => (hidden.length ? `without ${hidden.map((h) => (h === 'mesh' ? 'character' : h)).join(', ')}` : 'whole');
// A measurement's row: the file, dynskin's query, three.js's antialiasing (and the variant).
const rowOf = (file, query, hidden) =>
  `${file.name} | ${query} | ${antialiased(query) ? 'true' : 'false'}${parts ? ` | ${variantName(hidden)}` : ''}`;
const root = path.resolve(__dirname, '..');
const threeDir = path.join(__dirname, 'threejs');
const wild = path.resolve(root, '../shared/rigs/wild');
if (!fs.existsSync(path.join(threeDir, 'node_modules/three/build/three.module.js')))
  throw new Error('three.js is missing: npm install --prefix bench/threejs');

const files = [
  { name: 'cow', url: '/assets/cow.glb', bundled: true },
  { name: 'dragon', url: '/assets/dragon.glb', bundled: true },
];
// Every public rig of the workspace (.glb; the Fox first, the one the figures quote).
const rigs = fs.existsSync(wild) ? fs.readdirSync(wild).filter((f) => f.endsWith('.glb')).sort((a, b) =>
  (b === 'Fox.glb') - (a === 'Fox.glb') || a.localeCompare(b)) : [];
for (const rig of rigs) files.push({ name: rig.replace(/\.glb$/, ''), url: `/rigs/${rig}`, bundled: false });
if (!rigs.length) console.log(`(no public rig: ${wild} has no .glb)`);
const measuredFiles = only ? files.filter((f) => only.includes(f.name)) : files;
if (only && measuredFiles.length !== only.length) throw new Error(`files: ${only} not all among ${files.map((f) => f.name)}`);
// three.js multisamples the canvas where dynskin multisamples its view.
const antialiased = (query) => new URLSearchParams(query).get('quality') === 'high';

// The CPU time (ms) Chromium's processes have used so far: the browser's and its children's
// (the renderer, and the GPU process where SwiftShader draws).
let browserPid = 0;
const chromiumCpuMs = () => cpuMsOfTree(browserPid);

// Frames per second over the measured seconds, after a second for the first frames, and
// Chromium's CPU milliseconds per frame meanwhile: the cost of a frame, which other work on
// the machine moves less than the frame rate (each page is measured alone).
async function rate(page, count) {
  await sleep(1500);
  const f0 = await count(), t0 = Date.now(), c0 = chromiumCpuMs();
  await sleep(seconds * 1000);
  const frames = (await count()) - f0;
  return { fps: frames / ((Date.now() - t0) / 1000), cpuMs: (chromiumCpuMs() - c0) / frames };
}

async function dynskin(session, file, query, hidden) {
  const page = await session.open(`?character=${file.bundled ? file.name : 'bar'}&${query}`);
  if (!file.bundled) await openInViewer(page, file.url);  // a file of the user's
  for (const name of hidden) {
    if (await call(page, 'dynskin_set_display', 'number', ['string', 'number'], [name, 0]) !== 0)
      throw new Error(`the viewer has no display switch ${name}`);
  }
  const { fps, cpuMs } = await rate(page, () => frames(page));
  const quality = await page.evaluate(() => (Module._dynskin_quality_level ? Module.ccall('dynskin_quality_name', 'string') : 'fixed'));
  if (page.errors.length) console.log(`  dynskin ${file.name}: ${page.errors.join('; ')}`);
  await page.close();
  return { fps, cpuMs, quality };
}

async function three(session, file, query, hidden) {
  const page = await session.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const leave = `${hidden.includes('grid') ? '&grid=0' : ''}${hidden.includes('mesh') ? '&model=0' : ''}`;
  await page.goto(session.url.replace(/index\.html$/, `threejs/index.html?file=${file.url}&antialias=${antialiased(query) ? 1 : 0}${leave}`));
  await page.waitForFunction(() => window.benchReady || window.benchError, { timeout: 120000, polling: 50 });
  const error = await page.evaluate(() => window.benchError);
  if (error) throw new Error(`three.js could not open ${file.url}: ${error}`);
  const measured = await rate(page, () => page.evaluate(() => window.benchFrames));
  await page.close();
  return measured;
}

main(async (session) => {
  browserPid = session.browser.process().pid;
  const results = {};
  for (let round = 1; round <= rounds; ++round) {
    for (const file of measuredFiles) {
      for (const query of queries) {
        for (const hidden of variants) {
          // Alternate which goes first, so that neither always follows the other.
          const order = round % 2 ? [dynskin, three] : [three, dynskin];
          const measured = {};
          for (const run of order) measured[run.name] = await run(session, file, query, hidden);
          (results[rowOf(file, query, hidden)] ||= []).push(measured);
          const { dynskin: d, three: t } = measured;
          console.log(`round ${round} ${file.name} ${query}${parts ? ` ${variantName(hidden)}` : ''}: dynskin ${d.fps.toFixed(1)} fps, ` +
            `${d.cpuMs.toFixed(1)} CPU ms a frame (quality ${d.quality}); three.js ${t.fps.toFixed(1)} fps, ${t.cpuMs.toFixed(1)} ms; ` +
            `ratio ${(d.fps / t.fps).toFixed(2)} fps, ${(t.cpuMs / d.cpuMs).toFixed(2)} cost`);
        }
      }
    }
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\nfile | dynskin query | three.js antialias${parts ? ' | frame' : ''} | dynskin fps (mean of ${rounds}) | three.js fps | ` +
    'ratio dynskin / three.js | dynskin CPU ms a frame | three.js | ratio three.js / dynskin');
  const cost = {};
  for (const [key, runs] of Object.entries(results)) {
    const d = mean(runs.map((r) => r.dynskin.fps)), t = mean(runs.map((r) => r.three.fps));
    const dc = mean(runs.map((r) => r.dynskin.cpuMs)), tc = mean(runs.map((r) => r.three.cpuMs));
    cost[key] = [dc, tc];
    console.log(`${key} | ${d.toFixed(1)} | ${t.toFixed(1)} | ${(d / t).toFixed(2)} | ${dc.toFixed(1)} | ${tc.toFixed(1)} | ${(tc / dc).toFixed(2)}`);
  }
  if (!parts) return;
  // Each part: the whole frame's cost less the cost without it; the rest: the frame without either.
  console.log('\nfile | dynskin query | part | dynskin CPU ms a frame | three.js');
  for (const file of measuredFiles) {
    for (const query of queries) {
      const of = (hidden) => cost[rowOf(file, query, hidden)];
      const whole = of([]), rest = of(['grid', 'mesh']);
      for (const [part, without] of [['grid', of(['grid'])], ['character', of(['mesh'])]])
        console.log(`${file.name} | ${query} | ${part} | ${(whole[0] - without[0]).toFixed(1)} | ${(whole[1] - without[1]).toFixed(1)}`);
      console.log(`${file.name} | ${query} | the rest (neither drawn) | ${rest[0].toFixed(1)} | ${rest[1].toFixed(1)}`);
    }
  }
}, { '/threejs/': threeDir, '/rigs/': wild });
