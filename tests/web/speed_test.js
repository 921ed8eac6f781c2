// What keeps the browser viewer fast (issue 31): no GL state read back in the frame loop.
// Every WebGL 2 call that returns something the GPU process must answer (getParameter,
// getError, readPixels...) waits there for all the drawing before it; the test wraps them
// all and counts the calls made across frames once the viewer has started: none, on the CPU
// path, the GPU path and a crowd.
'use strict';
const h = require('./harness');

// The WebGL 2 calls that read state or results back (a round trip to the GPU process).
const readBacks = ['getParameter', 'getError', 'isEnabled', 'getBufferParameter', 'getFramebufferAttachmentParameter',
  'getRenderbufferParameter', 'getProgramParameter', 'getShaderParameter', 'getTexParameter', 'getVertexAttrib',
  'getUniform', 'getUniformLocation', 'getActiveUniform', 'getActiveAttrib', 'getAttribLocation',
  'checkFramebufferStatus', 'readPixels', 'getBufferSubData', 'getIndexedParameter', 'getInternalformatParameter',
  'getSyncParameter', 'clientWaitSync', 'getShaderPrecisionFormat', 'getContextAttributes', 'getSupportedExtensions'];

// Wraps them before the page's scripts run: window.glReadBacks counts each by name.
async function countReadBacks(page) {
  await page.evaluateOnNewDocument((names) => {
    window.glReadBacks = {};
    for (const name of names) {
      const original = WebGL2RenderingContext.prototype[name];
      if (!original) continue;
      WebGL2RenderingContext.prototype[name] = function (...args) {
        const key = name === 'getParameter' ? `getParameter(0x${Number(args[0]).toString(16)})` : name;
        window.glReadBacks[key] = (window.glReadBacks[key] || 0) + 1;
        return original.apply(this, args);
      };
    }
  }, readBacks);
}

h.main(async (session) => {
  for (const query of ['?character=cow', '?character=cow&gpu', '?character=bar&crowd=3']) {
    const page = await session.open(query, undefined, undefined, countReadBacks);
    await h.waitFrames(page, 20);  // started: shaders, targets and the font made
    await page.evaluate(() => { window.glReadBacks = {}; });
    const before = await h.frames(page);
    await h.waitFrames(page, 30);
    const frames = (await h.frames(page)) - before;
    const calls = await page.evaluate(() => window.glReadBacks);
    const total = Object.values(calls).reduce((a, b) => a + b, 0);
    h.check(`no GL read-back in ${frames} frames (${query})`, frames >= 30 && total === 0,
      total ? JSON.stringify(calls) : `${frames} frames, 0 calls`);
    // The panels are still drawn (by our own renderer): the window's picture has the panel's
    // many colours over the scene, and no GL error was logged.
    const stats = await h.pictureStats(page);
    h.check(`the panels and the scene are drawn (${query})`, stats.colours > 60 && stats.stddev > 10,
      `${stats.colours} colours, luminance ${stats.mean.toFixed(1)} +- ${stats.stddev.toFixed(1)}`);
    h.check(`no console or GL error (${query})`, page.errors.length === 0, page.errors.join('; '));
    await page.close();
  }
});
