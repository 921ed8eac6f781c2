// A minimal three.js viewer of one glb, the peer of bench/web_vs_threejs.js: its first clip
// playing, a directional and a hemisphere light, a grid at its feet, 4x MSAA (antialias: the
// default framebuffer's multisampling; none with ?antialias=0), the window's size at the
// device pixel ratio. ?file=URL names the glb; ?grid=0 and ?model=0 leave the grid or the
// model out (the bench's --parts). window.benchFrames counts the frames drawn, window.benchReady
// turns true with the first one, window.benchError says why nothing is drawn.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

window.benchFrames = 0;
window.benchReady = false;
const query = new URLSearchParams(location.search);
const file = query.get('file');

const renderer = new THREE.WebGLRenderer({ antialias: query.get('antialias') !== '0' });
renderer.setPixelRatio(devicePixelRatio);
renderer.setSize(innerWidth, innerHeight);
document.body.appendChild(renderer.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x292b30);
scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 1.5));
const sun = new THREE.DirectionalLight(0xffffff, 2.0);
sun.position.set(-1, 2, 1.5);
scene.add(sun);
const camera = new THREE.PerspectiveCamera(40, innerWidth / innerHeight, 0.01, 1000);

new GLTFLoader().load(file, (gltf) => {
  const model = gltf.scene;
  if (query.get('model') !== '0') scene.add(model);
  // Framed like dynskin frames its first pose: the bounding box in front of the camera.
  const box = new THREE.Box3().setFromObject(model);
  const size = box.getSize(new THREE.Vector3()).length();
  const center = box.getCenter(new THREE.Vector3());
  camera.near = size / 100;
  camera.far = size * 100;
  camera.position.copy(center).add(new THREE.Vector3(0.4, 0.3, 1).normalize().multiplyScalar(size * 1.4));
  camera.lookAt(center);
  camera.updateProjectionMatrix();
  const grid = new THREE.GridHelper(size * 4, 40, 0x888888, 0x555555);
  grid.position.set(center.x, box.min.y, center.z);
  if (query.get('grid') !== '0') scene.add(grid);
  const mixer = new THREE.AnimationMixer(model);
  if (gltf.animations.length > 0) mixer.clipAction(gltf.animations[0]).play();
  const clock = new THREE.Clock();
  renderer.setAnimationLoop(() => {
    mixer.update(clock.getDelta());
    renderer.render(scene, camera);
    window.benchFrames++;
    window.benchReady = true;
  });
}, undefined, (error) => { window.benchError = String(error); });
