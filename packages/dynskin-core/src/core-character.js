// What every engine package's character is, whatever its engine: one skeleton's joint level in
// the core, built from the arrays the engine reads from its meshes; the calls of each frame;
// and the scale of its world since attach, by which the core's frame is the world divided (so
// that a scene scaled after attach moves the same in character sizes). An engine's character
// (dynskin-three's, dynskin-babylon's) extends it with how it reads its bones (readLocals) and
// hands the core's results to its shaders (publish).
import { HeapView } from './memory.js';
import { uniformScaleInto } from './skeleton.js';

export class CoreCharacter {
  constructor(packageName) {
    this.packageName = packageName;
  }

  #restSize; // the character size L measured at attach, in the world then
  // The scale of the world since attach (s; [1] is 1 / s, [2] the scale at attach, [3] the
  // scale measured, before the checks).
  #scale = new Float64Array([1, 1, 1, 1]);
  #measured = this.#scale.subarray(3);

  /**
   * @internal The core's joint level from `arrays` (positions, normals, triangles, joints,
   * weights, rest, inverseBinds, bend, floppy, squash), `influences` a vertex and the joints'
   * `parents`; `worldElements`: the first mesh's world matrix now (16 numbers, column-major).
   * Throws the core's message when it refuses them.
   */
  buildLevel(core, arrays, influences, parents, worldElements) {
    uniformScaleInto(worldElements, this.#scale.subarray(2));
    if (!(this.#scale[2] > 0) || !Number.isFinite(this.#scale[2])) this.#scale[2] = 1;
    this.level = new core.JointLevel();
    const error = this.level.build(arrays.positions, arrays.normals, arrays.triangles, influences, arrays.joints, arrays.weights,
      parents, arrays.rest, arrays.inverseBinds, arrays.bend, arrays.floppy, arrays.squash);
    if (error) {
      this.level.delete();
      throw new Error(`${this.packageName}: ${error}`);
    }
    this.jointCount = this.level.jointCount();
    this.#restSize = this.level.size();
    // Views of the core's buffers, taken again when its memory grows.
    this.coreLocals = new HeapView(() => this.level.locals());
    this.coreObject = new HeapView(() => this.level.object());
    this.coreValues = new HeapView(() => this.level.values());
    this.coreRingState = new HeapView(() => this.level.ringState());
  }

  /** The character size L in the world now: the one measured at attach times the scale since. */
  get size() {
    return this.#restSize * this.#scale[0];
  }

  /** The scale of the character's world since attach (see size). */
  get worldScale() {
    return this.#scale[0];
  }

  /** @internal 1 / worldScale */
  get inverseWorldScale() {
    return this.#scale[1];
  }

  /** @internal the scale since attach from the first mesh's world matrix now (a scale of 0: the last one stays) */
  measureWorldScale(worldElements) {
    const scale = this.#scale;
    uniformScaleInto(worldElements, this.#measured);
    scale[3] /= scale[2];
    if (scale[3] > 0 && Number.isFinite(scale[3])) {
      scale[0] = scale[3];
      scale[1] = 1 / scale[3];
    }
  }

  /**
   * @internal Where the character's whole object is (Pose::object: the runtime's root), in the
   * core's frame as the roots are: the core takes the object_motion setting's share of its
   * motion out of what drives the dynamics. Vectors and a quaternion with toArray(array, offset).
   */
  writeObject(translation, rotation, scale) {
    const object = this.coreObject.get();
    translation.toArray(object, 0);
    rotation.toArray(object, 3);
    scale.toArray(object, 7);
  }

  // The per-frame calls below run at the time written into the core's clock
  // (JointLevel.clock(): the runtime writes it; a fraction passed as an argument would be a
  // number allocated at every call).

  /**
   * @internal the bones' pose now, as a frame at the clock's time; beforeNewest: a time
   * between the two newest frames given, kept in time order
   */
  addFrame(beforeNewest = false) {
    this.readLocals();
    if (beforeNewest ? this.level.addFrameBeforeNewest() : this.level.addFrame()) this.#fail();
  }

  /** @internal the clock alone to its time, for a tick before the frame's time */
  measure() {
    this.level.measure();
  }

  /** @internal the joint level at the clock's time from the frames given */
  advance() {
    this.level.advance();
  }

  /** @internal the bones' pose now as the frame at the clock's time, the joint level, then what the shaders read */
  update() {
    this.readLocals();
    if (this.level.update()) this.#fail();
    this.publish();
  }

  #fail() {
    throw new Error(`${this.packageName}: ${this.level.error()}`);
  }
}
