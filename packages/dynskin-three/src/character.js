// One skeleton and the skinned meshes bound to it (their vertices together, as dynskin's own
// loader takes a skin): its joint level in WebAssembly (the C++ core's JointDynamics, through
// dynskin-core), the tables and uniforms its patched materials read, and its
// bounding spheres. A frame allocates nothing: the bones are written straight into the
// core's memory, and the joint rows and the dLBS ring are textures whose texels are views of
// it (only the ring's new rows are uploaded).
import {
  BufferAttribute,
  BufferGeometry,
  DataTexture,
  FloatType,
  Matrix3,
  Matrix4,
  MeshDepthMaterial,
  MeshDistanceMaterial,
  NearestFilter,
  Quaternion,
  RGBADepthPacking,
  RGBAFormat,
  Sphere,
  Vector3,
  Vector4,
} from 'three';
import { WorldMatrices, keepTransform, sameTransform } from './world-matrices.js';
import { FLOATS_PER_BONE, RING_TICKS, RING_NEWEST_TICK, RING_RESTARTS, HeapView, tableShape, stageInputs, stageSwitches, jointOrder, CoreCharacter } from 'dynskin-core';

const MOST_PENDING_RANGES = 16; // ring rows awaiting upload beyond which it goes up whole

// Scratch objects of readLocals (one frame at a time: never held across calls).
const scratchMatrix = new Matrix4(), scratchInverse = new Matrix4(), identity = new Matrix4();
const scratchTranslation = new Vector3(), scratchScale = new Vector3(), scratchRotation = new Quaternion();
const scratchUp = new Vector3(), scratchPoint = new Vector3();

// What the runtimes share between them (SkeletonUtils.clone gives a clone the original's
// geometry and materials): the users of each geometry's dynskin attributes (they go when the
// last goes), and the material each patched copy was made from (a clone's runtime patches
// the originals, and gives them back on dispose).
const geometryUsers = new WeakMap(); // geometry -> the characters using its dynskin attributes
const madeFrom = new WeakMap(); // patched copy -> the material (or undefined) it replaced

// The material a patched copy was made from (itself when it is none of ours), for arrays too.
function unpatched(material) {
  if (Array.isArray(material)) return material.map(unpatched);
  return material && madeFrom.has(material) ? madeFrom.get(material) : material;
}

function sameValues(a, b) {
  if (!a || a.array.length !== b.length) return false;
  for (let i = 0; i < b.length; ++i) if (a.array[i] !== b[i]) return false;
  return true;
}

// A uniform whose value the core wrote into its values (JointLevel.values()), read from its
// memory when three.js uploads the uniform: a frame copies nothing, and stores no number
// (each store of a fraction into a uniform object allocates one).
function coreUniform(values, index, bool) {
  return bool
    ? { get value() { return values.get()[index] !== 0; } }
    : { get value() { return values.get()[index]; } };
}

function configure(texture) {
  texture.magFilter = NearestFilter;
  texture.minFilter = NearestFilter;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

// A float table texture holding a copy of `values` (4 floats a texel).
function filledTable(values, width) {
  const count = Math.max(1, values.length / 4);
  const shape = tableShape(count, width);
  const data = new Float32Array(shape.width * shape.height * 4);
  data.set(values);
  return configure(new DataTexture(data, shape.width, shape.height, RGBAFormat, FloatType));
}

// A float table texture of `count` texels read straight from the core's memory: `take` gives
// a view of at least width x height texels. three.js reads image.data when it uploads.
function heapTable(take, count, width) {
  const { width: w, height: h } = tableShape(count, width);
  const heap = new HeapView(() => take().subarray(0, w * h * 4));
  const texture = new DataTexture(heap.view, w, h, RGBAFormat, FloatType);
  texture.image = {
    width: w,
    height: h,
    get data() {
      return heap.get();
    },
  };
  return configure(texture);
}

// Each bone's parent joint: the nearest ancestor among the skeleton's bones (nodes that are
// not bones may lie in between), or -1.
function parentJoints(bones) {
  const index = new Map(bones.map((bone, i) => [bone, i]));
  return bones.map((bone) => {
    for (let node = bone.parent; node; node = node.parent) if (index.has(node)) return index.get(node);
    return -1;
  });
}

// A geometry sharing `geometry`'s attributes, index, groups and morph targets (for a mesh
// whose dynskin attributes differ from those of another mesh with the same geometry).
function shallowCopy(geometry) {
  const copy = new BufferGeometry();
  copy.setIndex(geometry.index);
  for (const [name, attribute] of Object.entries(geometry.attributes)) {
    if (name !== 'dynskinRanges' && name !== 'dynskinLayers') copy.setAttribute(name, attribute);
  }
  copy.morphAttributes = geometry.morphAttributes;
  copy.morphTargetsRelative = geometry.morphTargetsRelative;
  for (const group of geometry.groups) copy.addGroup(group.start, group.count, group.materialIndex);
  copy.drawRange.start = geometry.drawRange.start;
  copy.drawRange.count = geometry.drawRange.count;
  copy.boundingBox = geometry.boundingBox?.clone() ?? null;
  copy.boundingSphere = geometry.boundingSphere?.clone() ?? null;
  copy.name = geometry.name;
  copy.userData = geometry.userData;
  return copy;
}

// WebGPURenderer draws node materials, made from the mesh's without their onBeforeCompile: a
// runtime attached without `renderer` (which then patches for WebGLRenderer) would show plain
// skinning there, silently. The first render tells which renderer draws the mesh.
function checkRenderer(mesh) {
  const own = Object.hasOwn(mesh, 'onBeforeRender') ? mesh.onBeforeRender : undefined;
  mesh.onBeforeRender = function onBeforeRender(renderer, ...rest) {
    if (own) this.onBeforeRender = own;
    else delete this.onBeforeRender;
    if (renderer.isWebGPURenderer) {
      console.error(`dynskin-three: ${mesh.name || 'a skinned mesh'} is drawn by a WebGPURenderer, but its runtime patched its materials for WebGLRenderer: it shows plain skinning. Give the renderer to the plugin or the runtime: new DynskinPlugin(parser, { renderer }), DynskinRuntime.attach(root, { renderer })`);
    }
    this.onBeforeRender(renderer, ...rest);
  };
}

// A patched material drawn on a mesh other than its own (a clone made after attach, e.g. by
// SkeletonUtils.clone, that has no runtime of its own) would draw its own mesh's deformation
// there: said once, rather than silently.
function guardAgainstClones(material, mesh) {
  const previous = material.onBeforeRender;
  let warned = false;
  material.onBeforeRender = function onBeforeRender(renderer, scene, camera, geometry, object, group) {
    if (object !== mesh && !warned && object.isSkinnedMesh) {
      warned = true;
      console.warn(`dynskin-three: ${object.name || 'a skinned mesh'} is drawn with the material dynskin patched for another mesh (a clone made after attach?): it shows that mesh's deformation. Give the clone a runtime of its own: runtime.attachClone(clone) or DynskinRuntime.attach(clone)`);
    }
    previous.call(this, renderer, scene, camera, geometry, object, group);
  };
}

/**
 * One skeleton and the skinned meshes bound to it.
 */
export class DynskinCharacter extends CoreCharacter {
  /** @internal */
  constructor(core, meshes, patch, onBeforeCompile) {
    super('dynskin-three');
    this.meshes = meshes;
    const skeleton = meshes[0].skeleton;
    this.skeleton = skeleton;
    this.bones = skeleton.bones;
    const { order, parents, coreIndex: dynskinIndex } = jointOrder(parentJoints(this.bones));
    this.order = order; // dynskin joint k is three.js bone order[k]
    this.parents = parents;
    this.jointKeys = order.map((bone) => this.bones[bone]); // the bones in the core's order: joint settings' keys
    // For a joint whose parent node is its parent joint, the local transform is the bone's
    // own; otherwise (a root, or nodes in between) it is read from world matrices.
    this.direct = order.map((bone, k) => this.parents[k] >= 0 && this.bones[bone].parent === this.bones[order[this.parents[k]]]);

    for (const mesh of meshes) {
      if (mesh.bindMode !== 'attached') throw new Error(`dynskin-three: ${mesh.name || 'a skinned mesh'} is bound in "detached" mode; only "attached" is supported`);
    }
    meshes[0].updateWorldMatrix(true, false);
    this.#worldToAttach.copy(meshes[0].matrixWorld).invert();
    const arrays = this.#arrays(dynskinIndex);
    this.buildLevel(core, arrays, 4, this.parents, meshes[0].matrixWorld.elements);
    this.#tableWidth = core.JointLevel.tableWidth();
    this.#createUniforms(core);
    this.#attachAttributes(arrays.firstVertex);
    this.#patch = patch;
    this.#patchMaterials(onBeforeCompile);
    this.level.releaseTables(); // on the GPU now
    this.firstVertex = arrays.firstVertex; // each mesh's first vertex in the core's arrays
  }

  #patch; // (material, uniforms) -> a copy deforming with the stage (material.js's or node-material.js's)
  #tableWidth;
  /** @internal The character's whole object (the runtime's root): its motion is what the object_motion setting weighs. */
  objectRoot = null;
  #boundIndex; // where the bounding sphere is in the values
  #delayedIndex; // where dLBS's switch is
  #groundBand; // where the ground contact's band, height and up (x, y, z) are in the values
  #groundHeight;
  #groundUp;
  // The first mesh's world at attach, inverted: the ground plane the core measured then (the
  // rest pose's lowest point) rides on the character's own frame, as its offsets do.
  #worldToAttach = new Matrix4();
  #groundAtAttach = null; // height, up x, y, z as the core gives them (they never change)
  #switches; // {index into the values, bool} for each of the stage's mode switches (stageSwitches)
  #materials = [];
  #geometries = []; // {mesh, geometry}: meshes given a geometry of their own, and theirs
  #mode = -1; // the stage's mode the patched materials were compiled for (#modeOf)
  #originals = [];
  // The ring's rows on the GPU: its length, newest tick and the history's restarts then.
  #ringTicks = 0;
  #ringNewest = 0;
  #ringRestarts = -1;
  #ringWhole = false; // a whole upload of the ring is pending
  #ranges = []; // update ranges reused from frame to frame
  #ringUploaded = () => {
    this.#ringWhole = false;
  };
  // The versions (WorldMatrices.update) of the meshes' worlds and then the root's as last
  // looked at: while none moves (a character animated in place, the common case), the scale
  // since attach, the object, the ground and the meshes' inverse worlds stay as they were, and
  // none is worked out again.
  #worldsSeen = null;
  // Whether the first mesh's world moved since the last publish(): readLocals (several times a
  // frame in updateWithMixer) sees it, publish() places the ground and the bounds after it.
  #firstMeshMoved = true;
  #ground = new Float64Array(4); // the ground's height and up in the core's frame now (#placeGround)
  #localsKept = []; // #localUnchanged's, for each joint not read from its bone directly
  #worlds = new WorldMatrices(); // the world matrices a pose read brings up to date

  #arrays(dynskinIndex) {
    const positions = [], normals = [], triangles = [], joints = [], weights = [];
    const bend = [], floppy = [], squash = [];
    let painted = false, allNormals = true;
    const firstVertex = [];
    const p = new Vector3(), n = new Vector3(), normalMatrix = new Matrix3(), skinIndex = new Vector4(), skinWeight = new Vector4();
    let offset = 0;
    for (const mesh of this.meshes) {
      const geometry = mesh.geometry;
      const position = geometry.attributes.position, normal = geometry.attributes.normal;
      const index = geometry.attributes.skinIndex, weight = geometry.attributes.skinWeight;
      if (!position || !index || !weight) throw new Error(`dynskin-three: ${mesh.name || 'a skinned mesh'} has no position, skinIndex or skinWeight`);
      normalMatrix.getNormalMatrix(mesh.bindMatrix);
      firstVertex.push(offset);
      if (!normal) allNormals = false;
      const layers = ['_dynskin_bend', '_dynskin_floppy', '_dynskin_squash'].map((name) => geometry.attributes[name]);
      if (layers.some(Boolean)) painted = true;
      for (let i = 0; i < position.count; ++i) {
        p.fromBufferAttribute(position, i).applyMatrix4(mesh.bindMatrix);
        positions.push(p.x, p.y, p.z);
        if (normal) {
          n.fromBufferAttribute(normal, i).applyMatrix3(normalMatrix).normalize();
          normals.push(n.x, n.y, n.z);
        }
        skinIndex.fromBufferAttribute(index, i);
        skinWeight.fromBufferAttribute(weight, i);
        let sum = skinWeight.x + skinWeight.y + skinWeight.z + skinWeight.w;
        const rowWeights = [skinWeight.x, skinWeight.y, skinWeight.z, skinWeight.w];
        const rowJoints = [skinIndex.x, skinIndex.y, skinIndex.z, skinIndex.w].map((b, k) => {
          if (dynskinIndex[b] !== undefined) return dynskinIndex[b];
          if (rowWeights[k] > 0) throw new Error(`dynskin-three: vertex ${i} of ${mesh.name || 'a skinned mesh'} is weighted to joint ${b}, past the skeleton's ${this.bones.length}`);
          return 0;
        });
        if (!(sum > 0)) {
          rowWeights[0] = 1;
          rowWeights[1] = rowWeights[2] = rowWeights[3] = 0;
          sum = 1;
        }
        joints.push(...rowJoints);
        weights.push(...rowWeights.map((w) => w / sum));
        bend.push(layers[0] ? layers[0].getX(i) : 1);
        floppy.push(layers[1] ? layers[1].getX(i) : 1);
        squash.push(layers[2] ? layers[2].getX(i) : 1);
      }
      if (geometry.index) {
        for (let t = 0; t < geometry.index.count; ++t) triangles.push(geometry.index.getX(t) + offset);
      } else {
        for (let t = 0; t < position.count; ++t) triangles.push(t + offset);
      }
      offset += position.count;
    }
    const rest = new Float32Array(this.order.length * 16);
    const inverseBinds = new Float32Array(this.order.length * 16);
    const m = new Matrix4();
    this.#worlds.begin();
    this.order.forEach((bone, k) => {
      this.#localMatrix(k, m, this.#worlds).toArray(rest, 16 * k);
      this.skeleton.boneInverses[bone].toArray(inverseBinds, 16 * k);
    });
    return {
      positions: new Float32Array(positions), normals: allNormals ? new Float32Array(normals) : new Float32Array(0),
      triangles: new Uint32Array(triangles), joints: new Int32Array(joints), weights: new Float32Array(weights),
      rest, inverseBinds, bend: painted ? new Float32Array(bend) : new Float32Array(0),
      floppy: painted ? new Float32Array(floppy) : new Float32Array(0), squash: painted ? new Float32Array(squash) : new Float32Array(0),
      firstVertex,
    };
  }

  // Joint k's transform relative to its parent joint (to the world for a root), the worlds it
  // reads brought up to date by `worlds` (a WorldMatrices).
  #localMatrix(k, into, worlds) {
    const bone = this.bones[this.order[k]];
    bone.updateMatrix();
    if (this.direct[k]) return into.copy(bone.matrix);
    if (bone.parent) worlds.update(bone.parent);
    into.multiplyMatrices(bone.parent ? bone.parent.matrixWorld : identity, bone.matrix);
    if (this.parents[k] >= 0) {
      const parent = this.bones[this.order[this.parents[k]]];
      worlds.update(parent);
      into.premultiply(scratchInverse.copy(parent.matrixWorld).invert());
    } else {
      // A root: in the world divided by the scale since attach (the core's frame).
      const e = into.elements, inverse = this.inverseWorldScale;
      for (let i = 0; i < 15; ++i) if ((i & 3) !== 3) e[i] *= inverse;
    }
    return into;
  }

  #createUniforms(core) {
    const level = this.level, width = this.#tableWidth;
    this.uniforms = {
      dynskin_joints: { value: heapTable(() => level.jointRows(), this.jointCount * core.JointLevel.jointRowTexels(), width) },
      dynskin_joint_count: { value: this.jointCount },
      dynskin_influences: { value: filledTable(level.influences(), width) },
      dynskin_betas: { value: filledTable(level.betas(), width) },
      dynskin_inverse_binds: { value: filledTable(level.inverseBinds(), width) },
      dynskin_rotation_ring: { value: filledTable(new Float32Array(4), width) },
    };
    // The constants: what the core wrote at its last advance().
    const isBool = (name) => stageInputs.some((input) => input.name === name && input.type === 'bool');
    const names = core.JointLevel.uniformNames();
    names.forEach((name, index) => (this.uniforms[`dynskin_${name}`] = coreUniform(this.coreValues, index, isBool(`dynskin_${name}`))));
    this.#boundIndex = names.length; // the bounding sphere follows the uniforms' values
    this.#delayedIndex = names.indexOf('delayed');
    this.#groundBand = names.indexOf('ground_band');
    this.#groundHeight = names.indexOf('ground_height');
    this.#groundUp = names.indexOf('ground_up_x'); // then y and z
    this.#switches = stageSwitches.map(({ name, type }) => ({ index: names.indexOf(name), bool: type === 'bool' }));
    this.meshUniforms = this.meshes.map((mesh) => ({
      dynskin_bind_matrix: { value: mesh.bindMatrix.clone() },
      dynskin_bind_normal_matrix: { value: new Matrix3().getNormalMatrix(mesh.bindMatrix) },
      dynskin_world_to_object: { value: new Matrix4() },
    }));
  }

  // The per-vertex attributes. A geometry that another character uses with the same values
  // (a clone's, SkeletonUtils.clone) is shared, its attributes kept until its last user goes;
  // with other values, the mesh gets a geometry of its own (the same attributes but ours),
  // given back on dispose.
  #attachAttributes(firstVertex) {
    const ranges = this.level.ranges(), layers = this.level.layers();
    this.meshes.forEach((mesh, m) => {
      const count = mesh.geometry.attributes.position.count, first = firstVertex[m];
      const meshRanges = ranges.slice(4 * first, 4 * (first + count)), meshLayers = layers.slice(3 * first, 3 * (first + count));
      let geometry = mesh.geometry;
      const users = geometryUsers.get(geometry);
      if (users && users.size > 0) {
        if (sameValues(geometry.attributes.dynskinRanges, meshRanges) && sameValues(geometry.attributes.dynskinLayers, meshLayers)) {
          users.add(this);
          return;
        }
        this.#geometries.push({ mesh, geometry });
        geometry = shallowCopy(geometry);
        mesh.geometry = geometry;
      }
      if (!geometryUsers.has(geometry)) geometryUsers.set(geometry, new Set());
      geometryUsers.get(geometry).add(this);
      geometry.setAttribute('dynskinRanges', new BufferAttribute(meshRanges, 4));
      geometry.setAttribute('dynskinLayers', new BufferAttribute(meshLayers, 3));
    });
  }

  // The meshes' materials, patched copies; with onBeforeCompile (WebGLRenderer's), their
  // shadows' depth and distance materials too (a node material's shadow takes its
  // positionNode).
  #patchMaterials(onBeforeCompile) {
    this.meshes.forEach((mesh, m) => {
      const uniforms = { ...this.uniforms, ...this.meshUniforms[m] };
      // A clone's materials are another runtime's patched copies: patched again from theirs.
      const original = unpatched(mesh.material);
      const depth = unpatched(mesh.customDepthMaterial), distance = unpatched(mesh.customDistanceMaterial);
      this.#originals.push({ mesh, material: original, depth, distance, onBeforeRender: mesh.onBeforeRender });
      const patch = (material) => {
        const copy = this.#patch(material, uniforms);
        madeFrom.set(copy, material);
        guardAgainstClones(copy, mesh);
        this.#materials.push(copy);
        return copy;
      };
      mesh.material = Array.isArray(original) ? original.map(patch) : patch(original);
      if (!onBeforeCompile) return;
      if (m === 0) checkRenderer(mesh);
      const first = Array.isArray(original) ? original[0] : original;
      const shadowOf = (material) => {
        for (const key of ['map', 'alphaMap', 'alphaTest', 'side', 'displacementMap', 'displacementScale', 'displacementBias']) {
          if (key in first && first[key] !== undefined) material[key] = first[key];
        }
        const copy = this.#patch(material, uniforms);
        this.#materials.push(copy);
        return copy;
      };
      mesh.customDepthMaterial = shadowOf(new MeshDepthMaterial({ depthPacking: RGBADepthPacking }));
      madeFrom.set(mesh.customDepthMaterial, depth);
      mesh.customDistanceMaterial = shadowOf(new MeshDistanceMaterial());
      madeFrom.set(mesh.customDistanceMaterial, distance);
    });
  }

  /**
   * A copy of `material` patched to deform like this character's `meshIndex`-th mesh (for a
   * material of your own on that mesh, an outline, a capture). Disposed with the runtime.
   */
  patchMaterial(material, meshIndex = 0) {
    const copy = this.#patch(material, { ...this.uniforms, ...this.meshUniforms[meshIndex] });
    this.#materials.push(copy);
    return copy;
  }

  /** @internal the bones' parent-local transforms now, in dynskin's order, into the core */
  readLocals() {
    const mesh = this.meshes[0], worlds = this.#worlds;
    worlds.begin();
    this.#firstMeshMoved = this.#worldMoved(0, worlds.update(mesh)) || this.#firstMeshMoved;
    if (this.#firstMeshMoved) this.measureWorldScale(mesh.matrixWorld.elements); // (moved earlier in the step: measured again, the same)
    if (this.objectRoot) {
      // Again after a move of the root, or of the mesh (the scale it is divided by). (An
      // ancestor of the mesh: its world is up to date already.)
      const rootMoved = this.#worldMoved(this.meshes.length, worlds.update(this.objectRoot));
      if (rootMoved || this.#firstMeshMoved) this.#readObject();
    }
    const locals = this.coreLocals.get(), bones = this.jointKeys, direct = this.direct;
    for (let k = 0, o = 0; k < bones.length; ++k, o += FLOATS_PER_BONE) {
      let translation, rotation, scale;
      if (direct[k]) {
        const bone = bones[k];
        translation = bone.position;
        rotation = bone.quaternion;
        scale = bone.scale;
      } else {
        // Worked out from world matrices; unchanged (a skeleton's static root node, the common
        // case), the core's locals still hold its transform.
        if (this.#localUnchanged(k, worlds)) continue;
        this.#localMatrix(k, scratchMatrix, worlds).decompose(scratchTranslation, scratchRotation, scratchScale);
        translation = scratchTranslation;
        rotation = scratchRotation;
        scale = scratchScale;
      }
      locals[o] = translation.x;
      locals[o + 1] = translation.y;
      locals[o + 2] = translation.z;
      locals[o + 3] = rotation.x;
      locals[o + 4] = rotation.y;
      locals[o + 5] = rotation.z;
      locals[o + 6] = rotation.w;
      locals[o + 7] = scale.x;
      locals[o + 8] = scale.y;
      locals[o + 9] = scale.z;
    }
  }

  // Whether joint k, not read from its bone directly, still has the local transform the
  // core's locals hold: its bone's own transform and the worlds #localMatrix reads it through
  // are as they were at the last look (kept then) — the parent node's world and, for a joint
  // with a parent joint, that joint's world; for a root, the scale it is divided by.
  #localUnchanged(k, worlds) {
    const bone = this.jointKeys[k], parent = this.parents[k];
    const parentWorld = bone.parent ? worlds.update(bone.parent) : -1;
    const frame = parent >= 0 ? worlds.update(this.jointKeys[parent]) : this.inverseWorldScale;
    const kept = (this.#localsKept[k] ??= new Float64Array(12).fill(NaN));
    if (kept[10] === parentWorld && kept[11] === frame && sameTransform(kept, bone)) return true;
    keepTransform(kept, bone);
    kept[10] = parentWorld;
    kept[11] = frame;
    return false;
  }

  // Whether the world of the `index`-th of the meshes (the root's after them) has a version
  // other than at the last look.
  #worldMoved(index, version) {
    const seen = (this.#worldsSeen ??= new Float64Array(this.meshes.length + 1).fill(-1));
    if (seen[index] === version) return false;
    seen[index] = version;
    return true;
  }

  // The runtime's root in the world divided by the scale since attach (CoreCharacter.writeObject).
  // The root is the mesh's ancestor (or the mesh): readLocals has brought its world up to date.
  #readObject() {
    const e = scratchMatrix.copy(this.objectRoot.matrixWorld).elements, inverse = this.inverseWorldScale;
    for (let i = 0; i < 15; ++i) if ((i & 3) !== 3) e[i] *= inverse;
    scratchMatrix.decompose(scratchTranslation, scratchRotation, scratchScale);
    this.writeObject(scratchTranslation, scratchRotation, scratchScale);
  }

  // The core's ground plane is the one at attach, in its frame then (the world); its frame
  // now is the world divided by the scale since attach, so the plane is carried there by
  // T = M_now M_attach^-1 / s, M the first mesh's world: a character whose ancestors turn,
  // move or scale keeps its feet planted on its own ground.
  #placeGround(values) {
    const height = this.#groundHeight, x = this.#groundUp;
    if (!(values[this.#groundBand] > 0)) return;
    const ground = this.#ground;
    if (!this.#groundAtAttach || this.#firstMeshMoved) {
      const attach = (this.#groundAtAttach ??= Float64Array.of(values[height], values[x], values[x + 1], values[x + 2]));
      const transform = scratchMatrix.multiplyMatrices(this.meshes[0].matrixWorld, this.#worldToAttach);
      const up = scratchUp.set(attach[1], attach[2], attach[3]);
      const point = scratchPoint.copy(up).multiplyScalar(attach[0]).applyMatrix4(transform).multiplyScalar(this.inverseWorldScale);
      up.transformDirection(transform);
      ground[0] = up.dot(point);
      up.toArray(ground, 1);
    }
    values[height] = ground[0];
    values[x] = ground[1];
    values[x + 1] = ground[2];
    values[x + 2] = ground[3];
  }

  /** @internal the uniforms and tables from the joint level's last advance() */
  publish() {
    this.uniforms.dynskin_joints.value.needsUpdate = true;
    const values = this.coreValues.get();
    this.#placeGround(values);
    const mode = this.#modeOf(values);
    if (mode !== this.#mode) {
      // A new mode: a program of its own (compiled once, then taken from three.js's cache).
      for (const material of this.#materials) material.needsUpdate = true;
      this.#mode = mode;
    }
    if (values[this.#delayedIndex] !== 0) this.#uploadRing();
    this.#placeBounds(values);
    this.#firstMeshMoved = false;
  }

  // The stage's mode (material.js's stageMode) as a number: one bit a switch.
  #modeOf(values) {
    let mode = 0;
    for (let i = 0; i < this.#switches.length; ++i) {
      const { index, bool } = this.#switches[i];
      if (bool ? values[index] !== 0 : values[index] === 0) mode |= 1 << i;
    }
    return mode;
  }

  // The ring's rows written since the last upload: all of them after a restart or a new
  // length (a new texture), else the new ticks' rows alone as update ranges (the whole ring
  // with a three.js that has none). Ranges wait there until three.js uploads them.
  #uploadRing() {
    const state = this.coreRingState.get();
    const ticks = state[RING_TICKS], newest = state[RING_NEWEST_TICK], restarts = state[RING_RESTARTS];
    const uniform = this.uniforms.dynskin_rotation_ring;
    let texture = uniform.value;
    const renewed = restarts !== this.#ringRestarts;
    const rows = renewed || ticks !== this.#ringTicks ? ticks : Math.min(ticks, newest - this.#ringNewest);
    if (ticks !== this.#ringTicks) texture = this.#newRing(ticks);
    this.#ringNewest = newest;
    this.#ringRestarts = restarts;
    if (rows <= 0) return;
    texture.needsUpdate = true;
    const ranges = texture.updateRanges;
    if (!ranges || this.#ringWhole) return;
    if (rows < ticks) {
      // Rows newest - rows + 1 ... newest, in the ring's order: texels of one or two runs
      // (where the ring wraps), each cut where a run crosses a row of the texture.
      const width = texture.image.width, joints = this.jointCount;
      const first = (((newest - rows + 1) % ticks) + ticks) % ticks;
      const wrapped = Math.max(0, first + rows - ticks);
      this.#addRanges(ranges, first * joints, (rows - wrapped) * joints, width);
      if (wrapped) this.#addRanges(ranges, 0, wrapped * joints, width);
      if (ranges.length <= MOST_PENDING_RANGES) return;
    }
    ranges.length = 0; // none: the whole texture
    this.#ringWhole = true;
  }

  // A ring texture `ticks` rows long. (A method of its own: a closure in #uploadRing would
  // make every call allocate its context.)
  #newRing(ticks) {
    const uniform = this.uniforms.dynskin_rotation_ring;
    uniform.value.dispose();
    uniform.value = heapTable(() => this.level.ring(), ticks * this.jointCount, this.#tableWidth);
    uniform.value.onUpdate = this.#ringUploaded;
    this.#ringTicks = ticks;
    return uniform.value;
  }

  #addRanges(ranges, start, count, width) {
    for (let end = start + count; start < end; ) {
      const piece = Math.min(end, (Math.floor(start / width) + 1) * width) - start;
      if (this.#ranges.length <= ranges.length) this.#ranges.push({ start: 0, count: 0 });
      const range = this.#ranges[ranges.length];
      range.start = 4 * start; // in floats
      range.count = 4 * piece;
      ranges.push(range);
      start += piece;
    }
  }

  // Frustum culling: the core's sphere around the deformed skin (world), in each mesh's space.
  #placeBounds(values) {
    const b = this.#boundIndex;
    const x = values[b], y = values[b + 1], z = values[b + 2], radius = values[b + 3];
    for (let m = 0; m < this.meshes.length; ++m) {
      const mesh = this.meshes[m];
      // readLocals brought the first mesh's world, and its ancestors', up to date for this frame.
      const moved = m > 0 && this.#worldMoved(m, this.#worlds.update(mesh));
      // From the core's frame (the world divided by the scale since attach) to the mesh's.
      const worldToObject = this.meshUniforms[m].dynskin_world_to_object.value;
      if (moved || this.#firstMeshMoved) {
        const e = worldToObject.copy(mesh.matrixWorld).invert().elements, scale = this.worldScale;
        for (let i = 0; i < 12; ++i) e[i] *= scale;
      }
      if (!mesh.boundingSphere) mesh.boundingSphere = new Sphere();
      mesh.boundingSphere.center.set(x, y, z);
      mesh.boundingSphere.radius = radius;
      mesh.boundingSphere.applyMatrix4(worldToObject);
    }
  }

  /** @internal */
  dispose() {
    for (const { mesh, material, depth, distance, onBeforeRender } of this.#originals) {
      mesh.onBeforeRender = onBeforeRender;
      mesh.material = material;
      mesh.customDepthMaterial = depth;
      mesh.customDistanceMaterial = distance;
      const users = geometryUsers.get(mesh.geometry);
      if (users && users.delete(this) && users.size === 0) {
        mesh.geometry.deleteAttribute('dynskinRanges');
        mesh.geometry.deleteAttribute('dynskinLayers');
      }
      mesh.boundingSphere = null;
    }
    for (const { mesh, geometry } of this.#geometries) {
      // Our copy: disposed without what it shares with the user's geometry (three.js would free
      // their buffers with it).
      const copy = mesh.geometry;
      for (const name of Object.keys(copy.attributes)) copy.deleteAttribute(name);
      copy.setIndex(null);
      copy.morphAttributes = {};
      copy.dispose();
      mesh.geometry = geometry;
    }
    for (const material of this.#materials) material.dispose();
    for (const uniform of Object.values(this.uniforms)) if (uniform.value && uniform.value.isTexture) uniform.value.dispose();
    this.level.delete();
  }
}
