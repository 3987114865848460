// Reading and writing glTF containers without the DOM or Node: GLB (binary) and .gltf (JSON with
// data-URI or external buffers), accessor data as numbers, and a GLB writer that keeps every key of
// the JSON it is given. Files are kept whole, so a bake adds its animation and loses nothing else
// (extensions such as VRMC_vrm, compressed meshes, materials, textures).
import { readJson } from '../../../graph/safe-json';
import { limitsWith } from '../../../graph/limits';
import { GltfError } from './error';
import { DEFAULT_GLTF_LIMITS, gltfLimitsWith, tooBig, type GltfLimits } from './limits';
import { checkStructure, COMPONENT_BYTES, COMPONENTS } from './structure';
import type { GltfAsset, GltfJson } from './types';
import { checkUri } from './uri-policy';

export { GltfError } from './error';

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"

/**
 * A file the URI policy allowed (see uri-policy.ts), for the reader of the file's folder to supply.
 * Buffers ask for exactly `byteLength` bytes; images for all of the file, at most `maxBytes`
 * (maxFileBytes).
 */
export interface ExternalFile {
  /** Relative to the glTF file's folder, normalized ('/'-separated, no '.' or '..'). */
  path: string;
  /** Where the file names it, e.g. `/buffers/0/uri`. */
  pointer: string;
  byteLength?: number;
  maxBytes: number;
}

/**
 * Supplies an external file's bytes, undefined when there is no such file; throws a GltfError
 * when it refuses one (a link out of the folder, a device).
 */
export type ResolveExternal = (file: ExternalFile) => Uint8Array | undefined;

export interface ReadGltfOptions {
  /** The reader of the file's folder; without one the file has no folder and only data: URIs are read. */
  resolve?: ResolveExternal;
  /** Limits in place of DEFAULT_GLTF_LIMITS (see limits.ts). */
  limits?: Partial<GltfLimits>;
}

/** Whether bytes start like a GLB file. */
export function isGlb(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 12 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === GLB_MAGIC;
}

/**
 * Reads a GLB file, or a .gltf's JSON text given as bytes, within the limits; `resolve` supplies
 * external buffers (relative to the file) and may be left out when everything is inside the file.
 * Throws a GltfError naming the pointer at fault.
 */
export function readGltf(bytes: Uint8Array, options: ReadGltfOptions = {}): GltfAsset {
  const limits = gltfLimitsWith(options.limits);
  if (bytes.byteLength > limits.maxFileBytes) throw tooBig('', 'the file is', bytes.byteLength, 'maxFileBytes', limits);
  if (isGlb(bytes)) return readGlb(bytes, options.resolve, limits);
  const json = parseGltfJson(bytes, limits, (message) => `neither a GLB file nor glTF JSON (${message})`);
  return fromJson(json, undefined, options.resolve, limits);
}

function readGlb(bytes: Uint8Array, resolve: ResolveExternal | undefined, limits: GltfLimits): GltfAsset {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== 2) throw new GltfError(`GLB version ${version}; Sinew reads glTF 2.0`);
  const length = Math.min(view.getUint32(8, true), bytes.byteLength);
  let json: GltfJson | undefined;
  let bin: Uint8Array | undefined;
  for (let at = 12; at + 8 <= length;) {
    const size = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const start = at + 8;
    if (start + size > length) throw new GltfError('GLB chunk runs past the end of the file (truncated file?)');
    const data = bytes.subarray(start, start + size);
    if (type === CHUNK_JSON && !json) {
      json = parseGltfJson(data, limits, (message) => `GLB JSON chunk is not valid JSON (${message})`);
    } else if (type === CHUNK_BIN && !bin) {
      bin = data;
    }
    at = start + ((size + 3) & ~3);
  }
  if (!json) throw new GltfError('GLB file has no JSON chunk');
  return fromJson(json, bin, resolve, limits);
}

/**
 * The JSON of a glTF, read as the graph loader reads its files: size, then nesting (a scan of the
 * text before JSON.parse, so a deep file cannot overflow anything), then numbers past a double.
 */
function parseGltfJson(bytes: Uint8Array, limits: GltfLimits, syntax: (message: string) => string): GltfJson {
  if (bytes.byteLength > limits.maxJsonBytes) throw tooBig('', 'the JSON is', bytes.byteLength, 'maxJsonBytes', limits);
  const read = readJson(new TextDecoder().decode(bytes), limitsWith({ maxTextLength: Infinity, maxDepth: limits.maxDepth }));
  if (!read.ok) {
    const e = read.errors[0];
    throw new GltfError(e.code === 'json-syntax' ? syntax(e.message.replace(/^the file is not valid JSON: /, '')) : e.message, e.pointer, e.code);
  }
  return read.value as GltfJson;
}

function fromJson(json: GltfJson, bin: Uint8Array | undefined, resolve: ResolveExternal | undefined, limits: GltfLimits): GltfAsset {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || typeof json.asset !== 'object' || json.asset === null) throw new GltfError('not a glTF file (no "asset")');
  // The file's version as written: "2.0", or a number in a hand-made file; anything else is no version.
  const version: unknown = json.asset.version;
  const major = (typeof version === 'string' ? version : typeof version === 'number' ? String(version) : '').split('.')[0];
  if (major !== '2') throw new GltfError(`glTF version ${json.asset.version}; Sinew reads glTF 2.0`, '/asset/version');
  // Everything that can be judged from the JSON is, before any buffer is decoded or opened.
  const checked = checkStructure(json, limits, resolve !== undefined, bin !== undefined);
  const buffers = (json.buffers ?? []).map((b, i) => {
    const verdict = checked.buffers[i];
    const pointer = `/buffers/${i}/uri`;
    let data: Uint8Array | undefined;
    if (verdict === undefined) {
      data = bin!;
    } else if (verdict.kind === 'data') {
      data = decodeDataUri(b.uri!, pointer, limits);
    } else {
      data = resolve!({ path: verdict.path, pointer, byteLength: b.byteLength, maxBytes: b.byteLength });
      if (!data) throw new GltfError(`cannot read ${JSON.stringify(b.uri)}: no such file in the glTF file's folder`, pointer);
    }
    if (data.byteLength < b.byteLength) {
      throw new GltfError(`buffer ${i} holds ${data.byteLength} bytes, the file says ${b.byteLength}`, `/buffers/${i}/byteLength`);
    }
    return data;
  });
  return { json, buffers };
}

/**
 * The bytes of a base64 data URI, at most limits.maxBufferBytes of them (worked out from the text's
 * length before anything is decoded).
 */
export function decodeDataUri(uri: string, pointer = '', limits: GltfLimits = DEFAULT_GLTF_LIMITS): Uint8Array {
  const comma = uri.indexOf(',');
  if (comma < 0 || !uri.slice(0, comma).toLowerCase().endsWith(';base64')) throw new GltfError('only base64 data URIs are supported', pointer);
  const payload = uri.slice(comma + 1);
  // Each 4 characters are 3 bytes (padding makes it up to 2 fewer).
  const decodedSize = Math.floor((payload.length * 3) / 4);
  if (decodedSize > limits.maxBufferBytes + 2) throw tooBig(pointer, 'the data: URI holds', decodedSize, 'maxBufferBytes', limits);
  let text: string;
  try {
    text = atob(payload);
  } catch {
    throw new GltfError('the data: URI is not valid base64', pointer);
  }
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** An accessor's values as numbers (count × components), normalized integers mapped to [-1, 1] / [0, 1]. */
export function readAccessor(asset: GltfAsset, index: number): Float64Array {
  const acc = asset.json.accessors?.[index];
  if (!acc) throw new GltfError(`accessor ${index} is not in the file`);
  const n = COMPONENTS[acc.type];
  const size = COMPONENT_BYTES[acc.componentType];
  if (!n || !size) throw new GltfError(`accessor ${index}: unknown type ${acc.type}/${acc.componentType}`, `/accessors/${index}`);
  const out = new Float64Array(acc.count * n);
  if (acc.bufferView !== undefined) {
    const { view, stride } = bufferViewOf(asset, acc.bufferView);
    const base = acc.byteOffset ?? 0;
    const elementStride = stride || n * size;
    // Matrix columns of 1- and 2-byte components are padded to 4 bytes (glTF data alignment).
    const columnPad = acc.type.startsWith('MAT') && size < 4 ? alignedColumns(acc.type, size) : undefined;
    for (let i = 0; i < acc.count; i++) {
      for (let c = 0; c < n; c++) {
        const offset = base + i * elementStride + (columnPad ? columnPad(c) : c * size);
        out[i * n + c] = readComponent(view, offset, acc.componentType, acc.normalized === true);
      }
    }
  }
  if (acc.sparse) {
    const s = acc.sparse;
    const idx = bufferViewOf(asset, s.indices.bufferView).view;
    const val = bufferViewOf(asset, s.values.bufferView).view;
    const isize = COMPONENT_BYTES[s.indices.componentType];
    for (let k = 0; k < s.count; k++) {
      const target = readComponent(idx, (s.indices.byteOffset ?? 0) + k * isize, s.indices.componentType, false);
      if (target >= acc.count) throw new GltfError(`sparse index ${k} is ${target}, past the accessor's ${acc.count} elements`, `/accessors/${index}/sparse/indices`);
      for (let c = 0; c < n; c++) {
        out[target * n + c] = readComponent(val, (s.values.byteOffset ?? 0) + (k * n + c) * size, acc.componentType, acc.normalized === true);
      }
    }
  }
  return out;
}

function alignedColumns(type: string, size: number): (c: number) => number {
  const rows = type === 'MAT2' ? 2 : type === 'MAT3' ? 3 : 4;
  const colBytes = Math.ceil((rows * size) / 4) * 4;
  return (c) => Math.floor(c / rows) * colBytes + (c % rows) * size;
}

function bufferViewOf(asset: GltfAsset, index: number): { view: DataView; stride: number } {
  const bv = asset.json.bufferViews?.[index];
  if (!bv) throw new GltfError(`bufferView ${index} is not in the file`);
  const buf = asset.buffers[bv.buffer];
  if (!buf) throw new GltfError(`bufferView ${index} names buffer ${bv.buffer}, which is not in the file`);
  const start = buf.byteOffset + (bv.byteOffset ?? 0);
  if ((bv.byteOffset ?? 0) + bv.byteLength > buf.byteLength) throw new GltfError(`bufferView ${index} runs past the end of its buffer`);
  return { view: new DataView(buf.buffer, start, bv.byteLength), stride: bv.byteStride ?? 0 };
}

function readComponent(view: DataView, offset: number, type: number, normalized: boolean): number {
  switch (type) {
    case 5126: return view.getFloat32(offset, true);
    case 5125: return view.getUint32(offset, true);
    case 5123: { const v = view.getUint16(offset, true); return normalized ? v / 65535 : v; }
    case 5122: { const v = view.getInt16(offset, true); return normalized ? Math.max(v / 32767, -1) : v; }
    case 5121: { const v = view.getUint8(offset); return normalized ? v / 255 : v; }
    case 5120: { const v = view.getInt8(offset); return normalized ? Math.max(v / 127, -1) : v; }
    default: throw new GltfError(`unknown component type ${type}`);
  }
}

/**
 * The asset with one buffer: every buffer concatenated (4-byte aligned) and every external image
 * embedded, so it can be written as a GLB. `resolve` supplies external images the URI policy
 * allows (a refused URI throws); ones it cannot find keep their URI (relative to where the .gltf
 * was). Images count against maxFileBytes each and maxTotalBytes with the buffers.
 */
export function singleBuffer(asset: GltfAsset, options: ReadGltfOptions = {}): GltfAsset {
  const limits = gltfLimitsWith(options.limits);
  const json = structuredClone(asset.json);
  const parts: Uint8Array[] = [];
  let length = 0;
  const starts: number[] = [];
  const push = (data: Uint8Array) => {
    const pad = (4 - (length % 4)) % 4;
    if (pad) { parts.push(new Uint8Array(pad)); length += pad; }
    const start = length;
    parts.push(data);
    length += data.byteLength;
    return start;
  };
  (json.buffers ?? []).forEach((b, i) => starts.push(push(asset.buffers[i].subarray(0, b.byteLength))));
  for (const bv of json.bufferViews ?? []) {
    bv.byteOffset = starts[bv.buffer] + (bv.byteOffset ?? 0);
    bv.buffer = 0;
  }
  for (const [i, image] of (json.images ?? []).entries()) {
    if (image.uri === undefined) continue;
    const pointer = `/images/${i}/uri`;
    // Without a reader nothing is read: an external image keeps its URI.
    if (!options.resolve && !/^data:/i.test(image.uri)) continue;
    const verdict = checkUri(image.uri, pointer, options.resolve !== undefined);
    const data = verdict.kind === 'data'
      ? decodeDataUri(image.uri, pointer, limits)
      : options.resolve!({ path: verdict.path, pointer, maxBytes: limits.maxFileBytes });
    if (!data) continue;
    if (length + data.byteLength > limits.maxTotalBytes) throw tooBig(pointer, 'the buffers and images up to this one are', length + data.byteLength, 'maxTotalBytes', limits);
    const mimeType = image.mimeType ?? (verdict.kind === 'data' ? image.uri.slice(5, image.uri.indexOf(';')) : /\.jpe?g$/i.test(verdict.path) ? 'image/jpeg' : 'image/png');
    json.bufferViews ??= [];
    json.bufferViews.push({ buffer: 0, byteOffset: push(data), byteLength: data.byteLength });
    image.bufferView = json.bufferViews.length - 1;
    image.mimeType = mimeType;
    delete image.uri;
  }
  const bin = concat(parts, length);
  json.buffers = bin.byteLength ? [{ byteLength: bin.byteLength }] : [];
  if (!json.bufferViews?.length) delete json.bufferViews;
  return { json, buffers: bin.byteLength ? [bin] : [] };
}

/** Appends bytes to buffer 0 (4-byte aligned, creating the buffer if needed); returns their offset. */
export function appendToBuffer(asset: GltfAsset, data: Uint8Array): number {
  const json = asset.json;
  json.buffers ??= [];
  if (!json.buffers.length) {
    json.buffers.push({ byteLength: 0 });
    asset.buffers[0] = new Uint8Array(0);
  }
  const old = asset.buffers[0].subarray(0, json.buffers[0].byteLength);
  const start = (old.byteLength + 3) & ~3;
  const next = new Uint8Array(start + data.byteLength);
  next.set(old, 0);
  next.set(data, start);
  asset.buffers[0] = next;
  json.buffers[0].byteLength = next.byteLength;
  return start;
}

/** A GLB file of an asset whose data is all in buffer 0 (see `singleBuffer`). */
export function writeGlb(asset: GltfAsset): Uint8Array {
  const json = { ...asset.json };
  if (json.buffers?.length) {
    if (json.buffers.length > 1 || json.buffers[0].uri !== undefined) throw new GltfError('writeGlb needs all data in one embedded buffer (use singleBuffer first)');
  }
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonPad = (4 - (jsonBytes.byteLength % 4)) % 4;
  const bin = json.buffers?.length ? asset.buffers[0].subarray(0, json.buffers[0].byteLength) : undefined;
  const binPad = bin ? (4 - (bin.byteLength % 4)) % 4 : 0;
  const total = 12 + 8 + jsonBytes.byteLength + jsonPad + (bin ? 8 + bin.byteLength + binPad : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.byteLength + jsonPad, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.set(jsonBytes, 20);
  out.fill(0x20, 20 + jsonBytes.byteLength, 20 + jsonBytes.byteLength + jsonPad); // JSON pads with spaces
  if (bin) {
    const at = 20 + jsonBytes.byteLength + jsonPad;
    view.setUint32(at, bin.byteLength + binPad, true);
    view.setUint32(at + 4, CHUNK_BIN, true);
    out.set(bin, at + 8);
  }
  return out;
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.byteLength; }
  return out;
}
