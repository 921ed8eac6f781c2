// The material plugin that runs dynskin's per-vertex stage in the vertex shader of Babylon.js's
// StandardMaterial and PBRMaterial, after Babylon's morph targets and in place of its skinning:
// the stage takes the morphed position and normal (positionUpdated, normalUpdated) at
// CUSTOM_VERTEX_UPDATE_POSITION, deforms them (the skinning included) and gives them back in
// the mesh's space, and Babylon's bone matrices are left out of finalWorld. Everything else
// (shading, fog, clipping, the shadows received) stays Babylon's. The stage is generated from
// dynskin's shaders/skinning.vert: GLSL for WebGL 2 (dynskin-core's skinningStage), WGSL for
// WebGPUEngine (its nodeStage.wgsl, whose entry takes every input as an argument).
//
// A material is shared by meshes with and without dynskin (a clone without a runtime, a mesh
// given back by dispose()): the plugin runs the stage only for a mesh that has a character
// (meshBindings), through the DYNSKIN define, and binds that mesh's uniforms at each draw.
import { MaterialPluginBase } from '@babylonjs/core/Materials/materialPluginBase.js';
import { ShadowDepthWrapper } from '@babylonjs/core/Materials/shadowDepthWrapper.js';
import { skinningStage, nodeStage, stageInputs, stageSwitches } from 'dynskin-core';

export const PLUGIN_NAME = 'Dynskin';

/** mesh -> {character, meshIndex}: what the plugin draws the mesh with. */
export const meshBindings = new WeakMap();

// The GLSL constants of the joint rows (the core's JointLevel.shaderConstants()): set by the
// first runtime, before any material gets the plugin.
let stageConstants = null;
export function setStageConstants(constants) {
  stageConstants = constants;
}

// The mode's compile-time constants (stageSwitches): dynskin_fixed_NAME, a define per switch,
// false (not defined) or its value (DynskinCharacter.fixedSwitches: a bool, or 0 for a float
// switched off) in the shader's language.
const switchDefine = (name) => `dynskin_fixed_${name}`;
const defineDefaults = { DYNSKIN: false };
for (const { name } of stageSwitches) defineDefaults[switchDefine(name)] = false;

const GLSL = 0, WGSL = 1; // Babylon.js's ShaderLanguage

// A fixed switch's define value: a GLSL literal; in WGSL a number, a bool as 1 or 0 (Babylon.js
// declares a define of a number as a WGSL constant, and substitutes no other).
function switchValue(value, language) {
  if (value === null || value === undefined) return false;
  if (typeof value !== 'boolean') return '0.0';
  return language === WGSL ? (value ? '1' : '0') : String(value);
}

const samplers = stageInputs.filter((i) => i.kind === 'uniform' && i.type === 'sampler2D').map((i) => i.name);
const ownUniforms = ['dynskin_bind_matrix', 'dynskin_bind_normal_matrix', 'dynskin_world_to_object'];
const uniforms = [...stageInputs.filter((i) => i.kind === 'uniform' && i.type !== 'sampler2D').map((i) => i.name), ...ownUniforms];
export const ATTRIBUTES = ['dynskinRanges', 'dynskinLayers'];

const declarations = () => `#ifdef DYNSKIN
${stageConstants}
${skinningStage}
attribute vec4 dynskinRanges;
attribute vec3 dynskinLayers;
uniform mat4 dynskin_bind_matrix;
uniform mat3 dynskin_bind_normal_matrix;
uniform mat4 dynskin_world_to_object;
#endif`;

// The stage, from the morphed rest shape to the deformed one in the mesh's space (Babylon's
// finalWorld, without the bones, takes it to the world). The object normal through the
// transpose of the world matrix: Babylon's normal matrix (mat3(world), or its inverse
// transpose with NONUNIFORMSCALING) then gives the world normal's direction back.
const stage = `#ifdef DYNSKIN
{
	dynskin_rest_position = (dynskin_bind_matrix * vec4(positionUpdated, 1.0)).xyz;
#ifdef NORMAL
	dynskin_rest_normal = dynskin_bind_normal_matrix * normalUpdated;
#else
	dynskin_rest_normal = vec3(0.0, 1.0, 0.0);
#endif
	dynskin_ranges = ivec4(dynskinRanges);
	dynskin_layers = dynskinLayers;
	vec3 dynskin_world_position;
	vec3 dynskin_world_normal;
	dynskin_deform_vertex(dynskin_world_position, dynskin_world_normal);
	positionUpdated = (dynskin_world_to_object * vec4(dynskin_world_position, 1.0)).xyz;
#ifdef NORMAL
	normalUpdated = transpose(mat3(world)) * dynskin_world_normal;
#endif
}
#endif`;

// Babylon's bones (bonesVertex) left out where the stage skinned the vertex.
const bones = `#ifndef DYNSKIN
finalWorld=finalWorld*influence;
#endif`;

// The same for WebGPU, in Babylon.js's WGSL: uniforms are read as uniforms.NAME (bools are
// set as integers there: Effect.setBool), attributes as vertexInputs.NAME, a fixed switch as
// the constant its define makes (switchValue).
const wgslTypes = { int: 'i32', bool: 'i32', float: 'f32' };
const wgslDeclarations = `#ifdef DYNSKIN
${nodeStage.wgsl}
attribute dynskinRanges: vec4f;
attribute dynskinLayers: vec3f;
${samplers.map((name) => `var ${name}: texture_2d<f32>;`).join('\n')}
${stageInputs.filter((i) => i.kind === 'uniform' && i.type !== 'sampler2D').map((i) => `uniform ${i.name}: ${wgslTypes[i.type]};`).join('\n')}
uniform dynskin_bind_matrix: mat4x4f;
uniform dynskin_bind_normal_matrix: mat3x3f;
uniform dynskin_world_to_object: mat4x4f;
#endif`;

// nodeStage's dynskin_deform takes stageInputs in their order; the per-vertex ones are these.
const wgslVertexInputs = {
  dynskin_rest_position: '(uniforms.dynskin_bind_matrix * vec4f(positionUpdated, 1.0)).xyz',
  dynskin_rest_normal: 'dynskin_rest_normal_in',
  dynskin_ranges: 'vec4<i32>(vertexInputs.dynskinRanges)',
  dynskin_layers: 'vertexInputs.dynskinLayers',
};
const wgslUniform = ({ name, type }) => (type === 'bool' ? `(uniforms.${name} != 0)` : `uniforms.${name}`);
const wgslArgument = (input) => {
  if (input.kind === 'attribute') return wgslVertexInputs[input.name];
  if (input.type === 'sampler2D') return input.name;
  const name = input.name.replace(/^dynskin_/, '');
  if (!stageSwitches.some((s) => s.name === name)) return wgslUniform(input);
  const fixed = switchDefine(name);
  return `\n#ifdef ${fixed}\n${input.type === 'bool' ? `(${fixed} != 0)` : fixed}\n#else\n${wgslUniform(input)}\n#endif\n`;
};
// The stage as in GLSL; the world matrix read as Babylon.js's instancesVertex reads it, which
// declares finalWorld only after this point.
const wgslStage = `#ifdef DYNSKIN
{
#ifdef NORMAL
	let dynskin_rest_normal_in = uniforms.dynskin_bind_normal_matrix * normalUpdated;
#else
	let dynskin_rest_normal_in = vec3f(0.0, 1.0, 0.0);
#endif
	let dynskin_deformed = dynskin_deform(${stageInputs.map(wgslArgument).join(', ')});
	positionUpdated = (uniforms.dynskin_world_to_object * vec4f(dynskin_deformed[0], 1.0)).xyz;
#ifdef NORMAL
#if !defined(WORLD_UBO)
	let dynskin_world = uniforms.world;
#else
	let dynskin_world = mesh.world;
#endif
	normalUpdated = transpose(mat3x3f(dynskin_world[0].xyz, dynskin_world[1].xyz, dynskin_world[2].xyz)) * dynskin_deformed[1];
#endif
}
#endif`;

export class DynskinMaterialPlugin extends MaterialPluginBase {
  constructor(material) {
    super(material, PLUGIN_NAME, 200, { ...defineDefaults }, true, false);
    // hardBindForSubMesh runs at every draw; bindForSubMesh not for a mesh drawn right after
    // another with the same material (Babylon keeps the bound values), and each mesh has its own.
    this.registerForExtraEvents = true;
    this._enable(true);
  }

  getClassName() {
    return 'DynskinMaterialPlugin';
  }

  isCompatible(shaderLanguage) {
    return shaderLanguage === GLSL || shaderLanguage === WGSL;
  }

  prepareDefines(defines, scene, mesh) {
    const binding = meshBindings.get(mesh);
    let changed = setDefine(defines, 'DYNSKIN', Boolean(binding));
    const fixed = binding?.character.fixedSwitches, language = this._material.shaderLanguage;
    for (const { name } of stageSwitches) changed = setDefine(defines, switchDefine(name), switchValue(fixed?.[name], language)) || changed;
    if (changed) defines.markAsUnprocessed();
  }

  getAttributes(attributes, scene, mesh) {
    if (meshBindings.has(mesh)) attributes.push(...ATTRIBUTES);
  }

  getSamplers(list) {
    list.push(...samplers);
  }

  getUniforms() {
    // Outside the material's uniform buffer: each mesh binds its own at each draw.
    return { externalUniforms: uniforms };
  }

  hardBindForSubMesh(uniformBuffer, scene, engine, subMesh) {
    const binding = meshBindings.get(subMesh.getMesh());
    // subMesh.effect: the material's, or the shadow generator's depth effect (ShadowDepthWrapper).
    if (binding && subMesh.effect) binding.character.bind(subMesh.effect, binding.meshIndex);
  }

  getCustomCode(shaderType, shaderLanguage = GLSL) {
    if (shaderType !== 'vertex') return null;
    if (shaderLanguage === WGSL) {
      return {
        CUSTOM_VERTEX_DEFINITIONS: wgslDeclarations,
        CUSTOM_VERTEX_UPDATE_POSITION: wgslStage,
        '!finalWorld=finalWorld\\*influence;': bones,
      };
    }
    return {
      CUSTOM_VERTEX_DEFINITIONS: declarations(),
      CUSTOM_VERTEX_UPDATE_POSITION: stage,
      '!finalWorld=finalWorld\\*influence;': bones,
    };
  }
}

function setDefine(defines, name, value) {
  if (defines[name] === value) return false;
  defines[name] = value;
  return true;
}

// The materials Babylon.js's plugin events reach with the vertex shader markers the stage needs.
const SUPPORTED = new Set(['StandardMaterial', 'PBRMaterial', 'PBRMetallicRoughnessMaterial', 'PBRSpecularGlossinessMaterial']);

const materialUsers = new WeakMap(); // material -> {characters, wrapper (the ShadowDepthWrapper we gave it, or null)}

/**
 * Gives `material` the plugin (once) and a ShadowDepthWrapper, so that the shadow generators
 * draw its meshes' depth with the material's own vertex shader, the stage included. Undone by
 * releaseMaterial when its last character goes.
 */
export function useMaterial(material, character) {
  if (!SUPPORTED.has(material.getClassName())) {
    throw new Error(`dynskin-babylon: ${material.name || 'a material'} is a ${material.getClassName()}; dynskin runs in StandardMaterial and PBRMaterial`);
  }
  let users = materialUsers.get(material);
  if (!users) {
    if (!material.pluginManager?.getPlugin(PLUGIN_NAME)) new DynskinMaterialPlugin(material);
    const wrapper = material.shadowDepthWrapper ? null : new ShadowDepthWrapper(material, material.getScene());
    if (wrapper) material.shadowDepthWrapper = wrapper;
    materialUsers.set(material, (users = { characters: new Set(), wrapper }));
  }
  users.characters.add(character);
}

/** The material without `character`; the last one takes its ShadowDepthWrapper away. */
export function releaseMaterial(material, character) {
  const users = materialUsers.get(material);
  if (!users || !users.characters.delete(character) || users.characters.size > 0) return;
  if (users.wrapper && material.shadowDepthWrapper === users.wrapper) {
    users.wrapper.dispose();
    material.shadowDepthWrapper = null;
  }
  materialUsers.delete(material);
}
