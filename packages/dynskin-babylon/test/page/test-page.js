// The test steps, run in the page by browser_test.mjs through window.dynskinTest: load a file
// with Babylon.js's loader and the registered extension, play it (its first animation group, or
// a procedural motion for a file without one), read back what the material plugin's shader
// draws, and the C++ core's positions.
import * as BABYLON from '@babylonjs/core';
import '@babylonjs/loaders/glTF/index.js';
import { registerDynskin, DynskinRuntime, DynskinMaterialPlugin, loadDynskinCore } from 'dynskin-babylon';
import { editedGlb, fileBytes, withoutDynskin } from '/packages/test-support/glb.js';
import { createEngine, webgpuAsked as webgpu } from '/packages/test-support/babylon-engine.js';

await loadDynskinCore();
const canvas = document.getElementById('view');
// ?engine=webgpu: Babylon.js's WebGPUEngine (its materials' WGSL), else WebGL 2 (GLSL).
const engine = await createEngine(canvas, { preserveDrawingBuffer: true, stencil: true });
const scene = new BABYLON.Scene(engine);
scene.clearColor = new BABYLON.Color4(0, 0, 0, 0);
const camera = new BABYLON.FreeCamera('camera', new BABYLON.Vector3(0, 0, -10), scene);
new BABYLON.HemisphericLight('sky', new BABYLON.Vector3(0, 1, 0), scene).intensity = 0.2;

let current = null; // { result, root, runtime, group, procedural, time }

function disposeCurrent() {
  if (!current) return;
  current.runtime?.dispose();
  for (const group of current.result.animationGroups) group.dispose();
  current.root.dispose(false, true);
  current = null;
}

// A motion for files without a clip: every bone turns back and forth about an axis of its own,
// and the root sways, so that every joint has angular and linear velocity.
function proceduralMotion(skeleton) {
  const nodes = skeleton.bones.map((bone) => bone.getTransformNode() ?? bone).map((node) => ({
    node, rest: (node.rotationQuaternion ?? BABYLON.Quaternion.FromEulerVector(node.rotation)).clone(), position: node.position.clone(),
  }));
  return (t) => {
    nodes.forEach(({ node, rest, position }, k) => {
      const axis = new BABYLON.Vector3(Math.sin(k * 1.3), Math.cos(k * 0.7), Math.sin(k * 2.1 + 1)).normalize();
      const angle = 0.35 * Math.sin(2 * Math.PI * 0.8 * t + 0.5 * k);
      node.rotationQuaternion = rest.multiply(BABYLON.Quaternion.RotationAxis(axis, angle));
      if (k === 0) node.position = position.add(new BABYLON.Vector3(0.1 * Math.sin(2 * Math.PI * 0.6 * t), 0, 0).scale(position.length() + 1));
    });
  };
}

// Loads `url` with Babylon.js's loader, the extension registered (for files without it too,
// with these parameters); the runtime stepped by the test (autoUpdate false) unless told.
async function load(url, { parameters = {}, scale = 1, reference = true, clip = null, autoUpdate = false, withoutExtension = true } = {}) {
  disposeCurrent();
  registerDynskin({ withoutExtension, parameters, autoUpdate });
  const result = await BABYLON.ImportMeshAsync(await fileBytes(url), scene, { pluginExtension: '.glb' });
  // The scene's animation step does nothing while data is pending (the file's textures being
  // decoded): the steps below would count frames the groups never played.
  while (scene.getWaitingItemsCount() > 0) await sleep(5);
  const root = result.meshes[0];
  root.scaling.scaleInPlace(scale);
  const runtime = root.metadata?.dynskin;
  if (!runtime) throw new Error(`${url}: no runtime at the root's metadata.dynskin`);
  if (reference) for (const c of runtime.characters) c.level.enableReference();
  for (const group of result.animationGroups) group.stop();
  let group = null, procedural = null;
  if (result.animationGroups.length) {
    group = result.animationGroups.find((g) => g.name === clip) ?? result.animationGroups[0];
    group.start(true);
  } else {
    procedural = proceduralMotion(runtime.characters[0].skeleton);
  }
  current = { result, root, runtime, group, procedural, time: 0 };
  // The first pose, as if the frame before the first update had been drawn.
  advanceAnimations(0);
  return {
    characters: runtime.characters.map((c) => ({ size: c.size, vertices: c.level.vertexCount(), joints: c.jointCount, meshes: c.meshes.length })),
    clip: group?.name ?? null,
  };
}

// The animation groups (or the procedural motion) by dt seconds: the scene's own animation
// step with that delta, as Babylon.js's deterministic lockstep runs it.
function advanceAnimations(dt) {
  if (current.group) scene._animate(dt * 1000);
  else current.procedural(current.time);
}

// n frames of dt seconds: the animation, then the runtime, by `step`: 'update' (the pose at
// the frame times), 'groups' (updateWithAnimationGroups with the file's groups) or 'auto' (the
// runtime's own step after the animations, autoUpdate, as scene.animate() notifies it).
function play(dt, n, step = 'update') {
  current.runtime.autoUpdate = step === 'auto';
  for (let i = 0; i < n; ++i) {
    current.time += dt;
    advanceAnimations(dt);
    if (step === 'auto') scene.onAfterAnimationsObservable.notifyObservers(scene);
    else if (step === 'groups') current.runtime.updateWithAnimationGroups(current.result.animationGroups, dt);
    else current.runtime.update(dt);
  }
  current.runtime.autoUpdate = false;
  return current.time;
}

// Draws each vertex as one pixel of a float target, its colour the vertex shader's world
// position (Babylon.js's worldPos, after the stage and finalWorld): what a capture reads back.
class CapturePlugin extends BABYLON.MaterialPluginBase {
  constructor(material) {
    super(material, 'DynskinCapture', 900, {}, true, false);
    this.registerForExtraEvents = true;
    this._enable(true);
    this.size = [1, 1];
  }
  getClassName() { return 'DynskinCapturePlugin'; }
  getUniforms() { return { externalUniforms: ['dynskinCaptureSize'] }; }
  hardBindForSubMesh(ubo, s, e, subMesh) { subMesh.effect?.setFloat2('dynskinCaptureSize', this.size[0], this.size[1]); }
  isCompatible() { return true; }
  getCustomCode(shaderType, shaderLanguage) {
    // WGSL: the vertex's index + 1 in alpha (where the point lands need not be its pixel: the
    // render target's rows may be flipped).
    if (shaderLanguage === BABYLON.ShaderLanguage.WGSL) {
      if (shaderType === 'vertex') {
        return {
          CUSTOM_VERTEX_DEFINITIONS: 'varying vDynskinCapture: vec4f;\nuniform dynskinCaptureSize: vec2f;',
          CUSTOM_VERTEX_MAIN_END: `
	let dynskin_width = u32(uniforms.dynskinCaptureSize.x);
	let dynskin_pixel = vec2f(f32(vertexInputs.vertexIndex % dynskin_width) + 0.5, f32(vertexInputs.vertexIndex / dynskin_width) + 0.5);
	vertexOutputs.position = vec4f(dynskin_pixel / uniforms.dynskinCaptureSize * 2.0 - 1.0, 0.0, 1.0);
	vertexOutputs.vDynskinCapture = vec4f(worldPos.xyz, f32(vertexInputs.vertexIndex) + 1.0);`,
        };
      }
      return {
        CUSTOM_FRAGMENT_DEFINITIONS: 'varying vDynskinCapture: vec4f;',
        CUSTOM_FRAGMENT_MAIN_END: 'fragmentOutputs.color = fragmentInputs.vDynskinCapture;',
      };
    }
    if (shaderType === 'vertex') {
      return {
        CUSTOM_VERTEX_DEFINITIONS: 'varying vec3 vDynskinCapture;\nuniform vec2 dynskinCaptureSize;',
        CUSTOM_VERTEX_MAIN_END: `
	gl_PointSize = 1.0;
	int dynskin_width = int(dynskinCaptureSize.x);
	vec2 dynskin_pixel = vec2(float(gl_VertexID % dynskin_width) + 0.5, float(gl_VertexID / dynskin_width) + 0.5);
	gl_Position = vec4(dynskin_pixel / dynskinCaptureSize * 2.0 - 1.0, 0.0, 1.0);
	vDynskinCapture = worldPos.xyz;`,
      };
    }
    return {
      CUSTOM_FRAGMENT_DEFINITIONS: 'varying vec3 vDynskinCapture;',
      CUSTOM_FRAGMENT_MAIN_END: 'gl_FragColor = vec4(vDynskinCapture, 1.0);',
    };
  }
}

// One capture material per class (one program per mode: compiling takes SwiftShader seconds).
const captureMaterials = new Map();
function captureMaterial(className) {
  if (!captureMaterials.has(className)) {
    const material = new BABYLON[className](`capture ${className}`, scene);
    new DynskinMaterialPlugin(material);
    const plugin = new CapturePlugin(material);
    material.pointsCloud = true;
    material.fillMode = BABYLON.Material.PointFillMode;
    material.backFaceCulling = false;
    material.alphaMode = BABYLON.Constants.ALPHA_DISABLE;
    material.disableDepthWrite = true;
    material.depthFunction = BABYLON.Constants.ALWAYS;
    captureMaterials.set(className, { material, plugin });
  }
  return captureMaterials.get(className);
}

async function untilReady(material, mesh) {
  for (let i = 0; !material.isReadyForSubMesh(mesh, mesh.subMeshes[0], false); ++i) {
    if (i > 6000) throw new Error(`${material.name} never got ready for ${mesh.name}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// What the shader draws for every vertex of `mesh`, in the world (a material of class
// `className` with both plugins: dynskin's draws the mesh as its character, if it has one).
async function captureMesh(mesh, className = null) {
  const count = mesh.getTotalVertices();
  const width = 1024, height = Math.max(1, Math.ceil(count / width));
  const { material, plugin } = captureMaterial(className ?? (mesh.material.getClassName() === 'StandardMaterial' ? 'StandardMaterial' : 'PBRMaterial'));
  plugin.size = [width, height];
  const original = mesh.material, always = mesh.alwaysSelectAsActiveMesh;
  mesh.material = material;
  mesh.alwaysSelectAsActiveMesh = true;
  const target = new BABYLON.RenderTargetTexture('capture', { width, height }, scene, false, true, BABYLON.Constants.TEXTURETYPE_FLOAT, false, BABYLON.Constants.TEXTURE_NEAREST_SAMPLINGMODE, false);
  target.renderList = [mesh];
  target.clearColor = new BABYLON.Color4(0, 0, 0, 0);
  target.activeCamera = camera;
  try {
    await untilReady(material, mesh);
    target.render();
    const pixels = await target.readPixels();
    const out = new Float32Array(3 * count);
    if (webgpu) {
      const drawn = new Uint8Array(count);
      for (let p = 0; p < width * height; ++p) {
        const i = pixels[4 * p + 3] - 1;
        if (!(i >= 0 && i < count)) continue;
        out.set(pixels.subarray(4 * p, 4 * p + 3), 3 * i);
        drawn[i] = 1;
      }
      const missing = drawn.indexOf(0);
      if (missing >= 0) throw new Error(`vertex ${missing} of ${mesh.name} was not drawn`);
      return out;
    }
    for (let i = 0; i < count; ++i) {
      if (pixels[4 * i + 3] !== 1) throw new Error(`vertex ${i} of ${mesh.name} was not drawn`);
      out.set(pixels.subarray(4 * i, 4 * i + 3), 3 * i);
    }
    return out;
  } finally {
    target.dispose();
    mesh.material = original;
    mesh.alwaysSelectAsActiveMesh = always;
  }
}

// What the shader draws for every vertex of a character, in the world.
async function capture(characterIndex = 0, className = null, runtime = current.runtime) {
  const character = runtime.characters[characterIndex];
  const out = new Float32Array(character.level.vertexCount() * 3);
  for (const [m, mesh] of character.meshes.entries()) out.set(await captureMesh(mesh, className), 3 * character.firstVertex[m]);
  return out;
}

// Babylon.js's skinning of `meshes`, on the CPU (what its shader computes): W sum_j w_j F_j B_j p.
function babylonSkin(meshes) {
  const out = [];
  for (const mesh of meshes) {
    mesh.skeleton.prepare(true);
    const world = mesh.computeWorldMatrix(true), matrices = mesh.skeleton.getTransformMatrices(mesh);
    const position = mesh.getVerticesData('position');
    // Four influences, and four more in the extra attributes (files with up to eight).
    const influences = [['matricesIndices', 'matricesWeights'], ['matricesIndicesExtra', 'matricesWeightsExtra']]
      .map(([i, w]) => [mesh.getVerticesData(i), mesh.getVerticesData(w)]).filter(([i]) => i);
    const sum = new Float32Array(16), skin = new BABYLON.Matrix(), p = new BABYLON.Vector3();
    for (let i = 0; i < mesh.getTotalVertices(); ++i) {
      sum.fill(0);
      for (const [index, weight] of influences) {
        for (let k = 0; k < 4; ++k) for (let e = 0; e < 16; ++e) sum[e] += weight[4 * i + k] * matrices[16 * index[4 * i + k] + e];
      }
      BABYLON.Matrix.FromArrayToRef(sum, 0, skin);
      BABYLON.Vector3.TransformCoordinatesFromFloatsToRef(position[3 * i], position[3 * i + 1], position[3 * i + 2], skin.multiply(world), p);
      out.push(p.x, p.y, p.z);
    }
  }
  return out;
}

const farthest = (a, b) => {
  let worst = 0;
  for (let i = 0; i < a.length; i += 3) worst = Math.max(worst, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return worst;
};

// The worst distance between the shader's positions and the core's, in character sizes; and,
// against Babylon.js's own skinning on the CPU (mode lbs), the conversion of Babylon's skin.
async function compare(characterIndex = 0, { babylonSkinning = false, className = null, runtime = current.runtime } = {}) {
  const character = runtime.characters[characterIndex];
  const gpu = await capture(characterIndex, className, runtime);
  const reference = character.level.referencePositions().slice();
  let worst = 0, worstVertex = -1, notFinite = 0;
  for (let i = 0; i < gpu.length / 3; ++i) {
    const d = Math.hypot(gpu[3 * i] - reference[3 * i], gpu[3 * i + 1] - reference[3 * i + 1], gpu[3 * i + 2] - reference[3 * i + 2]);
    if (!Number.isFinite(d)) notFinite++;
    else if (d > worst) { worst = d; worstVertex = i; }
  }
  const base = character.level.referenceBasePositions();
  let motion = 0;
  for (let i = 0; i < base.length; i += 3) motion = Math.max(motion, Math.hypot(reference[i] - base[i], reference[i + 1] - base[i + 1], reference[i + 2] - base[i + 2]));
  // Frustum culling: every vertex inside its mesh's bounding box (in the world).
  let outside = 0;
  character.meshes.forEach((mesh, m) => {
    const box = mesh.getBoundingInfo().boundingBox, p = new BABYLON.Vector3(), slack = 1e-4 * character.size;
    for (let i = 0; i < mesh.getTotalVertices(); ++i) {
      BABYLON.Vector3.FromArrayToRef(gpu, 3 * (character.firstVertex[m] + i), p);
      if (['x', 'y', 'z'].some((a) => p[a] < box.minimumWorld[a] - slack || p[a] > box.maximumWorld[a] + slack)) outside++;
    }
  });
  const result = { size: character.size, worst: worst / character.size, worstVertex, notFinite, vertices: gpu.length / 3, motion: motion / character.size, outside };
  if (babylonSkinning) result.worstAgainstBabylon = farthest(babylonSkin(character.meshes), reference) / character.size;
  return result;
}

// The positions the shader gives now, divided by the character size (for comparing runs at
// other frame rates or scales).
async function normalizedCapture(characterIndex = 0) {
  const character = current.runtime.characters[characterIndex];
  return Array.from(await capture(characterIndex), (x) => x / character.size);
}


// The file on a platform (a TransformNode parent of its root) that moves `motion` sizes back
// and forth for a second, with object_motion `share`: what it draws in the platform's frame,
// in sizes.
async function carriedCapture(url, share, motion) {
  await load(url, { parameters: { mode: 'dynamic', object_motion: share }, reference: false });
  const platform = new BABYLON.TransformNode('platform', scene);
  current.root.parent = platform;
  const size = current.runtime.characters[0].size;
  for (let i = 1; i <= 60; ++i) {
    platform.position.x = motion * size * Math.sin(2 * Math.PI * 0.9 * i / 60);
    play(1 / 60, 1);
  }
  const world = await capture(0);
  const x = platform.position.x;
  platform.dispose(true); // the root goes with disposeCurrent
  return Array.from(world, (value, i) => (i % 3 === 0 ? value - x : value) / size);
}

// One frame drawn as a render loop draws it (WebGPU submits a frame's commands at its end,
// while the canvas's texture is still alive); animate: the scene's animations step too.
function renderFrame(animate) {
  engine.beginFrame();
  scene.render(true, !animate);
  engine.endFrame();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// dLBS frame after frame at 60 Hz: the texels of the ring's texture each frame uploads (the
// ring's length in texels beside them), then the shader against the core.
async function ringUploads(url, frames) {
  await load(url, { parameters: { mode: 'dynamic', propagation_speed: 1.5 } });
  play(1 / 60, 30); // the history's start: the whole ring
  const character = current.runtime.characters[0];
  const ring = () => character.tables.dynskin_rotation_ring;
  const update = engine.updateTextureData;
  let texels = 0;
  engine.updateTextureData = function (texture, data, x, y, width, height, ...rest) {
    if (texture === ring().getInternalTexture()) texels += width * height;
    return update.call(this, texture, data, x, y, width, height, ...rest);
  };
  const perFrame = [];
  try {
    for (let i = 0; i < frames; ++i) {
      texels = 0;
      play(1 / 60, 1);
      perFrame.push(texels);
    }
  } finally {
    engine.updateTextureData = update;
  }
  const { width, height } = ring().getSize();
  return { perFrame, ringTexels: width * height, joints: character.jointCount, comparison: await compare(0) };
}

// Renders the scene (no animation step) until every mesh and shadow map is ready, then reads
// the canvas back (RGBA bytes).
async function renderAndRead(width, height) {
  for (let i = 0; i < 6000 && !scene.isReady(true); ++i) {
    renderFrame(false);
    await sleep(10);
  }
  for (let i = 0; i < 3; ++i) renderFrame(false); // the shadow maps' effects come after the materials'
  return engine.readPixels(0, 0, width, height);
}

// The deformed skin's shadow: a light straight above the character and a camera straight
// above too, orthographic, so that the shadow on the ground below is the character's
// silhouette. The shadow drawn through the material's ShadowDepthWrapper should cover the
// silhouette of the deformed skin (intersection over union near 1), and Babylon.js's own
// shadow shader (its skinning, LBS) should not, the file being played with strong dynamics.
async function shadowCheck(url) {
  await load(url, { parameters: { mode: 'dynamic', oscillation: { drag: 0.5, amplitude: 0.5 } }, reference: false });
  play(1 / 60, 40);
  const positions = await capture(0);
  const min = new BABYLON.Vector3(Infinity, Infinity, Infinity), max = min.negate();
  for (let i = 0; i < positions.length; i += 3) {
    const p = BABYLON.Vector3.FromArray(positions, i);
    min.minimizeInPlace(p);
    max.maximizeInPlace(p);
  }
  const centre = min.add(max).scale(0.5), extent = max.subtract(min);
  const half = 0.6 * Math.max(extent.x, extent.z), height = extent.y + 1;
  const ground = BABYLON.MeshBuilder.CreateGround('ground', { width: 4 * half, height: 4 * half }, scene);
  ground.position.set(centre.x, min.y - 0.01 * extent.y, centre.z);
  ground.receiveShadows = true;
  const white = new BABYLON.StandardMaterial('white', scene);
  white.specularColor = BABYLON.Color3.Black();
  ground.material = white;
  const light = new BABYLON.DirectionalLight('sun', new BABYLON.Vector3(0, -1, 0), scene);
  light.position.set(centre.x, max.y + height, centre.z);
  light.intensity = 3;
  const shadows = new BABYLON.ShadowGenerator(2048, light);
  shadows.bias = 0.0005;
  const meshes = current.runtime.characters[0].meshes;
  for (const mesh of meshes) shadows.addShadowCaster(mesh, false);
  const top = new BABYLON.FreeCamera('top', new BABYLON.Vector3(centre.x, max.y + height, centre.z), scene);
  top.mode = BABYLON.Camera.ORTHOGRAPHIC_CAMERA;
  Object.assign(top, { orthoLeft: -half, orthoRight: half, orthoTop: half, orthoBottom: -half, minZ: 0.01, maxZ: 4 * height });
  top.upVector = new BABYLON.Vector3(0, 0, 1);
  top.setTarget(centre);
  scene.activeCamera = top;
  const size = 256;
  engine.setSize(size, size);
  const materials = meshes.map((m) => m.material);
  const mask = async (test) => {
    const pixels = await renderAndRead(size, size);
    return Array.from({ length: size * size }, (_, i) => test(pixels.subarray(4 * i, 4 * i + 4)));
  };
  try {
    // The silhouette: the skin alone.
    ground.isVisible = false;
    const silhouette = await mask((p) => p[3] > 128);
    // The shadows: the ground alone (the skin, on a layer the camera does not draw, casts).
    ground.isVisible = true;
    for (const m of meshes) m.layerMask = 0x10000000;
    const shadowed = (p) => p[3] > 128 && p[0] < 128;
    const withDynskin = await mask(shadowed);
    const wrappers = materials.map((m) => m.shadowDepthWrapper);
    materials.forEach((m) => (m.shadowDepthWrapper = null));
    const plain = await mask(shadowed);
    materials.forEach((m, i) => (m.shadowDepthWrapper = wrappers[i]));
    for (const m of meshes) m.layerMask = 0x0fffffff;
    const iou = (a, b) => {
      let both = 0, either = 0;
      for (let i = 0; i < a.length; ++i) { both += a[i] && b[i]; either += a[i] || b[i]; }
      return either ? both / either : 0;
    };
    return { dynskin: iou(withDynskin, silhouette), plain: iou(plain, silhouette), pixels: withDynskin.filter(Boolean).length, silhouette: silhouette.filter(Boolean).length };
  } finally {
    shadows.dispose();
    light.dispose();
    ground.dispose();
    white.dispose();
    top.dispose();
    scene.activeCamera = camera;
    engine.setSize(640, 400);
  }
}

// A copy of the file whose only dynskin settings are these: the root's parameters, and one
// joint's settings on the skin's last joint.
async function withExtension(url, parameters, jointSettings) {
  let jointName = '';
  const bytes = await editedGlb(url, (json) => {
    withoutDynskin(json);
    json.extensionsUsed = [...(json.extensionsUsed ?? []), 'DYNSKIN_dynamic_skinning'];
    json.extensions = { ...(json.extensions ?? {}), DYNSKIN_dynamic_skinning: { version: 1, parameters } };
    const joint = json.skins[0].joints[json.skins[0].joints.length - 1];
    json.nodes[joint].extensions = { ...(json.nodes[joint].extensions ?? {}), DYNSKIN_dynamic_skinning: jointSettings };
    jointName = json.nodes[joint].name;
  });
  return { bytes, jointName };
}

const clone = (value) => JSON.parse(JSON.stringify(value));
const glb = { pluginExtension: '.glb' };

// The defines of the program `mesh` is drawn with now (after the next draws compile it).
async function drawnDefines(mesh) {
  const always = mesh.alwaysSelectAsActiveMesh;
  mesh.alwaysSelectAsActiveMesh = true;
  try {
    for (let i = 0; i < 6000; ++i) {
      renderFrame(false);
      const effect = mesh.subMeshes[0].effect;
      if (effect?.isReady() && mesh.material.isReadyForSubMesh(mesh, mesh.subMeshes[0], false)) return effect.defines;
      await sleep(10);
    }
    throw new Error(`${mesh.name} was never drawn`);
  } finally {
    mesh.alwaysSelectAsActiveMesh = always;
  }
}

// The loader extension and the runtime's calls: a file without the extension plays plain; with
// it, the root's metadata.dynskin has the file's parameters and joint settings, changes them
// live, refuses bad ones, steps itself after the animation groups, follows a copy; dispose()
// gives Babylon.js its skinning back.
async function loaderCheck(url) {
  const out = {};
  disposeCurrent();
  registerDynskin();
  const plain = await BABYLON.ImportMeshAsync(await editedGlb(url, withoutDynskin), scene, glb);
  out.withoutExtension = plain.meshes[0].metadata?.dynskin === undefined;
  plain.animationGroups.forEach((g) => g.dispose());
  plain.meshes[0].dispose(false, true);

  const { bytes, jointName } = await withExtension(url, { mode: 'drag', oscillation: { drag: 0.3 }, max_offset: null }, { gain: 0.5 });
  registerDynskin({ autoUpdate: false });
  const result = await BABYLON.ImportMeshAsync(bytes, scene, glb);
  const root = result.meshes[0], runtime = root.metadata?.dynskin;
  out.runtime = Boolean(runtime?.update);
  out.parameters = clone(runtime.parameters);
  const character = runtime.characters[0];
  const gains = () => JSON.parse(runtime.settingsJson(0)).joints;
  out.jointGain = gains()[character.jointKeys.findIndex((b) => b.name === jointName)]?.gain;
  out.otherGains = gains().filter((j) => j.gain !== undefined).length;
  for (const c of runtime.characters) c.level.enableReference();
  result.animationGroups.forEach((g) => g.stop());
  result.animationGroups[0].start(true);
  current = { result, root, runtime, group: result.animationGroups[0], procedural: null, time: 0 };
  play(1 / 60, 20);
  runtime.parameters.oscillation.frequency = 3.5; // live
  runtime.parameters.mode = 'dynamic';
  play(1 / 60, 20);
  out.live = JSON.parse(character.level.settingsJson()).parameters;
  try {
    runtime.setParameters({ oscillation: { frequency: -1 } });
    out.refused = false;
  } catch (error) {
    out.refused = String(error.message);
  }
  out.afterRefusal = runtime.parameters.oscillation.frequency;
  out.badDeltas = [-1, NaN, Infinity].map((delta) => {
    try {
      runtime.update(delta);
      return 'accepted';
    } catch (error) {
      return String(error.message);
    }
  });
  out.materials = {};
  for (const className of ['PBRMaterial', 'StandardMaterial']) out.materials[className] = await compare(0, { className });
  // The stage is compiled per mode: a live change of mode recompiles the file's own materials.
  const mesh = character.meshes[0];
  // (A fixed bool is true or false in GLSL, 1 or 0 in WGSL.)
  const fixed = (defines) => /#define dynskin_fixed_dual_quaternion (\w+)/.exec(defines)?.[1];
  const base = (defines) => ({ true: 'dq', 1: 'dq', false: 'lbs', 0: 'lbs' })[fixed(defines)] ?? 'none';
  out.modePrograms = [base(await drawnDefines(mesh))];
  for (const b of ['dq', 'linear']) {
    runtime.setParameters({ base: b });
    play(1 / 60, 1);
    out.modePrograms.push(base(await drawnDefines(mesh)));
  }
  runtime.resetParameters();
  runtime.setJointSettings(jointName, null);
  out.afterReset = runtime.parameters.oscillation.frequency;
  out.gainAfterNull = gains()[character.jointKeys.findIndex((b) => b.name === jointName)]?.gain;
  // autoUpdate: scene.render() runs the animation groups, then the runtime.
  result.animationGroups[0].play(true);
  runtime.autoUpdate = true;
  let t = runtime.time;
  for (let i = 0; i < 5; ++i) { await sleep(20); renderFrame(true); }
  out.autoTime = runtime.time - t;
  runtime.autoUpdate = false;
  t = runtime.time;
  for (let i = 0; i < 3; ++i) { await sleep(20); renderFrame(true); }
  out.manualTime = runtime.time - t;
  result.animationGroups[0].pause();

  // LoadAssetContainerAsync, then a copy of its models with a runtime of its own.
  registerDynskin({ autoUpdate: false });
  const container = await BABYLON.LoadAssetContainerAsync(bytes, scene, glb);
  const containerRuntime = container.meshes[0].metadata?.dynskin;
  out.container = Boolean(containerRuntime?.update);
  container.addAllToScene();
  const entries = container.instantiateModelsToScene((name) => `${name} copy`, false, { doNotInstantiate: true });
  containerRuntime.setJointSettings(jointName, { gain: 0.25 });
  const copy = await containerRuntime.attachClone(entries.rootNodes[0]);
  out.cloneRuntime = entries.rootNodes[0].metadata?.dynskin === copy && container.meshes[0].metadata.dynskin === containerRuntime;
  out.cloneSettingsCopied = copy.settingsJson(0) === containerRuntime.settingsJson(0) && copy.settingsJson(0).includes('"gain":0.25');
  copy.dispose();
  containerRuntime.dispose();
  entries.dispose();
  container.removeAllFromScene();
  container.dispose();

  // dispose(): Babylon.js's own skinning again.
  runtime.dispose();
  const babylon = babylonSkin([mesh]); // (prepares the skeleton's matrices for the draw too)
  out.afterDispose = farthest(await captureMesh(mesh), babylon) / character.size;
  current.runtime = null;
  return out;
}

window.dynskinTest = { ringUploads, load, play, compare, normalizedCapture, carriedCapture, capture, captureMesh, babylonSkin, shadowCheck, loaderCheck, scene, engine, BABYLON, get current() { return current; } };
window.dynskinTestReady = true;
