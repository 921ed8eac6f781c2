// Two builds of the browser viewer side by side, for a change to how it draws: pages of
// each opened in turn in one headless Chromium (WebGL on SwiftShader, the CPU), the same file
// and query, 1280x800; for each page the frames per second and the CPU milliseconds a frame
// of Chromium's GPU process (where SwiftShader draws) and of its page process (the
// WebAssembly frame and the GL calls), read from Linux's /proc; then the medians. Alternating
// pages (a, b, then b, a...) and each process's own time are steadier on a busy machine than
// a frame rate against another page's (bench/web_vs_threejs.js).
// Never a CI test: the figures depend on the machine and what else runs on it.
// Usage:
//   NODE_PATH=build-web/_deps/puppeteer/node_modules node bench/web_builds.js BUILD_A BUILD_B [pages] [seconds] [query] [file]
// BUILD_*: folders holding index.html, dynskin.js, dynskin.wasm and assets/ (a copy of
// build-web's, made before and after a change); pages: of each build (default 6); seconds
// measured a page, after 1.5 s (default 5); query: the page's (default "quality=high");
// file: a bundled character's name or a .glb of ../shared/rigs/wild (default Fox).
'use strict';
const fs = require('fs');
const path = require('path');
const { frames, sleep, main } = require('../tests/web/harness');
const { cpuMsOfType, openInViewer } = require('./web_bench_support');

const [buildA, buildB] = [process.argv[2], process.argv[3]].map((d) => d && path.resolve(d));
if (!buildA || !buildB) throw new Error('usage: node bench/web_builds.js BUILD_A BUILD_B [pages] [seconds] [query] [file]');
const pages = Number(process.argv[4]) || 6;
const seconds = Number(process.argv[5]) || 5;
const query = process.argv[6] || 'quality=high';
const file = process.argv[7] || 'Fox';
const wild = path.resolve(__dirname, '../../shared/rigs/wild');
const bundled = fs.existsSync(path.join(buildA, 'assets', `${file}.glb`));
if (!bundled && !fs.existsSync(path.join(wild, `${file}.glb`)))
  throw new Error(`${file} is neither a bundled character nor a .glb of ${wild}`);

async function measure(session, base) {
  const page = await session.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(`${base}index.html?character=${bundled ? file : 'bar'}&${query}`);
  await page.waitForFunction(() => typeof Module !== 'undefined' && Module.calledRun &&
    Module.ccall('dynskin_frame_count', 'number') >= 1, { timeout: 120000, polling: 50 });
  if (!bundled) await openInViewer(page, `/rigs/${file}.glb`);  // a file of the user's
  await sleep(1500);  // past the first frames' shader compilation
  const f0 = await frames(page), gpu0 = cpuMsOfType('gpu-process'), page0 = cpuMsOfType('renderer'), t0 = Date.now();
  await sleep(seconds * 1000);
  const count = (await frames(page)) - f0;
  const measured = { fps: count / ((Date.now() - t0) / 1000), gpu: (cpuMsOfType('gpu-process') - gpu0) / count,
    page: (cpuMsOfType('renderer') - page0) / count };
  if (page.errors.length) console.log(`  ${base}: ${page.errors.join('; ')}`);
  await page.close();
  return measured;
}

main(async (session) => {
  const root = session.url.replace(/index\.html$/, '');
  const builds = { a: { dir: buildA, base: root }, b: { dir: buildB, base: `${root}b/` } };
  const results = { a: [], b: [] };
  for (let round = 0; round < pages; ++round) {
    for (const key of round % 2 ? ['b', 'a'] : ['a', 'b']) {
      const m = await measure(session, builds[key].base);
      results[key].push(m);
      console.log(`page ${round + 1} ${key}: ${m.fps.toFixed(1)} fps, GPU process ${m.gpu.toFixed(1)} ms a frame, page ${m.page.toFixed(2)} ms`);
    }
  }
  const median = (values) => [...values].sort((x, y) => x - y)[values.length >> 1];
  console.log(`\n${file}, ?${query}, ${pages} pages of ${seconds} s each | fps | GPU process CPU ms a frame | page CPU ms a frame`);
  for (const key of ['a', 'b']) {
    const r = results[key];
    console.log(`${key}: ${builds[key].dir} | ${median(r.map((m) => m.fps)).toFixed(1)} | ` +
      `${median(r.map((m) => m.gpu)).toFixed(1)} | ${median(r.map((m) => m.page)).toFixed(2)}`);
  }
}, { '/b/': buildB, '/rigs/': wild });
