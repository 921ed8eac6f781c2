// The crowd example: N copies of a character (?count=N, default 20) in one Babylon.js scene,
// made from one LoadAssetContainerAsync by instantiateModelsToScene, each with its own runtime
// (attachClone), its own dynamics (frequency, decay and drag varied per character) and its own
// phase and speed of the clip; the page shows the frames per second and the runtimes' CPU time.
// The runtimes are stepped by the page (autoUpdate off) to time them: after the scene's
// animation step, updateWithAnimationGroups with each copy's own groups.
// ?plugin=0 draws the same crowd with Babylon.js's plain skinning; ?engine=webgpu on WebGPU.
import { LoadAssetContainerAsync } from '@babylonjs/core';
import '@babylonjs/loaders/glTF/index.js';
import { registerDynskin } from 'dynskin-babylon';
import { createStage } from './scene.js';
import { FpsMeter } from './fps-meter.js';

const query = new URLSearchParams(location.search);
const count = Math.max(1, Math.min(10000, Number.parseInt(query.get('count') || '20', 10) || 20));
const withDynskin = query.get('plugin') !== '0';
const stage = await createStage(document.getElementById('view')).catch((e) => {
  document.getElementById('error').textContent = e.message;
  throw e;
});
// Every skinned file gets dynskin's motion (its own settings when it has them).
if (withDynskin) registerDynskin({ withoutExtension: true, autoUpdate: false });

// A small deterministic generator: the same crowd on every load.
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const timing = { frames: 0, dynskinMs: 0 }; // sums since the last reading
const meter = new FpsMeter(document.getElementById('fps'), () => {
  const dynskin = timing.dynskinMs / Math.max(1, timing.frames);
  timing.frames = timing.dynskinMs = 0;
  return withDynskin ? ` · dynskin ${dynskin.toFixed(2)} ms/frame (${((dynskin * 1000) / count).toFixed(1)} µs/character)` : ' · plain Babylon.js skinning';
});

const characters = []; // { root, runtime, groups, group }
async function build() {
  const url = query.get('file') || 'models/cow.glb';
  const container = await LoadAssetContainerAsync(url, stage.scene);
  // The container's own models never enter the scene: its runtime is where the copies' come from.
  const source = container.meshes[0].metadata?.dynskin;
  if (withDynskin && !source) throw new Error(`${url} has no skinned mesh`);
  const rng = random(28);
  const columns = Math.ceil(Math.sqrt(count));
  let spacing = 0;
  for (let i = 0; i < count; i++) {
    const entries = container.instantiateModelsToScene((name) => `${name} ${i}`, false, { doNotInstantiate: true });
    const root = entries.rootNodes[0];
    if (!spacing) {
      const { min, max } = root.getHierarchyBoundingVectors(true);
      spacing = 1.3 * Math.max(max.x - min.x, max.z - min.z);
    }
    root.position.set((i % columns - (columns - 1) / 2) * spacing, 0, (Math.floor(i / columns) - (columns - 1) / 2) * spacing);
    const runtime = withDynskin ? await source.attachClone(root) : null;
    // Its own dynamics: the file's settings with an f, τ and D of its own.
    runtime?.setParameters({ oscillation: { frequency: 1.2 + 2.5 * rng(), damping: 0.3 + 0.6 * rng(), drag: 0.03 + 0.1 * rng() } });
    const group = entries.animationGroups[0] ?? null;
    if (group) {
      group.start(true, 0.8 + 0.4 * rng());
      group.goToFrame(group.from + rng() * (group.to - group.from)); // its own phase
    }
    characters.push({ root, runtime, groups: entries.animationGroups, group });
  }
  stage.frame(characters.flatMap((c) => c.root.getChildMeshes(false)));
}

// After the scene's animation step: every runtime, with its own copy's groups (timed).
stage.scene.onAfterAnimationsObservable.add((scene) => {
  const start = performance.now();
  const delta = scene.deltaTime / 1000;
  for (const c of characters) c.runtime?.updateWithAnimationGroups(c.groups, delta);
  timing.dynskinMs += performance.now() - start;
  timing.frames++;
});

window.crowd = { count, withDynskin, characters, stage, meter };
try {
  await build();
  document.getElementById('count').textContent = `${count} characters, ${withDynskin ? 'dynskin-babylon' : 'plain Babylon.js skinning'}`;
  stage.engine.runRenderLoop(() => {
    stage.scene.render();
    meter.frame();
  });
  window.crowd.ready = true;
} catch (e) {
  document.getElementById('error').textContent = String(e.message || e);
  throw e;
}
