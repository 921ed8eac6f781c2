// The per-vertex stage in three.js's node materials, for WebGPURenderer (on WebGPU, or on its
// WebGL 2 fallback), where onBeforeCompile never runs: a material's copy made by the
// renderer's own node library (MeshStandardMaterial -> MeshStandardNodeMaterial, as the
// renderer would draw it), given a positionNode that runs dynskin's stage (WGSL or GLSL,
// translated from the desktop shader by dynskin-core) and a normal from the same call.
// three.js applies positionNode after its skinning, so the stage reads the geometry's own
// position and normal (the rest pose), not three.js's skinned ones; and the renderer's shadow
// pass takes the material's positionNode too, so that shadows are those of the deformed skin.
import { Node } from 'three/webgpu';
import { attribute, glsl, modelWorldMatrix, normalGeometry, normalLocal, positionGeometry, texture, transpose, uniform, vec4, wgsl } from 'three/tsl';
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
    case 'dynskin_rest_position':
      return uniform(uniforms.dynskin_bind_matrix.value).mul(vec4(positionGeometry, 1)).xyz;
    case 'dynskin_rest_normal':
      return uniform(uniforms.dynskin_bind_normal_matrix.value).mul(normalGeometry);
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
  // From the stage's world (the core's frame) to the object's, as material.js does.
  copy.positionNode = uniform(uniforms.dynskin_world_to_object.value).mul(vec4(deformed.element(0), 1)).xyz;
  const objectNormal = transpose(modelWorldMatrix).mul(vec4(deformed.element(1), 0)).xyz;
  const setupPosition = copy.setupPosition;
  copy.setupPosition = function setupPositionWithDynskin(builder) {
    const position = setupPosition.call(this, builder);
    if (builder.geometry.hasAttribute('normal')) normalLocal.assign(objectNormal);
    return position;
  };
  stageOutputs.set(copy, deformed);
  return copy;
}

/** The node of a material made by nodeMaterial that holds mat3(world position, world normal, 0). */
export function stageOutput(material) {
  return stageOutputs.get(material);
}
