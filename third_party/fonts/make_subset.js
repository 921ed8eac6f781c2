// Cuts DejaVu Sans down to the characters the viewer's panels use (README.md beside this file).
// Usage: npm install subset-font@2 && node make_subset.js [DejaVuSans.ttf]
'use strict';
const fs = require('fs');
const path = require('path');
const subsetFont = require('subset-font');

const source = process.argv[2] || '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
let text = '';
for (let c = 0x20; c <= 0x7e; c++) text += String.fromCodePoint(c);
for (let c = 0xa0; c <= 0xff; c++) text += String.fromCodePoint(c);
// Keep in step with the glyph ranges in src/app/panels/ui_style.cpp.
text += '\u03c4\u03ba\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u2630\u25b8\u25be\u2715';
subsetFont(fs.readFileSync(source), text, { targetFormat: 'truetype' }).then((font) => {
  fs.writeFileSync(path.join(__dirname, 'DejaVuSans-ui.ttf'), font);
  console.log(`DejaVuSans-ui.ttf: ${font.length} bytes`);
});
