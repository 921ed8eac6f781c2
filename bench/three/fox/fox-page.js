// The page of bench/three/fox.mjs: N Foxes with dynskin-three and N with three-vrm's spring
// bones on the tail (a VRMC_springBone chain written on the tail bones, read by three-vrm's
// own loader plugin), every one playing "Run" from its own phase, and the CPU time of each
// runtime's update call alone, the variants interleaved frame by frame. Nothing is drawn: a
// frame here is the animation and the runtimes' update calls.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { DynskinPlugin, loadDynskinCore } from 'dynskin-three';
import { VRMSpringBoneLoaderPlugin } from '@pixiv/three-vrm-springbone';
import { editGlb } from '/packages/test-support/glb.js';
import { addSpringTail } from './spring-tail.js';

const CLIP = 'Run';

// The Fox with three-vrm's spring on its tail.
function withSpringTail(bytes) {
  let chain = [];
  const { buffer } = editGlb(new Uint8Array(bytes), (json) => {
    chain = addSpringTail(json);
  });
  return { buffer, chain };
}

let fox = null; // { plain, spring, chain }: the file, with the springs, the tail's bones
const sets = { dynskin: [], withMixer: [], spring: [] };

function play(gltf, phase) {
  const mixer = new THREE.AnimationMixer(gltf.scene);
  const clip = THREE.AnimationClip.findByName(gltf.animations, CLIP);
  if (!clip) throw new Error(`the Fox has no clip ${CLIP}`);
  const action = mixer.clipAction(clip).play();
  action.time = phase * clip.duration;
  mixer.update(0);
  return mixer;
}

// n Foxes of each variant (dynskin with update, dynskin with updateWithMixer, spring bones).
async function setup(url, n) {
  if (!fox) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const plain = await response.arrayBuffer();
    const { buffer, chain } = withSpringTail(plain);
    fox = { plain, spring: buffer, chain };
  }
  for (const set of Object.values(sets)) {
    for (const c of set) c.runtime?.dispose();
    set.length = 0;
  }
  const core = await loadDynskinCore();
  const heapBefore = core.JointLevel.heapBytesInUse();
  const dynskinLoader = new GLTFLoader().register((parser) => new DynskinPlugin(parser, { withoutExtension: true, parameters: { mode: 'dynamic' } }));
  const springLoader = new GLTFLoader().register((parser) => new VRMSpringBoneLoaderPlugin(parser));
  for (let i = 0; i < n; ++i) {
    const phase = (i * 0.618) % 1;
    for (const key of ['dynskin', 'withMixer']) {
      const gltf = await dynskinLoader.parseAsync(fox.plain, '');
      sets[key].push({ runtime: gltf.userData.dynskin, mixer: play(gltf, phase) });
    }
    const gltf = await springLoader.parseAsync(fox.spring, '');
    const springs = gltf.userData.vrmSpringBoneManager;
    if (!springs || springs.joints.size === 0) throw new Error('three-vrm made no spring bone of the tail');
    sets.spring.push({ springs, mixer: play(gltf, phase) });
  }
  const character = sets.dynskin[0].runtime.characters[0];
  return {
    crossOriginIsolated: window.crossOriginIsolated,
    joints: character.jointCount,
    vertices: character.level.vertexCount(),
    tail: fox.chain.map(({ name }) => name),
    springJoints: sets.spring[0].springs.joints.size,
    // The core's memory in use per dynskin Fox (the mean over the 2n just built).
    wasmBytesPerFox: (core.JointLevel.heapBytesInUse() - heapBefore) / (2 * n),
  };
}

// A deterministic generator: the same jittered steps in every run.
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The frame steps: 60 Hz (every frame on a tick of the core's clock), 30 Hz (two ticks an
// update), display (a 60 Hz display's frames as a browser times them, 1/60 s give or take a
// tenth: one tick an update, the frames between the ticks), or jittered between half a tick
// and three and a half (two on average).
function steps(kind) {
  if (kind === '60') return () => 1 / 60;
  if (kind === '30') return () => 1 / 30;
  const rng = random(60);
  if (kind === 'display') return () => (0.9 + 0.2 * rng()) / 60;
  return () => (0.5 + 3 * rng()) / 60;
}

// One frame of each variant, its update calls timed (ms, all n together).
const variants = {
  dynskin(dt, spent) {
    const set = sets.dynskin;
    let start = performance.now();
    for (let i = 0; i < set.length; ++i) set[i].mixer.update(dt);
    spent.mixer += performance.now() - start;
    start = performance.now();
    for (let i = 0; i < set.length; ++i) set[i].runtime.update(dt);
    spent.dynskin += performance.now() - start;
  },
  withMixer(dt, spent) {
    const set = sets.withMixer;
    const start = performance.now();
    for (let i = 0; i < set.length; ++i) set[i].runtime.updateWithMixer(set[i].mixer, dt);
    spent.withMixer += performance.now() - start;
  },
  spring(dt, spent) {
    const set = sets.spring;
    let start = performance.now();
    for (let i = 0; i < set.length; ++i) set[i].mixer.update(dt);
    spent.mixer += performance.now() - start;
    start = performance.now();
    for (let i = 0; i < set.length; ++i) set[i].springs.update(dt);
    spent.spring += performance.now() - start;
  },
};
const order = Object.keys(variants);

// `frames` frames (after `warmup`), the variants' order turning each frame. Returns µs of CPU
// per character per frame: each runtime's update call, and the mixer's update (for scale;
// updateWithMixer's figure includes its mixer updates: at each tick and the one after).
function run(kind, frames, warmup) {
  const step = steps(kind);
  const spent = { dynskin: 0, withMixer: 0, spring: 0, mixer: 0 };
  for (let f = 0; f < warmup + frames; ++f) {
    if (f === warmup) for (const key of Object.keys(spent)) spent[key] = 0;
    const dt = step();
    for (let v = 0; v < order.length; ++v) variants[order[(f + v) % order.length]](dt, spent);
  }
  const n = sets.dynskin.length;
  const perCharacter = (ms, count = 1) => (1000 * ms) / (frames * n * count);
  return {
    dynskin: perCharacter(spent.dynskin),
    withMixer: perCharacter(spent.withMixer),
    spring: perCharacter(spent.spring),
    mixer: perCharacter(spent.mixer, 2),
  };
}

// `frames` frames of one variant's update calls alone, its bones held still (no mixer, but
// in updateWithMixer's own calls), for fox.mjs's count of what they allocate; or ('mixer')
// the AnimationMixer's update alone.
function callsAlone(variant, frames) {
  const set = sets[variant === 'mixer' ? 'spring' : variant];
  const call = {
    dynskin: (c) => c.runtime.update(1 / 60),
    withMixer: (c) => c.runtime.updateWithMixer(c.mixer, 1 / 60),
    spring: (c) => c.springs.update(1 / 60),
    mixer: (c) => c.mixer.update(1 / 60),
  }[variant];
  for (let f = 0; f < frames; ++f) for (let i = 0; i < set.length; ++i) call(set[i]);
  return frames * set.length;
}

// What a frame's uploads cost (the textures dynskin-three writes, with dLBS on at c = 1.5):
// three.js's upload of each alone (renderer.initTexture), timed on the main thread and until
// the GPU has it (gl.finish), the ring's new rows alone and the whole ring on alternate frames,
// and the whole 2048-tick ring of the previous dynskin-three (a texture of its size).
async function uploads(frames) {
  const loader = new GLTFLoader().register((parser) => new DynskinPlugin(parser, { withoutExtension: true, parameters: { mode: 'dynamic', propagation_speed: 1.5 } }));
  const gltf = await loader.parseAsync(fox.plain, '');
  const runtime = gltf.userData.dynskin, mixer = play(gltf, 0);
  const renderer = new THREE.WebGLRenderer({ canvas: document.createElement('canvas') });
  const gl = renderer.getContext();
  const character = runtime.characters[0];
  const old = new THREE.DataTexture(new Float32Array(1024 * 48 * 4), 1024, 48, THREE.RGBAFormat, THREE.FloatType);
  const time = (texture) => {
    const start = performance.now();
    renderer.initTexture(texture);
    const sent = performance.now();
    gl.finish();
    return [sent - start, performance.now() - start];
  };
  const spent = { rows: [0, 0], ringRows: [0, 0], ringWhole: [0, 0], oldRing: [0, 0] };
  const add = (key, [sent, done]) => {
    spent[key][0] += sent;
    spent[key][1] += done;
  };
  for (let f = 0; f < 2 * frames + 60; ++f) {
    mixer.update(1 / 60);
    runtime.update(1 / 60);
    const ring = character.uniforms.dynskin_rotation_ring.value;
    const timed = f >= 60;
    if (f % 2) ring.updateRanges.length = 0; // the whole ring this frame
    const ringTime = time(ring);
    if (timed) add(f % 2 ? 'ringWhole' : 'ringRows', ringTime);
    const rowsTime = time(character.uniforms.dynskin_joints.value);
    old.needsUpdate = true;
    const oldTime = time(old);
    if (timed) {
      add('rows', rowsTime);
      add('oldRing', oldTime);
    }
  }
  const ring = character.uniforms.dynskin_rotation_ring.value.image;
  const result = { ringTicks: character.uniforms.dynskin_ring_ticks.value, ringTexels: ring.width * ring.height, joints: character.jointCount };
  for (const [key, [sent, done]] of Object.entries(spent)) {
    const count = key === 'rows' || key === 'oldRing' ? 2 * frames : frames;
    result[key] = { sent: (1000 * sent) / count, done: (1000 * done) / count };
  }
  runtime.dispose();
  renderer.dispose();
  old.dispose();
  return result;
}

// dynskin's update alone for the profiler, `frames` frames of `kind` steps.
function profileLoop(kind, frames) {
  const step = steps(kind);
  const spent = { dynskin: 0, withMixer: 0, spring: 0, mixer: 0 };
  for (let f = 0; f < frames; ++f) variants.dynskin(step(), spent);
  return spent;
}

// What a Fox's update(delta) is made of, for fox.mjs --parts: its own per-frame calls made
// apart over the dynskin Foxes (reading the bones into the core, the core's joint level, what
// the shaders read), `frames` frames of `kind` steps after 150 of warm-up, µs per Fox per frame.
async function parts(kind, frames) {
  // The time of the core's per-frame calls (a view of its memory, which a frame does not grow).
  const clock = (await loadDynskinCore()).JointLevel.clock();
  const set = sets.dynskin, n = set.length, step = steps(kind);
  const spent = { read: 0, core: 0, publish: 0 };
  for (let f = 0; f < 150 + frames; ++f) {
    if (f === 150) spent.read = spent.core = spent.publish = 0;
    const dt = step();
    for (let i = 0; i < n; ++i) {
      set[i].mixer.update(dt);
      set[i].runtime.time += dt;
    }
    let start = performance.now();
    for (let i = 0; i < n; ++i) set[i].runtime.characters[0].readLocals();
    spent.read += performance.now() - start;
    start = performance.now();
    for (let i = 0; i < n; ++i) {
      clock[0] = set[i].runtime.time;
      const level = set[i].runtime.characters[0].level;
      if (level.update()) throw new Error(`the core refused a frame: ${level.error()}`);
    }
    spent.core += performance.now() - start;
    start = performance.now();
    for (let i = 0; i < n; ++i) set[i].runtime.characters[0].publish();
    spent.publish += performance.now() - start;
  }
  for (const key of Object.keys(spent)) spent[key] = (1000 * spent[key]) / (frames * n);
  return spent;
}

window.foxBench = { setup, run, callsAlone, uploads, profileLoop, parts, ready: true };
