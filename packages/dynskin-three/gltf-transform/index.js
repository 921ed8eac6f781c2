// DYNSKIN_dynamic_skinning for glTF-Transform (https://gltf-transform.dev): register it on an
// I/O and a document's dynskin settings survive reading, editing and writing.
//
//   import { NodeIO } from '@gltf-transform/core';
//   import { DynskinExtension } from 'dynskin-three/gltf-transform';
//   const io = new NodeIO().registerExtensions([DynskinExtension]);
//   const document = await io.read('character.glb');
//
// What the extension carries (docs/extensions/DYNSKIN_dynamic_skinning): the root object
// {version, parameters} (the settings of every skin in the file) and, on joint nodes, one
// joint's overrides. Both are kept as plain JSON: the keys are those of dynskin's settings
// JSON, and a key this file does not know (a newer dynskin's) is kept, not dropped. The
// painted layers (_DYNSKIN_BEND, _DYNSKIN_FLOPPY, _DYNSKIN_SQUASH) are application-specific
// vertex attributes, which glTF-Transform keeps on its own; LAYER_ATTRIBUTES names them.
import { Extension, ExtensionProperty, PropertyType } from '@gltf-transform/core';

export const EXTENSION_NAME = 'DYNSKIN_dynamic_skinning';

/** The vertex attributes of the painted layers (SCALAR FLOAT, 0..1). */
export const LAYER_ATTRIBUTES = Object.freeze(['_DYNSKIN_BEND', '_DYNSKIN_FLOPPY', '_DYNSKIN_SQUASH']);

/** The version of the root object this extension reads and writes. */
export const SETTINGS_VERSION = 1;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
// JSON values are copied on the way in and out, so that a caller's object never aliases the
// document's (glTF-Transform's copy() and equals() compare plain objects by value).
const cloneJson = (value) => JSON.parse(JSON.stringify(value));

function requireObject(value, where) {
  if (!isObject(value)) throw new TypeError(`${EXTENSION_NAME}: ${where} must be a JSON object`);
  return value;
}

/** The root object: the settings of every skin in the file. */
export class DynskinSettings extends ExtensionProperty {
  static EXTENSION_NAME = EXTENSION_NAME;

  init() {
    this.extensionName = EXTENSION_NAME;
    this.propertyType = 'DynskinSettings';
    this.parentTypes = [PropertyType.ROOT];
  }

  getDefaults() {
    return Object.assign(super.getDefaults(), { version: SETTINGS_VERSION, parameters: {} });
  }

  getVersion() { return this.get('version'); }
  setVersion(version) {
    if (!Number.isInteger(version) || version < 1) throw new TypeError(`${EXTENSION_NAME}: version must be a positive integer`);
    return this.set('version', version);
  }

  /** dynskin's settings JSON "parameters" (a copy); missing keys mean the defaults. */
  getParameters() { return cloneJson(this.get('parameters')); }
  setParameters(parameters) { return this.set('parameters', cloneJson(requireObject(parameters, 'parameters'))); }
}

/** One joint's overrides (gain, override_oscillation, oscillation, origin_offset, ...). */
export class DynskinJoint extends ExtensionProperty {
  static EXTENSION_NAME = EXTENSION_NAME;

  init() {
    this.extensionName = EXTENSION_NAME;
    this.propertyType = 'DynskinJoint';
    this.parentTypes = [PropertyType.NODE];
  }

  getDefaults() {
    return Object.assign(super.getDefaults(), { settings: {} });
  }

  /** The joint's entry of dynskin's settings JSON "joints" (a copy); missing keys mean the defaults. */
  getSettings() { return cloneJson(this.get('settings')); }
  setSettings(settings) { return this.set('settings', cloneJson(requireObject(settings, 'a joint\'s settings'))); }
}

/** The glTF-Transform extension: register it with io.registerExtensions([DynskinExtension]). */
export class DynskinExtension extends Extension {
  static EXTENSION_NAME = EXTENSION_NAME;
  extensionName = EXTENSION_NAME;

  // The extension is optional by its specification (a runtime without it plays plain
  // skinning): a file that lists it in extensionsRequired is read, and written without that.
  setRequired() { return super.setRequired(false); }

  createSettings() { return new DynskinSettings(this.document.getGraph()); }
  createJoint() { return new DynskinJoint(this.document.getGraph()); }

  /**
   * The settings JSON that dynskin's core parses (dynskin::io::settings_from_json_text) for one
   * skin: {version, parameters, joints}, joints in the skin's order, {} for a joint without
   * overrides. Null when the document has no root object (the file plays plain skinning).
   */
  settingsJsonOf(skin) {
    const root = this.document.getRoot().getExtension(EXTENSION_NAME);
    if (!root) return null;
    return {
      version: root.getVersion(),
      parameters: root.getParameters(),
      joints: skin.listJoints().map((joint) => joint.getExtension(EXTENSION_NAME)?.getSettings() ?? {}),
    };
  }

  read(context) {
    const json = context.jsonDoc.json;
    const rootDef = json.extensions?.[EXTENSION_NAME];
    if (rootDef !== undefined) {
      requireObject(rootDef, 'the root object');
      const settings = this.createSettings();
      if (rootDef.version !== undefined) settings.setVersion(rootDef.version);
      if (rootDef.parameters !== undefined) settings.setParameters(rootDef.parameters);
      this.document.getRoot().setExtension(EXTENSION_NAME, settings);
    }
    (json.nodes || []).forEach((nodeDef, index) => {
      const jointDef = nodeDef.extensions?.[EXTENSION_NAME];
      if (jointDef === undefined) return;
      context.nodes[index].setExtension(EXTENSION_NAME, this.createJoint().setSettings(requireObject(jointDef, `nodes[${index}]'s object`)));
    });
    return this;
  }

  write(context) {
    const json = context.jsonDoc.json;
    const settings = this.document.getRoot().getExtension(EXTENSION_NAME);
    if (settings) {
      json.extensions = json.extensions || {};
      json.extensions[EXTENSION_NAME] = { version: settings.getVersion(), parameters: settings.getParameters() };
    }
    for (const node of this.document.getRoot().listNodes()) {
      const joint = node.getExtension(EXTENSION_NAME);
      if (!joint) continue;
      const nodeDef = json.nodes[context.nodeIndexMap.get(node)];
      nodeDef.extensions = nodeDef.extensions || {};
      nodeDef.extensions[EXTENSION_NAME] = joint.getSettings();
    }
    return this;
  }
}
