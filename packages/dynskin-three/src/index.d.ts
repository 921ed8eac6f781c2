// Types of dynskin-three's public API (README.md describes it).
import type { AnimationMixer, Bone, Material, Object3D, SkinnedMesh, Skeleton } from 'three';

/** The extension's name: `extensions.DYNSKIN_dynamic_skinning` in a glTF file. */
export const EXTENSION_NAME: 'DYNSKIN_dynamic_skinning';

/** dynskin's oscillation settings (the kernel A e^(-t/tau) sin(2 pi f t) and the drag D). */
export interface DynskinOscillation {
  /** f, Hz, 0 to 30 */
  frequency?: number;
  /** tau, seconds, 0 to 60 (0: no wobble) */
  damping?: number;
  /** A, seconds (negative: the other way) */
  amplitude?: number;
  /** D, seconds */
  drag?: number;
}

/** The global parameters: the keys of dynskin's settings JSON "parameters" (and of the extension). */
export interface DynskinParameters {
  /** what is added to the base skinning: 'lbs' (nothing), 'drag', 'dynamic' (drag and wobble) */
  mode?: 'lbs' | 'drag' | 'dynamic';
  /** the base skinning: linear blend ('linear') or dual quaternion ('dq') */
  base?: 'linear' | 'dq';
  oscillation?: DynskinOscillation;
  /** strength of the translation term (lag behind a moving joint); 0: off */
  translation_gain?: number;
  /** dLBS: c, character sizes per second; null: off (infinite) */
  propagation_speed?: number | null;
  /** soft limit of the bend angle, radians; 0 or null: off */
  max_angle?: number | null;
  /** soft limit of a vertex's whole offset, character sizes; 0 or null: off */
  max_offset?: number | null;
  /** squash & stretch S, seconds; 0: off */
  squash?: number;
  /** the squash centre of a turning joint */
  squash_center?: 'axis' | 'centroid';
}

/** A joint's own settings: the keys of dynskin's settings JSON "joints" entries. */
export interface DynskinJointSettings {
  /** s_j: 0 turns the joint's effect off */
  gain?: number;
  /** use `oscillation` instead of the global one */
  override_oscillation?: boolean;
  oscillation?: DynskinOscillation;
  /** flexible origin delta_j, in the joint's frame (units) */
  origin_offset?: [number, number, number];
  /** which motions of the joint drive its bend and lag */
  bend?: { rotation?: boolean; translation?: boolean };
  /** which motions of the joint drive its squash */
  squash?: { rotation?: boolean; translation?: boolean };
  /** moves the squash centroid, in the joint's frame (units) */
  centroid_offset?: [number, number, number];
}

export interface DynskinOptions {
  /** parameters over dynskin's defaults */
  parameters?: DynskinParameters;
  /** per-joint settings, by bone */
  joints?: Map<Bone, DynskinJointSettings>;
}

export interface DynskinPluginOptions {
  /** parameters over the file's (or the defaults, for a file without the extension) */
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
  /** the character size L, in the world's units */
  readonly size: number;
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
  /** Gives the meshes their original materials back and frees the core's memory. */
  dispose(): void;
}

/** Loads the WebAssembly core (once); the runtime does it itself. */
export function loadDynskinCore(): Promise<unknown>;
