// The browser viewer's figures: what a first visit downloads, the time from opening the page
// to its first frame (an empty cache, a local server), and the frames per second of every
// bundled character on the CPU path and the GPU path (?gpu), at 1280x800 in headless Chromium.
// Chromium here draws WebGL with SwiftShader, on the CPU: a real GPU is much faster, so the
// frame rates are a floor and a comparison between characters and paths.
// Usage: NODE_PATH=build-web/_deps/puppeteer/node_modules node bench/web_viewer.js [build-web] [seconds]
'use strict';
const fs = require('fs');
const path = require('path');
const { webDir, bundledCharacters, frames, sleep, main } = require('../tests/web/harness');

const seconds = Number(process.argv[4] || process.argv[3]) || 3;

async function framesPerSecond(page) {
  await sleep(500);  // past the first frames' shader compilation
  const f0 = await frames(page), t0 = Date.now();
  await sleep(seconds * 1000);
  return ((await frames(page)) - f0) / ((Date.now() - t0) / 1000);
}

main(async (session) => {
  const megabytes = (f) => fs.statSync(path.join(webDir, f)).size / 1e6;
  const site = megabytes('index.html') + megabytes('dynskin.js') + megabytes('dynskin.wasm');
  console.log(`site: dynskin.wasm ${megabytes('dynskin.wasm').toFixed(2)} MB, dynskin.js ${megabytes('dynskin.js').toFixed(2)} MB, ` +
    `index.html ${(megabytes('index.html') * 1000).toFixed(1)} kB; each character is downloaded when first opened`);
  console.log('character | download before the first frame (MB) | first frame (ms, empty cache) | CPU path (fps) | GPU path (fps)');
  for (const name of bundledCharacters) {
    const context = await session.browser.createBrowserContext();
    const page = await session.open(`?character=${name}`, undefined, context);
    const cpu = await framesPerSecond(page);
    await page.close();
    const gpuPage = await session.open(`?character=${name}&gpu`, undefined, context);
    const gpu = await framesPerSecond(gpuPage);
    await context.close();
    console.log(`${name} | ${(site + megabytes(`assets/${name}.glb`)).toFixed(2)} | ${page.firstFrameMs} | ${cpu.toFixed(1)} | ${gpu.toFixed(1)}`);
  }
});
