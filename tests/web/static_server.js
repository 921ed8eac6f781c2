// A static server on a free port of 127.0.0.1 for the browser tests and benches (what
// scripts/serve-web.sh does): `dir` at /, and more folders by the address prefix they are
// served at (mounts: {'/wild/': folder}). Nothing outside these folders is served.
const fs = require('fs');
const http = require('http');
const path = require('path');

const types = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.data': 'application/octet-stream', '.glb': 'model/gltf-binary',
  '.json': 'application/json',
};

function serve(dir, mounts = {}) {
  const server = http.createServer((request, response) => {
    const address = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const prefix = Object.keys(mounts).find((p) => address.startsWith(p));
    const root = path.resolve(prefix ? mounts[prefix] : dir);
    const file = path.join(root, prefix ? address.slice(prefix.length) : address);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream',
      'Content-Length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

module.exports = { serve };
