// Files in the browser viewer (build-web/) in headless Chromium: the user's own .glb/.gltf
// opened with the file picker (a real click on "Open...") and by drag and drop, broken files
// refused with the error popup while the character stays, and everything the desktop writes
// to disk coming out as downloads: Save and Save as (the glb with the settings, which
// dynskin-cli reads and the viewer reopens as saved), Save preset and Load preset, Export
// baked glTF, Record frames (one zip of PNGs) and the F12 screenshot.
// Usage: node files_test.js BUILD_WEB_DIR [DYNSKIN_CLI]   (NODE_PATH must hold puppeteer-core)
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { webDir, nativeCli, check, pictureStats, imageStats, call, frames, waitFrames, main } = require('./harness');

const root = path.resolve(__dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynskin-files-'));
const downloads = path.join(work, 'downloads');
fs.mkdirSync(downloads);
const wildRigs = path.resolve(root, '../shared/rigs/wild');  // real rigs, when this checkout has them
const haveCli = nativeCli && fs.existsSync(nativeCli);

// --- The page ---------------------------------------------------------------------------

const character = (page) => call(page, 'dynskin_character', 'string');
const errorShown = (page) => call(page, 'dynskin_error', 'string');
const squash = (page) => call(page, 'dynskin_squash', 'number');
const setSquash = (page, s) => call(page, 'dynskin_set_squash', null, ['number'], [s]);
const pathExists = async (page, p) => (await call(page, 'dynskin_path_exists', 'number', ['string'], [p])) === 1;

async function widget(page, label) {
  const r = [];
  for (let k = 0; k < 4; k++) r.push(await call(page, 'dynskin_widget', 'number', ['string', 'number'], [label, k]));
  return r[0] < 0 ? null : { x: r[0], y: r[1], width: r[2], height: r[3] };
}

// The widget, scrolling the panel with the wheel until it shows.
async function revealWidget(page, label) {
  for (const direction of [1, -1]) {
    for (let notch = 0; notch < 12; notch++) {
      const r = await widget(page, label);
      if (r) return r;
      await page.mouse.move(180, 400);
      await page.mouse.wheel({ deltaY: 100 * direction });
      await waitFrames(page, 2);
    }
  }
  return widget(page, label);
}

// A real mouse click in the middle of an ImGui widget, a few frames apart so that ImGui sees
// the hover, the press and the release.
async function clickWidget(page, label) {
  const r = await revealWidget(page, label);
  if (!r) throw new Error(`no widget '${label}' on the page`);
  await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
  await waitFrames(page, 2);
  await page.mouse.down();
  await waitFrames(page, 2);
  await page.mouse.up();
  await waitFrames(page, 2);
}

// Holds the keys down for a few frames, as a hand does (ImGui looks at which keys are down
// once a frame), then lets them go.
async function pressKeys(page, keys) {
  for (const k of keys) await page.keyboard.down(k);
  await waitFrames(page, 2);
  for (const k of [...keys].reverse()) await page.keyboard.up(k);
  await waitFrames(page, 1);
}

// Clicks the button that opens the browser's file picker and picks files in it.
async function pickFiles(page, label, files) {
  const [chooser] = await Promise.all([page.waitForFileChooser({ timeout: 30000 }), clickWidget(page, label)]);
  await chooser.accept(files);
}

// Drops files on the canvas, as a user's drag and drop from the desktop does: a drop event
// whose DataTransfer holds Files made in the page from these bytes.
async function dropFiles(page, files) {
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const text = atob(f.data);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      transfer.items.add(new File([bytes], f.name));
    }
    document.getElementById('canvas').dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files.map((f) => ({ name: f.name, data: Buffer.from(f.bytes).toString('base64') })));
}

// True once the character is name; false after timeout ms (or when an error popup came
// instead, which is then closed so that the next steps can go on).
async function waitCharacter(page, name, timeout = 60000) {
  const ok = await page.waitForFunction((n) => Module.ccall('dynskin_character', 'string') === n ||
    Module.ccall('dynskin_error', 'string') !== '', { timeout, polling: 100 }, name).then(() => true, () => false);
  if ((await errorShown(page)) !== '') {
    console.log(`  (the error popup says: ${(await errorShown(page)).replace(/\n/g, ' ')})`);
    await clickWidget(page, 'OK');
    return false;
  }
  return ok && (await character(page)) === name;
}
async function waitError(page, timeout = 60000) {
  await page.waitForFunction(() => Module.ccall('dynskin_error', 'string') !== '', { timeout, polling: 100 });
  // The popup's window is measured, hidden, on its first frame; its OK button shows from the
  // next (the page's frames no longer stall on GL read-backs, so a test can ask in between).
  await waitFrames(page, 2);
}

// --- Downloads --------------------------------------------------------------------------

function clearDownloads() {
  for (const f of fs.readdirSync(downloads)) fs.rmSync(path.join(downloads, f), { force: true });
}

// The downloaded file's bytes once Chromium has finished writing it.
async function waitDownload(name, timeout = 90000) {
  const file = path.join(downloads, name);
  const start = Date.now();
  let lastSize = -1;
  while (Date.now() - start < timeout) {
    if (fs.existsSync(file) && !fs.existsSync(file + '.crdownload')) {
      const size = fs.statSync(file).size;
      if (size > 0 && size === lastSize) return fs.readFileSync(file);
      lastSize = size;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no download ${name} within ${timeout / 1000} s (have: ${fs.readdirSync(downloads).join(', ') || 'none'})`);
}

// --- Files ------------------------------------------------------------------------------

// A glb's JSON chunk and its binary chunk.
function readGlb(bytes) {
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'glTF') throw new Error('not a glb');
  const jsonLength = bytes.readUInt32LE(12);
  const json = JSON.parse(bytes.toString('utf8', 20, 20 + jsonLength));
  const binStart = 20 + jsonLength;
  const bin = binStart + 8 <= bytes.length ? bytes.subarray(binStart + 8, binStart + 8 + bytes.readUInt32LE(binStart)) : null;
  return { json, bin };
}

// The glb as a .gltf with its buffer in a .bin beside it (both named stem).
function splitGlb(glbPath, folder, stem) {
  const { json, bin } = readGlb(fs.readFileSync(glbPath));
  json.buffers[0].uri = stem + '.bin';
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, stem + '.bin'), bin);
  fs.writeFileSync(path.join(folder, stem + '.gltf'), JSON.stringify(json));
  return [path.join(folder, stem + '.bin'), path.join(folder, stem + '.gltf')];  // the .bin first, on purpose
}

// dynskin-cli info's summary of a file, or null (with the reason) when it refuses it.
function info(file) {
  try {
    return JSON.parse(execFileSync(nativeCli, ['info', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    return { refused: String(e.stderr || e.message).trim() };
  }
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

main(async (session) => {
  const cdp = await session.browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  if (!haveCli) console.log('SKIP the checks with dynskin-cli info (no dynskin-cli given)');

  const page = await session.open('?character=bar&clip=none');
  const giraffeGlb = path.join(root, 'assets/giraffe.glb');
  const picked = path.join(work, 'picked_giraffe.glb');
  fs.copyFileSync(giraffeGlb, picked);
  const giraffeVertices = haveCli ? info(giraffeGlb).vertices : null;

  // (a) The file picker, opened by a real click on Open...: a .glb, then a .gltf with its .bin.
  await pickFiles(page, 'Open...', [picked]);
  const pickedOpens = await waitCharacter(page, 'picked_giraffe');
  await waitFrames(page, 3);
  const vertices = await call(page, 'dynskin_vertex_count', 'number');
  const stats = await pictureStats(page);
  await page.screenshot({ path: path.join(webDir, 'test-files-picked.png') });
  check('a .glb chosen in the file picker opens', pickedOpens && vertices > 0 &&
    (giraffeVertices === null || vertices === giraffeVertices) && stats.stddev > 10,
    `picked_giraffe, ${vertices} vertices${giraffeVertices !== null ? ` (dynskin-cli info: ${giraffeVertices})` : ''}, luminance stddev ${stats.stddev.toFixed(1)}`);

  await pickFiles(page, 'Open...', splitGlb(giraffeGlb, path.join(work, 'pair'), 'split_giraffe'));
  check('a .gltf picked together with its .bin opens', (await waitCharacter(page, 'split_giraffe')) &&
    (await call(page, 'dynskin_vertex_count', 'number')) === vertices, 'split_giraffe.gltf + split_giraffe.bin, the .bin listed first');

  if (fs.existsSync(path.join(wildRigs, 'Fox.glb'))) {
    await pickFiles(page, 'Open...', [path.join(wildRigs, 'Fox.glb')]);
    const foxOpens = await waitCharacter(page, 'Fox');
    await waitFrames(page, 3);
    await page.screenshot({ path: path.join(webDir, 'test-files-fox.png') });
    const foxStats = await pictureStats(page);
    check('a real rig chosen in the file picker opens', foxOpens && foxStats.stddev > 10,
      `Fox.glb (../shared/rigs/wild), ${await call(page, 'dynskin_vertex_count', 'number')} vertices`);
  } else {
    console.log(`SKIP a real rig in the file picker (${wildRigs} is absent: only the shared workspace has it)`);
  }

  // Opening over unsaved work asks first, as on the desktop; Discard goes on.
  await setSquash(page, 0.5);
  const unsaved = await character(page);
  await pickFiles(page, 'Open...', [picked]);
  await waitFrames(page, 4);
  const asked = (await widget(page, 'Discard')) !== null && (await character(page)) === unsaved;
  if (asked) await clickWidget(page, 'Discard');
  await waitCharacter(page, 'picked_giraffe');
  check('opening over unsaved work asks first', asked && (await character(page)) === 'picked_giraffe',
    `${unsaved} with squash changed: the Unsaved changes popup ${asked ? 'asked' : 'did not ask'}, then ${await character(page)} opened`);

  // (b) Drag and drop: a .glb, then a .gltf with its .bin (the .gltf is the one opened).
  const giraffeBytes = fs.readFileSync(giraffeGlb);
  const openCopy = await call(page, 'dynskin_source', 'string');
  const copyKept = await pathExists(page, openCopy);
  await dropFiles(page, [{ name: 'dropped_giraffe.glb', bytes: giraffeBytes }]);
  check('a dropped .glb opens', (await waitCharacter(page, 'dropped_giraffe')) &&
    !(await pathExists(page, '/.glfw_dropped_files/dropped_giraffe.glb')),
    'dropped_giraffe.glb, moved out of /.glfw_dropped_files into a folder of its own');
  check('the page frees the copy of the character it no longer shows', copyKept && !(await pathExists(page, openCopy)),
    `${openCopy} ${copyKept ? 'kept while open' : 'missing while open'}, then ${(await pathExists(page, openCopy)) ? 'kept' : 'freed'}`);
  const [binPath, gltfPath] = splitGlb(giraffeGlb, path.join(work, 'dropped-pair'), 'dropped_pair');
  await dropFiles(page, [{ name: 'dropped_pair.bin', bytes: fs.readFileSync(binPath) },
    { name: 'dropped_pair.gltf', bytes: fs.readFileSync(gltfPath) }]);
  check('a .gltf dropped together with its .bin opens', await waitCharacter(page, 'dropped_pair'), 'dropped_pair.bin, dropped_pair.gltf');

  // (c) Broken files: the error popup, and the character stays; the page goes on drawing.
  page.errors.length = 0;
  const before = await character(page);
  for (const [name, bytes] of [['truncated.glb', giraffeBytes.subarray(0, 4000)],
    ['not_a_model.glb', Buffer.from('These are words, not a glTF binary.\n')]]) {
    await dropFiles(page, [{ name, bytes }]);
    await waitError(page);
    const message = await errorShown(page);
    const stays = await character(page);
    const popup = (await widget(page, 'OK')) !== null;
    await clickWidget(page, 'OK');
    const f0 = await frames(page);
    await waitFrames(page, 3);
    check(`a broken file (${name}) shows the error and the character stays`,
      message.includes(name) && stays === before && popup && (await errorShown(page)) === '' && (await frames(page)) > f0,
      `"${message.replace(/\n/g, ' ')}"; still ${stays}`);
  }
  check('no console error after the broken files', page.errors.length === 0, page.errors.join(' | '));

  // (d) Save (Ctrl+S) downloads the glb with the settings; it reads back, here and natively.
  await pickFiles(page, 'Open...', [picked]);
  if (!(await waitCharacter(page, 'picked_giraffe'))) check('picked_giraffe.glb opens again for saving', false);
  await setSquash(page, 0.375);
  clearDownloads();
  await page.mouse.move(900, 400);  // over the view: the keys are the viewer's
  await pressKeys(page, ['Control', 's']);
  const saved = await waitDownload('picked_giraffe.glb');
  const savedPath = path.join(downloads, 'picked_giraffe.glb');
  const savedGlb = readGlb(saved);
  const settings = JSON.stringify((savedGlb.json.extensions || {}).DYNSKIN_dynamic_skinning || {});
  const paintAttribute = (savedGlb.json.meshes || []).some((m) => m.primitives.some((p) => '_DYNSKIN_BEND' in p.attributes));
  const savedInfo = haveCli ? info(savedPath) : null;
  check('Save (Ctrl+S) downloads the glb with paint and settings', settings.includes('0.375') && paintAttribute &&
    (!savedInfo || savedInfo.vertices === vertices),
    `${saved.length} bytes, extensions.DYNSKIN_dynamic_skinning ${settings.includes('0.375') ? 'has' : 'lacks'} squash 0.375, ` +
    `_DYNSKIN_BEND ${paintAttribute ? 'present' : 'missing'}${savedInfo ? `, dynskin-cli info: ${savedInfo.vertices} vertices${savedInfo.refused ? ' ' + savedInfo.refused : ''}` : ''}`);

  fs.copyFileSync(savedPath, path.join(work, 'saved_giraffe.glb'));
  await pickFiles(page, 'Open...', [path.join(work, 'saved_giraffe.glb')]);  // nothing unsaved: no question
  const reopens = await waitCharacter(page, 'saved_giraffe');
  check('the saved glb reopens with its settings', reopens && Math.abs((await squash(page)) - 0.375) < 1e-6,
    `squash ${await squash(page)}`);

  clearDownloads();
  await pressKeys(page, ['Control', 'Shift', 's']);
  await waitFrames(page, 3);
  const nameField = await widget(page, '##path');
  await clickWidget(page, 'Save');
  const savedAs = await waitDownload('saved_giraffe_dynskin.glb');
  const savedAsInfo = haveCli ? info(path.join(downloads, 'saved_giraffe_dynskin.glb')) : null;
  check('Save as asks for a name and downloads the glb', nameField !== null && readGlb(savedAs).json.asset !== undefined &&
    (!savedAsInfo || savedAsInfo.vertices === vertices), `saved_giraffe_dynskin.glb, ${savedAs.length} bytes`);

  // (g) Save preset downloads the parameters as JSON; Load preset (the picker) reads them back.
  clearDownloads();
  await clickWidget(page, 'Save and load');
  await clickWidget(page, 'Save preset');
  const presetBytes = await waitDownload('preset.json');
  let preset = null;
  try { preset = JSON.parse(presetBytes.toString('utf8')); } catch (e) { preset = null; }
  check('Save preset downloads the parameters as JSON', preset !== null && JSON.stringify(preset).includes('0.375') &&
    !(await pathExists(page, '/preset.json')), `${presetBytes.length} bytes, the page's copy freed`);
  await setSquash(page, 0.0625);
  await pickFiles(page, 'Load preset', [path.join(downloads, 'preset.json')]);
  await page.waitForFunction(() => Math.abs(Module.ccall('dynskin_squash', 'number') - 0.375) < 1e-6,
    { timeout: 30000, polling: 100 }).catch(() => {});
  check('Load preset reads the downloaded preset back', Math.abs((await squash(page)) - 0.375) < 1e-6 &&
    (await errorShown(page)) === '', `squash 0.0625, then ${await squash(page)} from preset.json`);
  check('no console error while opening and saving files', page.errors.length === 0, page.errors.join(' | '));
  await page.close();

  // (e) Export baked glTF, (f) Record frames and F12 on the bar playing its clip; at High, whose
  // frames are otherwise resolved straight into the canvas: those read back take a texture of
  // ours (gl/render_target.h).
  const bar = await session.open('?character=bar&quality=high');
  clearDownloads();
  await clickWidget(bar, 'Export and record');
  await clickWidget(bar, 'Export baked glTF...');
  const baked = await waitDownload('bar_baked.glb', 120000);
  const bakedJson = readGlb(baked).json;
  const bakedInfo = haveCli ? info(path.join(downloads, 'bar_baked.glb')) : null;
  const bakedAnimations = bakedInfo ? bakedInfo.animations || [] : bakedJson.animations || [];
  check('Export baked glTF downloads a glb with an animation', bakedAnimations.length > 0 &&
    !(await pathExists(bar, '/bar_baked.glb')),
    `${baked.length} bytes; ${bakedInfo ? 'dynskin-cli info' : 'its JSON'}: ${JSON.stringify(bakedAnimations)}; ` +
    `"${await call(bar, 'dynskin_export_status', 'string')}"`);

  clearDownloads();
  await clickWidget(bar, 'Record frames');
  await waitFrames(bar, 6);
  await clickWidget(bar, 'Record frames');
  const status = await call(bar, 'dynskin_export_status', 'string');
  const zip = await waitDownload('dynskin-frames.zip');
  const zipPath = path.join(downloads, 'dynskin-frames.zip');
  const listing = JSON.parse(execFileSync('/usr/bin/python3', ['-c', `
import json, sys, zipfile
try:
    with zipfile.ZipFile(sys.argv[1]) as z:
        bad = z.testzip()  # reads every entry and checks its CRC-32: the first bad one's name
        entries = [(i.filename, i.compress_type, z.read(i.filename)[:8].hex()) for i in z.infolist()]
except Exception as e:
    bad, entries = "%s: %s" % (type(e).__name__, e), []
print(json.dumps({"bad": bad, "entries": entries}))`, zipPath], { encoding: 'utf8' }));
  const written = Number((status.match(/^(\d+) frames/) || [])[1]);
  const allPng = listing.entries.every(([, , head]) => head === pngSignature.toString('hex'));
  const names = listing.entries.every(([name], i) => name === `frame_${String(i).padStart(5, '0')}.png`);
  check('Record frames downloads one zip of PNGs', listing.bad === null && listing.entries.length >= 2 &&
    listing.entries.length === written && allPng && names && !(await pathExists(bar, '/dynskin-frames/frame_00000.png')),
    `${zip.length} bytes, ${listing.entries.length} entries (${written} recorded), CRCs ${listing.bad === null ? 'good' : 'bad at ' + listing.bad}, ` +
    `PNG signatures ${allPng ? 'all there' : 'missing'}; "${status}"`);

  clearDownloads();
  await bar.mouse.move(900, 400);
  await pressKeys(bar, ['F12']);
  const shot = await waitDownload('dynskin-000.png');
  const width = shot.readUInt32BE(16), height = shot.readUInt32BE(20);
  // The frame it was taken from is kept for it (the canvas's own is gone once shown): the bar,
  // the ground and the panel, not an empty picture.
  const shotStats = await imageStats(bar, shot.toString('base64'));
  check('F12 downloads a screenshot of the view', shot.subarray(0, 8).equals(pngSignature) && width === 1280 && height === 800 &&
    shotStats.colours > 60 && shotStats.stddev > 10 && !(await pathExists(bar, '/dynskin-000.png')),
    `dynskin-000.png, ${width}x${height}, ${shotStats.colours} colours, luminance ${shotStats.mean.toFixed(1)} +- ${shotStats.stddev.toFixed(1)}`);
  check('no console error while exporting', bar.errors.length === 0, bar.errors.join(' | '));
  fs.rmSync(work, { recursive: true, force: true });
});
