// Types of dynskin-core's public API (README.md describes it).

// Generated from dynskin's settings tables by scripts/tables/generate.py: edit the tables, not this.
/**
 * dynskin's oscillation (the kernel A e^(-t/tau) sin(2 pi f t) and the drag D): the global one and
 * each joint's own.
 */
export interface DynskinOscillation {
  /** f: the wobble's frequency. 0 to 30 Hz; default 2. */
  frequency?: number;
  /** tau: the wobble dies out as exp(-t / tau). 0 to 60 s; default 0.4. */
  damping?: number;
  /**
   * A: the strength of the wobble each change of speed starts; negative: the other way.
   * -10 to 10 s; default 0.15.
   */
  amplitude?: number;
  /**
   * D: the skin's lag behind a turning joint, in proportion to its speed.
   * -10 to 10 s; default 0.1.
   */
  drag?: number;
}

/**
 * The global parameters: the keys of dynskin's settings JSON "parameters" (and of the extension).
 * Units: sizes are character sizes L.
 */
export interface DynskinParameters {
  /**
   * What is added to the base skinning.
   * Default 'dynamic'.
   * - 'lbs': The base skinning alone.
   * - 'drag': The drag term alone: the lag while joints turn, no wobble.
   * - 'dynamic': Drag and damped oscillations.
   */
  mode?: 'lbs' | 'drag' | 'dynamic';
  /**
   * The skinning the offsets are added to.
   * Default 'linear'.
   * - 'linear': Linear blend skinning.
   * - 'dq': Dual quaternion skinning.
   */
  base?: 'linear' | 'dq';
  /** The oscillation of the joints without their own. */
  oscillation?: DynskinOscillation;
  /**
   * c: delayed LBS, the speed at which turns travel from the root to the extremities.
   * 0.01 to 10000 sizes/s; null: off; default null.
   */
  propagation_speed?: number | null;
  /**
   * Strength of the lag and wobble behind a joint whose translation moves; 0: off.
   * 0 to 10; default 1.
   */
  translation_gain?: number;
  /**
   * S: Velocity Skinning's squash & stretch, a part moving at speed v stretches by about 1 + S v /
   * L; 0: off.
   * 0 to 10 s; default 0.
   */
  squash?: number;
  /**
   * Where a turning joint's squash is centred.
   * Default 'axis'.
   * - 'axis': Each vertex stretches along its own travel, about the medial axis (limbs).
   * - 'centroid': The region stretches as one blob along its centroid's velocity (end bones).
   */
  squash_center?: 'axis' | 'centroid';
  /**
   * Soft limit of the bend angle, and of the translation's lag (the floppy limiter).
   * 0.01 to 3.14 rad; 0 or null: off; default 1.
   */
  max_angle?: number | null;
  /**
   * Soft limit of each vertex's offset from the base skinning.
   * 0.01 to 10 sizes; 0 or null: off; a settings file without it: off; default 0.25.
   */
  max_offset?: number | null;
  /**
   * Ground contact: the skin within a quarter of this height above the ground keeps its base
   * position (planted feet stay planted); the offsets fade in up to it.
   * 0.01 to 1 sizes; 0 or null: off; default 0.
   */
  ground_contact?: number | null;
  /**
   * How much the motion of the character's whole object (its parent, a platform, a controller)
   * drives drag and wobble; 1: all of it, 0: none (carried as if still).
   * 0 to 1; default 1.
   */
  object_motion?: number;
}

/** A joint's own settings: the keys of dynskin's settings JSON "joints" entries. */
export interface DynskinJointSettings {
  /**
   * s_j: the joint's gain on every dynamic effect it drives (bend, lag, squash); 0: the joint
   * drives nothing.
   * 0 to 10; default 1.
   */
  gain?: number;
  /** Whether this joint uses its own oscillation instead of the global one. Default false. */
  override_oscillation?: boolean;
  /**
   * This joint's f, tau, A and D, used when override_oscillation is on (missing values: the
   * oscillation defaults, not the global ones).
   */
  oscillation?: DynskinOscillation;
  /**
   * delta_j: the flexible origin, the centre the bend turns the skin about, moved from the joint in
   * its local frame.
   * In local units.
   */
  origin_offset?: [number, number, number];
  /** Whether the joint's turn and translation drive the bend and lag (drag and wobble). */
  bend?: { rotation?: boolean; translation?: boolean };
  /** Whether the joint's turn and translation drive the squash & stretch. */
  squash?: { rotation?: boolean; translation?: boolean };
  /**
   * Moves the squash centroid of the joint's region, in the joint's local frame.
   * In local units.
   */
  centroid_offset?: [number, number, number];
}
// End of the part generated from the tables.

/** Loads the WebAssembly core (once); the engine packages' runtimes do it themselves. */
export function loadDynskinCore(): Promise<unknown>;

/** Floats of a joint in JointLevel.locals(): translation xyz, rotation xyzw, scale xyz. */
export const FLOATS_PER_BONE: 10;
/** Indices into JointLevel.ringState(): the ring's length in ticks, its newest tick, the history's restarts. */
export const RING_TICKS: 0;
export const RING_NEWEST_TICK: 1;
export const RING_RESTARTS: 2;

/** A typed array of the core's memory, taken again by `take` once the memory has grown. */
export class HeapView<View extends ArrayBufferView & { readonly length: number } = Float32Array> {
  constructor(take: () => View);
  get(): View;
}

/** The shape of a table of `count` RGBA texels in rows of `width` (JointLevel.tableWidth()). */
export function tableShape(count: number, width: number): { width: number; height: number };

/** A deep copy of settings (plain JSON values). */
export function cloneSettings<T>(value: T): T;
/** `parameters` as a proxy on which a write at any depth calls `changed` (objects written in are copied). */
export function watchSettings<T extends object>(parameters: T, changed: () => void): T;
/** Merges `from` into `into` (objects key by key, anything else replaced); returns `into`. */
export function mergeSettings<T extends object>(into: T, from?: object | null): T;
/** The core's default parameters: the method's for a file's saved settings, an unseen rig's otherwise. */
export function defaultParameters(core: unknown, savedSettings?: boolean): DynskinParameters;
/** dynskin's settings JSON text: the parameters and each joint's own settings in the core's joint order. */
export function settingsJson(parameters: DynskinParameters, joints: DynskinJointSettings[]): string;

/** The per-vertex stage's GLSL (functions prefixed dynskin_, dynskin_deform_vertex its entry point). */
export const skinningStage: string;
/** What the stage reads: its uniforms and per-vertex inputs, as named in the GLSL. */
export const stageInputs: { kind: 'attribute' | 'uniform'; type: string; name: string }[];
/** The uniforms a program may fix at compile time (as dynskin_fixed_NAME, NAME unprefixed). */
export const stageSwitches: { name: string; type: string }[];
/**
 * The stage for node materials (three.js's WebGPURenderer) and Babylon.js's WGSL materials,
 * translated from skinningStage by scripts/stage-translator.mjs: WGSL and GLSL, each with the core's constants and the entry
 * dynskin_deform(every input of stageInputs in its order, named without dynskin_), returning
 * mat3(world position, world normal, 0).
 */
export const nodeStage: { wgsl: string; glsl: string };

/**
 * What every engine package's runtime is (dynskin-three's and dynskin-babylon's extend it): the
 * characters under one root, one set of settings for all of them, the clock.
 */
export class CoreRuntime {
  constructor(core: unknown, options: { parameters?: DynskinParameters; joints?: Map<unknown, DynskinJointSettings>; savedSettings?: boolean }, packageName: string);
  readonly packageName: string;
  /** Seconds of the runtime's clock. */
  time: number;
  /** The live parameters: a change at any depth is read at the next update. */
  parameters: DynskinParameters;
  settingsJson(character?: number): string;
  /** Deep merge; throws, changing nothing, for values the core refuses. */
  setParameters(parameters: DynskinParameters): void;
  resetParameters(): void;
  /** A joint's own settings by bone or bone name; null gives it the defaults back. */
  setJointSettings(bone: unknown, settings: DynskinJointSettings | null): void;
  /** Advances the clock by `delta` seconds from the bones' pose now. */
  update(delta: number): void;
  /** As update, with the engine's exact pose at each 60 Hz tick in between: poseAt(t) poses the bones at runtime time t. */
  stepWithPoses(delta: number, poseAt: (t: number) => void): void;
  /** `time` once `delta` more seconds are played (a compensated sum: fixed steps stay on the 60 Hz ticks). */
  timeAfter(delta: number): number;
  /** Forgets the motion history (no wobble starts). */
  reset(): void;
}
/**
 * What every engine package's character is (dynskin-three's and dynskin-babylon's extend it):
 * one skeleton's joint level in the core, the calls of each frame, the scale since attach.
 */
export class CoreCharacter {
  constructor(packageName: string);
  readonly packageName: string;
  /** The core's JointLevel (embind). */
  level: any;
  jointCount: number;
  /** The character size L in the world now. */
  readonly size: number;
  /** The scale of the character's world since attach. */
  readonly worldScale: number;
}
/** The core's joint order from each joint's parent joint (-1: a root): parents first. */
export function jointOrder(parentOf: number[]): { order: number[]; parents: number[]; coreIndex: number[] };
/** The uniform scale of a column-major 4 x 4 matrix (16 numbers), into out[0]. */
export function uniformScaleInto(elements: ArrayLike<number>, out: { [0]: number }): void;
