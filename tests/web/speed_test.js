// What keeps the browser viewer fast (issue 31): no GL state read back in the frame loop, and
// no frame of its own to copy when the canvas can take the drawing.
// Every WebGL 2 call that returns something the GPU process must answer (getParameter,
// getError, readPixels...) waits there for all the drawing before it; the test wraps them
// all and counts the calls made across frames once the viewer has started: none, on the CPU
// path, the GPU path and a crowd, at each kind of target (multisampled, plain, scaled; pinned:
// a change of quality remakes the targets, which asks GL once).
// Then the adaptive quality's switches: a software renderer starts without MSAA; slow frames
// (made slow by the page) lower the level, fast ones raise it again; a pinned level stays.
'use strict';
const h = require('./harness');

// The WebGL 2 calls that read state or results back (a round trip to the GPU process).
const readBacks = ['getParameter', 'getError', 'isEnabled', 'getBufferParameter', 'getFramebufferAttachmentParameter',
  'getRenderbufferParameter', 'getProgramParameter', 'getShaderParameter', 'getTexParameter', 'getVertexAttrib',
  'getUniform', 'getUniformLocation', 'getActiveUniform', 'getActiveAttrib', 'getAttribLocation',
  'checkFramebufferStatus', 'readPixels', 'getBufferSubData', 'getIndexedParameter', 'getInternalformatParameter',
  'getSyncParameter', 'clientWaitSync', 'getShaderPrecisionFormat', 'getContextAttributes', 'getSupportedExtensions'];

// Wraps them before the page's scripts run: window.glReadBacks counts each by name,
// window.ownFramebufferBinds the framebuffers of the viewer's own bound (not the canvas's), and
// window.blits the blits by where they draw ('canvas' or 'own').
async function countReadBacks(page) {
  await page.evaluateOnNewDocument((names) => {
    window.glReadBacks = {};
    window.ownFramebufferBinds = 0;
    window.blits = { canvas: 0, own: 0 };
    const proto = WebGL2RenderingContext.prototype;
    const bind = proto.bindFramebuffer, blit = proto.blitFramebuffer;
    let drawing = null;
    proto.bindFramebuffer = function (target, framebuffer) {
      if (framebuffer) window.ownFramebufferBinds++;
      if (target !== this.READ_FRAMEBUFFER) drawing = framebuffer;
      return bind.call(this, target, framebuffer);
    };
    proto.blitFramebuffer = function (...args) {
      window.blits[drawing ? 'own' : 'canvas']++;
      return blit.apply(this, args);
    };
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
  // The cow at rest on the GPU path (clip=none): the panel still, whose kept copy
  // (gl/ui_renderer.h) is a framebuffer of the viewer's own, bound only when the panel changes.
  for (const query of ['?character=cow&quality=high', '?character=cow&gpu&quality=medium&clip=none', '?character=bar&crowd=3&quality=low']) {
    const page = await session.open(query, undefined, undefined, countReadBacks);
    await h.waitFrames(page, 20);  // started: shaders, targets and the font made
    await page.evaluate(() => { window.glReadBacks = {}; window.ownFramebufferBinds = 0; window.blits = { canvas: 0, own: 0 }; });
    const before = await h.frames(page);
    await h.waitFrames(page, 30);
    const frames = (await h.frames(page)) - before;
    const calls = await page.evaluate(() => window.glReadBacks);
    const total = Object.values(calls).reduce((a, b) => a + b, 0);
    h.check(`no GL read-back in ${frames} frames (${query})`, frames >= 30 && total === 0,
      total ? JSON.stringify(calls) : `${frames} frames, 0 calls`);
    // Neither multisampled nor scaled, the frame is drawn straight into the canvas: no target
    // of ours, no copy (gl/render_target.h); the panel, still, is not drawn again.
    if (query.includes('quality=medium')) {
      const binds = await page.evaluate(() => window.ownFramebufferBinds);
      h.check(`the frame is drawn straight into the canvas (${query})`, binds === 0, `${binds} binds of our own framebuffers`);
    }
    // Multisampled, the scene is resolved straight into the canvas: one blit a frame, no frame
    // of ours to copy.
    if (query.includes('quality=high')) {
      const blits = await page.evaluate(() => window.blits);
      h.check(`the multisampled scene is resolved straight into the canvas (${query})`,
        blits.canvas >= frames && blits.canvas <= frames + 2 && blits.own === 0, `${frames} frames, blits ${JSON.stringify(blits)}`);
    }
    // The panels are still drawn (by our own renderer): the window's picture has the panel's
    // many colours over the scene, and no GL error was logged.
    const stats = await h.pictureStats(page);
    h.check(`the panels and the scene are drawn (${query})`, stats.colours > 60 && stats.stddev > 10,
      `${stats.colours} colours, luminance ${stats.mean.toFixed(1)} +- ${stats.stddev.toFixed(1)}`);
    h.check(`no console or GL error (${query})`, page.errors.length === 0, page.errors.join('; '));
    await page.close();
  }

  await adaptiveQuality(session);

  // A crowd on SwiftShader: capped, said so, and its first frame in seconds.
  const crowd = await session.open('?character=cow&crowd=20');
  const said = await h.call(crowd, 'dynskin_error', 'string');
  h.check('a crowd of 20 on a software renderer is capped, and the user told', /crowd of 20 .*software renderer.*12 instances/s.test(said), said);
  h.check('its first frame comes in seconds', crowd.firstFrameMs < 8000, `${crowd.firstFrameMs} ms`);
  await crowd.close();
});

// Every animation frame's callback made to wait window.slowFrameMs first (set by the test).
async function slowFrames(page) {
  await page.evaluateOnNewDocument(() => {
    window.slowFrameMs = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => request((time) => {
      const until = performance.now() + window.slowFrameMs;
      while (performance.now() < until) { /* a slow frame */ }
      callback(time);
    });
  });
}

const quality = (page) => h.call(page, 'dynskin_quality_name', 'string');
// Waits until the quality is named `want` (or the time is up); returns the name then.
async function qualityBecomes(page, want, seconds) {
  const end = Date.now() + seconds * 1000;
  let now = await quality(page);
  while (now !== want && Date.now() < end) {
    await h.sleep(200);
    now = await quality(page);
  }
  return now;
}

async function adaptiveQuality(session) {
  const small = { width: 320, height: 200 };  // fast frames even on SwiftShader
  const page = await session.open('?character=bar', small, undefined, slowFrames);
  h.check('SwiftShader is known as a software renderer', await h.call(page, 'dynskin_software_renderer', 'number') === 1);
  h.check('auto quality on a software renderer starts without MSAA', ['medium', 'high'].includes(await quality(page)) &&
    await h.call(page, 'dynskin_quality_automatic', 'number') === 1, await quality(page));
  await page.evaluate(() => { window.slowFrameMs = 80; });  // about 10 fps
  let now = await qualityBecomes(page, 'lowest', 20);
  h.check('slow frames lower the quality step by step to the lowest', now === 'lowest', now);
  await page.evaluate(() => { window.slowFrameMs = 0; });
  const fps0 = await h.frames(page), t0 = Date.now();
  now = await qualityBecomes(page, 'low', 40);
  const fps = ((await h.frames(page)) - fps0) / ((Date.now() - t0) / 1000);
  h.check('fast frames raise it again', now !== 'lowest', `${now} at ${fps.toFixed(0)} fps`);
  h.check('the Performance panel pins a level', await h.call(page, 'dynskin_set_quality', 'number', ['string'], ['medium']) === 1 &&
    await h.call(page, 'dynskin_quality_automatic', 'number') === 0 && await quality(page) === 'medium');
  h.check('no console or GL error while the quality changes', page.errors.length === 0, page.errors.join('; '));
  await page.close();

  const pinned = await session.open('?character=bar&quality=high', small, undefined, slowFrames);
  await pinned.evaluate(() => { window.slowFrameMs = 80; });
  await h.sleep(5000);
  h.check('a pinned quality (?quality=high) stays through slow frames', await quality(pinned) === 'high' &&
    await h.call(pinned, 'dynskin_quality_automatic', 'number') === 0, await quality(pinned));
  await pinned.close();

  const bad = await session.open('?character=bar&quality=ultra', small);
  const error = await h.call(bad, 'dynskin_error', 'string');
  h.check('a bad ?quality= is reported, and the quality adapts', /quality.*ultra.*auto, high, medium, low or lowest/s.test(error) &&
    await h.call(bad, 'dynskin_quality_automatic', 'number') === 1, error);
  await bad.close();
}
