// dynskin-three's and three-vrm's update calls on the public Fox in node, without a browser
// (fox.mjs times them in Chromium): N Foxes playing "Run", each from its own phase, fixed
// 1/60 s steps, every AnimationMixer updated first and then each runtime's update. The
// textures are left out of the file (node has no image decoder; updates never read them).
// Prints the update's wall-clock µs per Fox per frame, or nothing with --quiet: under
// Valgrind, fox_instructions.sh counts the instructions instead.
// Usage: node --no-warnings bench/three/fox-node.mjs [--vrm NODE_MODULES] [--fox FOX.glb] [--foxes 10]
//        [--frames 1000] [--warm-up 600] [--runtime dynskin|vrm|none] [--quiet]
// (--runtime none: the mixers alone, which the counts subtract.)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foxCommandLine } from './fox/command-line.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { args, option, foxFile, vrmModules } = foxCommandLine(root);
const foxes = Number(option('foxes', 10)), frames = Number(option('frames', 1000)), warmUp = Number(option('warm-up', 600));
const runtime = option('runtime', 'dynskin');
if (!['dynskin', 'vrm', 'none'].includes(runtime)) throw new Error(`--runtime dynskin, vrm or none, not ${runtime}`);
// three-vrm imports three from where it is installed: the web packages' three, so that there is one.
const threeThere = path.join(vrmModules, 'three');
if (!fs.existsSync(threeThere)) fs.symlinkSync(path.join(root, 'packages/node_modules/three'), threeThere);

const THREE = await import(path.join(root, 'packages/node_modules/three/build/three.module.js'));
const { GLTFLoader } = await import(path.join(root, 'packages/node_modules/three/examples/jsm/loaders/GLTFLoader.js'));
const { DynskinPlugin } = await import(path.join(root, 'packages/dynskin-three/src/index.js'));
const { VRMSpringBoneLoaderPlugin } = await import(path.join(vrmModules, '@pixiv/three-vrm-springbone/lib/three-vrm-springbone.module.js'));
const { editGlb } = await import(path.join(root, 'packages/test-support/glb.js'));
const { addSpringTail } = await import(path.join(here, 'fox/spring-tail.js'));

const withoutTextures = (json) => {
  for (const key of ['images', 'textures', 'samplers']) delete json[key];
  for (const material of json.materials ?? []) delete material.pbrMetallicRoughness?.baseColorTexture;
};
const file = editGlb(new Uint8Array(fs.readFileSync(foxFile)), (json) => {
  withoutTextures(json);
  if (runtime !== 'dynskin') addSpringTail(json);
}).buffer;
const loader = new GLTFLoader().register((parser) => (runtime === 'dynskin'
  ? new DynskinPlugin(parser, { withoutExtension: true, parameters: { mode: 'dynamic' } })
  : new VRMSpringBoneLoaderPlugin(parser)));
const scene = new THREE.Scene();
const set = [];
for (let i = 0; i < foxes; ++i) {
  const gltf = await loader.parseAsync(file.slice(0), '');
  scene.add(gltf.scene);
  const mixer = new THREE.AnimationMixer(gltf.scene);
  const action = mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'Run')).play();
  action.time = ((i * 0.618) % 1) * action.getClip().duration;
  mixer.update(0);
  set.push({ mixer, dynskin: gltf.userData.dynskin, springs: gltf.userData.vrmSpringBoneManager });
}

const step = 1 / 60;
let spent = 0;
function frame() {
  for (const fox of set) fox.mixer.update(step);
  const start = performance.now();
  if (runtime === 'dynskin') for (const fox of set) fox.dynskin.update(step);
  else if (runtime === 'vrm') for (const fox of set) fox.springs.update(step);
  spent += performance.now() - start;
}
for (let i = 0; i < warmUp; ++i) frame();
spent = 0;
for (let i = 0; i < frames; ++i) frame();
if (!args.includes('--quiet')) console.log(`${runtime}: ${((spent * 1e3) / frames / foxes).toFixed(3)} µs per Fox per frame (${foxes} Foxes, ${frames} frames)`);
