// The runtime the user holds: every skeleton under a node (one DynskinCharacter each), one set
// of parameters for all of them, per-joint settings, the clock. It steps itself after the
// scene's animation groups (scene.onAfterAnimationsObservable) unless autoUpdate is false,
// sampling the groups that move its bones at its 60 Hz ticks between frames; the joint level
// runs in WebAssembly, the material plugin does the rest.
import { loadDynskinCore, CoreRuntime, cloneSettings } from 'dynskin-core';
import { DynskinCharacter } from './character.js';
import { setStageConstants } from './material.js';
import { AnimationSampler } from './animation-sampler.js';

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

export class DynskinRuntime extends CoreRuntime {
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
    super(core, options, 'dynskin-babylon');
    this.root = root;
    this.scene = root.getScene();
    setStageConstants(core.JointLevel.shaderConstants());
    const groups = skeletonsUnder(root);
    if (groups.length === 0) throw new Error('dynskin-babylon: no skinned mesh under this node');
    try {
      for (const meshes of groups) this.characters.push(new DynskinCharacter(core, meshes, this.scene));
      for (const character of this.characters) character.objectRoot = root;
      this.applySettings();
      this.#poseNodes = new Set(this.characters.flatMap((c) => c.poseNodes));
      this.#sampler = new AnimationSampler(this.#poseNodes);
    } catch (error) {
      for (const character of this.characters) character.dispose();
      throw error;
    }
    this.autoUpdate = options.autoUpdate ?? true;
  }

  #poseNodes; // the nodes whose local transforms the characters read
  #sampler;
  #observer = null;
  #sceneGroups = []; // the scene's animation groups that animate the bones (#groupsOfScene)
  #sceneGroupCount = -1; // how many groups the scene had when they were looked for
  #step = (scene) => {
    // The animation groups' own step, in ms (Scene.deltaTime, set where they advance).
    const ms = scene.deltaTime ?? scene.getEngine().getDeltaTime();
    this.updateWithAnimationGroups(this.#groupsOfScene(), ms > 0 ? ms / 1000 : 0);
  };

  // Looked for again when a group is added to the scene or removed (a crowd: each runtime
  // follows its own copy's groups, not every group of the scene).
  #groupsOfScene() {
    const groups = this.scene.animationGroups;
    if (groups.length !== this.#sceneGroupCount) {
      this.#sceneGroups = groups.filter((group) => group.targetedAnimations.some((t) => this.#poseNodes.has(t.target)));
      this.#sceneGroupCount = groups.length;
    }
    return this.#sceneGroups;
  }

  /**
   * Whether the runtime steps itself after the scene's animation groups (default true),
   * following the groups that animate its bones (updateWithAnimationGroups); false: call
   * update or updateWithAnimationGroups yourself, after the animation groups have moved the bones.
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

  /**
   * Advances the clock by `delta` seconds and deforms, from the bones' pose now (after the
   * animation groups' step): the core's 60 Hz clock samples between the frames it is given.
   */
  update(delta) {
    this.#readPlacements();
    super.update(delta);
  }

  #readPlacements() {
    for (let i = 0; i < this.characters.length; ++i) this.characters[i].readPlacement();
  }

  /**
   * As update(delta), after the scene's animation step has moved `groups` by `delta` seconds
   * of animation time (scene.deltaTime / 1000), giving the 60 Hz clock the groups' exact pose
   * at each tick in between (and at the tick just after), evaluated from their animations and
   * put back: the motion is the same at any frame rate, to float precision. The groups are
   * left as they are (frame, events, loops). Groups played with a weight, blending or
   * additively make it update(delta) (Babylon.js mixes those after every animation has run).
   * @param {import('@babylonjs/core').AnimationGroup[]} groups the groups playing on the
   *   characters (others, and the animations of other nodes, are passed over)
   */
  updateWithAnimationGroups(groups, delta) {
    const sampler = this.#sampler;
    if (!sampler.follow(groups)) return this.update(delta);
    this.#readPlacements();
    const t1 = this.timeAfter(delta);
    try {
      // The groups' pose `t - t1` seconds of animation from the frame's; the frame's own at t1.
      this.stepWithPoses(delta, (t) => (t === t1 ? sampler.restore() : sampler.sampleAt(t - t1)));
    } finally {
      sampler.restore();
    }
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
    for (const [bone, settings] of this.jointSettingsByBone) {
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
