// How a runtime reads and writes the core's memory (wasm/joint_level_bindings.cpp), whatever
// its engine: views that follow the memory's growth, the layout of the buffers it shares, and
// the shape of the tables the per-vertex stage reads.

/** Floats of a joint in JointLevel.locals(): translation xyz, rotation xyzw, scale xyz. */
export const FLOATS_PER_BONE = 10;
/** What JointLevel.ringState() holds, by index: the ring's length in ticks, its newest tick, the history's restarts. */
export const [RING_TICKS, RING_NEWEST_TICK, RING_RESTARTS] = [0, 1, 2];

/**
 * A view of the core's memory, taken again once the memory has grown: `take` makes one.
 */
export class HeapView {
  constructor(take) {
    this.take = take;
    this.view = take();
  }

  get() {
    // Growing detaches the old buffer, which empties every view of it. (Asking the module for
    // its HEAPF32 instead is a lookup in an object of hundreds of properties, three times a
    // character and frame.) An empty view is merely taken again.
    if (this.view.length === 0) this.view = this.take();
    return this.view;
  }
}

/**
 * The shape of a table of `count` RGBA texels: rows of `width` texels (JointLevel.tableWidth();
 * the stage finds texel i at (i mod width, i / width)), no wider than the texels it holds.
 */
export function tableShape(count, width) {
  return { width: Math.max(1, Math.min(width, count)), height: Math.max(1, Math.ceil(count / width)) };
}
