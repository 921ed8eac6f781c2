// The runtime the user holds: every skeleton under an object (one DynskinCharacter each), one
// set of parameters for all of them, per-joint settings, the clock. update(delta) after the
// AnimationMixer: the joint level runs in WebAssembly, the patched materials do the rest.
// The parameters go to the core when they changed (a write through runtime.parameters marks
// them), not every frame.
import { loadDynskinCore, HeapView, RuntimeSettings, cloneSettings } from 'dynskin-core';
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

export class DynskinRuntime {
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
    this.root = root;
    this.time = 0;
    this.#settings = new RuntimeSettings(core, options, 'dynskin-three');
    this.#constants = core.JointLevel.shaderConstants();
    this.#renderer = options.renderer;
    const patch = options.nodes
      ? (material, uniforms) => options.nodes.nodeMaterial(material, uniforms, options.renderer)
      : (material, uniforms) => patchMaterial(material.clone(), uniforms, this.#constants);
    this.#ticksPerSecond = core.JointLevel.ticksPerSecond(); // the core's measurement clock
    this.#clock = new HeapView(core, () => core.JointLevel.clock());
    const groups = skeletonsUnder(root);
    if (groups.length === 0) throw new Error('dynskin-three: no skinned mesh under this object');
    this.characters = [];
    try {
      for (const meshes of groups) this.characters.push(new DynskinCharacter(core, meshes, patch, !options.nodes));
      for (const character of this.characters) character.objectRoot = root;
      this.#apply();
    } catch (error) {
      for (const character of this.characters) character.dispose();
      throw error;
    }
  }

  #settings; // the parameters and joint settings (dynskin-core's RuntimeSettings, keyed by bone)
  #renderer; // the renderer given to attach (its clones get it too)
  #ticksPerSecond;
  #starting = true; // no frame given since the start or reset()
  #constants;
  #mixerTime = 0; // updateWithMixer: the time the mixer's pose is at
  // Where the characters' per-frame calls find their time (DynskinCharacter): taken again
  // before each write, as a call into the core may grow its memory.
  #clock;

  /**
   * The live parameters (the keys of the extension's `parameters`); a change, at any depth,
   * is read at the next update.
   */
  get parameters() {
    return this.#settings.parameters;
  }

  set parameters(value) {
    this.#settings.parameters = value;
  }

  /** The settings JSON text of a character, as dynskin's core reads it. */
  settingsJson(character = 0) {
    return this.#settings.json(this.characters[character].jointKeys);
  }

  // Gives the core the current settings when they changed since the last time. Returns the
  // core's message for settings it refused (the previous ones then stay), or ''.
  #apply() {
    return this.#settings.apply(this.characters);
  }

  /**
   * Changes some parameters (deep merge; dynskin's settings JSON keys, e.g.
   * {oscillation: {frequency: 3}}). Throws, changing nothing, for values the core refuses.
   */
  setParameters(parameters) {
    this.#settings.setParameters(parameters, this.characters);
  }

  /** The parameters back to dynskin's defaults. */
  resetParameters() {
    this.#settings.resetParameters(this.characters);
  }

  /**
   * A joint's own settings (gain, override_oscillation, oscillation, origin_offset, bend,
   * squash, centroid_offset: the keys of dynskin's settings JSON), by bone or bone name;
   * null gives it the defaults back.
   */
  setJointSettings(bone, settings) {
    const target = typeof bone === 'string' ? this.#boneNamed(bone) : bone;
    if (!target || !this.characters.some((c) => c.bones.includes(target))) throw new Error(`dynskin-three: no joint ${typeof bone === 'string' ? bone : '(not in a skeleton)'}`);
    this.#settings.setJointSettings(target, settings, this.characters);
  }

  #boneNamed(name) {
    for (const c of this.characters) for (const bone of c.bones) if (bone.name === name) return bone;
    return null;
  }

  /**
   * Advances the clock by `delta` seconds and deforms: call it every frame after the
   * AnimationMixer's update (the bones' pose is read now). Any frame rate gives the same
   * motion (dynskin measures the joints on its own 60 Hz clock).
   */
  update(delta) {
    if (!(delta >= 0) || !Number.isFinite(delta)) throw new Error(`dynskin-three: update needs a delta time >= 0 in seconds, not ${delta}`);
    this.#settings.applyLive(this.characters);
    this.#starting = false;
    this.time += delta;
    this.#clock.get()[0] = this.time;
    const characters = this.characters;
    for (let i = 0; i < characters.length; ++i) characters[i].update();
  }

  /**
   * Advances `mixer` by `delta` seconds itself (do not update it yourself) and plays dynskin,
   * giving its 60 Hz clock the mixer's exact pose at each tick in between (and at the tick
   * just after, stepping the mixer back): the motion is the same at any frame rate, to float
   * precision, where update() interpolates between the frames it is given.
   */
  updateWithMixer(mixer, delta) {
    if (!mixer || typeof mixer.update !== 'function') throw new Error('dynskin-three: updateWithMixer needs an AnimationMixer');
    if (!(delta >= 0) || !Number.isFinite(delta)) throw new Error(`dynskin-three: update needs a delta time >= 0 in seconds, not ${delta}`);
    this.#settings.applyLive(this.characters);
    const characters = this.characters;
    const t0 = this.time, t1 = t0 + delta;
    this.#mixerTime = t0;
    // The pose the clock starts from: the mixer's before this first step (applied first: right
    // after play(), the bones are still at rest).
    if (this.#starting) {
      mixer.update(0);
      this.#clock.get()[0] = t0;
      for (let i = 0; i < characters.length; ++i) characters[i].addFrame();
    }
    this.#starting = false;
    const ticksPerSecond = this.#ticksPerSecond;
    // The ticks before t1: each the clock's alone (what the shader reads is written at t1).
    for (let n = Math.floor(t0 * ticksPerSecond + 1e-9) + 1; n / ticksPerSecond < t1 - 1e-9; ++n) {
      this.#moveMixer(mixer, n / ticksPerSecond);
      this.#clock.get()[0] = n / ticksPerSecond;
      for (let i = 0; i < characters.length; ++i) {
        characters[i].addFrame();
        characters[i].measure();
      }
    }
    this.#moveMixer(mixer, t1);
    this.#clock.get()[0] = t1;
    for (let i = 0; i < characters.length; ++i) characters[i].addFrame();
    const after = Math.ceil(t1 * ticksPerSecond - 1e-9) / ticksPerSecond;
    if (after > t1) {
      this.#moveMixer(mixer, after);
      this.#clock.get()[0] = after;
      for (let i = 0; i < characters.length; ++i) characters[i].addFrame();
      this.#moveMixer(mixer, t1);
    }
    this.time = t1;
    this.#clock.get()[0] = t1;
    for (let i = 0; i < characters.length; ++i) {
      characters[i].advance();
      characters[i].publish();
    }
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
    for (const [bone, settings] of this.#settings.joints) if (counterpart.has(bone)) joints.set(counterpart.get(bone), cloneSettings(settings));
    return DynskinRuntime.attach(root, { parameters: cloneSettings(this.parameters), joints, renderer: this.#renderer });
  }

  #moveMixer(mixer, t) {
    if (t !== this.#mixerTime) mixer.update(t - this.#mixerTime);
    this.#mixerTime = t;
  }

  /** Forgets the motion history (no wobble starts): after a cut, a scrub or a teleport. */
  reset() {
    for (const character of this.characters) character.level.reset();
    this.#starting = true;
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
