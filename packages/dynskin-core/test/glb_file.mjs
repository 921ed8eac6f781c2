// A glb file's JSON and binary chunk, read and written without any glTF library, so that the
// tests check what a file really holds (dynskin-three's what glTF-Transform wrote).
import assert from 'node:assert/strict';

const MAGIC = 0x46546c67, JSON_CHUNK = 0x4e4f534a, BIN_CHUNK = 0x004e4942;

export function readGlb(bytes) {
  const data = Buffer.from(bytes.buffer ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) : bytes);
  assert.equal(data.readUInt32LE(0), MAGIC, 'not a glb file');
  const jsonLength = data.readUInt32LE(12);
  assert.equal(data.readUInt32LE(16), JSON_CHUNK, 'the first chunk is not JSON');
  const json = JSON.parse(data.subarray(20, 20 + jsonLength).toString('utf8'));
  let bin = Buffer.alloc(0);
  const binStart = 20 + jsonLength;
  if (binStart + 8 <= data.length) {
    assert.equal(data.readUInt32LE(binStart + 4), BIN_CHUNK, 'the second chunk is not BIN');
    bin = Buffer.from(data.subarray(binStart + 8, binStart + 8 + data.readUInt32LE(binStart)));
  }
  return { json, bin };
}

const padded = (buffer, fill) => {
  const extra = (4 - (buffer.length % 4)) % 4;
  return extra ? Buffer.concat([buffer, Buffer.alloc(extra, fill)]) : buffer;
};

export function writeGlb({ json, bin }) {
  if (json.buffers?.length) json.buffers[0].byteLength = bin.length;
  const jsonChunk = padded(Buffer.from(JSON.stringify(json), 'utf8'), 0x20);
  const binChunk = padded(bin, 0);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + jsonChunk.length + (binChunk.length ? 8 + binChunk.length : 0), 8);
  const chunk = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(body.length, 0);
    head.writeUInt32LE(type, 4);
    return [head, body];
  };
  return Buffer.concat([header, ...chunk(JSON_CHUNK, jsonChunk), ...(binChunk.length ? chunk(BIN_CHUNK, binChunk) : [])]);
}

// Appends a SCALAR FLOAT accessor holding `values` to the binary chunk; returns its index.
export function appendAccessor(glb, values) {
  const { json } = glb;
  const start = padded(glb.bin, 0).length;
  glb.bin = Buffer.concat([padded(glb.bin, 0), Buffer.from(values.buffer, values.byteOffset, values.byteLength)]);
  json.bufferViews.push({ buffer: 0, byteOffset: start, byteLength: values.byteLength, target: 34962 });
  let min = Infinity, max = -Infinity;
  for (const v of values) { min = Math.min(min, v); max = Math.max(max, v); }
  json.accessors.push({ bufferView: json.bufferViews.length - 1, componentType: 5126, count: values.length, type: 'SCALAR', min: [min], max: [max] });
  return json.accessors.length - 1;
}

// The values of a SCALAR FLOAT accessor (tightly packed or strided), as a Float32Array.
export function accessorValues(glb, index) {
  const accessor = glb.json.accessors[index];
  assert.equal(accessor.componentType, 5126, `accessor ${index} is not FLOAT`);
  assert.equal(accessor.type, 'SCALAR', `accessor ${index} is not SCALAR`);
  const view = glb.json.bufferViews[accessor.bufferView];
  const stride = view.byteStride || 4;
  const start = (view.byteOffset || 0) + (accessor.byteOffset || 0);
  const values = new Float32Array(accessor.count);
  for (let i = 0; i < accessor.count; i++) values[i] = glb.bin.readFloatLE(start + i * stride);
  return values;
}

const COMPONENTS = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };
const READERS = { 5121: ['readUInt8', 1], 5123: ['readUInt16LE', 2], 5125: ['readUInt32LE', 4], 5126: ['readFloatLE', 4] };

// Every number of an accessor of any type (not normalized; tightly packed or strided), in order.
export function accessorNumbers(glb, index) {
  const accessor = glb.json.accessors[index];
  const components = COMPONENTS[accessor.type], [read, bytes] = READERS[accessor.componentType];
  assert.ok(components && read, `accessor ${index}: ${accessor.type} of ${accessor.componentType} is not read here`);
  const view = glb.json.bufferViews[accessor.bufferView];
  const stride = view.byteStride || components * bytes;
  const start = (view.byteOffset || 0) + (accessor.byteOffset || 0);
  const values = new Array(accessor.count * components);
  for (let i = 0; i < accessor.count; i++) {
    for (let c = 0; c < components; c++) values[i * components + c] = glb.bin[read](start + i * stride + c * bytes);
  }
  return values;
}
