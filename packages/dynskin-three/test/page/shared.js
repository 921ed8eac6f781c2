// What both test pages use (test-page.js for WebGLRenderer, node-page.js for WebGPURenderer):
// the files' bytes, and a motion for files without a clip.
import * as THREE from 'three';
import { fileBytes as glbBytes } from '/packages/test-support/glb.js';

// A file's bytes as GLTFLoader.parse takes them (an ArrayBuffer).
export const fileBytes = async (url) => (await glbBytes(url)).buffer;

// A motion for files without a clip: every bone turns back and forth about an axis of its own,
// and the root sways, so that every joint has angular and linear velocity.
export function proceduralMotion(root) {
  const bones = [];
  root.traverse((o) => o.isBone && bones.push({ bone: o, rest: o.quaternion.clone(), position: o.position.clone() }));
  return (t) => {
    bones.forEach(({ bone, rest, position }, k) => {
      const axis = new THREE.Vector3(Math.sin(k * 1.3), Math.cos(k * 0.7), Math.sin(k * 2.1 + 1)).normalize();
      const angle = 0.35 * Math.sin(2 * Math.PI * 0.8 * t + 0.5 * k);
      bone.quaternion.copy(rest).multiply(new THREE.Quaternion().setFromAxisAngle(axis, angle));
      if (k === 0) bone.position.copy(position).add(new THREE.Vector3(0.1 * Math.sin(2 * Math.PI * 0.6 * t), 0, 0).multiplyScalar(position.length() + 1));
    });
  };
}

// The clip named `clip` (or the first).
export const clipOf = (gltf, clip) => gltf.animations.find((a) => a.name === clip) ?? gltf.animations[0];

// A morph target on every skinned mesh under root: each vertex pushed along its normal by up
// to `height`, at `influence`; or (bake) the same push written into the rest positions, which
// the stage must deform exactly as the morphed ones.
export function addMorphTarget(root, height, influence, { bake = false } = {}) {
  root.traverse((mesh) => {
    if (!mesh.isSkinnedMesh) return;
    const { position, normal } = mesh.geometry.attributes;
    const push = new Float32Array(3 * position.count);
    for (let i = 0; i < position.count; ++i) {
      const along = new THREE.Vector3(0, 1, 0);
      if (normal) along.fromBufferAttribute(normal, i).normalize();
      push.set(along.multiplyScalar(height * (0.5 + 0.5 * Math.sin(0.7 * i))).toArray(), 3 * i);
    }
    if (bake) {
      for (let i = 0; i < position.count; ++i) {
        position.setXYZ(i, position.getX(i) + influence * push[3 * i], position.getY(i) + influence * push[3 * i + 1],
          position.getZ(i) + influence * push[3 * i + 2]);
      }
      position.needsUpdate = true;
      return;
    }
    mesh.geometry.morphAttributes.position = [new THREE.Float32BufferAttribute(push, 3)];
    mesh.geometry.morphTargetsRelative = true;
    mesh.updateMorphTargets();
    mesh.morphTargetInfluences[0] = influence;
  });
}

// The shadow checks' scene (test-page.js and node-page.js): the character under `root`, its
// skin at `positions` (world), a directional light straight above casting shadows onto a
// ground of `groundMaterial` under its feet, and an orthographic camera straight above too,
// so that the shadow on the ground is the skin's silhouette. Shadows are the renderer's to
// switch on.
export function shadowScene(root, positions, groundMaterial) {
  const box = new THREE.Box3();
  for (let i = 0; i < positions.length; i += 3) box.expandByPoint(new THREE.Vector3(positions[i], positions[i + 1], positions[i + 2]));
  const centre = box.getCenter(new THREE.Vector3()), extent = box.getSize(new THREE.Vector3());
  const half = 0.6 * Math.max(extent.x, extent.z), height = extent.y + 1;
  const scene = new THREE.Scene();
  scene.add(root);
  const ground = new THREE.Mesh(new THREE.PlaneGeometry(4 * half, 4 * half).rotateX(-Math.PI / 2), groundMaterial);
  ground.position.set(centre.x, box.min.y - 0.01 * extent.y, centre.z);
  ground.receiveShadow = true;
  scene.add(ground);
  const light = new THREE.DirectionalLight(0xffffff, 3);
  light.position.set(centre.x, box.max.y + height, centre.z);
  light.target.position.copy(centre);
  scene.add(light, light.target, new THREE.AmbientLight(0xffffff, 0.2));
  light.castShadow = true;
  light.shadow.mapSize.set(2048, 2048);
  Object.assign(light.shadow.camera, { left: -2 * half, right: 2 * half, top: 2 * half, bottom: -2 * half, near: 0.01, far: 4 * height });
  light.shadow.camera.updateProjectionMatrix();
  light.shadow.bias = -0.0005;
  const camera = new THREE.OrthographicCamera(-half, half, half, -half, 0.01, 4 * height);
  camera.up.set(0, 0, -1);
  camera.position.set(centre.x, box.max.y + height, centre.z);
  camera.lookAt(centre);
  return { scene, camera, ground };
}

// Intersection over union of two masks (arrays of booleans).
export function overlap(a, b) {
  let both = 0, either = 0;
  for (let i = 0; i < a.length; ++i) { both += a[i] && b[i]; either += a[i] || b[i]; }
  return either ? both / either : 0;
}
