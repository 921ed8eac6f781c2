// What the Fox benches (../fox.mjs in Chromium, ../fox-node.mjs in node) read from their
// command line first: --NAME VALUE options, the Fox (--fox, default ../shared/rigs/wild/Fox.glb:
// without it the bench says so and exits) and three-vrm's install (--vrm, default
// build-three-bench/node_modules, which fox.sh fills).
import fs from 'node:fs';
import path from 'node:path';

export function foxCommandLine(root) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const foxFile = path.resolve(option('fox', path.join(root, '../shared/rigs/wild/Fox.glb')));
  const vrmModules = path.resolve(option('vrm', path.join(root, 'build-three-bench/node_modules')));
  if (!fs.existsSync(foxFile)) {
    console.log(`SKIP: ${foxFile} is absent (the public Fox, which the bench reads from ../shared/rigs/wild; --fox FILE gives another path)`);
    process.exit(0);
  }
  const springbone = path.join(vrmModules, '@pixiv/three-vrm-springbone/package.json');
  if (!fs.existsSync(springbone)) throw new Error(`${springbone} is missing: bench/three/fox.sh installs it`);
  return { args, option, foxFile, vrmModules, springbone };
}
