// The browser viewer's figures: what a first visit downloads, the time from opening the page
// to its first frame (an empty cache, a local server), and the frames per second of every
// bundled character on the CPU path and the GPU path (?gpu), at 1280x800 in headless Chromium,
// with the CPU time of the deformation and of the whole frame in WebAssembly (one thread).
// Chromium here draws WebGL with SwiftShader, on the CPU: a real GPU is much faster, so the
// frame rates are a floor and a comparison between characters and paths.
// Usage: NODE_PATH=build-web/_deps/puppeteer/node_modules node bench/web_viewer.js [build-web] [seconds]
'use strict';
const fs = require('fs');
const path = require('path');
const { webDir, bundledCharacters, call, frames, sleep, main } = require('../tests/web/harness');

const seconds = Number(process.argv[4] || process.argv[3]) || 3;

// Frames per second over the measured seconds, and the mean CPU time of the deformation
// and of the whole frame (simulation, panels and the GL calls' submission) in WebAssembly.
async function measure(page) {
  await sleep(500);  // past the first frames' shader compilation
  const f0 = await frames(page), t0 = Date.now();
  let deform = 0, frame = 0, samples = 0;
  while (Date.now() - t0 < seconds * 1000) {
    deform += await call(page, 'dynskin_deform_ms', 'number');
    frame += await call(page, 'dynskin_frame_ms', 'number');
    samples++;
    await sleep(100);
  }
  const fps = ((await frames(page)) - f0) / ((Date.now() - t0) / 1000);
  return `${fps.toFixed(1)} | ${(deform / samples).toFixed(2)} | ${(frame / samples).toFixed(2)}`;
}

main(async (session) => {
  const megabytes = (f) => fs.statSync(path.join(webDir, f)).size / 1e6;
  const site = megabytes('index.html') + megabytes('dynskin.js') + megabytes('dynskin.wasm');
  console.log(`site: dynskin.wasm ${megabytes('dynskin.wasm').toFixed(2)} MB, dynskin.js ${megabytes('dynskin.js').toFixed(2)} MB, ` +
    `index.html ${(megabytes('index.html') * 1000).toFixed(1)} kB; each character is downloaded when first opened`);
  console.log('character | download before the first frame (MB) | first frame (ms, empty cache) | ' +
    'CPU path: fps | deformation (ms) | frame (ms) | GPU path: fps | deformation (ms) | frame (ms)');
  for (const name of bundledCharacters) {
    const context = await session.browser.createBrowserContext();
    const page = await session.open(`?character=${name}`, undefined, context);
    const cpu = await measure(page);
    await page.close();
    const gpuPage = await session.open(`?character=${name}&gpu`, undefined, context);
    const gpu = await measure(gpuPage);
    await context.close();
    console.log(`${name} | ${(site + megabytes(`assets/${name}.glb`)).toFixed(2)} | ${page.firstFrameMs} | ${cpu} | ${gpu}`);
  }
});
