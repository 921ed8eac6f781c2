// Put before the module (--extern-pre-js): Emscripten 3.1.6's ES module reads __dirname when
// it starts in node, where an ES module has none; a SINGLE_FILE module reads no file beside
// it, so no directory is needed.
var __dirname = '';
