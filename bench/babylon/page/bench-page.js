// The page of bench/babylon/bench.mjs: one engine, two scenes with the same N characters from
// the same file, each copy playing the clip from its own phase: one with dynskin-babylon (a
// runtime per copy, attachClone, stepped after the scene's animation step with
// updateWithAnimationGroups, what autoUpdate runs), one with Babylon.js's plain skinning. A
// frame of a variant is its scene's animation step, the runtimes (timed alone), the draw and
// the GPU's finish (a one-pixel read back); the variants' frames are interleaved.
// ?engine=webgpu runs them on a WebGPUEngine.
import * as BABYLON from '@babylonjs/core';
import '@babylonjs/loaders/glTF/index.js';
import { registerDynskin, unregisterDynskin, loadDynskinCore } from 'dynskin-babylon';
import { createEngine } from '/packages/test-support/babylon-engine.js';

await loadDynskinCore();
const engine = await createEngine(document.getElementById('view'), { stencil: true }); // ?engine=webgpu: a WebGPUEngine
const glb = { pluginExtension: '.glb' };

// A deterministic generator: both variants get the same phases.
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let variants = [];

async function variant(bytes, n, clip, withDynskin) {
  const scene = new BABYLON.Scene(engine);
  new BABYLON.HemisphericLight('sky', new BABYLON.Vector3(0, 1, 0), scene);
  if (withDynskin) registerDynskin({ withoutExtension: true, autoUpdate: false });
  else unregisterDynskin();
  const container = await BABYLON.LoadAssetContainerAsync(bytes, scene, glb);
  const source = container.meshes[0].metadata?.dynskin;
  const rng = random(28), columns = Math.ceil(Math.sqrt(n));
  const characters = [];
  let spacing = 0;
  for (let i = 0; i < n; ++i) {
    const entries = container.instantiateModelsToScene((name) => `${name} ${i}`, false, { doNotInstantiate: true });
    const root = entries.rootNodes[0];
    if (!spacing) {
      const { min, max } = root.getHierarchyBoundingVectors(true);
      spacing = 1.3 * Math.max(max.x - min.x, max.z - min.z);
    }
    root.position.set((i % columns - (columns - 1) / 2) * spacing, 0, (Math.floor(i / columns) - (columns - 1) / 2) * spacing);
    const group = entries.animationGroups.find((g) => g.name === clip) ?? entries.animationGroups[0];
    for (const g of entries.animationGroups) g.stop();
    group.start(true);
    group.goToFrame(group.from + rng() * (group.to - group.from));
    characters.push({ runtime: withDynskin ? await source.attachClone(root) : null, groups: [group] });
  }
  const camera = new BABYLON.ArcRotateCamera('camera', -Math.PI / 3, Math.PI / 3, spacing * (columns + 1), BABYLON.Vector3.Zero(), scene);
  camera.minZ = spacing / 100;
  camera.maxZ = spacing * 100 * columns;
  await scene.whenReadyAsync();
  return { scene, characters, withDynskin, source, container, frameMs: 0, dynskinMs: 0, frames: 0 };
}

// N characters of each variant from the file's bytes (the previous ones disposed).
async function setup(url, n, clip) {
  for (const v of variants) {
    for (const c of v.characters) c.runtime?.dispose();
    v.source?.dispose();
    v.scene.dispose();
  }
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  variants = [await variant(bytes, n, clip, true), await variant(bytes, n, clip, false)];
  // Compiled and drawn once each before anything is timed.
  for (let i = 0; i < 3; ++i) for (const v of variants) await frame(v, 1 / 60);
  const character = variants[0].characters[0].runtime.characters[0];
  return { crossOriginIsolated, joints: character.jointCount, vertices: character.level.vertexCount() };
}

const pixel = new Uint8Array(4);
async function frame(v, delta) {
  const start = performance.now();
  v.scene._animate(delta * 1000); // the scene's animation step with that delta, as Scene.animate runs it
  const dynskinStart = performance.now();
  for (const c of v.characters) c.runtime?.updateWithAnimationGroups(c.groups, delta);
  const dynskinMs = performance.now() - dynskinStart;
  engine.beginFrame(); // (WebGPU submits the frame's commands at its end)
  v.scene.render(true, true); // drawn, the animations already stepped
  engine.endFrame();
  await engine.readPixels(0, 0, 1, 1, true, false, pixel); // until the GPU has drawn it
  return { frameMs: performance.now() - start, dynskinMs };
}

// `frames` frames of 1/60 s of each variant, interleaved (their order turning), after `warmup`.
async function run(frames, warmup) {
  const sums = variants.map(() => ({ frameMs: 0, dynskinMs: 0 }));
  for (let i = 0; i < warmup + frames; ++i) {
    for (let k = 0; k < variants.length; ++k) {
      const index = (i + k) % variants.length;
      const timing = await frame(variants[index], 1 / 60);
      if (i < warmup) continue;
      sums[index].frameMs += timing.frameMs;
      sums[index].dynskinMs += timing.dynskinMs;
    }
  }
  const n = variants[0].characters.length;
  const [dynskin, plain] = sums;
  return {
    dynskinFps: (1000 * frames) / dynskin.frameMs, plainFps: (1000 * frames) / plain.frameMs,
    dynskinFrameMs: dynskin.frameMs / frames, plainFrameMs: plain.frameMs / frames,
    updateMicroseconds: (1000 * dynskin.dynskinMs) / frames / n,
  };
}

// `frames` frames of 1/60 s of dynskin's variant, its animation step and runtimes alone (what
// --profile samples); the runtimes' milliseconds.
function profileLoop(frames) {
  const v = variants[0];
  let ms = 0;
  for (let i = 0; i < frames; ++i) {
    v.scene._animate(1000 / 60);
    const start = performance.now();
    for (const c of v.characters) c.runtime.updateWithAnimationGroups(c.groups, 1 / 60);
    ms += performance.now() - start;
  }
  return ms;
}

window.babylonBench = { setup, run, profileLoop, ready: true };
