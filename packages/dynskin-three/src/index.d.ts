// Types of dynskin-three's public API (README.md describes it).
import type { AnimationMixer, Bone, Material, Object3D, SkinnedMesh, Skeleton } from 'three';

/** The extension's name: `extensions.DYNSKIN_dynamic_skinning` in a glTF file. */
export const EXTENSION_NAME: 'DYNSKIN_dynamic_skinning';

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

export interface DynskinOptions {
  /** parameters over dynskin's defaults for a rig without settings (the method's, ground contact on) */
  parameters?: DynskinParameters;
  /** per-joint settings, by bone */
  joints?: Map<Bone, DynskinJointSettings>;
  /** the parameters are a file's saved settings: what they lack is the method's default (ground contact off) */
  savedSettings?: boolean;
}

export interface DynskinPluginOptions {
  /** parameters over the file's (or a rig without settings' defaults, for a file without the extension) */
  parameters?: DynskinParameters;
  /** also give dynskin's motion to skinned files without the extension (default: plain skinning) */
  withoutExtension?: boolean;
}

/** The GLTFLoader plugin: `loader.register((parser) => new DynskinPlugin(parser))`. */
export class DynskinPlugin {
  constructor(parser: any, options?: DynskinPluginOptions);
  readonly name: 'DYNSKIN_dynamic_skinning';
  /** Called by GLTFLoader: puts the runtime in gltf.userData.dynskin. */
  afterRoot(gltf: any): Promise<void>;
}

/** One skeleton and the skinned meshes bound to it. */
export class DynskinCharacter {
  readonly meshes: SkinnedMesh[];
  readonly skeleton: Skeleton;
  readonly bones: Bone[];
  /**
   * the character size L in the world's units now: the one measured at attach times
   * worldScale (the scene scaled after attach moves the same in sizes)
   */
  readonly size: number;
  /** the uniform scale of the character's first mesh's world matrix since attach (1 then) */
  readonly worldScale: number;
  readonly jointCount: number;
}

export class DynskinRuntime {
  /**
   * Gives every skinned mesh under `root` dynskin's motion. Their materials are replaced by
   * patched copies (the originals come back on dispose()).
   */
  static attach(root: Object3D, options?: DynskinOptions): Promise<DynskinRuntime>;

  readonly root: Object3D;
  /** one per skeleton under root */
  readonly characters: DynskinCharacter[];
  /** seconds played */
  readonly time: number;
  /** The live parameters: change a value and the next update() uses it. */
  parameters: DynskinParameters;

  /**
   * A runtime of its own for a copy of `root` made after attach (SkeletonUtils.clone(gltf.scene)),
   * with this runtime's parameters and joint settings. A clone without one draws this one's
   * deformation (a warning says so when it is drawn).
   */
  attachClone(root: Object3D): Promise<DynskinRuntime>;
  /** Advances by `delta` seconds: call every frame after mixer.update(delta). */
  update(delta: number): void;
  /**
   * Advances `mixer` by `delta` seconds itself (do not update it yourself) and plays
   * dynskin, giving its 60 Hz clock the mixer's pose at each tick: the motion is then the same
   * at any frame rate to float precision.
   */
  updateWithMixer(mixer: AnimationMixer, delta: number): void;
  /** Changes some parameters (a deep merge); throws, changing nothing, for a refused value. */
  setParameters(parameters: DynskinParameters): void;
  /** The parameters back to dynskin's defaults. */
  resetParameters(): void;
  /** A joint's own settings, by bone or bone name; null: the defaults. */
  setJointSettings(bone: Bone | string, settings: DynskinJointSettings | null): void;
  /** Forgets the motion history (no wobble starts): after a cut, a scrub or a teleport. */
  reset(): void;
  /** dynskin's settings JSON text of a character, as the core reads it. */
  settingsJson(character?: number): string;
  /** A patched copy of `material` for the `meshIndex`-th mesh of a character (a material of your own). */
  patchMaterial<M extends Material>(material: M, character?: number, meshIndex?: number): M;
  /**
   * Gives the meshes their original materials back and frees the core's memory (the
   * geometry's attributes stay while another runtime, a clone's, uses them).
   */
  dispose(): void;
}

/** Loads the WebAssembly core (once); the runtime does it itself. */
export function loadDynskinCore(): Promise<unknown>;
