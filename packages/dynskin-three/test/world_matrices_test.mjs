// WorldMatrices (src/world-matrices.js) against three.js's own Object3D.updateWorldMatrix(true,
// false) on a random scene graph: after each read, three.js bringing the same nodes up to date
// again changes no world matrix by a bit. The reads visit random nodes while others move,
// stay still, change parent, switch matrixAutoUpdate or matrixWorldAutoUpdate off, or have
// their world written by hand; a node's parent may move in a read that does not visit it.
// The version update() returns for a node stays the same only while its world does, also
// across the times WorldMatrices forgets its nodes (more than it keeps met in one read).
// Node alone: node test/world_matrices_test.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { Object3D } = await import(path.join(here, '../../node_modules/three/build/three.module.js'));
const { WorldMatrices } = await import(path.join(here, '../src/world-matrices.js'));

let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (list) => list[Math.floor(random() * list.length)];

const nodes = [new Object3D()];
for (let i = 1; i < 24; ++i) pick(nodes).add((nodes[i] = new Object3D()));
const worlds = new WorldMatrices();
const counts = { reads: 0, moved: 0, reparented: 0, manual: 0, frozen: 0, written: 0, forgotten: 0, unchanged: 0 };
const lastSeen = new Map(); // node -> [the version update() returned, its world then]
let failures = 0;

for (let read = 0; read < 4000; ++read) {
  // A few edits (often none: most frames of a character animated in place change nothing).
  const edits = random() < 0.4 ? 0 : Math.floor(random() * 3);
  for (let e = 0; e < edits; ++e) {
    const node = pick(nodes), what = random();
    if (what < 0.55) {
      node.position.set(random(), random() - 0.5, random());
      node.quaternion.set(random(), random(), random(), random()).normalize();
      if (random() < 0.3) node.scale.setScalar(0.5 + random());
      ++counts.moved;
    } else if (what < 0.7) {
      // Reparented under a node that is not its descendant.
      const below = new Set();
      node.traverse((n) => below.add(n));
      const parent = pick(nodes);
      if (!below.has(parent)) {
        parent.attach(node);
        ++counts.reparented;
      }
    } else if (what < 0.82) {
      node.matrixAutoUpdate = !node.matrixAutoUpdate;
      if (!node.matrixAutoUpdate) {
        node.matrix.makeRotationY(random());
        node.matrixWorldNeedsUpdate = true;
      }
      ++counts.manual;
    } else if (what < 0.9) {
      node.matrixWorldAutoUpdate = !node.matrixWorldAutoUpdate;
      ++counts.frozen;
    } else {
      node.matrixWorld.makeTranslation(random(), random(), random()); // by hand
      ++counts.written;
    }
  }
  worlds.begin();
  if (read % 400 === 399) {
    // Nodes of a scene graph since rebuilt: past the most it keeps, the next read forgets all.
    for (let i = 0; i < 70; ++i) worlds.update(new Object3D());
    ++counts.forgotten;
  }
  const visited = [];
  for (let v = 1 + Math.floor(random() * 3); v > 0; --v) {
    const node = pick(nodes);
    const version = worlds.update(node), last = lastSeen.get(node);
    if (last && last[0] === version) {
      ++counts.unchanged;
      if (!last[1].equals(node.matrixWorld) && failures++ < 5) {
        console.log(`FAIL read ${read}: node ${nodes.indexOf(node)}'s world changed, its version did not`);
      }
    }
    lastSeen.set(node, [version, node.matrixWorld.clone()]);
    visited.push(node);
  }
  ++counts.reads;
  for (const node of visited) {
    const chain = [];
    for (let n = node; n; n = n.parent) chain.push([n, n.matrixWorld.clone()]);
    node.updateWorldMatrix(true, false);
    for (const [n, ours] of chain) {
      if (!ours.equals(n.matrixWorld) && failures++ < 5) {
        console.log(`FAIL read ${read}: node ${nodes.indexOf(n)}'s world differs from three.js's after WorldMatrices.update`);
      }
    }
  }
}
console.log(`${counts.reads} reads (${counts.moved} moves, ${counts.reparented} reparented, ${counts.manual} matrixAutoUpdate switched, ` +
  `${counts.frozen} matrixWorldAutoUpdate switched, ${counts.written} worlds written by hand, ${counts.forgotten} times forgotten; ` +
  `${counts.unchanged} versions unchanged)`);
if (failures) {
  console.log(`FAIL world_matrices: ${failures} world matrices differ from three.js's`);
  process.exit(1);
}
if (counts.unchanged < 500) {
  console.log(`FAIL world_matrices: only ${counts.unchanged} versions unchanged (the check above barely ran)`);
  process.exit(1);
}
console.log('PASS world_matrices: every world matrix as three.js brings it up to date, and its version unchanged only with it');
