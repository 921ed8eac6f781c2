// dynskin-babylon: Dynamic Skinning for Babylon.js. See README.md.
export { registerDynskin, unregisterDynskin, DynskinLoaderExtension, EXTENSION_NAME } from './loader.js';
export { DynskinRuntime } from './runtime.js';
export { DynskinCharacter } from './character.js';
export { DynskinMaterialPlugin } from './material.js';
export { loadDynskinCore } from 'dynskin-core';
