// The browser viewer's picture for docs/browser.md: a bundled character playing its clip in
// headless Chromium (WebGL 2 on SwiftShader), 1280x800, after the given seconds, the page as a
// user sees it (panels included). Run by scripts/screenshots.sh when the web build is there.
// Usage: NODE_PATH=BUILD_WEB/_deps/puppeteer/node_modules node scripts/web-screenshot.js BUILD_WEB CHARACTER SECONDS OUT.png
'use strict';
const { main, sleep } = require('../tests/web/harness');

const [character, seconds, out] = process.argv.slice(3);
main(async (session) => {
  const page = await session.open(`?character=${encodeURIComponent(character)}`);
  await sleep(1000 * Number(seconds));
  await page.screenshot({ path: out });
  if (page.errors.length) throw new Error(page.errors.join('; '));
});
