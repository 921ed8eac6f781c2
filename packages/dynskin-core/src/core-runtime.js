// What every engine package's runtime is, whatever its engine: the characters found under one
// root (each with its joint level in the core), one set of settings for all of them
// (RuntimeSettings), and the clock. update(delta) takes the bones' pose of each frame and the
// core interpolates between frames; stepWithPoses(delta, poseAt) gives the core the engine's
// own pose at each 60 Hz tick in between, so that any frame rate gives the same motion. An
// engine's runtime (dynskin-three's, dynskin-babylon's) extends it with how it finds its
// skeletons, reads its bones and poses them at a time (an AnimationMixer, animation groups).
import { HeapView } from './memory.js';
import { RuntimeSettings } from './runtime-settings.js';

export class CoreRuntime {
  /**
   * @param {object} core the Emscripten module (loadDynskinCore)
   * @param {{parameters?: object, joints?: Map<object, object>, savedSettings?: boolean}} options
   * @param {string} packageName prefixes the messages ('dynskin-three')
   */
  constructor(core, options, packageName) {
    this.packageName = packageName;
    this.time = 0;
    /** One per skeleton: each with `level` (the core's JointLevel), `bones`, `jointKeys` and the per-frame calls. */
    this.characters = [];
    this.#settings = new RuntimeSettings(core, options, packageName);
    this.#ticksPerSecond = core.JointLevel.ticksPerSecond(); // the core's measurement clock
    this.#clock = new HeapView(() => core.JointLevel.clock());
  }

  #settings;
  #ticksPerSecond;
  // Where the characters' per-frame calls find their time: taken again before each write, as
  // a call into the core may grow its memory.
  #clock;
  #starting = true; // no frame given since the start or reset()
  // What this.time lost to rounding as a sum of deltas (Kahan), and the time it was for.
  // Summed plainly, steps of 1/60 s drift off the core's ticks by more than its 1e-9 tick
  // after some 10,000 frames (7e-8 tick after 100,000), and from then on every frame of a
  // fixed-step loop falls between two ticks, each sampled apart: about a quarter more work.
  #timeLost = 0;
  #timeSummed = 0;

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

  /** @internal each bone's own settings, by the engine's bone (for a clone's runtime) */
  get jointSettingsByBone() {
    return this.#settings.joints;
  }

  /** The settings JSON text of a character, as dynskin's core reads it. */
  settingsJson(character = 0) {
    return this.#settings.json(this.characters[character].jointKeys);
  }

  /** Gives the characters the settings; the core's message when it refuses them, or ''. */
  applySettings() {
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
    if (!target || !this.characters.some((c) => c.bones.includes(target))) {
      throw new Error(`${this.packageName}: no joint ${typeof bone === 'string' ? bone : '(not in a skeleton)'}`);
    }
    this.#settings.setJointSettings(target, settings, this.characters);
  }

  #boneNamed(name) {
    for (const c of this.characters) for (const bone of c.bones) if (bone.name === name) return bone;
    return null;
  }

  #checkDelta(delta) {
    if (!(delta >= 0) || !Number.isFinite(delta)) throw new Error(`${this.packageName}: update needs a delta time >= 0 in seconds, not ${delta}`);
  }

  /**
   * Advances the clock by `delta` seconds and deforms, from the bones' pose now (after the
   * engine's animation): the core's 60 Hz clock samples between the frames it is given.
   */
  update(delta) {
    this.#checkDelta(delta);
    this.#settings.applyLive(this.characters);
    this.#starting = false;
    this.#advanceTime(delta);
    this.#clock.get()[0] = this.time;
    const characters = this.characters;
    for (let i = 0; i < characters.length; ++i) characters[i].update();
  }

  /**
   * As update(delta), with the engine's exact pose at each tick in between: poseAt(t) puts the
   * bones in their pose at runtime time t (the frame's, this.time + delta, comes last, so
   * that they are left there). The first frame after the start or reset() also gives the
   * pose at this.time, which the clock starts from.
   */
  stepWithPoses(delta, poseAt) {
    this.#checkDelta(delta);
    this.#settings.applyLive(this.characters);
    const characters = this.characters, perSecond = this.#ticksPerSecond;
    const t0 = this.time, t1 = this.timeAfter(delta);
    if (this.#starting) this.#frame(poseAt, t0);
    this.#starting = false;
    // The ticks before t1: each the clock's alone (what the shader reads is written at t1).
    for (let n = Math.floor(t0 * perSecond + 1e-9) + 1; n / perSecond < t1 - 1e-9; ++n) {
      this.#frame(poseAt, n / perSecond);
      for (let i = 0; i < characters.length; ++i) characters[i].measure();
    }
    // The tick at or just after t1, which the clock measures to interpolate t1; none when t1
    // is a tick (within 1e-9 tick, as the core counts: dynskin/measurement_clock.h). Posed
    // before t1, so that the engine's animation is stepped to t1 once, not twice (there, then
    // back from the tick): the core keeps the frames in time order.
    const after = Math.ceil(t1 * perSecond - 1e-9) / perSecond;
    const tickAfter = (after - t1) * perSecond > 1e-9;
    if (tickAfter) this.#frame(poseAt, after);
    this.#frame(poseAt, t1, tickAfter);
    this.#advanceTime(delta);
    for (let i = 0; i < characters.length; ++i) {
      characters[i].advance();
      characters[i].publish();
    }
  }

  /** this.time once `delta` more seconds are played (update, stepWithPoses: a compensated sum) */
  timeAfter(delta) {
    return this.time + (delta - this.#lostBefore());
  }

  // this.time + delta with what earlier sums lost carried in (Kahan), as timeAfter gives it.
  // (No object returned: a frame allocates nothing.)
  #advanceTime(delta) {
    const step = delta - this.#lostBefore(), time = this.time + step;
    this.#timeLost = time - this.time - step;
    this.time = this.#timeSummed = time;
  }

  // A time set from outside starts the sum afresh.
  #lostBefore() {
    return this.time === this.#timeSummed ? this.#timeLost : 0;
  }

  // The engine's pose at t as a frame of every character (beforeNewest: t falls before the
  // newest frame given, CoreCharacter.addFrame); the clock left at t.
  #frame(poseAt, t, beforeNewest = false) {
    poseAt(t);
    this.#clock.get()[0] = t;
    for (let i = 0; i < this.characters.length; ++i) this.characters[i].addFrame(beforeNewest);
  }

  /** Forgets the motion history (no wobble starts): after a cut, a scrub or a teleport. */
  reset() {
    for (const character of this.characters) character.level.reset();
    this.#starting = true;
  }
}
