// The WebAssembly module (dynskin's core, dist/dynskin-three-core.mjs, built by build.sh),
// instantiated once per page and shared by every runtime.
import createDynskinCore from '../dist/dynskin-three-core.mjs';

let core = null;

/**
 * Loads dynskin's WebAssembly core (once; later calls return the same promise). The runtime
 * calls it itself; call it early to have it ready before the first file loads.
 * @returns {Promise<object>} the Emscripten module
 */
export function loadDynskinCore() {
  if (!core) core = createDynskinCore();
  return core;
}
