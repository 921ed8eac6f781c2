// What the browser viewer's benches share (bench/web_vs_threejs.js, bench/web_builds.js):
// Chromium's processes' CPU time from Linux's /proc, and a file of the user's opened in the
// viewer the way the Open button does.
'use strict';
const fs = require('fs');
const { call } = require('../tests/web/harness');

// Every process now: its pid, its parent's, its command line's --type (the browser has none)
// and the CPU ticks it has used (user + system; 100 a second).
function processes() {
  const found = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');  // from field 3, the state
      const type = /--type=([\w-]+)/.exec(fs.readFileSync(`/proc/${name}/cmdline`, 'utf8'));
      found.push({ pid: Number(name), ppid: Number(fields[1]), type: type ? type[1] : '',
        ticks: Number(fields[11]) + Number(fields[12]) });
    } catch { /* gone meanwhile */ }
  }
  return found;
}

const ticksToMs = (list) => list.reduce((sum, p) => sum + p.ticks, 0) * 10;

// CPU milliseconds used so far by Chromium's processes of a type ('gpu-process', 'renderer').
function cpuMsOfType(type) {
  return ticksToMs(processes().filter((p) => p.type === type));
}

// CPU milliseconds used so far by a process and all its descendants (the browser's pid: the
// browser, its renderers and its GPU process, where SwiftShader draws).
function cpuMsOfTree(rootPid) {
  const all = processes(), tree = new Set([rootPid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const p of all) if (!tree.has(p.pid) && tree.has(p.ppid)) { tree.add(p.pid); grown = true; }
  }
  return ticksToMs(all.filter((p) => tree.has(p.pid)));
}

// Opens a .glb the page's server has at `url` in the viewer: into its file system, then
// dynskin_load (what the Open button does with a file of the user's).
async function openInViewer(page, url) {
  const name = '/tmp/' + url.split('/').pop();
  await page.evaluate(async (from, to) => {
    Module.FS.writeFile(to, new Uint8Array(await (await fetch(from)).arrayBuffer()));
  }, url, name);
  await call(page, 'dynskin_load', null, ['string'], [name]);
}

module.exports = { cpuMsOfType, cpuMsOfTree, openInViewer };
