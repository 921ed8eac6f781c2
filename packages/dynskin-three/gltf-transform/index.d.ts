// Types of dynskin-three/gltf-transform: the DYNSKIN_dynamic_skinning extension for glTF-Transform.
import { Extension, ExtensionProperty, IProperty, Nullable, PropertyType, ReaderContext, Skin, WriterContext } from '@gltf-transform/core';
import type { DynskinJointSettings, DynskinParameters } from '../src/index.js';

export declare const EXTENSION_NAME: 'DYNSKIN_dynamic_skinning';
/** The painted layers: application-specific vertex attributes, SCALAR FLOAT in 0..1. */
export declare const LAYER_ATTRIBUTES: readonly ['_DYNSKIN_BEND', '_DYNSKIN_FLOPPY', '_DYNSKIN_SQUASH'];
/** The version of the root object this extension reads and writes. */
export declare const SETTINGS_VERSION: 1;

// The settings' keys are those of dynskin-three's runtime (and of dynskin's settings JSON);
// keys a newer dynskin writes are kept through a round trip all the same.
export type { DynskinJointSettings, DynskinParameters };
/** What dynskin's core parses for one skin (dynskin::io::settings_from_json_text). */
export interface DynskinSettingsJson {
  version: number;
  parameters: DynskinParameters;
  /** In the skin's joints order; {} for a joint without overrides. */
  joints: DynskinJointSettings[];
}

interface IDynskinSettings extends IProperty {
  version: number;
  parameters: DynskinParameters;
}

/** The root object: the settings of every skin in the file. */
export declare class DynskinSettings extends ExtensionProperty<IDynskinSettings> {
  static EXTENSION_NAME: typeof EXTENSION_NAME;
  extensionName: typeof EXTENSION_NAME;
  propertyType: 'DynskinSettings';
  parentTypes: [PropertyType.ROOT];
  protected init(): void;
  protected getDefaults(): Nullable<IDynskinSettings>;
  getVersion(): number;
  setVersion(version: number): this;
  /** A copy; missing keys mean the defaults. */
  getParameters(): DynskinParameters;
  /** Stores a copy; throws a TypeError when parameters is not a JSON object. */
  setParameters(parameters: DynskinParameters): this;
}

interface IDynskinJoint extends IProperty {
  settings: DynskinJointSettings;
}

/** One joint node's overrides. */
export declare class DynskinJoint extends ExtensionProperty<IDynskinJoint> {
  static EXTENSION_NAME: typeof EXTENSION_NAME;
  extensionName: typeof EXTENSION_NAME;
  propertyType: 'DynskinJoint';
  parentTypes: [PropertyType.NODE];
  protected init(): void;
  protected getDefaults(): Nullable<IDynskinJoint>;
  /** A copy; missing keys mean the defaults. */
  getSettings(): DynskinJointSettings;
  /** Stores a copy; throws a TypeError when settings is not a JSON object. */
  setSettings(settings: DynskinJointSettings): this;
}

/**
 * DYNSKIN_dynamic_skinning for glTF-Transform:
 * `new NodeIO().registerExtensions([DynskinExtension])`. Root: `root.getExtension<DynskinSettings>(EXTENSION_NAME)`;
 * joints: `node.getExtension<DynskinJoint>(EXTENSION_NAME)`.
 */
export declare class DynskinExtension extends Extension {
  static EXTENSION_NAME: typeof EXTENSION_NAME;
  readonly extensionName: typeof EXTENSION_NAME;
  /** Always optional (listed in extensionsUsed, never extensionsRequired): true is ignored. */
  setRequired(required: boolean): this;
  createSettings(): DynskinSettings;
  createJoint(): DynskinJoint;
  /** The settings JSON of one skin for dynskin's core; null without a root object. */
  settingsJsonOf(skin: Skin): DynskinSettingsJson | null;
  read(context: ReaderContext): this;
  write(context: WriterContext): this;
}
