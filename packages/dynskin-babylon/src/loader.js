// The glTF loader extension: reads DYNSKIN_dynamic_skinning (global parameters on the root,
// per-joint settings on joint nodes, painted layers as _DYNSKIN_* attributes) and puts a
// running DynskinRuntime at the loaded root node's metadata.dynskin.
import { registerGLTFExtension, unregisterGLTFExtension } from '@babylonjs/loaders/glTF/2.0/glTFLoaderExtensionRegistry.js';
import { mergeSettings, cloneSettings } from 'dynskin-core';
import { DynskinRuntime } from './runtime.js';
import { LAYER_KINDS } from './character.js';

export const EXTENSION_NAME = 'DYNSKIN_dynamic_skinning';

const LAYER_ATTRIBUTES = ['_DYNSKIN_BEND', '_DYNSKIN_FLOPPY', '_DYNSKIN_SQUASH'];

export class DynskinLoaderExtension {
  /**
   * @param {object} loader Babylon.js's GLTFLoader (2.0)
   * @param {import('./index').DynskinRegisterOptions} [options]
   */
  constructor(loader, options = {}) {
    this.name = EXTENSION_NAME;
    this.enabled = true;
    this.#loader = loader;
    this.#options = options;
  }

  #loader;
  #options;
  #layers = []; // promises of [mesh, kind, data]: Babylon.js's loader reads no attribute it does not know

  dispose() {
    this.#loader = null;
  }

  /** @internal the painted layers of a primitive, loaded beside its geometry */
  _loadVertexDataAsync(context, primitive, babylonMesh) {
    LAYER_ATTRIBUTES.forEach((attribute, i) => {
      const index = primitive.attributes?.[attribute];
      if (index === undefined) return;
      const accessor = this.#loader.gltf.accessors[index];
      this.#layers.push(this.#loader._loadFloatAccessorAsync(`/accessors/${index}`, accessor).then((data) => [babylonMesh, LAYER_KINDS[i], data]));
    });
    return null; // the geometry itself: the loader's own
  }

  async onReady() {
    const json = this.#loader.gltf;
    const extension = json.extensions?.[EXTENSION_NAME];
    if (!extension && !this.#options.withoutExtension) return;
    if (extension && extension.version !== undefined && extension.version !== 1) {
      console.warn(`dynskin-babylon: ${EXTENSION_NAME} version ${extension.version} is newer than this extension reads; plain skinning`);
      return;
    }
    const root = this.#loader.rootBabylonMesh;
    if (!root) {
      console.warn('dynskin-babylon: the file was loaded without a root node (customRootNode null); attach DynskinRuntime to its meshes yourself');
      return;
    }
    const skinned = root.getChildMeshes(false).filter((mesh) => mesh.skeleton);
    if (skinned.length === 0) return;
    for (const [mesh, kind, data] of await Promise.all(this.#layers)) mesh.setVerticesData(kind, Float32Array.from(data), false, 1);

    // Per-joint settings: the node's extension object, on the bone linked to that node.
    const bones = new Map();
    for (const mesh of skinned) for (const bone of mesh.skeleton.bones) if (bone.getTransformNode()) bones.set(bone.getTransformNode(), bone);
    const joints = new Map();
    for (const node of json.nodes ?? []) {
      const settings = node.extensions?.[EXTENSION_NAME];
      const bone = settings && bones.get(node._babylonTransformNode);
      if (bone) joints.set(bone, settings);
    }
    const runtime = await DynskinRuntime.attach(root, {
      parameters: mergeSettings(cloneSettings(extension?.parameters ?? {}), this.#options.parameters),
      joints,
      savedSettings: Boolean(extension),
      autoUpdate: this.#options.autoUpdate,
    });
    root.metadata = { ...(root.metadata ?? {}), dynskin: runtime };
  }
}

/**
 * Registers the loader extension with Babylon.js's glTF loader (once; call again to change the
 * options, unregisterDynskin() to remove it): every glTF loaded afterwards that carries the
 * extension (any skinned glTF with options.withoutExtension) plays dynskin.
 * @param {import('./index').DynskinRegisterOptions} [options]
 */
export function registerDynskin(options = {}) {
  unregisterGLTFExtension(EXTENSION_NAME);
  registerGLTFExtension(EXTENSION_NAME, !options.withoutExtension, (loader) => new DynskinLoaderExtension(loader, options));
}

/** Removes the loader extension (runtimes already made keep running). */
export function unregisterDynskin() {
  return unregisterGLTFExtension(EXTENSION_NAME);
}
