// The runtime the user holds: every skeleton under an object (one DynskinCharacter each), one
// set of parameters for all of them, per-joint settings, the clock. update(delta) after the
// AnimationMixer: the joint level runs in WebAssembly, the patched materials do the rest.
// The parameters go to the core when they changed (a write through runtime.parameters marks
// them), not every frame.
import { loadDynskinCore, CoreRuntime, cloneSettings } from 'dynskin-core';
import { DynskinCharacter } from './character.js';
import { patchMaterial } from './material.js';

// The SkinnedMeshes under root, grouped by skeleton (the same bones in the same order: three.js
// gives each mesh of a glTF skin a Skeleton of its own over the same bones).
function skeletonsUnder(root) {
  const groups = new Map();
  root.traverse((object) => {
    if (!object.isSkinnedMesh || !object.skeleton) return;
    const key = object.skeleton.bones.map((bone) => bone.uuid).join('/');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(object);
  });
  return [...groups.values()];
}

export class DynskinRuntime extends CoreRuntime {
  /**
   * Gives every skinned mesh under `root` dynskin's motion (a glTF scene, a SkinnedMesh, any
   * object). Its materials are replaced by patched copies (the originals come back on
   * dispose()).
   * @param {import('three').Object3D} root
   * @param {import('./index').DynskinOptions} [options]
   * @returns {Promise<DynskinRuntime>}
   */
  static async attach(root, options = {}) {
    const core = await loadDynskinCore();
    // Node materials for WebGPURenderer, loaded only then (three/webgpu is not WebGLRenderer's).
    const nodes = options.renderer?.isWebGPURenderer ? await import('./node-material.js') : null;
    return new DynskinRuntime(core, root, { ...options, nodes });
  }

  /** @internal use DynskinRuntime.attach */
  constructor(core, root, options = {}) {
    if (!root || !root.isObject3D) throw new Error('dynskin-three: attach needs a three.js Object3D');
    super(core, options, 'dynskin-three');
    this.root = root;
    const constants = core.JointLevel.shaderConstants();
    this.#renderer = options.renderer;
    const patch = options.nodes
      ? (material, uniforms) => options.nodes.nodeMaterial(material, uniforms, options.renderer)
      : (material, uniforms) => patchMaterial(material.clone(), uniforms, constants);
    const groups = skeletonsUnder(root);
    if (groups.length === 0) throw new Error('dynskin-three: no skinned mesh under this object');
    try {
      for (const meshes of groups) this.characters.push(new DynskinCharacter(core, meshes, patch, !options.nodes));
      for (const character of this.characters) character.objectRoot = root;
      this.applySettings();
    } catch (error) {
      for (const character of this.characters) character.dispose();
      throw error;
    }
  }

  #renderer; // the renderer given to attach (its clones get it too)
  #mixerTime = 0; // updateWithMixer: the time the mixer's pose is at

  /**
   * Advances `mixer` by `delta` seconds itself (do not update it yourself) and plays dynskin,
   * giving its 60 Hz clock the mixer's exact pose at each tick in between (and at the tick
   * just after, stepping the mixer back): the motion is the same at any frame rate, to float
   * precision, where update() interpolates between the frames it is given.
   */
  updateWithMixer(mixer, delta) {
    if (!mixer || typeof mixer.update !== 'function') throw new Error('dynskin-three: updateWithMixer needs an AnimationMixer');
    this.#mixerTime = this.time;
    // The mixer applied at each time asked, the first included (right after play(), the bones
    // are still at rest until the mixer's first update).
    this.stepWithPoses(delta, (t) => {
      mixer.update(t - this.#mixerTime);
      this.#mixerTime = t;
    });
  }

  /**
   * A runtime of its own for a copy of this runtime's root made after attach (e.g.
   * SkeletonUtils.clone(gltf.scene)), with this runtime's parameters and joint settings (the
   * clone's joints found at the same places in its hierarchy). A clone without one draws the
   * original's deformation (the runtime warns once when that happens).
   * @param {import('three').Object3D} root the clone
   * @returns {Promise<DynskinRuntime>}
   */
  async attachClone(root) {
    const counterpart = new Map();
    const walk = (a, b) => {
      counterpart.set(a, b);
      for (let i = 0; i < Math.min(a.children.length, b.children.length); ++i) walk(a.children[i], b.children[i]);
    };
    walk(this.root, root);
    const joints = new Map();
    for (const [bone, settings] of this.jointSettingsByBone) if (counterpart.has(bone)) joints.set(counterpart.get(bone), cloneSettings(settings));
    return DynskinRuntime.attach(root, { parameters: cloneSettings(this.parameters), joints, renderer: this.#renderer });
  }

  /**
   * A copy of `material` patched with the stage of the `meshIndex`-th mesh of character
   * `character`: for a material of your own on that mesh.
   */
  patchMaterial(material, character = 0, meshIndex = 0) {
    return this.characters[character].patchMaterial(material, meshIndex);
  }

  /** Gives the meshes their original materials back and frees the core's memory. */
  dispose() {
    for (const character of this.characters) character.dispose();
    this.characters = [];
  }
}
