// One skeleton and the skinned meshes bound to it (their vertices together, as dynskin's own
// loader takes a skin): its joint level in WebAssembly (the C++ core's JointDynamics, through
// dynskin-core), the tables and uniforms the material plugin binds for its meshes, and their
// bounding boxes. A frame allocates nothing in JavaScript: the bones are written straight into
// the core's memory, and the textures are uploaded from views of it.
//
// Babylon.js draws a skinned vertex at W F_j B_j p (W the mesh's world, F_j the joint's matrix
// in the skeleton's frame: its bones' local matrices from the skeleton's root, B_j its absolute
// inverse bind matrix, p the morphed position). dynskin's core takes the joints in the world,
// G_j = W F_j, and the rest shape in the world at attach, A p (A = W then), with the inverse binds
// B_j A^-1: the same skin, so that in mode lbs the stage draws what Babylon.js would.
import { Matrix, Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { RawTexture } from '@babylonjs/core/Materials/Textures/rawTexture.js';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer.js';
import { MultiMaterial } from '@babylonjs/core/Materials/multiMaterial.js';
import { FLOATS_PER_BONE, RING_TICKS, RING_NEWEST_TICK, RING_RESTARTS, HeapView, tableShape, stageInputs, stageSwitches, jointOrder, uniformScaleInto, CoreCharacter } from 'dynskin-core';
import { meshBindings, useMaterial, releaseMaterial, ATTRIBUTES } from './material.js';

/** The painted layers' vertex data kinds (the loader extension reads the file's _DYNSKIN_* attributes into them). */
export const LAYER_KINDS = ['_DYNSKIN_BEND', '_DYNSKIN_FLOPPY', '_DYNSKIN_SQUASH'];

const RGBA = 5, FLOAT = 1, NEAREST = 1; // Constants.TEXTUREFORMAT_RGBA, TEXTURETYPE_FLOAT, TEXTURE_NEAREST_SAMPLINGMODE

// Scratch objects of the per-frame calls (one frame at a time: never held across calls).
const scratchMatrix = new Matrix(), scratchBone = new Matrix(), scratchScaling = new Matrix();
const scratchTranslation = new Vector3(), scratchScale = new Vector3(), scratchRotation = new Quaternion(), scratchEuler = new Quaternion();
const scratchUp = new Vector3(), scratchPoint = new Vector3(), scratchMin = new Vector3(), scratchMax = new Vector3();
const scratchScaleOut = new Float64Array(1);

const geometryUsers = new WeakMap(); // geometry -> the characters using its dynskin vertex data

// Where a bone's local transform is: its linked TransformNode (glTF: the node the animation
// groups move), else the bone itself.
const transformOf = (bone) => bone.getTransformNode() ?? bone;
const rotationOf = (source) => source.rotationQuaternion ?? Quaternion.FromEulerVectorToRef(source.rotation, scratchEuler);

function boneLocalMatrix(bone, into) {
  const source = transformOf(bone);
  return Matrix.ComposeToRef(source.scaling, rotationOf(source), source.position, into);
}

// Column-major matrices as the core reads them: Babylon's m is already that layout.
const copyMatrix = (matrix, into, offset) => into.set(matrix.m, offset);

function materialsOf(mesh) {
  const material = mesh.material;
  if (!material) throw new Error(`dynskin-babylon: ${mesh.name} has no material`);
  return material instanceof MultiMaterial ? material.subMaterials.filter(Boolean) : [material];
}

function sameValues(a, b) {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < b.length; ++i) if (a[i] !== b[i]) return false;
  return true;
}

function table(scene, data, width, height) {
  return new RawTexture(data, width, height, RGBA, scene, false, false, NEAREST, FLOAT);
}

// A table's texels replaced in place (texSubImage2D on WebGL), where RawTexture.update
// re-specifies the whole texture each time (texImage2D: about a fifth of a frame's update).
function refill(texture, data) {
  const { width, height } = texture.getSize();
  texture.getScene().getEngine().updateTextureData(texture.getInternalTexture(), data, 0, 0, width, height);
}

// A float table texture holding a copy of `values` (4 floats a texel).
function filledTable(scene, values, width) {
  const shape = tableShape(Math.max(1, values.length / 4), width);
  const data = new Float32Array(shape.width * shape.height * 4);
  data.set(values);
  return table(scene, data, shape.width, shape.height);
}

export class DynskinCharacter extends CoreCharacter {
  /** @internal */
  constructor(core, meshes, scene) {
    super('dynskin-babylon');
    this.meshes = meshes;
    this.skeleton = meshes[0].skeleton;
    // The skin's joints, by the index the vertices' matricesIndices use (glTF's joint list);
    // Babylon.js adds their non-joint ancestors to the skeleton with the index -1.
    const bones = [];
    for (const bone of this.skeleton.bones) if (bone.getIndex() >= 0) bones[bone.getIndex()] = bone;
    if (bones.length === 0 || bones.some((bone) => !bone)) throw new Error(`dynskin-babylon: the skeleton ${this.skeleton.name} has no joint or a gap in its bone indices`);
    this.bones = bones;
    const jointOf = new Map(bones.map((bone, i) => [bone, i]));
    const parentOf = bones.map((bone) => {
      for (let b = bone.getParent(); b; b = b.getParent()) if (jointOf.has(b)) return jointOf.get(b);
      return -1;
    });
    const { order, parents, coreIndex } = jointOrder(parentOf);
    this.order = order; // dynskin joint k is Babylon's joint order[k]
    this.parents = parents;
    this.jointKeys = order.map((j) => bones[j]); // the joint settings' keys, in the core's order
    // A joint whose parent bone is its parent joint: its local transform is its own; otherwise
    // (a root, or bones in between) the bones' chain up to the parent joint, or to the world.
    this.direct = order.map((j, k) => parents[k] >= 0 && bones[j].getParent() === bones[order[parents[k]]]);
    this.#stop = order.map((j, k) => (parents[k] >= 0 ? bones[order[parents[k]]] : null));

    const world = meshes[0].computeWorldMatrix(true);
    this.#attachWorld.copyFrom(world);
    this.#attachWorld.invertToRef(this.#worldToAttach);
    const arrays = this.#arrays(coreIndex);
    this.buildLevel(core, arrays, arrays.influences, parents, world.m);
    this.#scene = scene;
    this.#tableWidth = core.JointLevel.tableWidth();
    this.#createUniforms(core, arrays.bindMatrix);
    this.firstVertex = arrays.firstVertex; // each mesh's first vertex in the core's arrays
    this.#attachVertexData();
    this.level.releaseTables(); // on the GPU now
    this.fixedSwitches = this.#switchValues(this.coreValues.get());
    meshes.forEach((mesh, meshIndex) => {
      for (const material of materialsOf(mesh)) {
        useMaterial(material, this);
        this.#materials.push(material);
      }
      meshBindings.set(mesh, { character: this, meshIndex });
    });
  }

  #scene;
  #attachWorld = new Matrix();
  #worldToAttach = new Matrix(); // the ground plane the core measured at attach rides on the character's frame
  #groundAtAttach = null; // height, up x, y, z as the core gives them (they never change)
  #stop; // per core joint: the parent joint's bone (where the chain of bones ends), or null
  #tableWidth;
  /** @internal The character's whole object (the runtime's root): its motion is what the object_motion setting weighs. */
  objectRoot = null;
  #textures; // the tables the stage reads, by sampler name
  #coreUniforms; // {name, index into the values, type} of the uniforms the core computes
  #switches; // {name, index, bool} for each of the stage's mode switches (stageSwitches)
  #mode = -1; // the mode fixedSwitches were made for (#modeOf)
  #boundIndex;
  #groundBand;
  #groundHeight;
  #groundUp;
  #bindMatrix; // A, and its normal matrix (a mat3, 9 floats)
  #bindNormal;
  #worldToObject; // per mesh: from the core's frame to the mesh's space
  #materials = [];
  #ringTicks = 0; // the ring's rows on the GPU: its length, newest tick and the history's restarts then
  #ringNewest = 0;
  #ringRestarts = -1;
  #ring = null; // the ring's texels in the core's memory (a HeapView), made with its texture

  /** @internal the nodes whose local transforms the core reads: every bone's (joints and the bones between them) */
  get poseNodes() {
    return this.skeleton.bones.map(transformOf);
  }

  #arrays(coreIndex) {
    const positions = [], normals = [], triangles = [], joints = [], weights = [];
    const bend = [], floppy = [], squash = [];
    let painted = false, allNormals = true;
    const influences = this.meshes.some((mesh) => mesh.isVerticesDataPresent(VertexBuffer.MatricesIndicesExtraKind)) ? 8 : 4;
    const bindMatrix = this.#attachWorld.clone(), normalMatrix = new Matrix();
    bindMatrix.toNormalMatrix(normalMatrix);
    const firstVertex = [];
    const p = new Vector3(), n = new Vector3();
    let offset = 0;
    for (const mesh of this.meshes) {
      const name = mesh.name || 'a skinned mesh';
      const position = mesh.getVerticesData(VertexBuffer.PositionKind), normal = mesh.getVerticesData(VertexBuffer.NormalKind);
      const index = mesh.getVerticesData(VertexBuffer.MatricesIndicesKind), weight = mesh.getVerticesData(VertexBuffer.MatricesWeightsKind);
      if (!position || !index || !weight) throw new Error(`dynskin-babylon: ${name} has no positions, matricesIndices or matricesWeights`);
      const indexExtra = mesh.getVerticesData(VertexBuffer.MatricesIndicesExtraKind), weightExtra = mesh.getVerticesData(VertexBuffer.MatricesWeightsExtraKind);
      const count = position.length / 3;
      firstVertex.push(offset);
      if (!normal) allNormals = false;
      const layers = LAYER_KINDS.map((kind) => mesh.getVerticesData(kind));
      if (layers.some(Boolean)) painted = true;
      const rowJoints = new Array(influences), rowWeights = new Array(influences);
      for (let i = 0; i < count; ++i) {
        Vector3.TransformCoordinatesFromFloatsToRef(position[3 * i], position[3 * i + 1], position[3 * i + 2], bindMatrix, p);
        positions.push(p.x, p.y, p.z);
        if (normal) {
          Vector3.TransformNormalFromFloatsToRef(normal[3 * i], normal[3 * i + 1], normal[3 * i + 2], normalMatrix, n).normalize();
          normals.push(n.x, n.y, n.z);
        }
        let sum = 0;
        for (let k = 0; k < influences; ++k) {
          const joint = k < 4 ? index[4 * i + k] : indexExtra ? indexExtra[4 * i + k - 4] : 0;
          const w = k < 4 ? weight[4 * i + k] : weightExtra ? weightExtra[4 * i + k - 4] : 0;
          if (joint >= this.bones.length && w > 0) throw new Error(`dynskin-babylon: vertex ${i} of ${name} is weighted to joint ${joint}, past the skeleton's ${this.bones.length}`);
          rowJoints[k] = joint < this.bones.length ? joint : 0;
          rowWeights[k] = w;
          sum += w;
        }
        if (!(sum > 0)) {
          rowWeights.fill(0);
          rowWeights[0] = sum = 1;
        }
        // The core's joints are in its order; the vertices name Babylon's.
        for (let k = 0; k < influences; ++k) {
          joints.push(coreIndex[rowJoints[k]]);
          weights.push(rowWeights[k] / sum);
        }
        bend.push(layers[0] ? layers[0][i] : 1);
        floppy.push(layers[1] ? layers[1][i] : 1);
        squash.push(layers[2] ? layers[2][i] : 1);
      }
      const indices = mesh.getIndices();
      if (indices) for (let t = 0; t < indices.length; ++t) triangles.push(indices[t] + offset);
      else for (let t = 0; t < count; ++t) triangles.push(t + offset);
      offset += count;
    }
    const jointCount = this.order.length;
    const rest = new Float32Array(jointCount * 16), inverseBinds = new Float32Array(jointCount * 16);
    const toAttach = this.#worldToAttach, m = new Matrix();
    this.order.forEach((j, k) => {
      copyMatrix(this.#localMatrix(k, m), rest, 16 * k);
      // B_j A^-1 (in Babylon's order of products, A^-1 first).
      copyMatrix(toAttach.multiplyToRef(this.bones[j].getAbsoluteInverseBindMatrix(), m), inverseBinds, 16 * k);
    });
    const normal3 = new Float32Array(9);
    for (let c = 0; c < 3; ++c) for (let r = 0; r < 3; ++r) normal3[3 * c + r] = normalMatrix.m[4 * c + r];
    return {
      positions: new Float32Array(positions), normals: allNormals ? new Float32Array(normals) : new Float32Array(0),
      triangles: new Uint32Array(triangles), influences, joints: new Int32Array(joints), weights: new Float32Array(weights),
      rest, inverseBinds, bend: painted ? new Float32Array(bend) : new Float32Array(0),
      floppy: painted ? new Float32Array(floppy) : new Float32Array(0), squash: painted ? new Float32Array(squash) : new Float32Array(0),
      firstVertex, bindMatrix: { matrix: bindMatrix, normal: normal3 },
    };
  }

  // Joint k's transform relative to its parent joint (for a root: in the world the first mesh
  // draws it in, divided by the scale since attach), into `into` (Babylon's order of products:
  // the child's first).
  #localMatrix(k, into) {
    const bone = this.bones[this.order[k]];
    boneLocalMatrix(bone, into);
    if (this.direct[k]) return into;
    const stop = this.#stop[k];
    for (let b = bone.getParent(); b && b !== stop; b = b.getParent()) into.multiplyToRef(boneLocalMatrix(b, scratchBone), into);
    if (stop === null) {
      into.multiplyToRef(this.meshes[0].getWorldMatrix(), into);
      const inverse = this.inverseWorldScale;
      into.multiplyToRef(Matrix.ScalingToRef(inverse, inverse, inverse, scratchScaling), into);
    }
    return into;
  }

  #createUniforms(core, bind) {
    const level = this.level, width = this.#tableWidth, scene = this.#scene;
    const { width: w, height: h } = tableShape(this.jointCount * core.JointLevel.jointRowTexels(), width);
    this.#jointRows = new HeapView(() => level.jointRows().subarray(0, w * h * 4));
    this.#textures = {
      dynskin_joints: table(scene, this.#jointRows.get(), w, h),
      dynskin_influences: filledTable(scene, level.influences(), width),
      dynskin_betas: filledTable(scene, level.betas(), width),
      dynskin_inverse_binds: filledTable(scene, level.inverseBinds(), width),
      dynskin_rotation_ring: filledTable(scene, new Float32Array(4), width),
    };
    const names = core.JointLevel.uniformNames();
    const typeOf = (name) => stageInputs.find((input) => input.name === `dynskin_${name}`)?.type;
    this.#coreUniforms = names.map((name, index) => ({ name: `dynskin_${name}`, index, type: typeOf(name) }));
    this.#boundIndex = names.length; // the bounding sphere follows the uniforms' values
    this.#delayedIndex = names.indexOf('delayed');
    this.#groundBand = names.indexOf('ground_band');
    this.#groundHeight = names.indexOf('ground_height');
    this.#groundUp = names.indexOf('ground_up_x'); // then y and z
    this.#switches = stageSwitches.map(({ name, type }) => ({ name, index: names.indexOf(name), bool: type === 'bool' }));
    this.#bindMatrix = bind.matrix;
    this.#bindNormal = bind.normal;
    this.#worldToObject = this.meshes.map(() => new Matrix());
  }

  #jointRows;
  #delayedIndex;

  // The per-vertex data, on the meshes' geometries. A geometry another character uses with
  // the same values (a clone's) is shared, kept until its last user goes; with other values,
  // the mesh gets a geometry of its own.
  #attachVertexData() {
    const ranges = this.level.ranges(), layers = this.level.layers();
    this.meshes.forEach((mesh, m) => {
      const count = mesh.getTotalVertices(), first = this.firstVertex[m];
      const data = [Float32Array.from(ranges.subarray(4 * first, 4 * (first + count))), Float32Array.from(layers.subarray(3 * first, 3 * (first + count)))];
      const users = geometryUsers.get(mesh.geometry);
      if (users && users.size > 0) {
        if (ATTRIBUTES.every((kind, i) => sameValues(mesh.getVerticesData(kind), data[i]))) {
          users.add(this);
          return;
        }
        mesh.makeGeometryUnique();
      }
      if (!geometryUsers.has(mesh.geometry)) geometryUsers.set(mesh.geometry, new Set());
      geometryUsers.get(mesh.geometry).add(this);
      mesh.setVerticesData(ATTRIBUTES[0], data[0], false, 4);
      mesh.setVerticesData(ATTRIBUTES[1], data[1], false, 3);
    });
  }

  /** @internal the tables the stage reads (textures), by sampler name */
  get tables() {
    return this.#textures;
  }

  /** @internal what the stage of mesh `meshIndex` reads, into the effect drawing it now */
  bind(effect, meshIndex) {
    const textures = this.#textures;
    effect.setTexture('dynskin_joints', textures.dynskin_joints);
    effect.setTexture('dynskin_influences', textures.dynskin_influences);
    effect.setTexture('dynskin_betas', textures.dynskin_betas);
    effect.setTexture('dynskin_inverse_binds', textures.dynskin_inverse_binds);
    effect.setTexture('dynskin_rotation_ring', textures.dynskin_rotation_ring);
    effect.setInt('dynskin_joint_count', this.jointCount);
    const values = this.coreValues.get(), uniforms = this.#coreUniforms;
    for (let i = 0; i < uniforms.length; ++i) {
      const { name, index, type } = uniforms[i];
      if (type === 'int') effect.setInt(name, values[index]);
      else if (type === 'bool') effect.setBool(name, values[index] !== 0);
      else effect.setFloat(name, values[index]);
    }
    effect.setMatrix('dynskin_bind_matrix', this.#bindMatrix);
    effect.setMatrix3x3('dynskin_bind_normal_matrix', this.#bindNormal);
    effect.setMatrix('dynskin_world_to_object', this.#worldToObject[meshIndex]);
  }

  /**
   * @internal where the character is now (the scale since attach, its object), into the core:
   * read once an update, before its frames (sampling the bones' nodes moves neither the meshes,
   * siblings of the skeleton's root, nor the runtime's root)
   */
  readPlacement() {
    this.measureWorldScale(this.meshes[0].computeWorldMatrix(true).m);
    if (this.objectRoot) this.#readObject();
  }

  /** @internal the bones' parent-local transforms now, in dynskin's order, into the core */
  readLocals() {
    const locals = this.coreLocals.get();
    for (let k = 0, o = 0; k < this.order.length; ++k, o += FLOATS_PER_BONE) {
      let translation, rotation, scaling;
      if (this.direct[k]) {
        const source = transformOf(this.bones[this.order[k]]);
        translation = source.position;
        rotation = rotationOf(source);
        scaling = source.scaling;
      } else {
        this.#localMatrix(k, scratchMatrix).decompose(scratchScale, scratchRotation, scratchTranslation);
        translation = scratchTranslation;
        rotation = scratchRotation;
        scaling = scratchScale;
      }
      translation.toArray(locals, o);
      rotation.toArray(locals, o + 3);
      scaling.toArray(locals, o + 7);
    }
  }

  // The runtime's root in the world divided by the scale since attach (CoreCharacter.writeObject;
  // a mirror, as the glTF loader's root has, is decomposed as the roots' is).
  #readObject() {
    const inverse = this.inverseWorldScale;
    this.objectRoot.computeWorldMatrix(true).multiplyToRef(Matrix.ScalingToRef(inverse, inverse, inverse, scratchScaling), scratchMatrix);
    scratchMatrix.decompose(scratchScale, scratchRotation, scratchTranslation);
    this.writeObject(scratchTranslation, scratchRotation, scratchScale);
  }

  /** @internal the tables, the mode and the bounds from the joint level's last advance() */
  publish() {
    refill(this.#textures.dynskin_joints, this.#jointRows.get());
    const values = this.coreValues.get();
    this.#placeGround(values);
    const mode = this.#modeOf(values);
    if (mode !== this.#mode) {
      // A new mode: the plugin's defines change, and Babylon.js compiles (or takes from its
      // cache) the program of that mode at the next draw.
      this.fixedSwitches = this.#switchValues(values);
      this.#mode = mode;
    }
    if (values[this.#delayedIndex] !== 0) this.#uploadRing();
    this.#placeBounds(values);
  }

  // The stage's mode as a number: one bit a switch.
  #modeOf(values) {
    let mode = 0;
    for (let i = 0; i < this.#switches.length; ++i) {
      const { index, bool } = this.#switches[i];
      if (bool ? values[index] !== 0 : values[index] === 0) mode |= 1 << i;
    }
    return mode;
  }

  // The switches a program may fix: the bools to their value, the floats when 0 (off); null
  // where not fixed. (The material plugin spells them in its shader language.)
  #switchValues(values) {
    const fixed = {};
    for (const { name, index, bool } of this.#switches) {
      fixed[name] = bool ? values[index] !== 0 : values[index] === 0 ? 0 : null;
    }
    return fixed;
  }

  // The ring's rows written since the last upload (texSubImage2D on WebGL, writeTexture on
  // WebGPU): the whole ring after a restart, a new texture for a new length.
  #uploadRing() {
    const state = this.coreRingState.get();
    const ticks = state[RING_TICKS], newest = state[RING_NEWEST_TICK], restarts = state[RING_RESTARTS];
    if (ticks === this.#ringTicks && newest === this.#ringNewest && restarts === this.#ringRestarts) return;
    const joints = this.jointCount, { width, height } = tableShape(ticks * joints, this.#tableWidth);
    const rows = restarts !== this.#ringRestarts ? ticks : newest - this.#ringNewest;
    if (ticks !== this.#ringTicks) {
      // A new length: the ring has new memory in the core, and a texture of its size.
      this.#ring = new HeapView(() => this.level.ring());
      this.#textures.dynskin_rotation_ring.dispose();
      this.#textures.dynskin_rotation_ring = table(this.#scene, this.#ring.get().subarray(0, width * height * 4), width, height);
      this.#ringTicks = ticks;
    } else if (rows > 0 && rows < ticks) {
      // Rows newest - rows + 1 ... newest in the ring's order: one run of texels, or two where
      // the ring wraps.
      const first = (((newest - rows + 1) % ticks) + ticks) % ticks;
      const wrapped = Math.max(0, first + rows - ticks);
      this.#refillRing(first * joints, (rows - wrapped) * joints, width);
      if (wrapped) this.#refillRing(0, wrapped * joints, width);
    } else {
      refill(this.#textures.dynskin_rotation_ring, this.#ring.get().subarray(0, width * height * 4));
    }
    this.#ringNewest = newest;
    this.#ringRestarts = restarts;
  }

  // The ring texture's texels start ... start + count - 1 from the core's memory: the part of
  // the texture row they start in, the rows they fill, the part of the row they end in.
  #refillRing(start, count, width) {
    const end = start + count;
    const head = Math.min(end, Math.ceil(start / width) * width) - start; // up to the next row's start
    if (head > 0) this.#ringRectangle(start, start % width, Math.floor(start / width), head, 1);
    const rows = Math.floor((end - start - head) / width), fromRow = start + head;
    if (rows > 0) this.#ringRectangle(fromRow, 0, fromRow / width, width, rows);
    const tail = end - fromRow - rows * width;
    if (tail > 0) this.#ringRectangle(fromRow + rows * width, 0, fromRow / width + rows, tail, 1);
  }

  // The w x h texels of the ring texture at (x, y), from the ring's texel `from` on.
  #ringRectangle(from, x, y, w, h) {
    const data = this.#ring.get().subarray(4 * from, 4 * (from + w * h));
    this.#scene.getEngine().updateTextureData(this.#textures.dynskin_rotation_ring.getInternalTexture(), data, x, y, w, h);
  }

  // The core's ground plane is the one at attach, in its frame then (the world); its frame now
  // is the world divided by the scale since attach, so the plane is carried there by
  // T = W_now W_attach^-1 / s: a character whose ancestors turn, move or scale keeps its feet
  // planted on its own ground.
  #placeGround(values) {
    const height = this.#groundHeight, x = this.#groundUp;
    if (!(values[this.#groundBand] > 0)) return;
    const ground = (this.#groundAtAttach ??= Float64Array.of(values[height], values[x], values[x + 1], values[x + 2]));
    const transform = this.#worldToAttach.multiplyToRef(this.meshes[0].getWorldMatrix(), scratchMatrix);
    const up = scratchUp.set(ground[1], ground[2], ground[3]);
    const point = Vector3.TransformCoordinatesToRef(up.scaleToRef(ground[0], scratchPoint), transform, scratchPoint).scaleInPlace(this.inverseWorldScale);
    Vector3.TransformNormalToRef(up, transform, up).normalize();
    values[height] = Vector3.Dot(up, point);
    values[x] = up.x;
    values[x + 1] = up.y;
    values[x + 2] = up.z;
  }

  // Frustum culling, and the stage's way back to each mesh's space: the core's sphere around
  // the deformed skin (its frame: the world divided by the scale since attach), in each
  // mesh's space, as its bounding box.
  #placeBounds(values) {
    const b = this.#boundIndex, s = this.worldScale;
    for (let m = 0; m < this.meshes.length; ++m) {
      // (The first mesh's world: readPlacement computed it this update, and nothing since
      // moves the meshes.)
      const mesh = this.meshes[m], world = m === 0 ? mesh.getWorldMatrix() : mesh.computeWorldMatrix(true);
      const worldToObject = this.#worldToObject[m];
      Matrix.ScalingToRef(s, s, s, scratchScaling).multiplyToRef(world.invertToRef(scratchMatrix), worldToObject);
      const centre = Vector3.TransformCoordinatesFromFloatsToRef(values[b], values[b + 1], values[b + 2], worldToObject, scratchPoint);
      uniformScaleInto(worldToObject.m, scratchScaleOut);
      const radius = values[b + 3] * scratchScaleOut[0];
      centre.subtractFromFloatsToRef(radius, radius, radius, scratchMin);
      centre.addToRef(scratchMax.setAll(radius), scratchMax);
      mesh.getBoundingInfo().reConstruct(scratchMin, scratchMax, world);
    }
  }

  /** @internal */
  dispose() {
    for (const mesh of this.meshes) {
      if (meshBindings.get(mesh)?.character === this) meshBindings.delete(mesh);
      const users = mesh.geometry && geometryUsers.get(mesh.geometry);
      if (users && users.delete(this) && users.size === 0) for (const kind of ATTRIBUTES) mesh.removeVerticesData(kind);
      mesh.refreshBoundingInfo(true);
    }
    for (const material of this.#materials) releaseMaterial(material, this);
    for (const texture of Object.values(this.#textures)) texture.dispose();
    this.level.delete();
  }
}
