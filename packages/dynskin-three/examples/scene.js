// What both example pages share: a renderer on the page's canvas, a lit scene with a ground
// that receives shadows, an orbiting camera, and a loader with dynskin-three registered.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { DynskinPlugin, EXTENSION_NAME } from 'dynskin-three';

// Query options for slow (software) GL: ?antialias=0 draws without multisampling, ?shadows=0
// without the shadow pass. ?renderer=webgpu draws with three.js's WebGPURenderer on WebGPU,
// ?renderer=webgpu-webgl2 with it on its WebGL 2 fallback (WebGLRenderer otherwise): the
// loader then gives the plugin that renderer, which makes node materials for it. A renderer
// the page cannot make (an unknown ?renderer, no WebGPU adapter) is said in the page's #error.
export async function createStage(canvas) {
  return makeStage(canvas).catch((e) => {
    document.getElementById('error').textContent = String(e.message || e);
    throw e;
  });
}

async function makeStage(canvas) {
  const query = new URLSearchParams(location.search);
  const kind = query.get('renderer') || 'webgl';
  if (!['webgl', 'webgpu', 'webgpu-webgl2'].includes(kind)) throw new Error(`?renderer=${kind}: use webgl, webgpu or webgpu-webgl2`);
  const antialias = query.get('antialias') !== '0';
  let renderer;
  if (kind === 'webgl') {
    renderer = new THREE.WebGLRenderer({ canvas, antialias });
  } else {
    const { WebGPURenderer } = await import('three/webgpu');  // only the pages that ask load it
    renderer = new WebGPURenderer({ canvas, antialias, forceWebGL: kind === 'webgpu-webgl2' });
    await renderer.init();
    if (kind === 'webgpu' && !renderer.backend.isWebGPUBackend)
      throw new Error('?renderer=webgpu: this browser offers no WebGPU adapter (WebGPURenderer fell back to WebGL 2)');
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.shadowMap.enabled = query.get('shadows') !== '0';
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xdfe6ee);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2.0));
  const sun = new THREE.DirectionalLight(0xffffff, 2.5);
  sun.castShadow = true;
  sun.shadow.mapSize.set(1024, 1024);
  scene.add(sun, sun.target);
  const ground = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), new THREE.MeshStandardMaterial({ color: 0xb8c4a8 }));
  ground.rotation.x = -Math.PI / 2;
  ground.receiveShadow = true;
  scene.add(ground);
  const camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
  const controls = new OrbitControls(camera, canvas);

  const resize = () => {
    const { clientWidth: width, clientHeight: height } = canvas;
    renderer.setSize(width, height, false);
    camera.aspect = width / Math.max(1, height);
    camera.updateProjectionMatrix();
  };
  window.addEventListener('resize', resize);
  resize();

  // Frames the camera, the ground and the shadow's box on `box` (the characters' bounds).
  function frame(box) {
    const size = box.getSize(new THREE.Vector3());
    const centre = box.getCenter(new THREE.Vector3());
    const radius = Math.max(size.length() / 2, 1e-3);
    ground.scale.set(radius * 8, radius * 8, 1);
    ground.position.set(centre.x, box.min.y, centre.z);
    const distance = radius / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2));
    camera.near = distance / 100;
    camera.far = distance * 100;
    camera.position.copy(centre).add(new THREE.Vector3(0.6, 0.45, 1).normalize().multiplyScalar(distance));
    camera.updateProjectionMatrix();
    controls.target.copy(centre);
    controls.update();
    sun.position.copy(centre).add(new THREE.Vector3(1, 2, 1.5).multiplyScalar(radius * 2));
    sun.target.position.copy(centre);
    Object.assign(sun.shadow.camera, { left: -radius * 1.5, right: radius * 1.5, top: radius * 1.5, bottom: -radius * 1.5,
      near: radius * 0.1, far: radius * 8 });
    sun.shadow.camera.updateProjectionMatrix();
  }

  // Waits until the GPU has drawn what was rendered (benchmarks time frames to it): a
  // one-pixel read on WebGL, the queue's submitted work on WebGPU.
  const pixel = new Uint8Array(4);
  async function finish() {
    const backend = renderer.backend;
    if (backend?.isWebGPUBackend) return backend.device.queue.onSubmittedWorkDone();
    const gl = backend ? backend.gl : renderer.getContext();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  }

  return { kind, renderer, scene, camera, controls, frame, finish, render: () => renderer.render(scene, camera) };
}

// A GLTFLoader that plays DYNSKIN_dynamic_skinning, and gives a skinned file without it
// dynskin's default settings (withDynskin false: plain three.js skinning, for comparisons);
// renderer: the stage's, which tells the plugin which materials to make. Files compressed by
// gltfpack or glTF-Transform (EXT_meshopt_compression) load too: three.js's meshopt decoder,
// served beside the page, is set as a three.js page sets it.
export function createLoader(withDynskin = true, renderer = undefined) {
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  if (withDynskin) loader.register((parser) => new DynskinPlugin(parser, { renderer, withoutExtension: true }));
  return loader;
}

// Whether the loaded file carries its own dynskin settings (else the defaults were given).
export const hasDynskinSettings = (gltf) => gltf.parser.json.extensions?.[EXTENSION_NAME] !== undefined;

// Every mesh casts a shadow (the deformed skin's, through the plugin's depth material).
export function castShadows(object) {
  object.traverse((child) => { if (child.isMesh) child.castShadow = true; });
}

// The bounds of the characters at their rest pose (a skinned mesh's own bounds).
export function boundsOf(object) {
  object.updateMatrixWorld(true);
  return new THREE.Box3().setFromObject(object, true);
}
