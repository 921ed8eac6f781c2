// A skeleton as the core takes it, whatever the engine's bones: its joints in an order where
// each parent comes before its children (the core's requirement; glTF's joint lists need not
// be so), and the uniform scale of a world matrix.

/**
 * The core's joint order from each joint's parent joint (`parentOf[i]`: an index into the
 * same list, or -1): `order[k]` is the engine's joint of the core's joint k, `parents[k]` the
 * core's index of its parent (-1 for a root).
 */
export function jointOrder(parentOf) {
  const order = [];
  const placed = new Array(parentOf.length).fill(false);
  const place = (i) => {
    if (placed[i]) return;
    if (parentOf[i] >= 0) place(parentOf[i]);
    placed[i] = true;
    order.push(i);
  };
  parentOf.forEach((_, i) => place(i));
  const coreIndex = new Array(order.length);
  order.forEach((joint, k) => (coreIndex[joint] = k));
  return { order, parents: order.map((joint) => (parentOf[joint] >= 0 ? coreIndex[parentOf[joint]] : -1)), coreIndex };
}

/**
 * The uniform scale of a 4 x 4 matrix of 16 numbers, column-major (three.js's elements,
 * Babylon.js's m): the cube root of its 3 x 3 part's determinant, in absolute value, into
 * out[0] (a typed array: a fraction returned would be a number allocated at every call).
 */
export function uniformScaleInto(e, out) {
  const det = e[0] * (e[5] * e[10] - e[9] * e[6]) - e[4] * (e[1] * e[10] - e[9] * e[2]) + e[8] * (e[1] * e[6] - e[5] * e[2]);
  out[0] = Math.cbrt(Math.abs(det));
}
