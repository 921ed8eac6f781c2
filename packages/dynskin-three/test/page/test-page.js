// The test steps, run in the page by browser_test.mjs through window.dynskinTest: load a file
// with the plugin's runtime, play it (its first clip, or a procedural motion for a file
// without one), read back what the patched shader computes, and the C++ core's positions.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import * as SkeletonUtils from 'three/addons/utils/SkeletonUtils.js';
import { DynskinPlugin, DynskinRuntime, loadDynskinCore } from 'dynskin-three';
import { patchMaterial as patchStage } from '/packages/dynskin-three/src/material.js';
import { editedGlb, withoutDynskin } from '/packages/test-support/glb.js';
import { addMorphTarget, clipOf, fileBytes, overlap, proceduralMotion, shadowScene } from './shared.js';

const stageConstants = (await loadDynskinCore()).JointLevel.shaderConstants();

const renderer = new THREE.WebGLRenderer({ antialias: false });
renderer.setSize(640, 400);
document.body.appendChild(renderer.domElement);

let current = null; // { gltf, runtime, mixer, time, procedural }
const keptMaterials = [];

function disposeCurrent() {
  if (!current) return;
  current.runtime?.dispose();
  current = null;
}

async function load(url, { parameters = {}, scale = 1, plugin = false, reference = true, clip = null } = {}) {
  disposeCurrent();
  const loader = new GLTFLoader();
  if (plugin) loader.register((parser) => new DynskinPlugin(parser, { withoutExtension: true, parameters }));
  const gltf = await loader.parseAsync(await fileBytes(url), '');
  gltf.scene.scale.setScalar(scale);
  gltf.scene.updateMatrixWorld(true);
  const runtime = plugin ? gltf.userData.dynskin : await DynskinRuntime.attach(gltf.scene, { parameters });
  if (reference) for (const c of runtime.characters) c.level.enableReference();
  let mixer = null, procedural = null;
  if (gltf.animations.length) {
    mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(clipOf(gltf, clip)).play();
  } else {
    procedural = proceduralMotion(gltf.scene);
  }
  current = { gltf, runtime, mixer, procedural, time: 0 };
  return {
    characters: runtime.characters.map((c) => ({ size: c.size, vertices: c.level.vertexCount(), joints: c.jointCount, meshes: c.meshes.length })),
    clip: gltf.animations.length ? gltf.animations[0].name : null,
  };
}

// n frames of dt seconds: the animation, then the runtime (withMixer: the runtime drives the
// mixer, updateWithMixer).
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

function setParameters(parameters) {
  current.runtime.setParameters(parameters);
}

// What the patched vertex shader computes for every vertex of a character, in world space:
// each mesh drawn as points with a patched copy of its material, one pixel per vertex of a
// float target, its stage's world position written as the colour.
function capture(characterIndex = 0, materialClass = null) {
  const character = current.runtime.characters[characterIndex];
  const out = new Float32Array(character.level.vertexCount() * 3);
  character.meshes.forEach((mesh, m) => {
    const count = mesh.geometry.attributes.position.count;
    const width = 1024, height = Math.max(1, Math.ceil(count / width));
    const geometry = new THREE.BufferGeometry();
    for (const [name, attribute] of Object.entries(mesh.geometry.attributes)) geometry.setAttribute(name, attribute);
    geometry.morphAttributes = mesh.geometry.morphAttributes;
    geometry.morphTargetsRelative = mesh.geometry.morphTargetsRelative;
    const base = Array.isArray(mesh.material) ? mesh.material[0] : mesh.material;
    const Class = materialClass ? THREE[materialClass] : base.constructor;
    const material = current.runtime.patchMaterial(new Class(), characterIndex, m);
    // One program for every capture (compiling the stage takes SwiftShader seconds).
    writeOnePixelAVertex(material, width, height, 'dynskin_world_position', 'capture');
    material.blending = THREE.NoBlending;
    material.depthTest = false;
    material.depthWrite = false;
    material.transparent = false;
    material.side = THREE.DoubleSide;
    const points = new THREE.SkinnedMesh(geometry, material);
    points.isMesh = false; // drawn as points: one per vertex
    points.isPoints = true;
    points.frustumCulled = false;
    points.bind(mesh.skeleton, mesh.bindMatrix);
    points.morphTargetInfluences = mesh.morphTargetInfluences ? [...mesh.morphTargetInfluences] : undefined;
    const scene = new THREE.Scene();
    scene.add(points);
    const pixels = renderAndRead(scene, width, height);
    const first = character.firstVertex[m];
    for (let i = 0; i < count; ++i) {
      if (pixels[4 * i + 3] !== 1) throw new Error(`vertex ${i} of mesh ${m} was not drawn`);
      out.set(pixels.subarray(4 * i, 4 * i + 3), 3 * (first + i));
    }
    geometry.dispose();
    // The material is kept: disposing of it would release the compiled program.
    keptMaterials.push(material);
  });
  return out;
}

// The worst distance between the shader's positions and the core's, in character sizes; and,
// against three.js's own CPU skinning (mode lbs), the conversion of three.js's skin.
function compare(characterIndex = 0, { threeSkinning = false, materialClass = null } = {}) {
  const character = current.runtime.characters[characterIndex];
  const gpu = capture(characterIndex, materialClass);
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
  // Frustum culling: every vertex inside its mesh's bounding sphere (in the world).
  let outside = 0;
  character.meshes.forEach((mesh, m) => {
    const sphere = mesh.boundingSphere.clone().applyMatrix4(mesh.matrixWorld);
    const p = new THREE.Vector3();
    for (let i = 0; i < mesh.geometry.attributes.position.count; ++i) {
      if (!sphere.containsPoint(p.fromArray(gpu, 3 * (character.firstVertex[m] + i)))) outside++;
    }
  });
  const result = { size: character.size, worst: worst / character.size, worstVertex, notFinite, vertices: gpu.length / 3, motion: motion / character.size, outside };
  if (threeSkinning) {
    current.gltf.scene.updateMatrixWorld(true);
    let worstThree = 0;
    const p = new THREE.Vector3();
    character.meshes.forEach((mesh, m) => {
      mesh.skeleton.update();
      for (let i = 0; i < mesh.geometry.attributes.position.count; ++i) {
        mesh.getVertexPosition(i, p).applyMatrix4(mesh.matrixWorld);
        const k = 3 * (character.firstVertex[m] + i);
        worstThree = Math.max(worstThree, Math.hypot(p.x - reference[k], p.y - reference[k + 1], p.z - reference[k + 2]));
      }
    });
    result.worstAgainstThree = worstThree / character.size;
  }
  return result;
}

// The positions the shader gives now, divided by the character size (for comparing runs at
// other frame rates or scales), and the frame's largest offset from the base skinning.
function normalizedCapture(characterIndex = 0) {
  const character = current.runtime.characters[characterIndex];
  const gpu = capture(characterIndex);
  return Array.from(gpu, (x) => x / character.size);
}

// Morph targets kept: the skin (in sizes, as normalizedCapture) morphed by a target of
// height `height` L at 0.6, with the same push baked into its rest pose instead, and without.
async function morphCheck(url, height = 0.05) {
  const run = async (morph) => {
    const info = await load(url, { parameters: { mode: 'dynamic', ground_contact: null }, reference: false });
    if (morph) addMorphTarget(current.gltf.scene, height * info.characters[0].size, 0.6, morph);
    play(1 / 60, 40);
    return normalizedCapture(0);
  };
  return { morphed: await run({}), baked: await run({ bake: true }), plain: await run(null) };
}

// The deformed skin's shadow: a light straight above the character and a camera straight
// above too, both orthographic, so that the shadow on the ground below is the character's
// silhouette. The shadow drawn with the patched depth material should cover the silhouette
// of the patched skin (intersection over union near 1), and three.js's plain depth material
// (LBS) should not, the file being played with strong dynamics.
async function shadowCheck(url) {
  // Strong and unlimited, so that the deformed skin's shadow is far from the plain one's.
  await load(url, { parameters: { mode: 'dynamic', oscillation: { drag: 0.5, amplitude: 0.5 }, max_angle: null, max_offset: null, ground_contact: null }, reference: false });
  play(1 / 60, 40);
  const positions = capture(0);
  const { scene, camera, ground } = shadowScene(current.gltf.scene, positions, new THREE.MeshLambertMaterial({ color: 0xffffff }));
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.BasicShadowMap;
  const meshes = current.runtime.characters[0].meshes;
  const materials = meshes.flatMap((m) => (Array.isArray(m.material) ? m.material : [m.material]));
  meshes.forEach((m) => { m.castShadow = true; m.frustumCulled = false; });
  const size = 256;
  const target = new THREE.WebGLRenderTarget(size, size);
  const mask = (test) => {
    const pixels = new Uint8Array(size * size * 4);
    renderer.setRenderTarget(target);
    renderer.setClearColor(0x000000, 0);
    renderer.clear();
    renderer.render(scene, camera);
    renderer.readRenderTargetPixels(target, 0, 0, size, size, pixels);
    renderer.setRenderTarget(null);
    return Array.from({ length: size * size }, (_, i) => test(pixels.subarray(4 * i, 4 * i + 4)));
  };
  // The silhouette: the skin alone.
  ground.visible = false;
  const silhouette = mask((p) => p[3] > 128);
  // The shadows: the ground alone (the skin draws no colour, but casts).
  ground.visible = true;
  for (const m of materials) { m.colorWrite = false; m.depthWrite = false; }
  const shadowed = (p) => p[3] > 128 && p[0] < 128;
  const withDynskin = mask(shadowed);
  const depth = meshes.map((m) => m.customDepthMaterial);
  meshes.forEach((m) => (m.customDepthMaterial = undefined));
  const plain = mask(shadowed);
  meshes.forEach((m, i) => (m.customDepthMaterial = depth[i]));
  for (const m of materials) { m.colorWrite = true; m.depthWrite = true; }
  renderer.shadowMap.enabled = false;
  target.dispose();
  return { dynskin: overlap(withDynskin, silhouette), plain: overlap(plain, silhouette), pixels: withDynskin.filter(Boolean).length };
}

// A copy of the file whose only dynskin settings are these: the root's parameters, and one
// joint's settings on the skin's last joint.
async function withExtension(url, parameters, jointSettings) {
  let joint = -1, jointName = '';
  const { buffer } = await editedGlb(url, (json) => {
    withoutDynskin(json);
    json.extensionsUsed = [...(json.extensionsUsed ?? []), 'DYNSKIN_dynamic_skinning'];
    json.extensions = { ...(json.extensions ?? {}), DYNSKIN_dynamic_skinning: { version: 1, parameters } };
    joint = json.skins[0].joints[json.skins[0].joints.length - 1];
    json.nodes[joint].extensions = { ...(json.nodes[joint].extensions ?? {}), DYNSKIN_dynamic_skinning: jointSettings };
    jointName = json.nodes[joint].name;
  });
  return { buffer, jointName };
}

// The plugin: a file without the extension plays plain; with it, the runtime has the file's
// parameters and joint settings, changes them live, refuses bad ones.
async function pluginCheck(url) {
  const out = {};
  const plain = new GLTFLoader().register((parser) => new DynskinPlugin(parser));
  out.withoutExtension = (await plain.parseAsync((await editedGlb(url, withoutDynskin)).buffer, '')).userData.dynskin === undefined;
  const { buffer, jointName } = await withExtension(url, { mode: 'drag', oscillation: { drag: 0.3 }, max_offset: null }, { gain: 0.5 });
  disposeCurrent();
  const loader = new GLTFLoader().register((parser) => new DynskinPlugin(parser));
  const gltf = await loader.parseAsync(buffer, '');
  const runtime = gltf.userData.dynskin;
  out.runtime = Boolean(runtime && runtime.update);
  out.parameters = clone(runtime.parameters);
  const settings = JSON.parse(runtime.settingsJson(0));
  const character = runtime.characters[0];
  out.jointGain = settings.joints[character.order.indexOf(character.bones.findIndex((b) => b.name === jointName))].gain;
  out.otherGains = settings.joints.filter((j) => j.gain !== undefined).length;
  for (const c of runtime.characters) c.level.enableReference();
  const mixer = new THREE.AnimationMixer(gltf.scene);
  mixer.clipAction(gltf.animations[0]).play();
  current = { gltf, runtime, mixer, procedural: null, time: 0 };
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
  // A rig without settings gets an unseen rig's defaults (the ground contact on); a file's
  // saved settings that lack the key read it as off.
  const unseen = await DynskinRuntime.attach((await new GLTFLoader().parseAsync(buffer, '')).scene);
  out.groundContact = { unseen: unseen.parameters.ground_contact, saved: runtime.parameters.ground_contact };
  unseen.dispose();
  out.badDeltas = [-1, NaN, Infinity].map((delta) => {
    try {
      runtime.update(delta);
      return 'accepted';
    } catch (error) {
      return String(error.message);
    }
  });
  out.timeAfterBadDeltas = runtime.time;
  // The stage is compiled per mode: a live change of mode recompiles the scene's own materials.
  const mesh = character.meshes[0], material = Array.isArray(mesh.material) ? mesh.material[0] : mesh.material;
  const programKey = () => {
    mesh.frustumCulled = false;
    renderer.render(gltf.scene, new THREE.PerspectiveCamera());
    mesh.frustumCulled = true;
    return renderer.properties.get(material).currentProgram?.cacheKey ?? '';
  };
  const dualQuaternion = (key) => (key.includes('dynskin_fixed_dual_quaternion true') ? 'dq' : key.includes('dynskin_fixed_dual_quaternion false') ? 'lbs' : 'none');
  const keys = [programKey()];
  for (const base of ['dq', 'linear']) {
    runtime.setParameters({ base });
    play(1 / 60, 1);
    keys.push(programKey());
  }
  out.modePrograms = keys.map(dualQuaternion);
  out.noSkin = await DynskinRuntime.attach(new THREE.Group().add(new THREE.Mesh(new THREE.BoxGeometry()))).then(() => 'accepted', (e) => String(e.message));
  out.materials = {};
  for (const m of ['MeshStandardMaterial', 'MeshPhysicalMaterial', 'MeshLambertMaterial', 'MeshBasicMaterial']) out.materials[m] = compare(0, { materialClass: m });
  return out;
}

// The runtime's CPU time per frame (the joint level in WebAssembly and the uploads' preparation),
// the mixer excluded: milliseconds per update, over 240 frames at 60 Hz.
async function timing(url) {
  await load(url, { parameters: { mode: 'dynamic' }, reference: false });
  play(1 / 60, 30);
  let spent = 0;
  for (let i = 0; i < 240; ++i) {
    current.time += 1 / 60;
    current.mixer ? current.mixer.update(1 / 60) : current.procedural(current.time);
    const start = performance.now();
    current.runtime.update(1 / 60);
    spent += performance.now() - start;
  }
  const c = current.runtime.characters[0];
  const core = await loadDynskinCore();
  // Where the time goes: reading the bones, the core, publishing the uniforms.
  const parts = { read: 0, core: 0, publish: 0 };
  for (let i = 0; i < 240; ++i) {
    current.time += 1 / 60;
    current.mixer ? current.mixer.update(1 / 60) : current.procedural(current.time);
    let t = performance.now();
    c.readLocals();
    parts.read += performance.now() - t;
    t = performance.now();
    core.JointLevel.clock()[0] = current.time; // the time of the core's per-frame calls
    c.level.addFrame();
    c.level.advance();
    parts.core += performance.now() - t;
    t = performance.now();
    c.publish();
    parts.publish += performance.now() - t;
  }
  for (const k of Object.keys(parts)) parts[k] /= 240;
  return { ms: spent / 240, joints: c.jointCount, vertices: c.level.vertexCount(), parts };
}

// The update ranges waiting in a character's dLBS ring texture (none: it goes up whole).
function ringRanges(characterIndex = 0) {
  return current.runtime.characters[characterIndex].uniforms.dynskin_rotation_ring.value.updateRanges.length;
}

// `n` frames of the runtime's update alone, the bones held still (for the count of what a
// frame allocates, made around it by browser_test.mjs).
function updates(n) {
  for (let i = 0; i < n; ++i) current.runtime.update(1 / 60);
  return n;
}

// No explosion: the largest offset from the base skinning (the core's, in character sizes)
// on the first frame of a clip started mid-motion, and on the frames after the whole
// character jumps by ten sizes, with both soft limits off.
async function robustnessCheck(url) {
  await load(url, { parameters: { mode: 'dynamic', max_angle: null, max_offset: null } });
  const character = current.runtime.characters[0];
  const offset = () => {
    const p = character.level.referencePositions(), b = character.level.referenceBasePositions();
    let worst = 0;
    for (let i = 0; i < p.length; i += 3) worst = Math.max(worst, Math.hypot(p[i] - b[i], p[i + 1] - b[i + 1], p[i + 2] - b[i + 2]));
    return worst / character.size;
  };
  current.mixer.update(0.4); // the clip already playing
  play(1 / 60, 1);
  const firstFrame = offset();
  play(1 / 60, 30);
  const before = offset();
  current.gltf.scene.position.x += 10 * character.size;
  let afterJump = 0;
  for (let i = 0; i < 30; ++i) {
    play(1 / 60, 1);
    afterJump = Math.max(afterJump, offset());
  }
  current.gltf.scene.position.x -= 10 * character.size;
  return { firstFrame, before, afterJump };
}

function clone(value) {
  return JSON.parse(JSON.stringify(value));
}

// The uniforms the stage of a patched material reads (as its onBeforeCompile hands them to
// three.js): what that material draws, whichever mesh it is drawn on.
function stageUniforms(material) {
  const shader = { uniforms: {}, vertexShader: THREE.ShaderLib.basic.vertexShader, fragmentShader: THREE.ShaderLib.basic.fragmentShader };
  (Array.isArray(material) ? material[0] : material).onBeforeCompile(shader, renderer);
  return shader.uniforms;
}

// Renders a scene of points into a width x height float target and reads its pixels back
// (RGBA, one float each).
function renderAndRead(scene, width, height) {
  const target = new THREE.WebGLRenderTarget(width, height, { type: THREE.FloatType, format: THREE.RGBAFormat, depthBuffer: false });
  renderer.setRenderTarget(target);
  renderer.setClearColor(0x000000, 0);
  renderer.clear();
  renderer.render(scene, new THREE.OrthographicCamera());
  const pixels = new Float32Array(width * height * 4);
  renderer.readRenderTargetPixels(target, 0, 0, width, height, pixels);
  renderer.setRenderTarget(null);
  target.dispose();
  return pixels;
}

// Patches a material (after its own onBeforeCompile) to draw each vertex as one pixel of a
// width x height float target, at (vertex mod width, vertex / width), its colour the vertex
// shader's `value` (a vec3 expression): what a capture reads back. cacheKey names the program.
function writeOnePixelAVertex(material, width, height, value, cacheKey) {
  const stage = material.onBeforeCompile, key = material.customProgramCacheKey;
  const sizeUniform = { value: new THREE.Vector2(width, height) };
  material.onBeforeCompile = function (shader, r) {
    stage.call(this, shader, r);
    shader.uniforms.dynskinCaptureSize = sizeUniform;
    shader.vertexShader = 'varying vec3 vDynskinCapture;\nuniform vec2 dynskinCaptureSize;\n' + shader.vertexShader.replace(/}\s*$/, `
	gl_PointSize = 1.0;
	int dynskin_width = int( dynskinCaptureSize.x );
	vec2 dynskin_pixel = vec2( float( gl_VertexID % dynskin_width ) + 0.5, float( gl_VertexID / dynskin_width ) + 0.5 );
	gl_Position = vec4( dynskin_pixel / dynskinCaptureSize * 2.0 - 1.0, 0.0, 1.0 );
	vDynskinCapture = ${value};
}`);
    shader.fragmentShader = 'varying vec3 vDynskinCapture;\n' + shader.fragmentShader.replace(/}\s*$/, `
	gl_FragColor = vec4( vDynskinCapture, 1.0 );
}`);
  };
  material.customProgramCacheKey = function () { return `${key.call(this)}|${cacheKey}`; };
}

// What `mesh` draws with its own material, in the world: the patched stage with that
// material's uniforms, its object-space output read back from the GPU (one pixel a vertex),
// then through the mesh's world matrix (three.js's modelMatrix).
function captureDrawn(mesh) {
  const count = mesh.geometry.attributes.position.count;
  const width = 1024, height = Math.max(1, Math.ceil(count / width));
  const material = patchStage(new THREE.MeshBasicMaterial(), stageUniforms(mesh.material), stageConstants);
  writeOnePixelAVertex(material, width, height, 'transformed', 'capture-drawn');
  Object.assign(material, { blending: THREE.NoBlending, depthTest: false, depthWrite: false, transparent: false, side: THREE.DoubleSide });
  const geometry = new THREE.BufferGeometry();
  for (const [name, attribute] of Object.entries(mesh.geometry.attributes)) geometry.setAttribute(name, attribute);
  const points = new THREE.SkinnedMesh(geometry, material);
  points.isMesh = false;
  points.isPoints = true;
  points.frustumCulled = false;
  points.bind(mesh.skeleton, mesh.bindMatrix);
  const scene = new THREE.Scene();
  scene.add(points);
  const pixels = renderAndRead(scene, width, height);
  geometry.dispose();
  keptMaterials.push(material);
  mesh.updateWorldMatrix(true, false);
  const out = new Float32Array(3 * count), p = new THREE.Vector3();
  for (let i = 0; i < count; ++i) {
    if (pixels[4 * i + 3] !== 1) throw new Error(`vertex ${i} was not drawn`);
    p.fromArray(pixels, 4 * i).applyMatrix4(mesh.matrixWorld).toArray(out, 3 * i);
  }
  return out;
}

// What the skinned meshes under `root` draw, in the frame of `frame` (an object above them),
// divided by `size`.
function drawnIn(root, frame, size) {
  frame.updateWorldMatrix(true, true);
  const toFrame = frame.matrixWorld.clone().invert(), p = new THREE.Vector3(), out = [];
  root.traverse((o) => {
    if (!o.isSkinnedMesh) return;
    const world = captureDrawn(o);
    for (let i = 0; i < world.length; i += 3) {
      p.fromArray(world, i).applyMatrix4(toFrame).divideScalar(size);
      out.push(p.x, p.y, p.z);
    }
  });
  return out;
}

// A file given its runtime at scale 1 (attach, or the plugin), then put in a scene graph:
// holder (scaled, turned) > mover (moving, in the file's units) > gltf.scene (onScene: the
// scale and turn on gltf.scene itself). `frames` frames of `dt` of clip `clip`, then what it
// draws in holder's frame (gltf.scene's with onScene; mover's with inMover) in sizes at
// attach: the same at any scale and turn.
async function sceneGraphRun(url, { scale = 1, rotation = [0, 0, 0], motion = 0, onScene = false, inMover = false, clip = null, parameters = { mode: 'dynamic' }, dt = 1 / 60, frames = 60, withMixer = false, moveSecondMesh = false } = {}) {
  disposeCurrent();
  const loader = new GLTFLoader().register((parser) => new DynskinPlugin(parser, { withoutExtension: true, parameters }));
  const gltf = await loader.parseAsync(await fileBytes(url), '');
  const runtime = gltf.userData.dynskin;
  const size = runtime.characters[0].size;
  const holder = new THREE.Group(), mover = new THREE.Group(), scene = new THREE.Scene();
  scene.add(holder);
  holder.add(mover);
  mover.add(gltf.scene);
  const turned = onScene ? gltf.scene : holder;
  turned.scale.setScalar(scale);
  turned.rotation.set(...rotation);
  const mixer = new THREE.AnimationMixer(gltf.scene);
  mixer.clipAction(clipOf(gltf, clip)).play();
  current = { gltf, runtime, mixer, procedural: null, time: 0 };
  const meshes = [];
  gltf.scene.traverse((o) => o.isSkinnedMesh && meshes.push(o));
  if (moveSecondMesh && meshes.length < 2) throw new Error(`${url} has one skinned mesh: none to move`);
  let t = 0;
  for (let i = 0; i < frames; ++i) {
    // A mesh moved alone, halfway (its skin follows its skeleton, as three.js's own does).
    if (moveSecondMesh && i === frames >> 1) meshes[1].position.x += size;
    t += dt;
    mover.position.set(motion * size * Math.sin(2 * Math.PI * 0.9 * t), 0.5 * motion * size * Math.sin(2 * Math.PI * 1.3 * t), 0);
    if (withMixer) {
      runtime.updateWithMixer(mixer, dt);
    } else {
      mixer.update(dt);
      runtime.update(dt);
    }
  }
  return { positions: drawnIn(gltf.scene, inMover ? mover : turned, size), size, sizeNow: runtime.characters[0].size };
}

// updateWithMixer from right after play(): what it draws after `frames` frames, in sizes.
async function startRun(url, { clip = null, applyFirst = false, frames = [1, 2, 10, 30, 90] } = {}) {
  await load(url, { parameters: { mode: 'dynamic' }, reference: false, clip });
  const { gltf, runtime } = current;
  const mixer = new THREE.AnimationMixer(gltf.scene); // a mixer of its own, not yet updated
  mixer.clipAction(clipOf(gltf, clip)).play();
  if (applyFirst) mixer.update(0); // the clip's first pose applied before the first frame
  const size = runtime.characters[0].size, out = {};
  for (let i = 1; i <= Math.max(...frames); ++i) {
    runtime.updateWithMixer(mixer, 1 / 60);
    if (frames.includes(i)) out[i] = drawnIn(gltf.scene, gltf.scene, size);
  }
  return out;
}

// Clones (SkeletonUtils.clone) after attach: what a clone draws with its own runtime
// (attachClone, or DynskinRuntime.attach) against the file alone playing the same clip; what
// it draws once the original's runtime is disposed; the warning for a clone without one.
async function cloneCheck(url, clips, frames = 40) {
  const alone = async (clip) => {
    await load(url, { parameters: { mode: 'dynamic' }, reference: false, clip });
    play(1 / 60, frames);
    return drawnIn(current.gltf.scene, current.gltf.scene, current.runtime.characters[0].size);
  };
  const expected = [];
  for (const clip of clips) expected.push(await alone(clip));
  disposeCurrent();
  const gltf = await new GLTFLoader().parseAsync(await fileBytes(url), '');
  const original = await DynskinRuntime.attach(gltf.scene, { parameters: { mode: 'dynamic' } });
  const size = original.characters[0].size;
  const scene = new THREE.Scene();
  scene.add(gltf.scene);
  const copies = [SkeletonUtils.clone(gltf.scene), SkeletonUtils.clone(gltf.scene)];
  copies.forEach((c, k) => { c.position.x = (k + 1) * 2 * size; scene.add(c); });
  const runtimes = [original];
  const out = { errors: [] };
  try {
    runtimes.push(await original.attachClone(copies[0]));
  } catch (error) {
    out.errors.push(`attachClone: ${error.message}`);
    runtimes.push(null);
  }
  runtimes.push(await DynskinRuntime.attach(copies[1], { parameters: { mode: 'dynamic' } }));
  const roots = [gltf.scene, ...copies];
  const mixers = roots.map((root, k) => {
    const mixer = new THREE.AnimationMixer(root);
    mixer.clipAction(clipOf(gltf, clips[k % clips.length])).play();
    return mixer;
  });
  for (let i = 0; i < frames; ++i) {
    mixers.forEach((m) => m.update(1 / 60));
    runtimes.forEach((r) => r?.update(1 / 60));
  }
  const drawn = roots.map((root) => drawnIn(root, root, size));
  const worst = (a, b) => a.reduce((w, x, i) => Math.max(w, Math.abs(x - b[i])), 0);
  out.fromAlone = drawn.map((d, k) => worst(d, expected[k % clips.length]));
  // attachClone takes the parameters and the joint settings.
  if (original.attachClone) {
    const character = original.characters[0], joint = character.bones[character.bones.length - 1].name;
    original.setJointSettings(joint, { gain: 0.5 });
    original.setParameters({ oscillation: { frequency: 3.25 } });
    const extra = await original.attachClone(SkeletonUtils.clone(gltf.scene));
    const settings = JSON.parse(extra.settingsJson(0)), own = JSON.parse(original.settingsJson(0));
    out.settingsCopied = JSON.stringify(settings) === JSON.stringify(own) && settings.joints.some((j) => j.gain === 0.5) && settings.parameters.oscillation.frequency === 3.25;
    extra.dispose();
  }
  original.dispose();
  out.afterDispose = copies.map((c, k) => worst(drawnIn(c, c, size), drawn[k + 1]));
  // A clone without a runtime: warned once when drawn.
  const bare = SkeletonUtils.clone(copies[0]);
  scene.add(bare);
  bare.traverse((o) => (o.frustumCulled = false));
  const warnings = [], warn = console.warn;
  console.warn = (...args) => warnings.push(args.join(' '));
  try {
    const camera = new THREE.PerspectiveCamera();
    renderer.render(scene, camera);
    renderer.render(scene, camera);
  } finally {
    console.warn = warn;
  }
  out.warnings = warnings;
  runtimes.slice(1).forEach((r) => r?.dispose());
  return out;
}

window.dynskinTest = { load, play, updates, ringRanges, setParameters, compare, normalizedCapture, morphCheck, shadowCheck, pluginCheck, robustnessCheck, timing, sceneGraphRun, startRun, cloneCheck, renderer, THREE };
window.dynskinTestReady = true;
