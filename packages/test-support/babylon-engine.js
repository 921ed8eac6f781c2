// The Babylon.js engine of the web packages' test and bench pages, served from the
// repository's root: ?engine=webgpu in the page's address makes it a WebGPUEngine (with
// glslang and twgsl, which Babylon.js needs only for GLSL shaders, from the installed
// @babylonjs/core rather than its CDN), else a WebGL 2 Engine with `options`.
import { Engine, WebGPUEngine } from '@babylonjs/core';

export const webgpuAsked = new URLSearchParams(location.search).get('engine') === 'webgpu';

export async function createEngine(canvas, options) {
  if (!webgpuAsked) return new Engine(canvas, false, options);
  const engine = new WebGPUEngine(canvas, { stencil: true });
  const assets = '/packages/node_modules/@babylonjs/core/assets';
  await engine.initAsync({ jsPath: `${assets}/glslang/glslang.js`, wasmPath: `${assets}/glslang/glslang.wasm` },
    { jsPath: `${assets}/twgsl/twgsl.js`, wasmPath: `${assets}/twgsl/twgsl.wasm` });
  return engine;
}
