// The crowd example: N copies of a character (?n=N, default 20) in one three.js scene, each
// with its own runtime, its own dynamics (frequency, decay and drag varied per character) and
// its own animation phase; the page shows the frames per second and the plugin's CPU time.
// ?plugin=0 loads the same file with plain three.js skinning (what bench/three compares to).
// ?manual: no animation loop; window.crowd.step(dt) draws a frame (the bench drives it).
import * as THREE from 'three';
import { createStage, createLoader, castShadows, boundsOf } from './scene.js';
import { FpsMeter } from './fps-meter.js';

const query = new URLSearchParams(location.search);
const count = Math.max(1, Math.min(10000, Number.parseInt(query.get('n') || '20', 10) || 20));
const withDynskin = query.get('plugin') !== '0';
const stage = await createStage(document.getElementById('view'));
const loader = createLoader(withDynskin, stage.renderer);

// A small deterministic generator: the same crowd on every load (the bench compares runs).
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const timing = { frames: 0, dynskinMs: 0, frameMs: 0 };  // sums since the last reading
const meter = new FpsMeter(document.getElementById('fps'), () => {
  const frames = Math.max(1, timing.frames);
  const dynskin = timing.dynskinMs / frames;
  const text = withDynskin
    ? ` · dynskin ${dynskin.toFixed(2)} ms/frame (${((dynskin * 1000) / count).toFixed(1)} µs/character)`
    : ' · plain three.js skinning';
  timing.frames = timing.dynskinMs = timing.frameMs = 0;
  return text;
});

const characters = [];
async function build() {
  const url = query.get('file') || 'models/cow.glb';
  const buffer = await (await fetch(url)).arrayBuffer();
  const rng = random(28);
  let spacing = 0;
  const columns = Math.ceil(Math.sqrt(count));
  for (let i = 0; i < count; i++) {
    const gltf = await loader.parseAsync(buffer, '');
    const runtime = gltf.userData.dynskin || null;
    if (withDynskin && !runtime) throw new Error(`${url} has no skinned mesh`);
    if (!spacing) {
      const size = boundsOf(gltf.scene).getSize(new THREE.Vector3());
      spacing = Math.max(size.x, size.z) * 1.3;
    }
    gltf.scene.position.set((i % columns - (columns - 1) / 2) * spacing, 0, (Math.floor(i / columns) - (columns - 1) / 2) * spacing);
    castShadows(gltf.scene);
    stage.scene.add(gltf.scene);
    const mixer = new THREE.AnimationMixer(gltf.scene);
    const clip = gltf.animations[0];
    const action = clip ? mixer.clipAction(clip).play() : null;
    if (clip) {
      action.time = rng() * clip.duration;  // its own phase
      action.timeScale = 0.8 + 0.4 * rng();
    }
    // Its own dynamics: the file's settings with an f, τ and D of its own.
    runtime?.setParameters({ oscillation: { frequency: 1.2 + 2.5 * rng(), damping: 0.3 + 0.6 * rng(), drag: 0.03 + 0.1 * rng() } });
    mixer.update(0);
    runtime?.reset();  // start from rest at its phase: no wobble from the jump to it
    characters.push({ gltf, runtime, mixer, action });
  }
  const box = new THREE.Box3();
  for (const c of characters) box.union(boundsOf(c.gltf.scene));
  stage.frame(box);
}

// One frame of the crowd: the mixers, then every runtime (timed: the plugin's CPU time), then
// the picture. Returns the plugin's milliseconds.
function step(dt) {
  const start = performance.now();
  for (const c of characters) c.mixer.update(dt);
  const dynskinStart = performance.now();
  for (const c of characters) c.runtime?.update(dt);
  const dynskinMs = performance.now() - dynskinStart;
  stage.render();
  timing.frames++;
  timing.dynskinMs += dynskinMs;
  timing.frameMs += performance.now() - start;
  return dynskinMs;
}

const clock = new THREE.Clock();
function loop() {
  step(Math.min(clock.getDelta(), 0.1));
  meter.frame();
  requestAnimationFrame(loop);
}

window.crowd = { count, withDynskin, characters, step, stage, meter };
try {
  await build();
  document.getElementById('count').textContent = `${count} characters, ${withDynskin ? 'dynskin-three' : 'plain three.js skinning'}`;
  window.crowd.ready = true;
  if (!query.has('manual')) requestAnimationFrame(loop);
} catch (e) {
  document.getElementById('error').textContent = String(e.message || e);
  throw e;
}
