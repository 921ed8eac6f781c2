// dynskin-three: Dynamic Skinning for three.js. See README.md.
export { DynskinPlugin, EXTENSION_NAME } from './plugin.js';
export { DynskinRuntime } from './runtime.js';
export { DynskinCharacter } from './character.js';
export { loadDynskinCore } from 'dynskin-core';
