// What the web packages' examples tests and bench/three share: a static server for an
// examples folder (a package's examples/build.sh output) and headless Chromium on SwiftShader
// (software WebGL 2, as tests/web), each page collecting its console errors, failed requests
// and WebGL errors in page.errors.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import staticServer from '../../tests/web/static_server.js';

export class ExamplesBrowser {
  // dir: the examples folder, built by packages/PACKAGE/examples/build.sh, which must hold
  // `PACKAGE/src/index.js` and `pages`; extraArgs: Chromium's flags beyond software WebGL 2
  // (WebGPU's, for webgpu.html).
  static async start(dir, { packageName = 'dynskin-three', pages = ['index.html', 'crowd.html'], extraArgs = [] } = {}) {
    for (const page of [...pages, `${packageName}/src/index.js`])
      if (!fs.existsSync(path.join(dir, page)))
        throw new Error(`${page} is missing in ${dir} (run packages/${packageName}/examples/build.sh ${dir})`);
    const server = await staticServer.serve(path.resolve(dir));
    const browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', ...extraArgs],
    });
    return new ExamplesBrowser(server, browser);
  }

  constructor(server, browser) {
    this.server = server;
    this.browser = browser;
    this.base = `http://127.0.0.1:${server.address().port}/`;
  }

  // Opens PAGE?query at the given canvas size, waits until `ready` (a page expression) is true;
  // timeout also bounds the page's evaluations.
  async open(pageAndQuery, ready, viewport = { width: 800, height: 500 }, timeout = 180000) {
    const page = await this.browser.newPage();
    await page.setViewport(viewport);
    page.setDefaultTimeout(timeout);
    page.errors = [];
    page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
    page.on('pageerror', (e) => page.errors.push(String(e)));
    page.on('requestfailed', (r) => page.errors.push(`request failed: ${r.url()}`));
    // WebGL errors go to Chromium's log, not the console.
    const log = await page.createCDPSession();
    log.on('Log.entryAdded', ({ entry }) => {
      if (/WebGL: (INVALID_|OUT_OF_MEMORY|CONTEXT_LOST)|GL_INVALID|GL ERROR/.test(entry.text)) page.errors.push(`${entry.level}: ${entry.text}`);
    });
    await log.send('Log.enable');
    await page.goto(this.base + pageAndQuery);
    await page.waitForFunction(ready, { timeout, polling: 50 }).catch((e) => {
      throw new Error(`${pageAndQuery} did not get ready: ${e.message}; page errors: ${page.errors.join(' | ') || 'none'}`);
    });
    return page;
  }

  async close() {
    await this.browser.close();
    this.server.close();
  }
}
