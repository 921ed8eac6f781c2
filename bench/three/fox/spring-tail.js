// The three-vrm side of the Fox benches (fox-page.js in Chromium, ../fox-node.mjs in node): a
// VRMC_springBone 1.0 spring on the Fox's tail, written into the glTF's JSON.

// three-vrm's defaults for a joint, but for a softer stiffness: a tail that swings.
const SPRING = { stiffness: 0.5, dragForce: 0.4, gravityPower: 0, gravityDir: [0, -1, 0], hitRadius: 0 };

// The tail's bones, root to tip: the nodes named "tail", from the one whose parent is not
// one of them, down through their children.
function tailChain(json) {
  const tail = new Set(json.nodes.map((node, i) => (/tail/i.test(node.name ?? '') ? i : -1)).filter((i) => i >= 0));
  const parentOf = new Map();
  json.nodes.forEach((node, i) => (node.children ?? []).forEach((child) => parentOf.set(child, i)));
  const roots = [...tail].filter((i) => !tail.has(parentOf.get(i)));
  if (roots.length !== 1) throw new Error(`expected one tail chain, found ${roots.length} (nodes named "tail": ${tail.size})`);
  const chain = [roots[0]];
  for (;;) {
    const next = (json.nodes[chain[chain.length - 1]].children ?? []).filter((child) => tail.has(child));
    if (next.length !== 1) break;
    chain.push(next[0]);
  }
  return chain;
}

/**
 * Adds one spring whose joints are the tail's bones (three-vrm swings each joint toward the
 * next: the chain's last bone follows its parent) to a glTF's JSON; returns the tail's bones
 * as { node, name }.
 */
export function addSpringTail(json) {
  const chain = tailChain(json).map((node) => ({ node, name: json.nodes[node].name }));
  json.extensionsUsed = [...(json.extensionsUsed ?? []), 'VRMC_springBone'];
  json.extensions = {
    ...(json.extensions ?? {}),
    VRMC_springBone: { specVersion: '1.0', springs: [{ name: 'tail', joints: chain.map(({ node }) => ({ node, ...SPRING })) }] },
  };
  return chain;
}
