// What the browser tests share: a static server for the web build, headless Chromium (WebGL 2
// on SwiftShader) driven by puppeteer-core, the page's dynskin_* hooks (src/app/web/page_hooks.cpp),
// picture statistics, and PASS/FAIL lines. Each test file is a script run by run.sh:
//   const h = require('./harness');
//   h.main(async (session) => { const page = await session.open('?character=bar'); ... });
'use strict';
const fs = require('fs');
const path = require('path');
const puppeteer = require('puppeteer-core');
const { serve } = require('./static_server');

const webDir = path.resolve(process.argv[2] || 'build-web');
const nativeCli = process.argv[3] || '';
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const bundledCharacters = ['bar', 'giraffe', 'cow', 'snail', 'dragon', 'octopus', 'clown', 'train'];

let failures = 0;
function check(name, ok, detail) {
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
  if (!ok) failures++;
}

// The page's picture: mean and standard deviation of the luminance and the number of
// distinct colours (quantised), from a screenshot decoded by the page's own 2D canvas.
const pictureStats = async (page) => imageStats(page, await page.screenshot({ encoding: 'base64' }));

// The same of a PNG (base64), decoded by the page.
async function imageStats(page, png) {
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + data;
    await image.decode();
    const c = document.createElement('canvas');
    c.width = image.width;
    c.height = image.height;
    const g = c.getContext('2d');
    g.drawImage(image, 0, 0);
    const p = g.getImageData(0, 0, c.width, c.height).data;
    let sum = 0, sum2 = 0;
    const colours = new Set();
    for (let i = 0; i < p.length; i += 4) {
      const y = 0.299 * p[i] + 0.587 * p[i + 1] + 0.114 * p[i + 2];
      sum += y;
      sum2 += y * y;
      colours.add((p[i] >> 4) << 8 | (p[i + 1] >> 4) << 4 | (p[i + 2] >> 4));
    }
    const n = p.length / 4, mean = sum / n;
    return { mean, stddev: Math.sqrt(Math.max(0, sum2 / n - mean * mean)), colours: colours.size };
  }, png);
}

// Module.ccall of a page hook: call(page, 'dynskin_joint', 'number', ['number', 'number'], [j, 3]).
const call = (page, name, type, types = [], args = []) =>
  page.evaluate((n, t, ts, as) => Module.ccall(n, t, ts, as), name, type, types, args);
const frames = (page) => call(page, 'dynskin_frame_count', 'number');
async function waitFrames(page, count, timeout = 60000) {
  const start = await frames(page);
  await page.waitForFunction((s, c) => Module.ccall('dynskin_frame_count', 'number') >= s + c, { timeout, polling: 50 },
    start, count);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The browser and the server, for one test file; open() loads the page with a query and
// waits for its first frame, collecting console errors in page.errors.
class Session {
  constructor(browser, server) {
    this.browser = browser;
    this.server = server;
    this.url = `http://127.0.0.1:${server.address().port}/index.html`;  // the viewer; tests/ holds test pages
  }
  // context: a browser context to open it in (browser.createBrowserContext() has an empty
  // cache, for timing a first visit); the default one otherwise. prepare(page): what to do
  // before the page loads (page.evaluateOnNewDocument...).
  async open(query = '', viewport = { width: 1280, height: 800 }, context = this.browser.defaultBrowserContext(),
    prepare = async () => {}) {
    const page = await context.newPage();
    await prepare(page);
    await page.setViewport(viewport);
    page.errors = [];
    page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
    // Chromium reports GL errors in its log ("WebGL: INVALID_ENUM: ..."), not the console: the
    // viewer does not look for them every frame in the browser (gl::check_frame_errors), so
    // the tests do.
    const log = await page.createCDPSession();
    log.on('Log.entryAdded', ({ entry }) => {
      if (/WebGL: (INVALID_|OUT_OF_MEMORY|CONTEXT_LOST)|GL_INVALID|GL ERROR/.test(entry.text)) page.errors.push(`${entry.level}: ${entry.text}`);
    });
    await log.send('Log.enable');
    page.on('pageerror', (e) => page.errors.push(String(e)));
    page.on('requestfailed', (r) => page.errors.push(`request failed: ${r.url()}`));
    const start = Date.now();
    await page.goto(this.url + query);
    await page.waitForFunction(() => typeof Module !== 'undefined' && Module.calledRun &&
      Module.ccall('dynskin_frame_count', 'number') >= 1, { timeout: 120000, polling: 20 });
    page.firstFrameMs = Date.now() - start;
    return page;
  }
}

// Runs body(session) with a fresh server and browser; exits 1 when a check failed or it threw.
// mounts: more folders for the server (serve()).
function main(body, mounts = {}) {
  (async () => {
    for (const f of ['index.html', 'dynskin.js', 'dynskin.wasm'])
      if (!fs.existsSync(path.join(webDir, f))) throw new Error(`${f} is missing in ${webDir} (run scripts/build-web.sh)`);
    const server = await serve(webDir, mounts);
    const browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    });
    try {
      await body(new Session(browser, server));
    } finally {
      await browser.close();
      server.close();
    }
  })().then(() => process.exit(failures ? 1 : 0), (e) => {
    console.log(`FAIL ${e.stack || e}`);
    process.exit(1);
  });
}

module.exports = { webDir, nativeCli, bundledCharacters, check, pictureStats, imageStats, call, frames, waitFrames, sleep, main };
