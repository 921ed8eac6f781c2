// The runtime the user holds: every skeleton under a node (one DynskinCharacter each), one set
// of parameters for all of them, per-joint settings, the clock. It steps itself after the
// scene's animation groups (scene.onAfterAnimationsObservable) unless autoUpdate is false; the
// joint level runs in WebAssembly, the material plugin does the rest.
import { loadDynskinCore, HeapView, RuntimeSettings, cloneSettings } from 'dynskin-core';
import { DynskinCharacter } from './character.js';
import { setStageConstants } from './material.js';

// The skinned meshes under root (root included), grouped by skeleton.
function skeletonsUnder(root) {
  const groups = new Map();
  const meshes = root.getChildMeshes ? root.getChildMeshes(false) : [];
  if (root.skeleton !== undefined) meshes.unshift(root);
  for (const mesh of meshes) {
    if (!mesh.skeleton || !mesh.getTotalVertices || mesh.getTotalVertices() === 0) continue;
    if (!groups.has(mesh.skeleton)) groups.set(mesh.skeleton, []);
    groups.get(mesh.skeleton).push(mesh);
  }
  return [...groups.values()];
}

export class DynskinRuntime {
  /**
   * Gives every skinned mesh under `root` dynskin's motion (a glTF's root node, a mesh, any
   * node). Their materials get the dynskin material plugin (see README.md).
   * @param {import('@babylonjs/core').Node} root
   * @param {import('./index').DynskinOptions} [options]
   * @returns {Promise<DynskinRuntime>}
   */
  static async attach(root, options = {}) {
    const core = await loadDynskinCore();
    return new DynskinRuntime(core, root, options);
  }

  /** @internal use DynskinRuntime.attach */
  constructor(core, root, options = {}) {
    if (!root || typeof root.getScene !== 'function') throw new Error('dynskin-babylon: attach needs a Babylon.js node');
    this.root = root;
    this.scene = root.getScene();
    this.time = 0;
    this.#settings = new RuntimeSettings(core, options, 'dynskin-babylon');
    this.#clock = new HeapView(core, () => core.JointLevel.clock());
    setStageConstants(core.JointLevel.shaderConstants());
    const groups = skeletonsUnder(root);
    if (groups.length === 0) throw new Error('dynskin-babylon: no skinned mesh under this node');
    this.characters = [];
    try {
      for (const meshes of groups) this.characters.push(new DynskinCharacter(core, meshes, this.scene));
      for (const character of this.characters) character.objectRoot = root;
      this.#settings.apply(this.characters);
    } catch (error) {
      for (const character of this.characters) character.dispose();
      throw error;
    }
    this.autoUpdate = options.autoUpdate ?? true;
  }

  #settings;
  // Where the characters' per-frame calls find their time: taken again before each write, as
  // a call into the core may grow its memory.
  #clock;
  #observer = null;
  #step = (scene) => {
    // The animation groups' own step, in ms (Scene.deltaTime, set where they advance).
    const ms = scene.deltaTime ?? scene.getEngine().getDeltaTime();
    this.update(ms > 0 ? ms / 1000 : 0);
  };

  /**
   * Whether the runtime steps itself after the scene's animation groups (default true); false:
   * call update(delta) yourself, after the animation groups have moved the bones.
   */
  get autoUpdate() {
    return this.#observer !== null;
  }

  set autoUpdate(value) {
    if (Boolean(value) === this.autoUpdate) return;
    if (value) this.#observer = this.scene.onAfterAnimationsObservable.add(this.#step);
    else {
      this.scene.onAfterAnimationsObservable.remove(this.#observer);
      this.#observer = null;
    }
  }

  /** The live parameters (the keys of the extension's `parameters`); a change, at any depth, is read at the next update. */
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

  /** Changes some parameters (deep merge); throws, changing nothing, for values the core refuses. */
  setParameters(parameters) {
    this.#settings.setParameters(parameters, this.characters);
  }

  /** The parameters back to dynskin's defaults. */
  resetParameters() {
    this.#settings.resetParameters(this.characters);
  }

  /** A joint's own settings, by Bone or bone name; null gives it the defaults back. */
  setJointSettings(bone, settings) {
    const target = typeof bone === 'string' ? this.#boneNamed(bone) : bone;
    if (!target || !this.characters.some((c) => c.bones.includes(target))) throw new Error(`dynskin-babylon: no joint ${typeof bone === 'string' ? bone : '(not in a skeleton)'}`);
    this.#settings.setJointSettings(target, settings, this.characters);
  }

  #boneNamed(name) {
    for (const c of this.characters) for (const bone of c.bones) if (bone.name === name) return bone;
    return null;
  }

  /**
   * Advances the clock by `delta` seconds and deforms, from the bones' pose now: after the
   * animation groups. Any frame rate gives the same motion (dynskin measures the joints on its
   * own 60 Hz clock, sampling the pose between the frames it is given).
   */
  update(delta) {
    if (!(delta >= 0) || !Number.isFinite(delta)) throw new Error(`dynskin-babylon: update needs a delta time >= 0 in seconds, not ${delta}`);
    this.#settings.applyLive(this.characters);
    this.time += delta;
    this.#clock.get()[0] = this.time;
    const characters = this.characters;
    for (let i = 0; i < characters.length; ++i) characters[i].update();
  }

  /** Forgets the motion history (no wobble starts): after a cut, a scrub or a teleport. */
  reset() {
    for (const character of this.characters) character.level.reset();
  }

  /**
   * A runtime of its own for a copy of this runtime's root made after attach (e.g.
   * AssetContainer.instantiateModelsToScene, or root.clone()), with this runtime's parameters
   * and joint settings, and the options given. Without one, a copy draws Babylon.js's plain
   * skinning. Sets the copy's metadata.dynskin.
   * @param {import('@babylonjs/core').Node} root the copy
   * @param {import('./index').DynskinOptions} [options]
   * @returns {Promise<DynskinRuntime>}
   */
  async attachClone(root, options = {}) {
    // The copy's skeletons are the original's at the same places: its bones at the same indices.
    const counterpart = new Map();
    const originals = skeletonsUnder(this.root), copies = skeletonsUnder(root);
    originals.forEach((meshes, i) => copies[i] && counterpart.set(meshes[0].skeleton, copies[i][0].skeleton));
    const joints = new Map();
    for (const [bone, settings] of this.#settings.joints) {
      const skeleton = counterpart.get(bone.getSkeleton());
      if (skeleton) joints.set(skeleton.bones[bone.getSkeleton().bones.indexOf(bone)], cloneSettings(settings));
    }
    const runtime = await DynskinRuntime.attach(root, { autoUpdate: this.autoUpdate, ...options, parameters: cloneSettings(this.parameters), joints });
    root.metadata = { ...(root.metadata ?? {}), dynskin: runtime };
    return runtime;
  }

  /** Stops the updates, gives the meshes Babylon.js's own skinning back and frees the core's memory. */
  dispose() {
    this.autoUpdate = false;
    for (const character of this.characters) character.dispose();
    this.characters = [];
    if (this.root.metadata?.dynskin === this) delete this.root.metadata.dynskin;
  }
}
