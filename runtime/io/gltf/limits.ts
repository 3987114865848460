// How big a glTF file Sinew agrees to read. Characters come from other people and the web, and a
// .gltf names other files, so every read is bounded: the file and each file it names, the JSON (its
// size, nesting and how many of each thing it holds), every declared length against the bytes that
// are there, and the node tree. Each is checked before the bytes or arrays it governs exist, and a
// refusal names the limit and the file's value. Like graph/limits.ts, every limit can be changed per
// call (`readGltf(bytes, { limits: { maxNodes: 1e6 } })`, `readGltfFile(file, { limits })`).
import { describeSize } from '../../../graph/limits';
import { GltfError } from './error';

export interface GltfLimits {
  /** Largest file read: the .glb/.gltf/.vrm itself, and each external buffer or image it names. */
  maxFileBytes: number;
  /** Largest JSON: a .gltf's text (data: URIs included) or a GLB's JSON chunk. */
  maxJsonBytes: number;
  /** Deepest nesting of JSON arrays and objects; the file itself is level 1. */
  maxDepth: number;
  /** Largest buffer, as declared by its byteLength (or an accessor without a buffer view). */
  maxBufferBytes: number;
  /** Most bytes of buffers and images one file brings in, all together. */
  maxTotalBytes: number;
  /** Most nodes. */
  maxNodes: number;
  /** Deepest node tree: a root is level 1. */
  maxNodeDepth: number;
  /** Most accessors. */
  maxAccessors: number;
  /** Most buffer views. */
  maxBufferViews: number;
  /** Most buffers. */
  maxBuffers: number;
  /** Most images. */
  maxImages: number;
  /** Most items in any other top-level list (meshes, materials, skins, animations, …). */
  maxItems: number;
}

/**
 * The limits every glTF read uses unless a caller passes others. Far above the characters people
 * ship (a VRM avatar is 5–50 MiB with a JSON chunk under 1 MiB nesting about 10 levels, 100–500
 * nodes about 30 deep), below what exhausts a machine: a bake holds the file about three times.
 */
export const DEFAULT_GLTF_LIMITS: Readonly<GltfLimits> = Object.freeze({
  maxFileBytes: 512 * 1024 * 1024,
  maxJsonBytes: 256 * 1024 * 1024,
  maxDepth: 64,
  maxBufferBytes: 512 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxNodes: 100_000,
  maxNodeDepth: 1_000,
  maxAccessors: 1_000_000,
  maxBufferViews: 1_000_000,
  maxBuffers: 1_000,
  maxImages: 10_000,
  maxItems: 100_000,
});

/** The limits with some replaced; unknown or non-numeric overrides are ignored. */
export function gltfLimitsWith(overrides: Partial<GltfLimits> | undefined): GltfLimits {
  const limits: GltfLimits = { ...DEFAULT_GLTF_LIMITS };
  if (overrides === undefined) return limits;
  for (const key of Object.keys(DEFAULT_GLTF_LIMITS) as (keyof GltfLimits)[]) {
    const value = overrides[key];
    if (typeof value === 'number' && value >= 0) limits[key] = value;
  }
  return limits;
}

/** A size for a message: `1536 MiB (1610612736 bytes)`. */
export function bytesText(bytes: number): string {
  return `${describeSize(bytes)} (${bytes} bytes)`;
}

/** The refusal of a size past its limit: `the buffer declares 1536 MiB (…); Sinew reads at most 512 MiB (limit maxBufferBytes)`. */
export function tooBig(pointer: string, what: string, bytes: number, limit: keyof GltfLimits, limits: GltfLimits): GltfError {
  return new GltfError(`${what} ${bytesText(bytes)}; Sinew reads at most ${describeSize(limits[limit])} (limit ${limit})`, pointer, 'limit-exceeded');
}

/** The refusal of a count past its limit: `the file has 200000 nodes; Sinew reads at most 100000 (limit maxNodes)`. */
export function tooMany(pointer: string, what: string, count: number, limit: keyof GltfLimits, limits: GltfLimits): GltfError {
  return new GltfError(`the file has ${count} ${what}; Sinew reads at most ${limits[limit]} (limit ${limit})`, pointer, 'limit-exceeded');
}
