// The per-vertex stage in three.js's node materials, for WebGPURenderer (on WebGPU, or on its
// WebGL 2 fallback), where onBeforeCompile never runs: a material's copy made by the
// renderer's own node library (MeshStandardMaterial -> MeshStandardNodeMaterial, as the
// renderer would draw it), given a positionNode that runs dynskin's stage (WGSL or GLSL,
// translated from the desktop shader by dynskin-core) and a normal from the same call.
// The stage skins from the rest pose itself, after three.js's morph targets, as in
// WebGLRenderer (material.js): the material's own vertex setup morphs and runs the stage in
// place of three.js's skinning. The renderer's shadow pass takes the material's positionNode
// alone, after three.js's morphing and skinning of its own: so positionNode starts again from
// the geometry's rest position and morphs it, and shadows are those of the deformed skin.
import { Node } from 'three/webgpu';
import { Fn, attribute, glsl, modelWorldMatrix, morphReference, normalGeometry, normalLocal, positionGeometry, positionLocal, texture, transpose, uniform, vec4, wgsl } from 'three/tsl';
import { nodeStage, stageInputs } from 'dynskin-core';

const wgslStage = wgsl(nodeStage.wgsl);
const glslStage = glsl(nodeStage.glsl);
const stageOutputs = new WeakMap(); // material made by nodeMaterial -> its stage's call

// A call of the stage's entry (dynskin_deform) with its inputs, in the backend's language:
// mat3(world position, world normal, 0).
class DynskinStageNode extends Node {
  static get type() {
    return 'DynskinStageNode';
  }

  constructor(inputs) {
    super('mat3');
    this.inputs = inputs; // nodes, in the order of stageInputs
  }

  generate(builder) {
    (builder.renderer.backend.isWebGPUBackend ? wgslStage : glslStage).build(builder);
    const args = stageInputs.map((input, k) => this.inputs[k].build(builder, input.type === 'sampler2D' ? 'property' : input.type));
    return `dynskin_deform( ${args.join(', ')} )`;
  }
}

// A node whose value is read from `source.value` (a character's uniform, which reads the
// core's memory; a table texture, which the ring replaces when its length changes) when
// three.js uploads it: a frame stores nothing.
function following(node, source, read = () => source.value) {
  Object.defineProperty(node, 'value', { get: read, set() {} });
  return node;
}

function inputNode(input, uniforms) {
  const source = uniforms[input.name];
  switch (input.name) {
    case 'dynskin_rest_position': // the morphed rest pose (morphedRest)
      return uniform(uniforms.dynskin_bind_matrix.value).mul(vec4(positionLocal, 1)).xyz;
    case 'dynskin_rest_normal':
      return uniform(uniforms.dynskin_bind_normal_matrix.value).mul(normalLocal);
    case 'dynskin_ranges':
      return attribute('dynskinRanges', 'vec4');
    case 'dynskin_layers':
      return attribute('dynskinLayers', 'vec3');
  }
  if (!source) throw new Error(`dynskin-three: the stage reads ${input.name}, which the character does not give`);
  if (input.type === 'sampler2D') return following(texture(source.value), source);
  // Uniform buffers hold no bool: a switch goes up as 0 or 1.
  if (input.type === 'bool') return following(uniform(0, 'float'), source, () => (source.value ? 1 : 0));
  return following(uniform(0, input.type), source);
}

const hasMorphTargets = (geometry) => Boolean(geometry.morphAttributes.position || geometry.morphAttributes.normal || geometry.morphAttributes.color);

// The geometry's rest position and normal with its morph targets, in positionLocal and
// normalLocal, whatever three.js did to them before (its skinning, in the shadow pass).
function morphedRest(builder) {
  const { object, geometry } = builder;
  positionLocal.assign(positionGeometry);
  if (geometry.hasAttribute('normal')) normalLocal.assign(normalGeometry);
  if (hasMorphTargets(geometry)) morphReference(object);
}

/**
 * A node material deforming with dynskin's per-vertex stage, made from `material` (a
 * material of three.js's, or a node material: a copy either way) by `renderer`'s node
 * library, reading `uniforms` (a character's and its mesh's, shared by reference).
 * @param {import('three').Material} material
 * @param {Record<string, {value: any}>} uniforms
 * @param {object} renderer three.js's WebGPURenderer
 */
export function nodeMaterial(material, uniforms, renderer) {
  const copy = renderer.library.fromMaterial(material.clone());
  if (!copy) throw new Error(`dynskin-three: WebGPURenderer has no node material for ${material.type}`);
  if (copy.positionNode) throw new Error(`dynskin-three: ${material.name || material.type} has a positionNode of its own; dynskin's stage sets it`);
  const deformed = new DynskinStageNode(stageInputs.map((input) => inputNode(input, uniforms))).toVar('dynskinDeformed');
  const stage = Fn((builder) => {
    morphedRest(builder);
    return deformed;
  })();
  // From the stage's world (the core's frame) to the object's, as material.js does.
  copy.positionNode = uniform(uniforms.dynskin_world_to_object.value).mul(vec4(stage.element(0), 1)).xyz;
  const objectNormal = transpose(modelWorldMatrix).mul(vec4(stage.element(1), 0)).xyz;
  // In place of NodeMaterial.setupPosition (morph targets, three.js's skinning, then
  // positionNode): the stage is the skinning. A skinned mesh is neither batched nor
  // instanced; a displacement map is not applied (three.js displaces its own skinned position).
  copy.setupPosition = function setupPositionWithDynskin(builder) {
    positionLocal.assign(this.positionNode);
    if (builder.geometry.hasAttribute('normal')) normalLocal.assign(objectNormal);
    return positionLocal;
  };
  stageOutputs.set(copy, stage);
  return copy;
}

/** The node of a material made by nodeMaterial that holds mat3(world position, world normal, 0). */
export function stageOutput(material) {
  return stageOutputs.get(material);
}
