// The GLTFLoader plugin: reads the DYNSKIN_dynamic_skinning extension (global parameters on
// the root, per-joint settings on joint nodes, painted layers as _DYNSKIN_* attributes) and
// puts a running DynskinRuntime in gltf.userData.dynskin.
import { DynskinRuntime } from './runtime.js';

export const EXTENSION_NAME = 'DYNSKIN_dynamic_skinning';

export class DynskinPlugin {
  /**
   * @param {object} parser three.js's GLTFParser
   * @param {import('./index').DynskinPluginOptions} [options]
   */
  constructor(parser, options = {}) {
    this.parser = parser;
    this.name = EXTENSION_NAME;
    this.options = options;
  }

  async afterRoot(gltf) {
    const json = this.parser.json;
    const extension = json.extensions?.[EXTENSION_NAME];
    if (!extension && !this.options.withoutExtension) return;
    if (extension && extension.version !== undefined && extension.version !== 1) {
      console.warn(`dynskin-three: ${EXTENSION_NAME} version ${extension.version} is newer than this plugin reads; plain skinning`);
      return;
    }
    let skinned = false;
    gltf.scene.traverse((object) => (skinned ||= Boolean(object.isSkinnedMesh)));
    if (!skinned) return;

    // Per-joint settings: the node's extension object, on the bone made from that node.
    const joints = new Map();
    for (const [object, association] of this.parser.associations) {
      const node = association?.nodes !== undefined ? json.nodes?.[association.nodes] : undefined;
      const settings = node?.extensions?.[EXTENSION_NAME];
      if (settings && object.isBone) joints.set(object, settings);
    }
    const parameters = { ...(extension?.parameters ?? {}) };
    gltf.userData.dynskin = await DynskinRuntime.attach(gltf.scene, {
      parameters: mergeParameters(parameters, this.options.parameters),
      joints,
      savedSettings: Boolean(extension),
      renderer: this.options.renderer,
    });
  }
}

function mergeParameters(fromFile, fromCode) {
  const out = JSON.parse(JSON.stringify(fromFile));
  for (const [key, value] of Object.entries(fromCode ?? {})) {
    out[key] = value && typeof value === 'object' && !Array.isArray(value) ? { ...(out[key] ?? {}), ...value } : value;
  }
  return out;
}
