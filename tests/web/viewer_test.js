// The browser viewer (build-web/) in headless Chromium (WebGL 2 on SwiftShader), driven by
// puppeteer-core: the page loads without console errors and draws a picture, each bundled
// character renders, a mouse drag moves a joint, and the WebAssembly core's deformation
// equals the native one (dynskin-cli trace). Prints one line per check and the figures (sizes,
// time to first frame, frames per second); exits 1 when a check fails.
// Usage: node viewer_test.js BUILD_WEB_DIR [DYNSKIN_CLI]   (NODE_PATH must hold puppeteer-core)
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { webDir, nativeCli, bundledCharacters, check, pictureStats, call, frames, waitFrames, sleep, main } =
  require('./harness');

main(async (session) => {
  const megabytes = (f) => fs.statSync(path.join(webDir, f)).size / 1e6;
  const site = ['index.html', 'dynskin.js', 'dynskin.wasm'];
  const first = site.reduce((sum, f) => sum + megabytes(f), 0) + megabytes('assets/bar.glb');
  const assets = bundledCharacters.map((name) => `${name} ${megabytes(`assets/${name}.glb`).toFixed(2)}`);
  console.log(`download before the first frame: ${first.toFixed(2)} MB (dynskin.wasm ${megabytes('dynskin.wasm').toFixed(2)}, ` +
    `dynskin.js ${megabytes('dynskin.js').toFixed(2)}, the bar ${megabytes('assets/bar.glb').toFixed(2)}); ` +
    `the others on demand, MB: ${assets.join(', ')}`);

  // 1. The page loads (the bar, at rest) and draws.
  const page = await session.open('?character=bar&clip=none');
  const errors = page.errors;
  const f0 = await frames(page), t0 = Date.now();
  await sleep(3000);
  const fps = ((await frames(page)) - f0) / ((Date.now() - t0) / 1000);
  console.log(`time to first frame: ${page.firstFrameMs} ms; ${fps.toFixed(1)} frames per second (bar, 1280x800, SwiftShader)`);
  const stats = await pictureStats(page);
  await page.screenshot({ path: path.join(webDir, 'test-bar.png') });
  check('page loads without console errors', errors.length === 0, errors.join(' | '));
  check('page draws a non-uniform picture', stats.stddev > 10 && stats.colours > 50,
    `luminance stddev ${stats.stddev.toFixed(1)}, ${stats.colours} colours`);

  // 2. The wheel zooms: a notch up (the browser's deltaY < 0) brings the bar closer.
  const joints = await call(page, 'dynskin_joint_count', 'number');
  const spread = async () => {
    const at = async (j, axis) => call(page, 'dynskin_joint', 'number', ['number', 'number'], [j, axis]);
    return Math.hypot((await at(joints - 1, 3)) - (await at(0, 3)), (await at(joints - 1, 4)) - (await at(0, 4)));
  };
  const spreadBefore = await spread();
  await page.mouse.move(900, 650);
  await page.mouse.wheel({ deltaY: -100 });
  await waitFrames(page, 3);
  const spreadAfter = await spread();
  check('a wheel notch up zooms in', spreadAfter > 1.02 * spreadBefore,
    `the bar spans ${spreadBefore.toFixed(0)} then ${spreadAfter.toFixed(0)} pixels`);

  // 3. A drag on the bar's tip moves it (the rest pose does not move by itself).

  const joint = joints - 1;
  const jointAt = async (axis) => call(page, 'dynskin_joint', 'number', ['number', 'number'], [joint, axis]);
  const before = [await jointAt(0), await jointAt(1), await jointAt(2)];
  const [x, y] = [await jointAt(3), await jointAt(4)];
  await page.mouse.move(x, y);
  await waitFrames(page, 2);
  await page.mouse.down();
  await waitFrames(page, 2);
  for (let k = 1; k <= 4; k++) {  // fast, for the dynamics to have something to show
    await page.mouse.move(x + 40 * k, y + 20 * k);
    await waitFrames(page, 1);
  }
  const during = [await jointAt(0), await jointAt(1), await jointAt(2)];
  await page.mouse.up();
  const moved = Math.hypot(during[0] - before[0], during[1] - before[1], during[2] - before[2]);
  check('a mouse drag moves a joint', moved > 1e-3, `joint ${joint} of ${joints} at (${x.toFixed(0)}, ${y.toFixed(0)}) moved ${moved.toFixed(4)}`);

  // The skin wobbles after the release (the joints stay where the drag left them, so any
  // motion is the dynamics'), then settles.
  const skin = () => page.evaluate(() => {
    const count = Module.ccall('dynskin_vertex_count', 'number');
    const p = [];
    for (let v = 0; v < count; v++)
      for (let a = 0; a < 3; a++) p.push(Module.ccall('dynskin_vertex', 'number', ['number', 'number'], [v, a]));
    return p;
  });
  const farthest = (p, q) => {  // the largest distance between the same vertex in two skins
    let d = 0;
    for (let i = 0; i < p.length; i += 3) d = Math.max(d, Math.hypot(p[i] - q[i], p[i + 1] - q[i + 1], p[i + 2] - q[i + 2]));
    return d;
  };
  const samples = [];
  for (let k = 0; k < 8; k++) {
    samples.push(await skin());
    await waitFrames(page, 1);
  }
  await sleep(6000);
  const a = await skin();
  await waitFrames(page, 5);
  const b = await skin();
  const still = farthest(a, b);
  // How far from where it comes to rest the skin was in the frames after the release.
  const wobble = Math.max(...samples.map((q) => farthest(q, b)));
  check('the skin wobbles after the release, then settles', wobble > 1e-3 && still < 1e-4,
    `up to ${wobble.toFixed(4)} from its rest in the 8 frames after the release, moves ${still.toExponential(1)} over 5 frames 6 s later`);

  // 4. A character whose download fails: the message, and the current one stays.
  const loadAndWait = async (name) => {
    await call(page, 'dynskin_load', null, ['string'], [name]);
    await page.waitForFunction((n) => Module.ccall('dynskin_character', 'string') === n ||
      Module.ccall('dynskin_error', 'string') !== '', { timeout: 120000, polling: 20 }, name);
    await waitFrames(page, 3, 120000);
  };
  await page.setRequestInterception(true);
  const refuse = (request) => request.url().endsWith('/assets/train.glb') ? request.respond({ status: 404, body: '' })
    : request.continue();
  page.on('request', refuse);
  await loadAndWait('train');
  const refusedError = await call(page, 'dynskin_error', 'string');
  check('a character that cannot be downloaded says so, and the current one stays',
    /train/.test(refusedError) && /404/.test(refusedError) && (await call(page, 'dynskin_character', 'string')) === 'bar',
    `"${refusedError.replace(/\n/g, ' ')}", showing ${await call(page, 'dynskin_character', 'string')}`);
  page.off('request', refuse);
  await page.setRequestInterception(false);
  await page.evaluate(() => Module.ccall('dynskin_dismiss_error', null));
  errors.length = 0;  // the refused request

  // 5. Each bundled character is downloaded when asked for, with a progress bar while it
  // comes (the first over a link slowed to 2 MB/s, so that it takes several frames), loads
  // and draws.
  const network = await page.createCDPSession();
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions',
    { offline: false, latency: 20, downloadThroughput: 2e6, uploadThroughput: 2e6 });
  const progressSeen = page.evaluate(async () => {  // the panel's fraction, sampled every frame
    const seen = [];
    for (let k = 0; k < 600 && Module.ccall('dynskin_character', 'string') !== 'giraffe'; k++) {
      seen.push(Module.ccall('dynskin_download_fraction', 'number'));
      await new Promise((r) => requestAnimationFrame(r));
    }
    return seen;
  });
  const fpsOf = {};
  for (const name of bundledCharacters) {
    errors.length = 0;
    const requested = Date.now();
    await loadAndWait(name);
    const loadMs = Date.now() - requested;
    if (name === 'giraffe') {
      const fractions = (await progressSeen).filter((f) => f > 0 && f < 1);
      await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      check('a downloading character shows its progress', fractions.length >= 2 && fractions[fractions.length - 1] > fractions[0],
        `${fractions.length} frames showed ${fractions.map((f) => f.toFixed(2)).join(', ')} over 2 MB/s; loaded ${loadMs} ms after the request`);
    }
    const error = await call(page, 'dynskin_error', 'string');
    const loaded = await call(page, 'dynskin_character', 'string');
    const f1 = await frames(page), t1 = Date.now();
    await sleep(1500);
    fpsOf[name] = ((await frames(page)) - f1) / ((Date.now() - t1) / 1000);
    const s = await pictureStats(page);
    await page.screenshot({ path: path.join(webDir, `test-${name}.png`) });
    check(`character ${name} renders`, !error && loaded.length > 0 && errors.length === 0 && s.stddev > 10,
      `${loaded}, luminance stddev ${s.stddev.toFixed(1)}, ${fpsOf[name].toFixed(1)} fps${error ? ', error: ' + error : ''}${errors.length ? ', console: ' + errors.join(' | ') : ''}`);
  }

  // 6. The WebAssembly deformation equals the native one (dynskin-cli trace).
  if (nativeCli && fs.existsSync(nativeCli)) {
    for (const [name, vertex, seconds] of [['cow', 1234, 2], ['octopus', 777, 1.5]]) {
      const ticks = Math.round(seconds * 60);
      const rc = await call(page, 'dynskin_trace', 'number', ['string', 'number', 'number'], [name, vertex, ticks]);
      const web = [];
      for (let k = 0; k < 7; k++) web.push(await call(page, 'dynskin_traced', 'number', ['number'], [k]));
      const csv = execFileSync(nativeCli, ['trace', name, '--vertex', String(vertex), '--duration', String(seconds)],
        { encoding: 'utf8' }).trim().split('\n');
      const native = csv[csv.length - 1].split(',').slice(1).map(Number);
      const difference = Math.max(...native.map((v, k) => Math.abs(v - web[k])));
      check(`deformation of ${name} equals the native one`, rc === 0 && difference <= 1e-5 * web[6],
        `vertex ${vertex} after ${ticks} ticks: largest difference ${difference.toExponential(2)}, size L ${web[6].toFixed(4)}`);
    }
  } else {
    console.log('SKIP deformation equals the native one (no dynskin-cli given)');
  }
});
