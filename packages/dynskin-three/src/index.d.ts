// Types of dynskin-three's public API (README.md describes it).
import type { AnimationMixer, Bone, Material, Object3D, SkinnedMesh, Skeleton } from 'three';
import type { DynskinJointSettings, DynskinParameters } from 'dynskin-core';

// The settings' types are dynskin-core's (every engine package reads the same settings).
export type { DynskinOscillation, DynskinParameters, DynskinJointSettings } from 'dynskin-core';
export { loadDynskinCore } from 'dynskin-core';

/** The extension's name: `extensions.DYNSKIN_dynamic_skinning` in a glTF file. */
export const EXTENSION_NAME: 'DYNSKIN_dynamic_skinning';

export interface DynskinOptions {
  /** parameters over dynskin's defaults for a rig without settings (the method's, ground contact on) */
  parameters?: DynskinParameters;
  /** per-joint settings, by bone */
  joints?: Map<Bone, DynskinJointSettings>;
  /** the parameters are a file's saved settings: what they lack is the method's default (ground contact off) */
  savedSettings?: boolean;
  /**
   * the renderer that draws the character: a WebGPURenderer (`renderer.isWebGPURenderer`) gets
   * node materials; WebGLRenderer, or none given, materials patched with onBeforeCompile (which
   * a WebGPURenderer would draw as plain skinning: a console error says so at the first render)
   */
  renderer?: { isWebGPURenderer?: boolean };
}

export interface DynskinPluginOptions {
  /** parameters over the file's (or a rig without settings' defaults, for a file without the extension) */
  parameters?: DynskinParameters;
  /** also give dynskin's motion to skinned files without the extension (default: plain skinning) */
  withoutExtension?: boolean;
  /** the renderer that draws the file (see DynskinOptions.renderer): needed for a WebGPURenderer */
  renderer?: { isWebGPURenderer?: boolean };
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
