// The WebAssembly module (dynskin's joint level, dist/dynskin-core.mjs, built by build.sh),
// instantiated once per page and shared by every runtime of every engine package.
import createDynskinCore from '../dist/dynskin-core.mjs';

let core = null;

/**
 * Loads dynskin's WebAssembly core (once; later calls return the same promise). The engine
 * packages' runtimes call it themselves; call it early to have it ready before the first file
 * loads.
 * @returns {Promise<object>} the Emscripten module
 */
export function loadDynskinCore() {
  if (!core) core = createDynskinCore();
  return core;
}
