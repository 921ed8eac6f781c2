// dynskin-three under three.js's WebGPURenderer: the plugin is given the renderer, so that the
// character's materials become node materials running dynskin's stage (WGSL on WebGPU, GLSL on
// the WebGL 2 fallback), shadows included. Otherwise the same code as with WebGLRenderer.
import * as THREE from 'three/webgpu';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { DynskinPlugin } from 'dynskin-three';

const query = new URLSearchParams(location.search);
const canvas = document.getElementById('view');
const renderer = new THREE.WebGPURenderer({ canvas, antialias: true, forceWebGL: query.get('webgl') === '1' });
renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
renderer.shadowMap.enabled = true;
await renderer.init();
document.getElementById('backend').textContent = renderer.backend.isWebGPUBackend ? 'on WebGPU' : 'on WebGL 2 (the fallback)';

const scene = new THREE.Scene();
scene.background = new THREE.Color(0xdfe6ee);
scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2.0));
const sun = new THREE.DirectionalLight(0xffffff, 2.5);
sun.castShadow = true;
sun.shadow.mapSize.set(1024, 1024);
scene.add(sun, sun.target);
const camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
const controls = new OrbitControls(camera, canvas);
const resize = () => {
  renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
  camera.aspect = canvas.clientWidth / Math.max(1, canvas.clientHeight);
  camera.updateProjectionMatrix();
};
window.addEventListener('resize', resize);
resize();

try {
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  loader.register((parser) => new DynskinPlugin(parser, { renderer, withoutExtension: true }));
  const gltf = await loader.loadAsync(query.get('file') ?? 'models/cow.glb');
  scene.add(gltf.scene);
  gltf.scene.traverse((object) => (object.castShadow = object.isMesh));

  // The camera, the ground and the shadow's box on the character.
  const box = new THREE.Box3().setFromObject(gltf.scene);
  const centre = box.getCenter(new THREE.Vector3()), radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 1e-3);
  const ground = new THREE.Mesh(new THREE.PlaneGeometry(radius * 8, radius * 8), new THREE.MeshStandardNodeMaterial({ color: 0xb8c4a8 }));
  ground.rotation.x = -Math.PI / 2;
  ground.position.set(centre.x, box.min.y, centre.z);
  ground.receiveShadow = true;
  scene.add(ground);
  const distance = radius / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2));
  Object.assign(camera, { near: distance / 100, far: distance * 100 });
  camera.position.copy(centre).add(new THREE.Vector3(0.6, 0.45, 1).normalize().multiplyScalar(distance));
  camera.updateProjectionMatrix();
  controls.target.copy(centre);
  controls.update();
  sun.position.copy(centre).add(new THREE.Vector3(1, 2, 1.5).multiplyScalar(radius * 2));
  sun.target.position.copy(centre);
  Object.assign(sun.shadow.camera, { left: -radius * 1.5, right: radius * 1.5, top: radius * 1.5, bottom: -radius * 1.5, near: radius * 0.1, far: radius * 8 });
  sun.shadow.camera.updateProjectionMatrix();

  const mixer = new THREE.AnimationMixer(gltf.scene);
  if (gltf.animations.length) mixer.clipAction(gltf.animations[0]).play();
  const dynskin = gltf.userData.dynskin;
  const clock = new THREE.Clock();
  renderer.setAnimationLoop(() => {
    dynskin.updateWithMixer(mixer, Math.min(clock.getDelta(), 0.1));
    renderer.render(scene, camera);
  });
  window.example = { renderer, scene, dynskin, ready: true };
} catch (error) {
  document.getElementById('error').textContent = String(error.message ?? error);
  throw error;
}
