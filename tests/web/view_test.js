// What a user sees of the browser viewer (issue 31), in headless Chromium: the panel fits a
// 1280x800 window with its default sections, in a 16 px font; its tab and the H key hide and
// show it, the view centred on what is left; a file's many repeated import warnings grouped
// behind their count; the skeleton off for a file and on for a bundled character; the camera
// following the bundled train through its clip.
'use strict';
const fs = require('fs');
const path = require('path');
const { webDir, check, call, frames, waitFrames, sleep, main } = require('./harness');

const root = path.resolve(__dirname, '../..');
const panel = async (page) => {
  const v = [];
  for (let k = 0; k < 6; k++) v.push(await call(page, 'dynskin_panel', 'number', ['number'], [k]));
  return { shown: v[0] === 1, x: v[1], y: v[2], width: v[3], height: v[4], scrollMax: v[5] };
};
// One call into the page (a busy page answers each call after its frame).
const box = async (page) => {
  const v = await page.evaluate(() => [0, 1, 2, 3, 4, 5].map((k) => Module.ccall('dynskin_character_box', 'number', ['number'], [k])));
  return { left: v[0], top: v[1], right: v[2], bottom: v[3], targetX: v[4], targetY: v[5] };
};
const widget = async (page, label) => {
  const r = [];
  for (let k = 0; k < 4; k++) r.push(await call(page, 'dynskin_widget', 'number', ['string', 'number'], [label, k]));
  return r[0] < 0 ? null : { x: r[0], y: r[1], width: r[2], height: r[3], cx: r[0] + r[2] / 2, cy: r[1] + r[3] / 2 };
};
const display = (page, name) => call(page, 'dynskin_display', 'number', ['string'], [name]);
// A click a few frames long, as a hand makes it (ImGui sees the hover, the press, the release).
async function click(page, at) {
  await page.mouse.move(at.cx, at.cy);
  await waitFrames(page, 2);
  await page.mouse.down();
  await waitFrames(page, 2);
  await page.mouse.up();
  await waitFrames(page, 3);
}
const tabLabel = (shown) => (shown ? '\u2715###panel_tab' : '\u2630###panel_tab');

// The giraffe with 30 extra nodes outside its skeleton and an animation whose 30 channels
// target them: 30 warnings of one kind.
function glbWithManyWarnings() {
  const bytes = fs.readFileSync(path.join(root, 'assets/giraffe.glb'));
  const jsonLength = bytes.readUInt32LE(12);
  const json = JSON.parse(bytes.toString('utf8', 20, 20 + jsonLength));
  const bin = bytes.subarray(20 + jsonLength);  // the BIN chunk, header included
  const first = json.nodes.length;
  const channels = [];
  for (let k = 0; k < 30; k++) {
    json.nodes.push({ name: `prop_${k}` });
    json.scenes[json.scene || 0].nodes.push(first + k);
    channels.push({ sampler: 0, target: { node: first + k, path: 'rotation' } });
  }
  json.animations.push({ name: 'props', samplers: [json.animations[0].samplers[0]], channels });
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const header = Buffer.alloc(20);
  header.write('glTF', 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + text.length + bin.length, 8);
  header.writeUInt32LE(text.length, 12);
  header.write('JSON', 16);
  return Buffer.concat([header, Buffer.from(text), bin]);
}

main(async (session) => {
  // (a) The panel fits 1280x800 with its default sections, in a 16 px font.
  const page = await session.open('?character=cow');
  await waitFrames(page, 4);
  const cowPanel = await panel(page);
  const font = await call(page, 'dynskin_font_pixels', 'number');
  check('the panel fits a 1280x800 window with its default sections (no scrolling)', cowPanel.shown &&
    cowPanel.scrollMax === 0 && cowPanel.y + cowPanel.height <= 800 && cowPanel.height > 300, JSON.stringify(cowPanel));
  check('the panel\'s font is 16 px', font === 16, `${font} px`);
  check('the Character, Animation and Dynamic skinning sections are open, Joints and Export collapsed',
    (await widget(page, 'Open...')) !== null && (await widget(page, 'Speed')) !== null && (await widget(page, 'f (Hz)')) !== null &&
    (await widget(page, 'Record frames')) === null, '');
  await page.screenshot({ path: path.join(webDir, 'test-view-panel.png') });

  // (b) The tab hides the panel and the view centres on the window; it shows it again, the
  // view centred on the free part; H does the same.
  const freeCentre = (p) => (p.x + p.width + 1280) / 2;
  const shownView = await box(page);
  check('with the panel, the view is centred in what it leaves free', Math.abs(shownView.targetX - freeCentre(cowPanel)) < 3,
    `target at x ${shownView.targetX.toFixed(1)}, free part's centre ${freeCentre(cowPanel).toFixed(1)}`);
  const hideTab = await widget(page, tabLabel(true));
  check('a tab at the panel\'s edge hides it', hideTab !== null && Math.abs(hideTab.x - (cowPanel.x + cowPanel.width)) < 12 &&
    Math.abs(hideTab.y - cowPanel.y) < 12, JSON.stringify(hideTab));
  if (hideTab) await click(page, hideTab);
  const hidden = await panel(page), hiddenView = await box(page);
  check('a click on the tab hides the panel and centres the view in the window', !hidden.shown &&
    Math.abs(hiddenView.targetX - 640) < 3, `shown ${hidden.shown}, target at x ${hiddenView.targetX.toFixed(1)}`);
  await page.screenshot({ path: path.join(webDir, 'test-view-hidden.png') });
  const showTab = await widget(page, tabLabel(false));
  check('the tab stays on screen while the panel is hidden', showTab !== null && showTab.x < 40 && showTab.y < 40,
    JSON.stringify(showTab));
  if (showTab) await click(page, showTab);
  const again = await panel(page), againView = await box(page);
  check('a click on the tab shows the panel again, the view centred in the free part', again.shown &&
    Math.abs(againView.targetX - freeCentre(again)) < 3, `shown ${again.shown}, target at x ${againView.targetX.toFixed(1)}`);
  await page.mouse.move(900, 400);
  await page.keyboard.press('h');
  await waitFrames(page, 3);
  const byKey = await panel(page);
  await page.keyboard.press('h');
  await waitFrames(page, 3);
  const byKeyAgain = await panel(page);
  check('H hides and shows the panel', !byKey.shown && byKeyAgain.shown, `${byKey.shown} then ${byKeyAgain.shown}`);
  check('the bundled cow shows its skeleton and is not followed (it walks in place)',
    (await display(page, 'skeleton')) === 1 && (await display(page, 'follow')) === 0, '');
  // The bench's switches (bench/web_vs_threejs.js --parts), as the Display panel's checkboxes.
  const setDisplay = (name, on) => call(page, 'dynskin_set_display', 'number', ['string', 'number'], [name, on]);
  const switched = [await setDisplay('grid', 0), await display(page, 'grid'), await setDisplay('mesh', 0),
    await display(page, 'mesh'), await setDisplay('panel', 0), await setDisplay('grid', 1), await setDisplay('mesh', 1),
    await display(page, 'grid'), await display(page, 'mesh')];
  check('dynskin_set_display turns the grid and the mesh off and on, and knows no other switch',
    JSON.stringify(switched) === JSON.stringify([0, 0, 0, 0, -1, 0, 0, 1, 1]), JSON.stringify(switched));
  // The panel is kept between frames (gl/ui_renderer.h): a playing clip draws again its Time
  // slider's row and little else; paused, with the mouse away, only what lies around the
  // panel's edge (its border's outer half), over the scene each frame.
  const panelTriangles = async (n) => {
    const t = [];
    for (let k = 0; k < n; k++) {
      await waitFrames(page, 1);
      t.push(await call(page, 'dynskin_panel_triangles_drawn', 'number'));
    }
    return t;
  };
  await page.mouse.move(900, 400);
  const playing = await panelTriangles(6);
  const pause = await widget(page, 'Pause');
  if (pause) await click(page, pause);
  await page.mouse.move(900, 400);
  await waitFrames(page, 3);
  const paused = await panelTriangles(4);
  const play = await widget(page, 'Play');
  if (play) await click(page, play);
  check('the panel is drawn again only where it changed: a few hundred triangles a frame playing, its edge alone paused',
    pause !== null && play !== null && playing.every((t) => t > 0 && t < 600) && paused.every((t) => t < 40),
    `playing ${playing.join(' ')}; paused ${paused.join(' ')}`);
  check('no console error (panel)', page.errors.length === 0, page.errors.join(' | '));

  // (c) A file's 30 repeated warnings: one group, behind the count; the skeleton off.
  await page.evaluate((data) => {
    Module.FS.mkdirTree('/work');
    Module.FS.writeFile('/work/props.glb', Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
  }, glbWithManyWarnings().toString('base64'));
  await call(page, 'dynskin_load', null, ['string'], ['/work/props.glb']);
  for (let k = 0; k < 100 && (await call(page, 'dynskin_source', 'string')) !== '/work/props.glb'; k++) await waitFrames(page, 1);
  await waitFrames(page, 3);
  const count = await call(page, 'dynskin_warning_count', 'number');
  const groups = await call(page, 'dynskin_warning_group_count', 'number');
  const lines = [];
  for (let g = 0; g < groups; g++) lines.push(await call(page, 'dynskin_warning_group', 'string', ['number'], [g]));
  check('the file\'s 30 repeated warnings make one group "30\u00d7 ..."', count >= 30 && groups <= count - 29 &&
    lines.some((l) => l.startsWith('30\u00d7 animation \'props\' channel \u2026 targets node \u2026')), `${count} warnings: ${lines.join(' | ')}`);
  const collapsed = await widget(page, `${count} warnings`);
  check('the warnings are collapsed behind their count', collapsed !== null && (await widget(page, '30\u00d7')) === null,
    JSON.stringify(collapsed));
  if (collapsed) await click(page, collapsed);
  const group = await widget(page, '30\u00d7');
  const filePanel = await panel(page);
  check('opened, the count shows the group\'s line, inside the panel', group !== null &&
    group.x + group.width <= filePanel.x + filePanel.width + 1, `${JSON.stringify(group)} in ${JSON.stringify(filePanel)}`);
  await page.screenshot({ path: path.join(webDir, 'test-view-warnings.png') });
  check('a rig from a file opens without its skeleton drawn', (await display(page, 'skeleton')) === 0, '');
  check('no console error (warnings)', page.errors.length === 0, page.errors.join(' | '));
  await page.close();

  // (d) The train drives through its 6 s clip: followed, it stays in the view. The clip
  // advances by the frames' time, at most 0.1 s a frame (a slow software renderer plays it
  // slower): 65 frames and 6.5 s cover it.
  const train = await session.open('?character=train');
  await waitFrames(train, 2);
  check('the train\'s clip travels: Follow is on', (await display(train, 'follow')) === 1, '');
  const target = () => train.evaluate(() => [3, 4, 5].map((k) => Module.ccall('dynskin_camera', 'number', ['number'], [k])));
  const startTarget = await target();
  const start = Date.now(), firstFrame = await frames(train);
  let worst = null, samples = 0, followed = 0;
  while (Date.now() - start < 6500 || (await frames(train)) < firstFrame + 65) {
    const b = await box(train);
    samples++;
    const out = Math.max(0 - b.left, 0 - b.top, b.right - 1280, b.bottom - 800);
    if (!worst || out > worst.out) worst = { out, ...b };
    const t = await target();
    followed = Math.max(followed, Math.hypot(t[0] - startTarget[0], t[1] - startTarget[1], t[2] - startTarget[2]));
    await sleep(100);
  }
  check('followed through its clip, the train stays in the view', samples > 10 && worst.out <= 0,
    `${samples} samples, worst box ${JSON.stringify(worst)}`);
  // The train is about 2 units long (its size): the camera went with it.
  check('the camera travelled with the train', followed > 1, `the camera's target moved up to ${followed.toFixed(2)}`);
  await train.screenshot({ path: path.join(webDir, 'test-view-train.png') });
  check('no console error (train)', train.errors.length === 0, train.errors.join(' | '));
  await train.close();
});
