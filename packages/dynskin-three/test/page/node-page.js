// The test steps under WebGPURenderer (node materials), run by browser_test.mjs through
// window.dynskinTest: on WebGPU (?renderer=webgpu) or on its WebGL 2 fallback
// (?renderer=webgpu-webgl2). Load a file with the plugin given the renderer, play it, read
// back the stage's world positions from the GPU, and the C++ core's; the deformed skin's shadow.
import * as THREE from 'three/webgpu';
import { float, modelWorldMatrix, positionLocal, vec2, vec4, varying, vertexIndex } from 'three/tsl';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { DynskinPlugin } from 'dynskin-three';
import { stageOutput } from '/packages/dynskin-three/src/node-material.js';
import { addMorphTarget, clipOf, fileBytes, overlap, proceduralMotion, shadowScene } from './shared.js';

const forceWebGL = new URLSearchParams(location.search).get('renderer') === 'webgpu-webgl2';
const renderer = new THREE.WebGPURenderer({ antialias: false, forceWebGL });
renderer.setSize(640, 400);
document.body.appendChild(renderer.domElement);
await renderer.init();
const backend = renderer.backend.isWebGPUBackend ? 'WebGPU' : 'WebGL 2';

let current = null; // { gltf, runtime, mixer, time, procedural }

async function load(url, { parameters = {}, scale = 1, reference = true, clip = null } = {}) {
  current?.runtime.dispose();
  const loader = new GLTFLoader().register((parser) => new DynskinPlugin(parser, { withoutExtension: true, parameters, renderer }));
  const gltf = await loader.parseAsync(await fileBytes(url), '');
  gltf.scene.scale.setScalar(scale);
  gltf.scene.updateMatrixWorld(true);
  const runtime = gltf.userData.dynskin;
  if (reference) for (const c of runtime.characters) c.level.enableReference();
  let mixer = null, procedural = null;
  if (gltf.animations.length) {
    mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(clipOf(gltf, clip)).play();
  } else {
    procedural = proceduralMotion(gltf.scene);
  }
  current = { gltf, runtime, mixer, procedural, time: 0 };
  const materials = runtime.characters[0].meshes.map((m) => (Array.isArray(m.material) ? m.material[0] : m.material).type);
  return { backend, materials, characters: runtime.characters.map((c) => ({ size: c.size, vertices: c.level.vertexCount() })) };
}

function play(dt, n, { withMixer = false } = {}) {
  for (let i = 0; i < n; ++i) {
    current.time += dt;
    if (current.mixer && withMixer) {
      current.runtime.updateWithMixer(current.mixer, dt);
      continue;
    }
    if (current.mixer) current.mixer.update(dt);
    else current.procedural(current.time);
    current.runtime.update(dt);
  }
  return current.time;
}

// The stage's world positions of a character's vertices (drawn: the positions it draws, in
// the world; else the stage's output, in the core's frame), read back from the GPU: each mesh
// drawn as points with a patched node material, one pixel a vertex of a float target, the
// colour the position and the vertex's index (the rows' order is the backend's own).
async function capture(characterIndex = 0, drawn = false, materialClass = 'MeshBasicNodeMaterial') {
  const character = current.runtime.characters[characterIndex];
  const out = new Float32Array(character.level.vertexCount() * 3);
  for (const [m, mesh] of character.meshes.entries()) {
    const count = mesh.geometry.attributes.position.count;
    const width = 1024, height = Math.max(1, Math.ceil(count / width));
    const material = current.runtime.patchMaterial(new THREE[materialClass](), characterIndex, m);
    const pixel = vec2(float(vertexIndex.mod(width)).add(0.5), float(vertexIndex.div(width)).add(0.5));
    material.vertexNode = vec4(pixel.div(vec2(width, height)).mul(2).sub(1), 0, 1);
    const position = drawn ? modelWorldMatrix.mul(vec4(material.positionNode, 1)).xyz : stageOutput(material).element(0);
    material.fragmentNode = vec4(varying(position), float(vertexIndex).toVarying().add(0.25));
    const points = new THREE.SkinnedMesh(mesh.geometry, material);
    points.isMesh = false; // drawn as points: one per vertex
    points.isPoints = true;
    points.frustumCulled = false;
    points.bind(mesh.skeleton, mesh.bindMatrix);
    points.morphTargetInfluences = mesh.morphTargetInfluences;
    points.matrixAutoUpdate = false; // where the mesh is (its material's positionNode is in its space)
    mesh.updateWorldMatrix(true, false);
    points.matrix.copy(mesh.matrixWorld);
    const scene = new THREE.Scene().add(points);
    const target = new THREE.RenderTarget(width, height, { type: THREE.FloatType, depthBuffer: false });
    renderer.setRenderTarget(target);
    renderer.setClearColor(0x000000, 0);
    renderer.clear();
    renderer.render(scene, new THREE.OrthographicCamera());
    const pixels = await renderer.readRenderTargetPixelsAsync(target, 0, 0, width, height);
    renderer.setRenderTarget(null);
    target.dispose();
    const first = character.firstVertex[m];
    let written = 0;
    for (let p = 0; p < width * height; ++p) {
      if (pixels[4 * p + 3] === 0) continue;
      const i = Math.floor(pixels[4 * p + 3]);
      out.set(pixels.subarray(4 * p, 4 * p + 3), 3 * (first + i));
      written++;
    }
    if (written !== count) throw new Error(`${written} of the ${count} vertices of mesh ${m} were drawn`);
  }
  return out;
}

// The worst distance between the GPU's positions and the core's, in character sizes.
async function compare(characterIndex = 0, materialClass = undefined) {
  const character = current.runtime.characters[characterIndex];
  const gpu = await capture(characterIndex, false, materialClass);
  const reference = character.level.referencePositions().slice(), base = character.level.referenceBasePositions();
  let worst = 0, notFinite = 0, motion = 0;
  for (let i = 0; i < gpu.length; i += 3) {
    const d = Math.hypot(gpu[i] - reference[i], gpu[i + 1] - reference[i + 1], gpu[i + 2] - reference[i + 2]);
    if (!Number.isFinite(d)) notFinite++;
    else worst = Math.max(worst, d);
    motion = Math.max(motion, Math.hypot(reference[i] - base[i], reference[i + 1] - base[i + 1], reference[i + 2] - base[i + 2]));
  }
  return { worst: worst / character.size, notFinite, motion: motion / character.size, vertices: gpu.length / 3 };
}

// What the GPU draws now, in the world, divided by the character size there (runs at other
// frame rates or scales compared), and that size.
async function normalizedCapture(characterIndex = 0) {
  const size = current.runtime.characters[characterIndex].size;
  return { size, positions: Array.from(await capture(characterIndex, true), (x) => x / size) };
}

// Morph targets kept: the skin (in sizes, as normalizedCapture) morphed by a target of
// height `height` L at 0.6, with the same push baked into its rest pose instead, and without.
async function morphCheck(url, height = 0.05) {
  const run = async (morph) => {
    const info = await load(url, { parameters: { mode: 'dynamic', ground_contact: null }, reference: false });
    if (morph) addMorphTarget(current.gltf.scene, height * info.characters[0].size, 0.6, morph);
    play(1 / 60, 40);
    return (await normalizedCapture(0)).positions;
  };
  const morphed = await run({}), baked = await run({ bake: true }), plain = await run(null);
  return { morphed, baked, plain };
}

// The deformed skin's shadow, as test-page.js's shadowCheck: light and camera straight above,
// the shadow on the ground is the skin's silhouette; with the material's castShadowPositionNode
// set to three.js's skinned position (plain LBS), it is not.
async function shadowCheck(url) {
  await load(url, { parameters: { mode: 'dynamic', oscillation: { drag: 0.5, amplitude: 0.5 } }, reference: false });
  play(1 / 60, 40);
  const positions = await capture(0);
  const { scene, camera, ground } = shadowScene(current.gltf.scene, positions, new THREE.MeshLambertNodeMaterial({ color: 0xffffff }));
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.BasicShadowMap;
  const meshes = current.runtime.characters[0].meshes;
  const materials = meshes.flatMap((m) => (Array.isArray(m.material) ? m.material : [m.material]));
  meshes.forEach((m) => { m.castShadow = true; m.frustumCulled = false; });
  const size = 256;
  const target = new THREE.RenderTarget(size, size);
  const mask = async (test) => {
    renderer.setRenderTarget(target);
    renderer.setClearColor(0x000000, 0);
    renderer.clear();
    renderer.render(scene, camera);
    const pixels = await renderer.readRenderTargetPixelsAsync(target, 0, 0, size, size);
    renderer.setRenderTarget(null);
    return Array.from({ length: size * size }, (_, i) => test(pixels.subarray(4 * i, 4 * i + 4)));
  };
  ground.visible = false;
  const silhouette = await mask((p) => p[3] > 128);
  ground.visible = true;
  for (const m of materials) { m.colorWrite = false; m.depthWrite = false; m.needsUpdate = true; }
  const shadowed = (p) => p[3] > 128 && p[0] < 128;
  const withDynskin = await mask(shadowed);
  for (const m of materials) { m.castShadowPositionNode = positionLocal; m.needsUpdate = true; }
  const plain = await mask(shadowed);
  for (const m of materials) { m.castShadowPositionNode = null; m.colorWrite = true; m.depthWrite = true; m.needsUpdate = true; }
  renderer.shadowMap.enabled = false;
  target.dispose();
  return { dynskin: overlap(withDynskin, silhouette), plain: overlap(plain, silhouette), pixels: withDynskin.filter(Boolean).length };
}

// The materials GLTFLoader makes, patched for this renderer: the node material its library
// makes of each, and what its stage computes against the core.
async function materialsCheck(url) {
  await load(url, { parameters: { mode: 'dynamic' } });
  play(1 / 60, 30);
  const out = {};
  for (const name of ['MeshStandardMaterial', 'MeshPhysicalMaterial', 'MeshLambertMaterial', 'MeshPhongMaterial', 'MeshBasicMaterial']) {
    const type = current.runtime.patchMaterial(new THREE[name]()).type;
    out[name] = { type, ...(await compare(0, name)) };
  }
  return out;
}

// A runtime attached without the renderer (patched for WebGLRenderer): its first render under
// WebGPURenderer says so in a console error.
async function withoutRenderer(url) {
  current?.runtime.dispose();
  const loader = new GLTFLoader().register((parser) => new DynskinPlugin(parser, { withoutExtension: true }));
  const gltf = await loader.parseAsync(await fileBytes(url), '');
  const errors = [], error = console.error;
  console.error = (...args) => errors.push(args.join(' '));
  try {
    gltf.scene.traverse((o) => (o.frustumCulled = false));
    renderer.render(gltf.scene, new THREE.PerspectiveCamera());
    renderer.render(gltf.scene, new THREE.PerspectiveCamera());
  } finally {
    console.error = error;
    gltf.userData.dynskin.dispose();
  }
  return errors;
}

window.dynskinTest = { load, play, compare, normalizedCapture, morphCheck, shadowCheck, materialsCheck, withoutRenderer, backend, renderer, THREE };
window.dynskinTestReady = true;
