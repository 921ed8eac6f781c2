// The GPU path in the browser: the vertex shader's positions and normals, read back by
// transform feedback in WebGL 2, equal the CPU deformer's within 1e-5 of the size (normals
// within 1e-3) for every bundled character and every mode the shader does, as
// gl.gpu_skinning checks on the desktop with the same code (tests/gl/gpu_equivalence).
// The test page is the web build's tests/gpu-check.html (tests/web/gpu_check).
'use strict';
const fs = require('fs');
const path = require('path');
const { webDir, bundledCharacters, check, main } = require('./harness');

main(async (session) => {
  const page = await session.browser.newPage();
  const lines = [];
  page.on('console', (m) => lines.push(m.text()));
  page.on('pageerror', (e) => lines.push(`page error: ${e}`));
  const done = new Promise((resolve) => page.on('console', (m) => { if (/^gpu-check (done|error)/.test(m.text())) resolve(); }));
  const start = Date.now();
  await page.goto(session.url.replace('index.html', 'tests/gpu-check.html'));
  await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error('gpu-check timed out')), 400000))]);
  const seconds = ((Date.now() - start) / 1000).toFixed(1);

  const errors = lines.filter((l) => /error/.test(l));
  check('the GPU check runs without errors', errors.length === 0, errors.join(' | '));
  for (const name of bundledCharacters) {
    const rows = lines.filter((l) => l.startsWith(`gpu-check ${name} |`)).map((l) => {
      const [, mode, frame, position, normal, size, captured] = l.split(' | ');
      return { mode, frame, position: Number(position.split(' ')[1]), normal: Number(normal.split(' ')[1]),
        size: Number(size.split(' ')[1]), captured: captured.endsWith('1') };
    });
    const worst = rows.reduce((w, r) => Math.max(w, r.position / r.size), 0);
    const worstNormal = rows.reduce((w, r) => Math.max(w, r.normal), 0);
    const bad = rows.filter((r) => !r.captured || !(r.position <= 1e-5 * r.size) || !(r.normal <= 1e-3));
    check(`WebGL 2 shader equals the CPU on ${name}`, rows.length === 27 && bad.length === 0,
      `${rows.length} frames in 9 modes, worst position ${worst.toExponential(2)} of the size, normal ${worstNormal.toExponential(2)}` +
      (bad.length ? `; off: ${bad.map((r) => `${r.mode} ${r.frame}`).join(', ')}` : ''));
  }
  console.log(`the check took ${seconds} s in headless Chromium (SwiftShader)`);
});
