// The browser viewer's frame rate as a ratio to a minimal three.js page's (bench/threejs/,
// three pinned in its package.json) on the same glb, in the same headless Chromium (WebGL on
// SwiftShader, the CPU), the same 1280x800 window: its first clip, a directional and a
// hemisphere light, a grid, 4x MSAA on both sides. Runs interleaved (dynskin, three.js, on each
// file in turn), several rounds; each page is measured alone, after its first frames.
// Never a CI test: the figures depend on the machine and what else runs on it.
// Usage:
//   npm install --prefix bench/threejs        (once: three@0.187.0)
//   NODE_PATH=build-web/_deps/puppeteer/node_modules node bench/web_vs_threejs.js [build-web] [seconds] [rounds] [query]
// query: more of dynskin's page query for every run (for instance "gpu" or "quality=high").
// Files: the bundled cow and dragon, and every .glb of ../shared/rigs/wild when the workspace has it.
'use strict';
const fs = require('fs');
const path = require('path');
const { call, frames, sleep, main } = require('../tests/web/harness');

const seconds = Number(process.argv[3]) || 5;
const rounds = Number(process.argv[4]) || 3;
const extraQuery = process.argv[5] ? '&' + process.argv[5] : '';
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

// Frames per second over the measured seconds, after a second for the first frames.
async function rate(page, count) {
  await sleep(1500);
  const f0 = await count(), t0 = Date.now();
  await sleep(seconds * 1000);
  return ((await count()) - f0) / ((Date.now() - t0) / 1000);
}

async function dynskin(session, file) {
  const page = await session.open(`?character=${file.bundled ? file.name : 'bar'}${extraQuery}`);
  if (!file.bundled) {  // a file of the user's: into the viewer's file system, then opened
    await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      Module.FS.writeFile('/tmp/' + url.split('/').pop(), bytes);
    }, file.url);
    await call(page, 'dynskin_load', null, ['string'], ['/tmp/' + file.url.split('/').pop()]);
  }
  const fps = await rate(page, () => frames(page));
  const quality = await page.evaluate(() => (Module._dynskin_quality_level ? Module.ccall('dynskin_quality_name', 'string') : 'fixed'));
  if (page.errors.length) console.log(`  dynskin ${file.name}: ${page.errors.join('; ')}`);
  await page.close();
  return { fps, quality };
}

async function three(session, file) {
  const page = await session.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(session.url.replace(/index\.html$/, `threejs/index.html?file=${file.url}`));
  await page.waitForFunction(() => window.benchReady || window.benchError, { timeout: 120000, polling: 50 });
  const error = await page.evaluate(() => window.benchError);
  if (error) throw new Error(`three.js could not open ${file.url}: ${error}`);
  const fps = await rate(page, () => page.evaluate(() => window.benchFrames));
  await page.close();
  return fps;
}

main(async (session) => {
  const results = {};
  for (let round = 1; round <= rounds; ++round) {
    for (const file of files) {
      // Alternate which goes first, so that neither always follows the other.
      const order = round % 2 ? [dynskin, three] : [three, dynskin];
      const measured = {};
      for (const run of order) measured[run.name] = await run(session, file);
      (results[file.name] ||= []).push(measured);
      console.log(`round ${round} ${file.name}: dynskin ${measured.dynskin.fps.toFixed(1)} fps (quality ${measured.dynskin.quality}), ` +
        `three.js ${measured.three.toFixed(1)} fps, ratio ${(measured.dynskin.fps / measured.three).toFixed(2)}`);
    }
  }
  console.log(`\nfile | dynskin fps (mean of ${rounds}) | three.js fps | ratio dynskin / three.js${extraQuery ? ' (' + extraQuery.slice(1) + ')' : ''}`);
  for (const [name, runs] of Object.entries(results)) {
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const d = mean(runs.map((r) => r.dynskin.fps)), t = mean(runs.map((r) => r.three));
    console.log(`${name} | ${d.toFixed(1)} | ${t.toFixed(1)} | ${(d / t).toFixed(2)}`);
  }
}, { '/threejs/': threeDir, '/rigs/': wild });
