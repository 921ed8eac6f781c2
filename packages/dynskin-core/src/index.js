// dynskin-core: dynskin's joint level in WebAssembly and what every engine package builds on
// (dynskin-three, dynskin-babylon). See README.md.
export { loadDynskinCore } from './core.js';
export { FLOATS_PER_BONE, RING_TICKS, RING_NEWEST_TICK, RING_RESTARTS, HeapView, tableShape } from './memory.js';
export { cloneSettings, watchSettings, mergeSettings, defaultParameters, settingsJson } from './settings.js';
export { CoreRuntime } from './core-runtime.js';
export { CoreCharacter } from './core-character.js';
export { jointOrder, uniformScaleInto } from './skeleton.js';
export { skinningStage, stageInputs, stageSwitches, nodeStage } from '../dist/skinning-stage.js';
