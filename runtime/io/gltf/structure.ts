// The shape a glTF file must have before Sinew reads any of its data: counts within limits, every
// URI allowed by the URI policy, every declared length within its limit and inside what holds it
// (buffer views in their buffers, accessors in their buffer views), and nodes forming a tree no
// deeper than the limit. All of it is arithmetic on the JSON: nothing is allocated per byte, so a
// file that claims gigabytes is refused before they exist. Walks are loops, not recursion.
import { GltfError } from './error';
import { tooBig, tooMany, type GltfLimits } from './limits';
import { checkUri, type UriVerdict } from './uri-policy';
import type { GltfJson } from './types';

/** Values per element of each accessor type. */
export const COMPONENTS: Readonly<Record<string, number>> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
/** Bytes per component of each component type. */
export const COMPONENT_BYTES: Readonly<Record<number, number>> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const INDEX_TYPES = new Set([5121, 5123, 5125]);

/** Which limit counts each top-level list; the rest count against maxItems. */
const LIST_LIMITS: Readonly<Record<string, keyof GltfLimits>> = {
  nodes: 'maxNodes',
  accessors: 'maxAccessors',
  bufferViews: 'maxBufferViews',
  buffers: 'maxBuffers',
  images: 'maxImages',
};

/** Top-level lists whose items glTF defines as objects. */
const OBJECT_LISTS = ['scenes', 'nodes', 'meshes', 'materials', 'skins', 'accessors', 'bufferViews', 'buffers', 'images', 'textures', 'samplers', 'animations', 'cameras'];
/** A node's transform properties and how many numbers each holds. */
const TRS: readonly [string, number][] = [['translation', 3], ['rotation', 4], ['scale', 3], ['matrix', 16]];

export interface CheckedStructure {
  /** The verdict of the URI policy on each buffer's URI (undefined: the GLB's binary chunk). */
  buffers: (UriVerdict | undefined)[];
}

/**
 * Checks a parsed glTF against the limits and the URI policy; throws a GltfError naming the first
 * problem's pointer. `hasFolder`: the file was read from a folder; `hasBin`: it is a GLB with a
 * binary chunk.
 */
export function checkStructure(json: GltfJson, limits: GltfLimits, hasFolder: boolean, hasBin: boolean): CheckedStructure {
  for (const [key, value] of Object.entries(json)) {
    if (!Array.isArray(value)) continue;
    const limit = LIST_LIMITS[key] ?? 'maxItems';
    if (value.length > limits[limit]) throw tooMany(`/${key}`, key, value.length, limit, limits);
  }
  for (const key of OBJECT_LISTS) listOf(json, key);
  const buffers = listOf(json, 'buffers');
  const bufferViews = listOf(json, 'bufferViews');
  const accessors = listOf(json, 'accessors');
  const images = listOf(json, 'images');
  listOf(json, 'nodes').forEach((node, i) => {
    for (const [key, length] of TRS) {
      const v = node[key];
      if (v !== undefined && !(Array.isArray(v) && v.length === length && v.every((x) => typeof x === 'number'))) {
        throw new GltfError(`expected ${length} numbers, got ${JSON.stringify(v)}`, `/nodes/${i}/${key}`);
      }
    }
  });
  listOf(json, 'skins').forEach((skin, i) => {
    if (!Array.isArray(skin.joints)) throw new GltfError(`expected a list of node indices, got ${JSON.stringify(skin.joints) ?? 'nothing'}`, `/skins/${i}/joints`);
  });

  let total = 0;
  const verdicts = buffers.map((b, i) => {
    const at = `/buffers/${i}`;
    const byteLength = integerAt(b.byteLength, `${at}/byteLength`, 0);
    if (byteLength > limits.maxBufferBytes) throw tooBig(`${at}/byteLength`, 'the buffer declares', byteLength, 'maxBufferBytes', limits);
    total += byteLength;
    if (total > limits.maxTotalBytes) throw tooBig(`${at}/byteLength`, 'the buffers up to this one declare', total, 'maxTotalBytes', limits);
    if (b.uri === undefined) {
      if (i !== 0 || !hasBin) throw new GltfError(`buffer ${i} has no uri and is not a GLB's binary chunk`, at);
      return undefined;
    }
    return checkUri(b.uri, `${at}/uri`, hasFolder);
  });
  images.forEach((image, i) => {
    if (image.uri !== undefined) checkUri(image.uri, `/images/${i}/uri`, hasFolder);
  });

  const viewLengths = bufferViews.map((v, i) => {
    const at = `/bufferViews/${i}`;
    const buffer = indexAt(v.buffer, `${at}/buffer`, buffers.length, 'buffer');
    const offset = integerAt(v.byteOffset ?? 0, `${at}/byteOffset`, 0);
    const length = integerAt(v.byteLength, `${at}/byteLength`, 0);
    if (v.byteStride !== undefined) integerAt(v.byteStride, `${at}/byteStride`, 1);
    const bufferLength = buffers[buffer].byteLength as number;
    if (offset + length > bufferLength) {
      throw new GltfError(`the buffer view runs to byte ${offset + length}, past the end of buffer ${buffer} (${bufferLength} bytes)`, `${at}/byteLength`);
    }
    return length;
  });

  accessors.forEach((a, i) => {
    const at = `/accessors/${i}`;
    const n = COMPONENTS[a.type as string];
    if (n === undefined) throw new GltfError(`unknown accessor type ${JSON.stringify(a.type)}; glTF has ${Object.keys(COMPONENTS).join(', ')}`, `${at}/type`);
    const size = COMPONENT_BYTES[a.componentType as number];
    if (size === undefined) throw new GltfError(`unknown component type ${JSON.stringify(a.componentType)}`, `${at}/componentType`);
    const count = integerAt(a.count, `${at}/count`, 0);
    const element = elementBytes(a.type as string, size);
    if (a.bufferView !== undefined) {
      const view = indexAt(a.bufferView, `${at}/bufferView`, bufferViews.length, 'buffer view');
      const offset = integerAt(a.byteOffset ?? 0, `${at}/byteOffset`, 0);
      const stride = (bufferViews[view].byteStride as number | undefined) || element;
      // An empty accessor reads nothing, wherever it starts.
      const end = count === 0 ? 0 : offset + (count - 1) * stride + element;
      if (end > viewLengths[view]) {
        throw new GltfError(
          `the accessor's ${count} elements of ${element} bytes, ${stride} bytes apart from byte ${offset}, end at byte ${end}; its buffer view ${view} holds ${viewLengths[view]} bytes`,
          `${at}/count`,
        );
      }
    } else if (count * element > limits.maxBufferBytes) {
      throw tooBig(`${at}/count`, 'the accessor (no buffer view: all zeros) is', count * element, 'maxBufferBytes', limits);
    }
    const sparse = a.sparse as Record<string, unknown> | undefined;
    if (sparse === undefined) return;
    if (!isObject(sparse)) throw new GltfError('expected an object', `${at}/sparse`);
    const sparseCount = integerAt(sparse.count, `${at}/sparse/count`, 1);
    if (sparseCount > count) throw new GltfError(`the sparse accessor replaces ${sparseCount} elements of ${count}`, `${at}/sparse/count`);
    const part = (name: 'indices' | 'values', bytes: number) => {
      const p = sparse[name] as Record<string, unknown>;
      const pat = `${at}/sparse/${name}`;
      if (!isObject(p)) throw new GltfError('expected an object', pat);
      const view = indexAt(p.bufferView, `${pat}/bufferView`, bufferViews.length, 'buffer view');
      const offset = integerAt(p.byteOffset ?? 0, `${pat}/byteOffset`, 0);
      if (offset + sparseCount * bytes > viewLengths[view]) {
        throw new GltfError(`the sparse ${name} (${sparseCount} × ${bytes} bytes from byte ${offset}) end past their buffer view ${view} (${viewLengths[view]} bytes)`, pat);
      }
    };
    const indices = sparse.indices as Record<string, unknown> | undefined;
    if (isObject(indices) && !INDEX_TYPES.has(indices.componentType as number)) {
      throw new GltfError(`sparse indices must be unsigned bytes, shorts or ints, got ${JSON.stringify(indices.componentType)}`, `${at}/sparse/indices/componentType`);
    }
    part('indices', isObject(indices) ? COMPONENT_BYTES[indices.componentType as number] : 1);
    part('values', n * size);
  });

  nodeTree(json, limits);
  return { buffers: verdicts };
}

/** Bytes of one accessor element: matrix columns of 1- and 2-byte components pad to 4 bytes. */
export function elementBytes(type: string, size: number): number {
  const n = COMPONENTS[type];
  if (!type.startsWith('MAT') || size >= 4) return n * size;
  const rows = type === 'MAT2' ? 2 : type === 'MAT3' ? 3 : 4;
  return rows * Math.ceil((rows * size) / 4) * 4;
}

export interface NodeTree {
  /** Parent node index, or -1 for a root. */
  parent: Int32Array;
  /** Every node, parents before children (roots in index order, then depth first). */
  order: number[];
}

/**
 * The node tree: each node's parent and a parents-first order, found without recursion. Refuses a
 * child that is not a node, a node with two parents, a loop, and a tree deeper than maxNodeDepth.
 */
export function nodeTree(json: GltfJson, limits: Pick<GltfLimits, 'maxNodes' | 'maxNodeDepth'>): NodeTree {
  const nodes = json.nodes ?? [];
  if (nodes.length > limits.maxNodes) throw tooMany('/nodes', 'nodes', nodes.length, 'maxNodes', limits as GltfLimits);
  const parent = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((n, i) => {
    const children = n?.children;
    if (children === undefined) return;
    if (!Array.isArray(children)) throw new GltfError('expected a list of node indices', `/nodes/${i}/children`);
    children.forEach((c, k) => {
      if (!Number.isInteger(c) || c < 0 || c >= nodes.length) throw new GltfError(`node ${i} lists child ${JSON.stringify(c)}, which is not a node`, `/nodes/${i}/children/${k}`);
      if (parent[c] !== -1) throw new GltfError(`node ${c} has two parents (${parent[c]} and ${i}); glTF nodes form a tree`, `/nodes/${i}/children/${k}`);
      parent[c] = i;
    });
  });
  const order: number[] = [];
  const depth = new Int32Array(nodes.length);
  const stack: number[] = [];
  for (let root = 0; root < nodes.length; root++) {
    if (parent[root] !== -1) continue;
    depth[root] = 1;
    stack.push(root);
    while (stack.length > 0) {
      const i = stack.pop()!;
      order.push(i);
      const children = nodes[i]?.children ?? [];
      for (let k = children.length - 1; k >= 0; k--) {
        const c = children[k];
        depth[c] = depth[i] + 1;
        if (depth[c] > limits.maxNodeDepth) {
          throw new GltfError(
            `node ${c} hangs ${depth[c]} levels deep (a root is level 1); Sinew reads node trees at most ${limits.maxNodeDepth} deep (limit maxNodeDepth)`,
            `/nodes/${i}/children/${k}`,
            'limit-exceeded',
          );
        }
        stack.push(c);
      }
    }
  }
  if (order.length !== nodes.length) {
    const seen = new Uint8Array(nodes.length);
    for (const i of order) seen[i] = 1;
    const stuck = seen.indexOf(0);
    throw new GltfError(`node ${stuck} is its own ancestor (a loop in "children")`, `/nodes/${stuck}/children`);
  }
  return { parent, order };
}

function listOf(json: GltfJson, key: string): Record<string, unknown>[] {
  const list = json[key];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new GltfError(`expected a list, got ${list === null ? 'null' : typeof list}`, `/${key}`);
  list.forEach((item, i) => {
    if (!isObject(item)) throw new GltfError(`expected an object, got ${item === null ? 'null' : Array.isArray(item) ? 'a list' : typeof item}`, `/${key}/${i}`);
  });
  return list as Record<string, unknown>[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function integerAt(value: unknown, pointer: string, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new GltfError(`expected a whole number of at least ${min}, got ${JSON.stringify(value) ?? 'nothing'}`, pointer);
  }
  return value;
}

function indexAt(value: unknown, pointer: string, length: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= length) {
    throw new GltfError(`${what} ${JSON.stringify(value) ?? '(none)'} is not in the file (it has ${length})`, pointer);
  }
  return value;
}
