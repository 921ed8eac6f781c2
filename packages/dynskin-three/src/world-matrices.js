// The world matrices a pose read needs (the meshes' and their ancestors', a joint's parent
// that is no bone), brought up to date as Object3D.updateWorldMatrix(true, false) brings
// them, once a read. A node whose own transform, parent and parent's world are what they were
// when its world was last worked out here, and whose world still holds that result, keeps it:
// for a character animated in place (every frame of most scenes) a comparison replaces
// three.js composing each ancestor's matrix and multiplying it by its parent's.

const KEPT = 26; // a node's position, quaternion and scale (10 numbers), then its world (16)
const MOST_NODES = 64; // beyond this at a read's start (nodes of a scene graph since rebuilt), start again

export class WorldMatrices {
  #nodes = []; // the nodes met, in the order first met
  #kept = []; // each one's transform and world when last worked out (Float64Array(KEPT))
  #parents = []; // each one's parent then
  #parentVersions = []; // and that parent's version then
  // Each one's world's version: a number the world had at no other time (#changes when it
  // last changed here, so that a node met again after #forget() is never taken as unchanged).
  #versions = [];
  #changes = 0;
  #derived = []; // whether three.js worked that world out from the parent's and the transform
  #reads = []; // the read in which each was last brought up to date
  #read = 0;

  /** A new read: every node's world is brought up to date again (once) by update(). */
  begin() {
    ++this.#read;
    if (this.#nodes.length > MOST_NODES) this.#forget();
  }

  /**
   * Brings node's world matrix, and its ancestors', up to date; returns its version, which
   * differs from the last one returned for node exactly when its world may have changed.
   */
  update(node) {
    return this.#versions[this.#update(node)];
  }

  // update(), returning the node's index.
  #update(node) {
    const i = this.#indexOf(node);
    if (this.#reads[i] === this.#read) return i;
    this.#reads[i] = this.#read;
    const parent = node.parent;
    const parentVersion = parent === null ? -1 : this.#versions[this.#update(parent)];
    const kept = this.#kept[i], world = node.matrixWorld.elements;
    if (
      parent === this.#parents[i] &&
      parentVersion === this.#parentVersions[i] &&
      this.#derived[i] &&
      node.matrixAutoUpdate &&
      node.matrixWorldAutoUpdate &&
      sameTransform(kept, node) &&
      sameWorld(kept, world)
    ) {
      return i;
    }
    node.updateWorldMatrix(false, false);
    // (Switched off, three.js leaves the matrix, or the world, as the user wrote it.)
    this.#derived[i] = node.matrixAutoUpdate && node.matrixWorldAutoUpdate;
    this.#parents[i] = parent;
    this.#parentVersions[i] = parentVersion;
    keepTransform(kept, node);
    if (!sameWorld(kept, world)) {
      for (let e = 0; e < 16; ++e) kept[10 + e] = world[e];
      this.#versions[i] = ++this.#changes;
    }
    return i;
  }

  #indexOf(node) {
    const i = this.#nodes.indexOf(node); // a few nodes: scanned
    if (i >= 0) return i;
    this.#nodes.push(node);
    this.#kept.push(new Float64Array(KEPT).fill(NaN));
    this.#parents.push(undefined);
    this.#parentVersions.push(-1);
    this.#versions.push(0);
    this.#derived.push(false);
    this.#reads.push(-1);
    return this.#nodes.length - 1;
  }

  #forget() {
    for (const list of [this.#nodes, this.#kept, this.#parents, this.#parentVersions, this.#versions, this.#derived, this.#reads]) list.length = 0;
  }
}

/** Whether node's position, quaternion and scale are the 10 numbers kept[0..9]. */
export function sameTransform(kept, node) {
  const p = node.position, q = node.quaternion, s = node.scale;
  return (
    kept[0] === p.x && kept[1] === p.y && kept[2] === p.z &&
    kept[3] === q.x && kept[4] === q.y && kept[5] === q.z && kept[6] === q.w &&
    kept[7] === s.x && kept[8] === s.y && kept[9] === s.z
  );
}

/** Keeps node's position, quaternion and scale in kept[0..9]. */
export function keepTransform(kept, node) {
  const p = node.position, q = node.quaternion, s = node.scale;
  kept[0] = p.x;
  kept[1] = p.y;
  kept[2] = p.z;
  q.toArray(kept, 3); // (a quaternion's x is a getter: toArray reads its fields)
  kept[7] = s.x;
  kept[8] = s.y;
  kept[9] = s.z;
}

function sameWorld(kept, world) {
  for (let e = 0; e < 16; ++e) if (kept[10 + e] !== world[e]) return false;
  return true;
}
