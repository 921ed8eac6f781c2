// The viewer's tools in the browser: painting the bend layer with the mouse, undone and
// redone from the keyboard (Ctrl+Z, Ctrl+Shift+Z) with taps shorter than a frame, the GPU
// path and a crowd drawn (under crowd=N and under herd=N, its old name).
'use strict';
const path = require('path');
const { webDir, check, pictureStats, call, waitFrames, main } = require('./harness');

// A key tap shorter than a frame: the keys (DOM key codes, modifiers first) go down and up
// within one JavaScript task, so no frame can fall between (src/app/input/key_taps.h).
const tap = (page, ...keyCodes) => page.evaluate((codes) => {
  for (const keyCode of codes) window.dispatchEvent(new KeyboardEvent('keydown', { keyCode, bubbles: true }));
  for (const keyCode of codes.reverse()) window.dispatchEvent(new KeyboardEvent('keyup', { keyCode, bubbles: true }));
}, keyCodes);
const [kShift, kControl, kP, kZ] = [16, 17, 80, 90];

main(async (session) => {
  // 1. Paint: P takes the brush; a drag along the bar paints its bend layer toward 0.
  const page = await session.open('?character=bar&clip=none');
  const sum = () => call(page, 'dynskin_bend_weight_sum', 'number');
  const at = async (joint) => [0, 1].map(async (k) => call(page, 'dynskin_joint', 'number', ['number', 'number'], [joint, 3 + k]));
  const start = await Promise.all(await at(1)), end = await Promise.all(await at(3));
  const before = await sum();
  await page.mouse.move(900, 700);  // off the panel, for the keyboard to reach the view
  await waitFrames(page, 2);
  await tap(page, kP);
  await waitFrames(page, 2);
  await page.mouse.move(start[0], start[1]);
  await waitFrames(page, 2);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) {
    await page.mouse.move(start[0] + (end[0] - start[0]) * k / 10, start[1] + (end[1] - start[1]) * k / 10);
    await waitFrames(page, 1);
  }
  await page.mouse.up();
  await waitFrames(page, 2);
  const painted = await sum();
  check('a drag with the brush paints the bend layer', painted < before - 1, `bend weights sum ${before.toFixed(1)} -> ${painted.toFixed(1)}`);

  await tap(page, kControl, kZ);
  await waitFrames(page, 2);
  const undone = await sum();
  await tap(page, kControl, kShift, kZ);
  await waitFrames(page, 2);
  const redone = await sum();
  check('Ctrl+Z undoes the stroke and Ctrl+Shift+Z redoes it, each a tap shorter than a frame', painted < before - 1 && Math.abs(undone - before) < 1e-3 && Math.abs(redone - painted) < 1e-3,
    `undone ${undone.toFixed(1)}, redone ${redone.toFixed(1)}`);
  check('painting and undo leave no console error', page.errors.length === 0, page.errors.join(' | '));
  await page.close();

  // 2. The GPU path and a crowd draw a picture; herd is the crowd's old name.
  for (const query of ['?character=cow&gpu', '?character=giraffe&crowd=12', '?character=bar&herd=4']) {
    const p = await session.open(query);
    await waitFrames(p, 5);
    const stats = await pictureStats(p);
    await p.screenshot({ path: path.join(webDir, `test-${query.slice(1).replace(/[=&]/g, '-')}.png`) });
    const error = await call(p, 'dynskin_error', 'string');
    check(`${query} draws`, stats.stddev > 10 && stats.colours > 50 && !error && p.errors.length === 0,
      `luminance stddev ${stats.stddev.toFixed(1)}, ${stats.colours} colours${error ? ', error: ' + error : ''}${p.errors.join(' | ')}`);
    await p.close();
  }
});
