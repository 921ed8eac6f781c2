// The runtime the user holds: every skeleton under a node (one DynskinCharacter each), one set
// of parameters for all of them, per-joint settings, the clock. It steps itself after the
// scene's animation groups (scene.onAfterAnimationsObservable) unless autoUpdate is false,
// sampling the groups that move its bones at its 60 Hz ticks between frames; the joint level
// runs in WebAssembly, the material plugin does the rest.
import { loadDynskinCore, HeapView, RuntimeSettings, cloneSettings } from 'dynskin-core';
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

function checkDelta(delta) {
  if (!(delta >= 0) || !Number.isFinite(delta)) throw new Error(`dynskin-babylon: update needs a delta time >= 0 in seconds, not ${delta}`);
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
    this.#ticksPerSecond = core.JointLevel.ticksPerSecond(); // the core's measurement clock
    this.#clock = new HeapView(core, () => core.JointLevel.clock());
    setStageConstants(core.JointLevel.shaderConstants());
    const groups = skeletonsUnder(root);
    if (groups.length === 0) throw new Error('dynskin-babylon: no skinned mesh under this node');
    this.characters = [];
    try {
      for (const meshes of groups) this.characters.push(new DynskinCharacter(core, meshes, this.scene));
      for (const character of this.characters) character.objectRoot = root;
      this.#settings.apply(this.characters);
      this.#poseNodes = new Set(this.characters.flatMap((c) => c.poseNodes));
      this.#sampler = new AnimationSampler(this.#poseNodes);
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
  #ticksPerSecond;
  #starting = true; // no frame given since attach or reset()
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
   * animation groups. dynskin measures the joints on its own 60 Hz clock, interpolating the
   * pose between the frames it is given: the frame rate shows as much as the pose moves
   * between frames (updateWithAnimationGroups does not).
   */
  update(delta) {
    checkDelta(delta);
    this.#settings.applyLive(this.characters);
    this.#starting = false;
    this.time += delta;
    this.#clock.get()[0] = this.time;
    const characters = this.characters;
    for (let i = 0; i < characters.length; ++i) characters[i].update();
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
    checkDelta(delta);
    const sampler = this.#sampler;
    if (!sampler.follow(groups)) return this.update(delta);
    this.#settings.applyLive(this.characters);
    const characters = this.characters, ticksPerSecond = this.#ticksPerSecond;
    const t0 = this.time, t1 = t0 + delta;
    try {
      if (this.#starting) this.#sampledFrame(t0 - t1, t0, false); // the pose the clock starts from
      this.#starting = false;
      // The ticks before t1: each the clock's alone (what the shader reads is written at t1).
      for (let n = Math.floor(t0 * ticksPerSecond + 1e-9) + 1; n / ticksPerSecond < t1 - 1e-9; ++n) this.#sampledFrame(n / ticksPerSecond - t1, n / ticksPerSecond, true);
      sampler.restore();
      this.#frame(t1); // the frame's own pose
      const after = Math.ceil(t1 * ticksPerSecond - 1e-9) / ticksPerSecond;
      if (after > t1) this.#sampledFrame(after - t1, after, false);
    } finally {
      sampler.restore();
    }
    this.time = t1;
    this.#clock.get()[0] = t1;
    for (let i = 0; i < characters.length; ++i) {
      characters[i].advance();
      characters[i].publish();
    }
  }

  // The pose `offset` seconds of animation from the frame's, as the frame at clock time `t`
  // (measure: the clock's tick too).
  #sampledFrame(offset, t, measure) {
    this.#sampler.sampleAt(offset);
    this.#frame(t);
    if (measure) for (let i = 0; i < this.characters.length; ++i) this.characters[i].measure();
  }

  #frame(t) {
    this.#clock.get()[0] = t;
    for (let i = 0; i < this.characters.length; ++i) this.characters[i].addFrame();
  }

  /** Forgets the motion history (no wobble starts): after a cut, a scrub or a teleport. */
  reset() {
    for (const character of this.characters) character.level.reset();
    this.#starting = true;
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
