// What the examples' browser test and bench/three share: a static server for the built
// examples (examples/build.sh's folder) and headless Chromium on SwiftShader (software WebGL 2,
// as tests/web), each page collecting its console errors in page.errors.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.glb': 'model/gltf-binary', '.json': 'application/json' };

function serve(dir) {
  const server = http.createServer((request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream',
      'Content-Length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export class ExamplesBrowser {
  static async start(dir) {
    for (const page of ['index.html', 'crowd.html', 'dynskin-three/src/index.js'])
      if (!fs.existsSync(path.join(dir, page)))
        throw new Error(`${page} is missing in ${dir} (run packages/dynskin-three/examples/build.sh ${dir})`);
    const server = await serve(path.resolve(dir));
    const browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    });
    return new ExamplesBrowser(server, browser);
  }

  constructor(server, browser) {
    this.server = server;
    this.browser = browser;
    this.base = `http://127.0.0.1:${server.address().port}/`;
  }

  // Opens PAGE?query at the given canvas size, waits until `ready` (a page expression) is true.
  async open(pageAndQuery, ready, viewport = { width: 800, height: 500 }, timeout = 180000) {
    const page = await this.browser.newPage();
    await page.setViewport(viewport);
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
