// Types of dynskin-babylon's public API (README.md describes it).
import type { AnimationGroup, Bone, Material, Node, Scene, Skeleton, AbstractMesh } from '@babylonjs/core';
import { MaterialPluginBase } from '@babylonjs/core/Materials/materialPluginBase.js';
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
  /** step after the scene's animation groups, sampling those that move the bones (default true); false: call updateWithAnimationGroups or update yourself */
  autoUpdate?: boolean;
}

export interface DynskinRegisterOptions {
  /** parameters over the file's (or a rig without settings' defaults, for a file without the extension) */
  parameters?: DynskinParameters;
  /** also give dynskin's motion to skinned files without the extension (default: plain skinning) */
  withoutExtension?: boolean;
  /** the runtimes step after the scene's animation groups (default true) */
  autoUpdate?: boolean;
}

/**
 * Registers the loader extension with Babylon.js's glTF loader: every glTF loaded afterwards
 * that carries DYNSKIN_dynamic_skinning plays dynskin, its runtime at the loaded root node's
 * `metadata.dynskin`. Call again to change the options.
 */
export function registerDynskin(options?: DynskinRegisterOptions): void;
/** Removes the loader extension (runtimes already made keep running). */
export function unregisterDynskin(): boolean;

/** The glTF loader extension (registerDynskin registers it). */
export class DynskinLoaderExtension {
  constructor(loader: any, options?: DynskinRegisterOptions);
  readonly name: 'DYNSKIN_dynamic_skinning';
  enabled: boolean;
  dispose(): void;
  onReady(): Promise<void>;
}

/** The material plugin that runs dynskin's per-vertex stage (StandardMaterial, PBRMaterial); the runtime adds it. */
export class DynskinMaterialPlugin extends MaterialPluginBase {
  constructor(material: Material);
}

/** One skeleton and the skinned meshes bound to it. */
export class DynskinCharacter {
  readonly meshes: AbstractMesh[];
  readonly skeleton: Skeleton;
  /** the skin's joints, by the index the vertices use */
  readonly bones: Bone[];
  /** the character size L in the world's units now: the one measured at attach times worldScale */
  readonly size: number;
  /** the uniform scale of the character's first mesh's world matrix since attach (1 then) */
  readonly worldScale: number;
  readonly jointCount: number;
}

export class DynskinRuntime {
  /** A runtime for every skinned mesh under `root` (one DynskinCharacter per skeleton). */
  static attach(root: Node, options?: DynskinOptions): Promise<DynskinRuntime>;
  readonly root: Node;
  readonly scene: Scene;
  readonly characters: DynskinCharacter[];
  /** seconds played */
  readonly time: number;
  /** whether the runtime steps itself after the scene's animation groups (sampling those that animate its bones at its ticks) */
  autoUpdate: boolean;
  /** the live parameters: a change at any depth is read at the next update */
  parameters: DynskinParameters;
  /** advances `delta` seconds (>= 0) from the bones' pose now, interpolated between frames: after the animation groups */
  update(delta: number): void;
  /**
   * advances `delta` seconds (>= 0) of animation time after the scene's animation step, giving
   * dynskin's 60 Hz clock the exact pose of `groups` at each tick: frame-rate independent
   * (groups with a weight, blending or additive: as update)
   */
  updateWithAnimationGroups(groups: readonly AnimationGroup[], delta: number): void;
  /** deep merge, checked by the core: throws, changing nothing, for a refused value */
  setParameters(parameters: DynskinParameters): void;
  resetParameters(): void;
  /** a joint's own settings, by Bone or bone name; null: the defaults back */
  setJointSettings(bone: Bone | string, settings: DynskinJointSettings | null): void;
  /** forgets the motion history (no wobble starts) */
  reset(): void;
  /** a runtime for a copy of the root made after attach, with these parameters and joint settings; sets its metadata.dynskin */
  attachClone(root: Node, options?: DynskinOptions): Promise<DynskinRuntime>;
  /** dynskin's settings JSON text of a character, as the core reads it */
  settingsJson(character?: number): string;
  /** stops the updates, gives the meshes Babylon.js's own skinning back, frees the core's memory */
  dispose(): void;
}
