// What the web packages' browser test pages (dynskin-three's and dynskin-babylon's test/page)
// and bench pages share about files, served from the repository's root: a file's bytes,
// fetched once, and a .glb with its JSON edited.

const files = new Map();

/** The bytes of the file at url (fetched once; a Uint8Array over its whole buffer). */
export async function fileBytes(url) {
  if (!files.has(url)) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    files.set(url, new Uint8Array(await response.arrayBuffer()));
  }
  return files.get(url);
}

/** A copy of the .glb at url with its JSON passed through edit(json) (the binary chunk as it is). */
export async function editedGlb(url, edit) {
  return editGlb(await fileBytes(url), edit);
}

/** A copy of a .glb's bytes (a Uint8Array) with its JSON passed through edit(json). */
export function editGlb(bytes, edit) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  const rest = bytes.subarray(20 + jsonLength);
  edit(json);
  const text = new TextEncoder().encode(JSON.stringify(json));
  const padded = new Uint8Array(Math.ceil(text.length / 4) * 4).fill(0x20);
  padded.set(text);
  const out = new Uint8Array(20 + padded.length + rest.length);
  const o = new DataView(out.buffer);
  o.setUint32(0, 0x46546c67, true); // glTF
  o.setUint32(4, 2, true);
  o.setUint32(8, out.length, true);
  o.setUint32(12, padded.length, true);
  o.setUint32(16, 0x4e4f534a, true); // JSON
  out.set(padded, 20);
  out.set(rest, 20 + padded.length);
  return out;
}

/** Takes every dynskin setting out of a glTF's JSON (the bundled characters carry theirs). */
export function withoutDynskin(json) {
  const name = 'DYNSKIN_dynamic_skinning';
  for (const key of ['extensionsUsed', 'extensionsRequired']) if (json[key]) json[key] = json[key].filter((e) => e !== name);
  for (const owner of [json, ...(json.nodes ?? [])]) if (owner.extensions) delete owner.extensions[name];
  if (json.asset?.extras) delete json.asset.extras.dynskin;
}
