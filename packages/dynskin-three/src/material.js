// Patches a three.js material so that its vertex shader runs dynskin's per-vertex stage in
// place of three.js's skinning: the chunks skinbase_vertex, skinnormal_vertex and
// skinning_vertex are replaced, everything else (shading, morph targets, fog, clipping, the
// depth and distance materials of shadows) stays three.js's own. The stage's GLSL is
// generated from dynskin's shaders/skinning.vert (dynskin-core's skinningStage).
import { skinningStage, stageSwitches } from 'dynskin-core';

const PATCHED = Symbol('dynskin patched');

/**
 * The stage's mode as compile-time constants: the switches (stageSwitches, the uniforms that
 * dynskin's uniform table marks as switching whole blocks: the bools, and the floats when 0,
 * i.e. off) fixed to the values they hold now, so that three.js compiles one program per mode
 * (this is part of the program's cache key) without the blocks that mode never runs. A
 * switch's uniform that changes needs the material recompiled (`material.needsUpdate`: the
 * character does that).
 * @param {Record<string, {value: any}>} uniforms
 */
export function stageMode(uniforms) {
  const defines = [];
  for (const { name, type } of stageSwitches) {
    const value = uniforms[`dynskin_${name}`]?.value;
    if (type === 'bool') defines.push(`#define dynskin_fixed_${name} ${value ? 'true' : 'false'}`);
    else if (value === 0) defines.push(`#define dynskin_fixed_${name} 0.0`);
  }
  return defines.join('\n');
}

// Where the stage goes. It runs at skinbase_vertex, the first skinning chunk in every
// built-in material (in the depth and distance materials too, which skin no normal): the
// rest position and normal are three.js's own morphed ones, computed in a scope of their own
// with three.js's morph chunks; later chunks take the results.
const declarations = (constants, mode) => `#include <skinning_pars_vertex>
${constants}
${mode}
${skinningStage}
attribute vec4 dynskinRanges;
attribute vec3 dynskinLayers;
uniform mat4 dynskin_bind_matrix;
uniform mat3 dynskin_bind_normal_matrix;
uniform mat4 dynskin_world_to_object;
vec3 dynskin_world_position;
vec3 dynskin_world_normal;
`;

const stage = `
	{
		vec3 transformed = vec3( position );
		#include <morphtarget_vertex>
		dynskin_rest_position = ( dynskin_bind_matrix * vec4( transformed, 1.0 ) ).xyz;
		vec3 objectNormal = vec3( normal );
		#include <morphnormal_vertex>
		dynskin_rest_normal = dynskin_bind_normal_matrix * objectNormal;
	}
	dynskin_ranges = ivec4( dynskinRanges );
	dynskin_layers = dynskinLayers;
	dynskin_deform_vertex( dynskin_world_position, dynskin_world_normal );
`;

// World to object: the positions through the inverse of the world matrix, the normals
// through its transpose (three.js's normalMatrix then makes them world normals again).
// Tangent attributes are not deformed: the runtime removes them (see runtime.js), so that
// normal maps use three.js's tangent frames from screen-space derivatives.
const normal = `
	objectNormal = transpose( mat3( modelMatrix ) ) * dynskin_world_normal;
`;
const position = `
	transformed = ( dynskin_world_to_object * vec4( dynskin_world_position, 1.0 ) ).xyz;
`;

function replaceChunk(source, chunk, replacement) {
  const include = `#include <${chunk}>`;
  if (!source.includes(include)) throw new Error(`dynskin-three: the shader has no ${include} to replace`);
  return source.split(include).join(replacement);
}

/**
 * Patches `material` in place to deform with dynskin's per-vertex stage, reading `uniforms`
 * (a character's, shared by reference). Returns the material. A material is patched once. The
 * mode's uniforms are read when it compiles (see stageMode).
 * @param {import('three').Material} material
 * @param {Record<string, {value: any}>} uniforms
 * @param {string} constants the GLSL constants of the joint rows (from the core)
 */
export function patchMaterial(material, uniforms, constants) {
  if (material[PATCHED]) throw new Error('dynskin-three: this material is already patched; patch a clone');
  // A ShaderMaterial of one's own must include three.js's skinning chunks (checked now rather
  // than at its first compile, in the middle of a frame).
  if (material.isShaderMaterial && !['skinbase_vertex', 'skinning_vertex', 'skinning_pars_vertex'].every((c) => material.vertexShader.includes(`#include <${c}>`))) {
    throw new Error(`dynskin-three: the ShaderMaterial ${material.name || material.uuid} has no three.js skinning chunks to replace`);
  }
  material[PATCHED] = true;
  const previousCompile = material.onBeforeCompile;
  const previousKey = material.customProgramCacheKey;
  material.onBeforeCompile = function onBeforeCompile(shader, renderer) {
    Object.assign(shader.uniforms, uniforms);
    let vertex = replaceChunk(shader.vertexShader, 'skinning_pars_vertex', declarations(constants, stageMode(uniforms)));
    vertex = replaceChunk(vertex, 'skinbase_vertex', stage);
    vertex = replaceChunk(vertex, 'skinning_vertex', position);
    if (vertex.includes('#include <skinnormal_vertex>')) vertex = replaceChunk(vertex, 'skinnormal_vertex', normal);
    shader.vertexShader = vertex;
    previousCompile.call(this, shader, renderer);
  };
  material.customProgramCacheKey = function customProgramCacheKey() {
    return `dynskin-stage|${stageMode(uniforms)}|${previousKey.call(this)}`;
  };
  material.needsUpdate = true;
  return material;
}

/** Whether a material was patched by patchMaterial. */
export function isPatched(material) {
  return Boolean(material && material[PATCHED]);
}
