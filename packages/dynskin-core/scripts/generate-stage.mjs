// Generates dist/skinning-stage.js, the per-vertex stage as GLSL for the web packages' shaders,
// from dynskin's own vertex shader (shaders/skinning.vert): its functions from the marked line
// to main(), with every name of the stage (its inputs, uniforms and functions) prefixed by
// "dynskin_" so that nothing clashes with an engine's shader or a user's patch. The formulas
// are therefore written once, in the desktop's shader; tests hold both to the C++ core. Which
// uniforms are the mode's switches comes from dynskin's uniform table. The same stage for
// node materials (three.js's WebGPURenderer), in WGSL and GLSL, is translated from it by
// stage-translator.mjs, with the joint rows' constants of the core in dist/ (built first).
// Usage: node scripts/generate-stage.mjs SKINNING_VERT OUT_JS
// (test/core_test.mjs imports skinningStageModule to check that dist/ is current.)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { translateStage } from './stage-translator.mjs';

/** The GLSL constants the stage reads, from the core in dist/ (JointLevel.shaderConstants()). */
export async function coreShaderConstants() {
  const { default: createDynskinCore } = await import('../dist/dynskin-core.mjs');
  return (await createDynskinCore()).JointLevel.shaderConstants();
}

/**
 * The text of skinning-stage.js for shaders/skinning.vert at `source`; `constants`: the
 * core's GLSL constants (coreShaderConstants()).
 */
export function skinningStageModule(source, constants) {
  const text = readFileSync(source, 'utf8');
  const marker = text.indexOf('// The per-vertex stage (docs/engine-api.md), from here to main()');
  const main = text.indexOf('\nvoid main()');
  if (marker < 0 || main < 0) throw new Error(`${source}: the per-vertex stage's marker or main() is missing`);
  const declarations = text.slice(0, marker);
  let stage = text.slice(marker, main);

  // The stage's inputs: the vertex attributes and uniforms declared above the marker.
  const inputs = [];
  for (const m of declarations.matchAll(/^\s*(?:layout\s*\([^)]*\)\s*)?(in|uniform)\s+(\w+)\s+(\w+)\s*;/gm)) {
    inputs.push({ kind: m[1] === 'in' ? 'attribute' : 'uniform', type: m[2], name: m[3] });
  }
  const used = inputs.filter((input) => new RegExp(`\\b${input.name}\\b`).test(stage));
  const functions = [...stage.matchAll(/^(?:\w+)\s+(\w+)\s*\(/gm)].map((m) => m[1]);
  if (!functions.includes('deform_vertex')) throw new Error(`${source}: no deform_vertex() in the per-vertex stage`);

  const rename = (name) => `dynskin_${name}`;
  for (const name of [...used.map((i) => i.name), ...functions]) {
    stage = stage.replace(new RegExp(`\\b${name}\\b`, 'g'), rename(name));
  }
  // One character per draw: the web packages draw no instanced skinned meshes.
  stage = stage.replace(/\bgl_InstanceID\b/g, '0');

  // The uniforms the core computes (its uniform table, include/dynskin/shader_layout.h, as
  // scripts/tables/tables.json keeps it; the WebAssembly names them in JointLevel.uniformNames())
  // are the stage's, of the same types.
  const tablesPath = fileURLToPath(new URL('../../../scripts/tables/tables.json', import.meta.url));
  const uniformTable = JSON.parse(readFileSync(tablesPath, 'utf8')).uniforms;
  for (const { name, type } of uniformTable) {
    const uniform = used.find((i) => i.kind === 'uniform' && i.name === name);
    if (!uniform) throw new Error(`${source}: the stage reads no uniform ${name}, which the uniform table ${tablesPath} has`);
    if (uniform.type !== type) throw new Error(`${source}: uniform ${name} is a ${uniform.type}, the uniform table's a ${type}`);
  }
  // Those that switch whole blocks of the stage on or off (the mode's): a program may fix them
  // at compile time (defining dynskin_fixed_NAME, as dynskin-three's src/material.js does: the
  // bools to their value, the floats when 0, which is "off"), so that the compiler drops the
  // blocks the mode never runs.
  // Software WebGL (SwiftShader) runs a skipped block's instructions anyway, masked.
  const switches = uniformTable.filter((u) => u.switches_blocks).map(({ name, type }) => ({ name, type }));
  const isSwitch = (name) => switches.some((s) => s.name === name);

  // Uniforms become uniforms of the patched program (or constants: the switches above);
  // attributes become globals that the caller fills (from the engine's morphed position and
  // normal, and dynskin's own attributes).
  const declare = (i) => {
    if (i.kind === 'attribute') return `${i.type} ${rename(i.name)};`;
    if (!isSwitch(i.name)) return `uniform ${i.type} ${rename(i.name)};`;
    const fixed = `dynskin_fixed_${i.name}`;
    return `#ifdef ${fixed}\nconst ${i.type} ${rename(i.name)} = ${fixed};\n#else\nuniform ${i.type} ${rename(i.name)};\n#endif`;
  };
  const header = used.map(declare).join('\n');
  const prefixed = used.map((i) => ({ kind: i.kind, type: i.type, name: rename(i.name) }));
  const nodeStage = translateStage(stage, prefixed, rename('deform_vertex'), constants);
  const chunk = `// Generated by packages/dynskin-core/scripts/generate-stage.mjs from shaders/skinning.vert: do not edit.\n${header}\n\n${stage}`;

  return `// Generated from dynskin's shaders/skinning.vert by scripts/generate-stage.mjs: do not edit.
/** The per-vertex stage's GLSL (functions prefixed dynskin_, deform_vertex its entry point). */
export const skinningStage = ${JSON.stringify(chunk)};
/** What the stage reads: its uniforms and per-vertex inputs, as named in the GLSL. */
export const stageInputs = ${JSON.stringify(prefixed, null, 2)};
/** The uniforms a program may fix at compile time (as dynskin_fixed_NAME, NAME unprefixed). */
export const stageSwitches = ${JSON.stringify(switches)};
/**
 * The stage for node materials (three.js's WebGPURenderer), translated from the GLSL above:
 * WGSL for WebGPU, GLSL for WebGL 2, each with the core's constants and the entry
 * dynskin_deform(every input of stageInputs, in its order, named without dynskin_), which
 * returns mat3(world position, world normal, 0).
 */
export const nodeStage = ${JSON.stringify(nodeStage, null, 2)};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [source, output] = process.argv.slice(2);
  if (!source || !output) {
    console.error('usage: node scripts/generate-stage.mjs SKINNING_VERT OUT_JS');
    process.exit(2);
  }
  writeFileSync(output, skinningStageModule(source, await coreShaderConstants()));
  console.log(`wrote ${output}`);
}
