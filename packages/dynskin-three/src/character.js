// One skeleton and the skinned meshes bound to it (their vertices together, as dynskin's own
// loader takes a skin): its joint level in WebAssembly (the C++ core's Deformer, through
// wasm/dynskin_three.cpp), the tables and uniforms its patched materials read, and its
// bounding spheres.
import {
  BufferAttribute,
  DataTexture,
  FloatType,
  Matrix3,
  Matrix4,
  MeshDepthMaterial,
  MeshDistanceMaterial,
  NearestFilter,
  RGBADepthPacking,
  RGBAFormat,
  Sphere,
  Vector3,
  Vector4,
} from 'three';
import { patchMaterial, stageMode } from './material.js';

const TABLE_WIDTH = 1024; // texels a row of every table (the core's kTexelTableWidth)

// A float table texture: `count` RGBA texels, TABLE_WIDTH a row (as src/gl/texel_table.h).
function tableTexture(count) {
  const rows = Math.max(1, Math.ceil(count / TABLE_WIDTH));
  const texture = new DataTexture(new Float32Array(TABLE_WIDTH * rows * 4), TABLE_WIDTH, rows, RGBAFormat, FloatType);
  texture.magFilter = NearestFilter;
  texture.minFilter = NearestFilter;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

function filledTable(values) {
  const texture = tableTexture(values.length / 4);
  texture.image.data.set(values);
  return texture;
}

// The joints of a skeleton in an order where each parent comes before its children (the
// core's requirement; glTF's joint lists need not be so), and each joint's parent joint.
function jointOrder(bones) {
  const index = new Map(bones.map((bone, i) => [bone, i]));
  const parentOf = bones.map((bone) => {
    for (let node = bone.parent; node; node = node.parent) if (index.has(node)) return index.get(node);
    return -1;
  });
  const order = [];
  const placed = new Array(bones.length).fill(false);
  const place = (i) => {
    if (placed[i]) return;
    if (parentOf[i] >= 0) place(parentOf[i]);
    placed[i] = true;
    order.push(i);
  };
  bones.forEach((_, i) => place(i));
  return { order, parentOf };
}

/**
 * One skeleton and the skinned meshes bound to it.
 */
export class DynskinCharacter {
  /** @internal */
  constructor(core, meshes, constants) {
    this.meshes = meshes;
    const skeleton = meshes[0].skeleton;
    this.skeleton = skeleton;
    this.bones = skeleton.bones;
    const { order, parentOf } = jointOrder(this.bones);
    this.order = order; // dynskin joint k is three.js bone order[k]
    const dynskinIndex = new Array(order.length);
    order.forEach((bone, k) => (dynskinIndex[bone] = k));
    this.parents = order.map((bone) => (parentOf[bone] >= 0 ? dynskinIndex[parentOf[bone]] : -1));
    // For a joint whose parent node is its parent joint, the local transform is the bone's
    // own; otherwise (a root, or nodes in between) it is read from world matrices.
    this.direct = order.map((bone, k) => this.parents[k] >= 0 && this.bones[bone].parent === this.bones[order[this.parents[k]]]);

    for (const mesh of meshes) {
      if (mesh.bindMode !== 'attached') throw new Error(`dynskin-three: ${mesh.name || 'a skinned mesh'} is bound in "detached" mode; only "attached" is supported`);
    }
    const arrays = this.#arrays(dynskinIndex);
    this.level = new core.JointLevel();
    const error = this.level.build(
      arrays.positions, arrays.normals, arrays.triangles, 4, arrays.joints, arrays.weights, this.parents,
      arrays.rest, arrays.inverseBinds, arrays.bend, arrays.floppy, arrays.squash);
    if (error) {
      this.level.delete();
      throw new Error(`dynskin-three: ${error}`);
    }
    this.jointCount = this.level.jointCount();
    this.size = this.level.size();
    this.locals = new Float32Array(this.jointCount * 10);
    this.#createUniforms(core);
    this.#attachAttributes(arrays.firstVertex);
    this.#patchMaterials(constants);
    this.#rest = arrays.restSphere;
    this.firstVertex = arrays.firstVertex; // each mesh's first vertex in the core's arrays
  }

  #rest;
  #materials = [];
  #mode = null; // the stage's mode the patched materials were compiled for (stageMode)
  #originals = [];

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
    this.order.forEach((bone, k) => {
      this.#localMatrix(k, m).toArray(rest, 16 * k);
      this.skeleton.boneInverses[bone].toArray(inverseBinds, 16 * k);
    });
    const restSphere = new Sphere().setFromPoints(
      Array.from({ length: positions.length / 3 }, (_, i) => new Vector3(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2])));
    return {
      positions: new Float32Array(positions), normals: allNormals ? new Float32Array(normals) : new Float32Array(0),
      triangles: new Uint32Array(triangles), joints: new Int32Array(joints), weights: new Float32Array(weights),
      rest, inverseBinds, bend: painted ? new Float32Array(bend) : new Float32Array(0),
      floppy: painted ? new Float32Array(floppy) : new Float32Array(0), squash: painted ? new Float32Array(squash) : new Float32Array(0),
      firstVertex, restSphere,
    };
  }

  // Joint k's transform relative to its parent joint (to the world for a root).
  #localMatrix(k, into) {
    const bone = this.bones[this.order[k]];
    bone.updateMatrix();
    if (this.direct[k]) return into.copy(bone.matrix);
    if (bone.parent) bone.parent.updateWorldMatrix(true, false);
    into.multiplyMatrices(bone.parent ? bone.parent.matrixWorld : new Matrix4(), bone.matrix);
    if (this.parents[k] >= 0) {
      const parent = this.bones[this.order[this.parents[k]]];
      parent.updateWorldMatrix(true, false);
      into.premultiply(new Matrix4().copy(parent.matrixWorld).invert());
    }
    return into;
  }

  #createUniforms(core) {
    const level = this.level;
    const joints = tableTexture(this.jointCount * 19);
    this.uniforms = {
      dynskin_joints: { value: joints },
      dynskin_joint_count: { value: this.jointCount },
      dynskin_influences: { value: filledTable(level.influences()) },
      dynskin_betas: { value: filledTable(level.betas().length ? level.betas() : new Float32Array(4)) },
      dynskin_inverse_binds: { value: filledTable(level.inverseBinds()) },
      dynskin_delayed: { value: false },
      dynskin_propagation_speed: { value: 0 },
      dynskin_rotation_ring: { value: tableTexture(1) },
      dynskin_ring_ticks: { value: core.JointLevel.ringTicks() },
      dynskin_newest_row: { value: 0 },
      dynskin_rows_kept: { value: core.JointLevel.ringTicks() },
      dynskin_since_previous_tick: { value: 1 },
      dynskin_bend_enabled: { value: false },
      dynskin_dual_quaternion: { value: false },
      dynskin_character_size: { value: this.size },
      dynskin_max_angle: { value: 0 },
      dynskin_max_offset: { value: 0 },
      dynskin_squash: { value: 0 },
      dynskin_squash_about_centroid: { value: false },
    };
    this.meshUniforms = this.meshes.map((mesh) => ({
      dynskin_bind_matrix: { value: mesh.bindMatrix.clone() },
      dynskin_bind_normal_matrix: { value: new Matrix3().getNormalMatrix(mesh.bindMatrix) },
      dynskin_world_to_object: { value: new Matrix4() },
    }));
  }

  #attachAttributes(firstVertex) {
    const ranges = this.level.ranges(), layers = this.level.layers();
    this.meshes.forEach((mesh, m) => {
      const count = mesh.geometry.attributes.position.count, first = firstVertex[m];
      mesh.geometry.setAttribute('dynskinRanges', new BufferAttribute(ranges.slice(4 * first, 4 * (first + count)), 4));
      mesh.geometry.setAttribute('dynskinLayers', new BufferAttribute(layers.slice(3 * first, 3 * (first + count)), 3));
    });
  }

  #patchMaterials(constants) {
    this.meshes.forEach((mesh, m) => {
      const uniforms = { ...this.uniforms, ...this.meshUniforms[m] };
      const original = mesh.material;
      this.#originals.push({ mesh, material: original, depth: mesh.customDepthMaterial, distance: mesh.customDistanceMaterial });
      const patch = (material) => {
        const copy = material.clone();
        patchMaterial(copy, uniforms, constants);
        this.#materials.push(copy);
        return copy;
      };
      mesh.material = Array.isArray(original) ? original.map(patch) : patch(original);
      const first = Array.isArray(original) ? original[0] : original;
      const shadowOf = (material) => {
        for (const key of ['map', 'alphaMap', 'alphaTest', 'side', 'displacementMap', 'displacementScale', 'displacementBias']) {
          if (key in first && first[key] !== undefined) material[key] = first[key];
        }
        patchMaterial(material, uniforms, constants);
        this.#materials.push(material);
        return material;
      };
      mesh.customDepthMaterial = shadowOf(new MeshDepthMaterial({ depthPacking: RGBADepthPacking }));
      mesh.customDistanceMaterial = shadowOf(new MeshDistanceMaterial());
    });
  }

  /**
   * A copy of `material` patched to deform like this character's `meshIndex`-th mesh (for a
   * material of your own on that mesh, an outline, a capture). Disposed with the runtime.
   */
  patchMaterial(material, constants, meshIndex = 0) {
    const copy = material.clone();
    patchMaterial(copy, { ...this.uniforms, ...this.meshUniforms[meshIndex] }, constants);
    this.#materials.push(copy);
    return copy;
  }

  /** @internal the bones' parent-local transforms now, in dynskin's order */
  readLocals() {
    const m = new Matrix4(), t = new Vector3(), s = new Vector3();
    const locals = this.locals;
    for (let k = 0; k < this.order.length; ++k) {
      const bone = this.bones[this.order[k]];
      let translation = bone.position, rotation = bone.quaternion, scale = bone.scale;
      if (!this.direct[k]) {
        this.#localMatrix(k, m);
        const quaternion = bone.quaternion.clone();
        m.decompose(t, quaternion, s);
        translation = t;
        rotation = quaternion;
        scale = s;
      }
      locals[10 * k] = translation.x;
      locals[10 * k + 1] = translation.y;
      locals[10 * k + 2] = translation.z;
      locals[10 * k + 3] = rotation.x;
      locals[10 * k + 4] = rotation.y;
      locals[10 * k + 5] = rotation.z;
      locals[10 * k + 6] = rotation.w;
      locals[10 * k + 7] = scale.x;
      locals[10 * k + 8] = scale.y;
      locals[10 * k + 9] = scale.z;
    }
    return locals;
  }

  /** @internal the bones' pose now, as the frame at time t */
  addFrame(t) {
    const error = this.level.addFrame(t, this.readLocals());
    if (error) throw new Error(`dynskin-three: ${error}`);
  }

  /** @internal the joint level at time t from the frames given */
  advance(t) {
    const error = this.level.advance(t);
    if (error) throw new Error(`dynskin-three: ${error}`);
  }

  /** @internal the bones' pose now as the frame at time t, the joint level, then the uniforms */
  update(t) {
    this.addFrame(t);
    this.advance(t);
    this.publish();
  }

  /** @internal the uniforms and tables from the joint level's last advance() */
  publish() {
    const joints = this.uniforms.dynskin_joints.value;
    joints.image.data.set(this.level.jointRows());
    joints.needsUpdate = true;
    const c = this.level.constants(); // named as the stage's uniforms
    const u = this.uniforms;
    for (const [name, value] of Object.entries(c)) u[`dynskin_${name}`].value = value;
    const mode = stageMode(u);
    if (mode !== this.#mode) {
      // A new mode: a program of its own (compiled once, then taken from three.js's cache).
      for (const material of this.#materials) material.needsUpdate = true;
      this.#mode = mode;
    }
    if (c.delayed && this.level.ringChanged()) {
      const ring = this.level.ring();
      let texture = u.dynskin_rotation_ring.value;
      if (texture.image.data.length < ring.length) {
        texture.dispose();
        texture = u.dynskin_rotation_ring.value = tableTexture(ring.length / 4);
      }
      texture.image.data.set(ring);
      texture.needsUpdate = true;
    }
    this.meshes.forEach((mesh, m) => {
      mesh.updateWorldMatrix(true, false);
      this.meshUniforms[m].dynskin_world_to_object.value.copy(mesh.matrixWorld).invert();
    });
    this.#growBounds(c);
  }

  // Frustum culling. A vertex skinned by LBS lies within R (the rest's bounding radius,
  // times the skinning's largest scale) of the points S_j c where the skinning matrices take
  // the rest's centre c: a sphere around those, grown by the offsets' soft limit (max_offset,
  // never reached). Without that limit the offsets have no bound, and dLBS's delayed poses are
  // not those of S_j: a generous margin of twice the rest's diameter stands in for each.
  #growBounds(c) {
    const rows = this.level.jointRows(), floats = rows.length / this.jointCount;
    const m = new Matrix4(), points = [];
    let scale = 0;
    for (let k = 0; k < this.jointCount; ++k) {
      m.fromArray(rows, floats * k); // texels 0-3: the skinning matrix's columns
      points.push(this.#rest.center.clone().applyMatrix4(m));
      scale = Math.max(scale, m.getMaxScaleOnAxis());
    }
    const bound = new Sphere().setFromPoints(points);
    const margin = 4 * this.#rest.radius;
    // (1e-4: the rest's farthest vertices lie on the bound, give or take float rounding)
    bound.radius += this.#rest.radius * scale * (1 + 1e-4) + (c.bend_enabled ? (c.max_offset > 0 ? c.max_offset : margin) : 0) + (c.delayed ? margin : 0);
    for (const mesh of this.meshes) {
      const inverse = new Matrix4().copy(mesh.matrixWorld).invert();
      if (!mesh.boundingSphere) mesh.boundingSphere = new Sphere();
      mesh.boundingSphere.copy(bound).applyMatrix4(inverse);
    }
  }

  /** @internal */
  dispose() {
    for (const { mesh, material, depth, distance } of this.#originals) {
      mesh.material = material;
      mesh.customDepthMaterial = depth;
      mesh.customDistanceMaterial = distance;
      mesh.geometry.deleteAttribute('dynskinRanges');
      mesh.geometry.deleteAttribute('dynskinLayers');
      mesh.boundingSphere = null;
    }
    for (const material of this.#materials) material.dispose();
    for (const uniform of Object.values(this.uniforms)) if (uniform.value && uniform.value.isTexture) uniform.value.dispose();
    this.level.delete();
  }
}
