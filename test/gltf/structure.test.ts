// The glTF structure check (runtime/io/gltf/structure.ts): an accessor it accepts can be read, one it
// refuses would read past its buffer view; the node tree is walked without recursion and its depth
// limit holds exactly; every refusal names its pointer.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAccessor, readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { GltfError } from '../../runtime/io/gltf/error';
import { hierarchy } from '../../runtime/io/gltf/hierarchy';
import { importGltf } from '../../runtime/io/gltf/import';
import { DEFAULT_GLTF_LIMITS, gltfLimitsWith } from '../../runtime/io/gltf/limits';
import { checkStructure, nodeTree } from '../../runtime/io/gltf/structure';
import type { GltfAccessor, GltfAsset, GltfJson } from '../../runtime/io/gltf/types';

const refusal = (f: () => unknown): GltfError => {
  try {
    f();
  } catch (e) {
    if (e instanceof GltfError) return e;
    throw e;
  }
  throw new Error('accepted');
};

describe('accessors inside their buffer views', () => {
  const types = ['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT2', 'MAT3', 'MAT4'] as const;
  it('accepts exactly the accessors readAccessor can read (the DataView bounds are the oracle)', () => {
    fc.assert(
      fc.property(
        fc.record({
          viewOffset: fc.integer({ min: 0, max: 16 }),
          viewLength: fc.integer({ min: 0, max: 200 }),
          stride: fc.option(fc.integer({ min: 1, max: 80 }), { nil: undefined }),
          type: fc.constantFrom(...types),
          componentType: fc.constantFrom(5120, 5121, 5122, 5123, 5125, 5126),
          count: fc.integer({ min: 0, max: 30 }),
          byteOffset: fc.integer({ min: 0, max: 40 }),
        }),
        (a) => {
          const accessor: GltfAccessor = { bufferView: 0, byteOffset: a.byteOffset, componentType: a.componentType, count: a.count, type: a.type };
          const json: GltfJson = {
            asset: { version: '2.0' },
            buffers: [{ byteLength: a.viewOffset + a.viewLength }],
            bufferViews: [{ buffer: 0, byteOffset: a.viewOffset, byteLength: a.viewLength, ...(a.stride === undefined ? {} : { byteStride: a.stride }) }],
            accessors: [accessor],
          };
          const asset: GltfAsset = { json, buffers: [new Uint8Array(a.viewOffset + a.viewLength)] };
          let accepted = true;
          try {
            checkStructure(json, DEFAULT_GLTF_LIMITS, false, true);
          } catch (e) {
            expect(e).toBeInstanceOf(GltfError);
            expect((e as GltfError).pointer).toBe('/accessors/0/count');
            accepted = false;
          }
          let readable = true;
          try {
            readAccessor(asset, 0);
          } catch (e) {
            expect(e).toBeInstanceOf(RangeError);
            readable = false;
          }
          if (accepted) expect(readable).toBe(true);
          // The one stricter case: a padded matrix's last element needs its padding too (glTF's rule).
          const padded = a.type.startsWith('MAT') && a.componentType !== 5125 && a.componentType !== 5126;
          if (!readable || !padded) expect(accepted).toBe(readable);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses buffer views past their buffers, and sparse parts past their views', () => {
    const base = (): GltfJson => ({
      asset: { version: '2.0' },
      buffers: [{ byteLength: 64 }],
      bufferViews: [{ buffer: 0, byteOffset: 8, byteLength: 56 }, { buffer: 0, byteLength: 8 }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 4, type: 'SCALAR', sparse: { count: 2, indices: { bufferView: 1, componentType: 5123 }, values: { bufferView: 1 } } }],
    });
    expect(() => checkStructure(base(), DEFAULT_GLTF_LIMITS, false, true)).not.toThrow();
    const far = base();
    far.bufferViews![0].byteLength = 57;
    expect(refusal(() => checkStructure(far, DEFAULT_GLTF_LIMITS, false, true))).toMatchObject({ pointer: '/bufferViews/0/byteLength', message: 'the buffer view runs to byte 65, past the end of buffer 0 (64 bytes)' });
    const sparse = base();
    sparse.accessors![0].sparse!.count = 3; // 3 × 4-byte values do not fit 8 bytes
    expect(refusal(() => checkStructure(sparse, DEFAULT_GLTF_LIMITS, false, true))).toMatchObject({ pointer: '/accessors/0/sparse/values', message: 'the sparse values (3 × 4 bytes from byte 0) end past their buffer view 1 (8 bytes)' });
    const zeros = base();
    zeros.accessors = [{ componentType: 5126, count: 2 ** 40, type: 'MAT4' }];
    expect(refusal(() => checkStructure(zeros, DEFAULT_GLTF_LIMITS, false, true))).toMatchObject({ pointer: '/accessors/0/count', code: 'limit-exceeded' });
    const text = base();
    (text.accessors![0] as { count: unknown }).count = '4';
    expect(refusal(() => checkStructure(text, DEFAULT_GLTF_LIMITS, false, true))).toMatchObject({ pointer: '/accessors/0/count', message: 'expected a whole number of at least 0, got "4"' });
  });

  it('refuses a sparse index past the accessor when it is read', () => {
    const asset: GltfAsset = {
      json: { asset: { version: '2.0' }, buffers: [{ byteLength: 8 }], bufferViews: [{ buffer: 0, byteLength: 8 }], accessors: [{ componentType: 5126, count: 2, type: 'SCALAR', sparse: { count: 1, indices: { bufferView: 0, componentType: 5125 }, values: { bufferView: 0, byteOffset: 4 } } }] },
      buffers: [Uint8Array.from([9, 0, 0, 0, 0, 0, 128, 63])],
    };
    expect(refusal(() => readAccessor(asset, 0))).toMatchObject({ pointer: '/accessors/0/sparse/indices', message: "sparse index 0 is 9, past the accessor's 2 elements" });
  });
});

describe('the node tree', () => {
  it('gives parents before children and refuses a tree deeper than maxNodeDepth, for any forest', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 40 }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 12 }), (wanted, maxNodeDepth) => {
        // Each node's parent is an earlier node (or none): a forest, whatever was drawn.
        const parent = wanted.map((p, i) => (p >= 0 && i > 0 ? p % i : -1));
        const json: GltfJson = { asset: { version: '2.0' }, nodes: parent.map(() => ({})) };
        parent.forEach((p, i) => { if (p >= 0) (json.nodes![p].children ??= []).push(i); });
        const depthOf = (i: number) => { let d = 1; for (let p = parent[i]; p >= 0; p = parent[p]!) d++; return d; };
        const deepest = Math.max(...parent.map((_, i) => depthOf(i)));
        const limits = { maxNodes: 100, maxNodeDepth };
        if (deepest > maxNodeDepth) {
          expect(refusal(() => nodeTree(json, limits))).toMatchObject({ code: 'limit-exceeded', message: expect.stringContaining(`hangs ${maxNodeDepth + 1} levels deep`) });
          return;
        }
        const tree = nodeTree(json, limits);
        expect(Array.from(tree.parent)).toEqual(parent);
        const at = new Map(tree.order.map((n, k) => [n, k]));
        expect(at.size).toBe(parent.length);
        parent.forEach((p, i) => { if (p >= 0) expect(at.get(p)!).toBeLessThan(at.get(i)!); });
      }),
      { numRuns: 1000 },
    );
  });

  it('names loops, second parents and bad children by pointer', () => {
    const loop: GltfJson = { asset: { version: '2.0' }, nodes: [{ children: [1] }, { children: [2] }, { children: [1] }] };
    expect(refusal(() => nodeTree(loop, DEFAULT_GLTF_LIMITS))).toMatchObject({ pointer: '/nodes/2/children/0', message: 'node 1 has two parents (0 and 2); glTF nodes form a tree' });
    const ring: GltfJson = { asset: { version: '2.0' }, nodes: [{ children: [1] }, { children: [0] }] };
    expect(refusal(() => nodeTree(ring, DEFAULT_GLTF_LIMITS))).toMatchObject({ pointer: '/nodes/0/children', message: 'node 0 is its own ancestor (a loop in "children")' });
    const bad: GltfJson = { asset: { version: '2.0' }, nodes: [{ children: [0.5] }] };
    expect(refusal(() => nodeTree(bad, DEFAULT_GLTF_LIMITS))).toMatchObject({ pointer: '/nodes/0/children/0', message: 'node 0 lists child 0.5, which is not a node' });
  });

  it('walks a 30,000-deep chain without recursion once the file was read within raised limits', () => {
    const n = 30_000;
    const json: GltfJson = { asset: { version: '2.0' }, nodes: Array.from({ length: n }, (_, i) => (i < n - 1 ? { children: [i + 1], translation: [0, 1, 0] } : {})) };
    const asset = readGltf(writeGlb({ json, buffers: [] }), { limits: { maxNodeDepth: n, maxDepth: 64 } });
    const h = hierarchy(asset.json);
    expect(h.order[n - 1]).toBe(n - 1);
    expect(h.world[n - 1][13]).toBe(n - 1);
    expect(refusal(() => readGltf(writeGlb({ json, buffers: [] })))).toMatchObject({ pointer: '/nodes/999/children/0', code: 'limit-exceeded' });
  });
});

describe('limits', () => {
  it('are the defaults unless a caller overrides some; nonsense overrides are ignored', () => {
    expect(gltfLimitsWith(undefined)).toEqual(DEFAULT_GLTF_LIMITS);
    expect(gltfLimitsWith({ maxNodes: 5, maxDepth: -1, maxImages: Number('x') })).toEqual({ ...DEFAULT_GLTF_LIMITS, maxNodes: 5 });
  });

  it('refuse a GLB JSON chunk past maxJsonBytes before decoding it, and a file past maxFileBytes', () => {
    const glb = writeGlb({ json: { asset: { version: '2.0' }, extras: 'x'.repeat(1000) }, buffers: [] });
    expect(refusal(() => readGltf(glb, { limits: { maxJsonBytes: 500 } }))).toMatchObject({ pointer: '', code: 'limit-exceeded', message: expect.stringMatching(/^the JSON is 1 KiB \(10\d\d bytes\); Sinew reads at most 0.5 KiB \(limit maxJsonBytes\)$/) });
    expect(refusal(() => readGltf(glb, { limits: { maxFileBytes: 500 } }))).toMatchObject({ code: 'limit-exceeded', message: expect.stringContaining('(limit maxFileBytes)') });
  });

  it('refuse a data: URI larger than maxBufferBytes before decoding it, and bad base64', () => {
    const json = (uri: string): GltfJson => ({ asset: { version: '2.0' }, buffers: [{ byteLength: 3, uri }] });
    const bytes = (j: GltfJson) => new TextEncoder().encode(JSON.stringify(j));
    expect(readGltf(bytes(json('data:application/octet-stream;base64,AQID'))).buffers[0]).toEqual(Uint8Array.from([1, 2, 3]));
    expect(refusal(() => readGltf(bytes(json(`data:application/octet-stream;base64,${'A'.repeat(4000)}`)), { limits: { maxBufferBytes: 100 } }))).toMatchObject({ pointer: '/buffers/0/uri', code: 'limit-exceeded', message: 'the data: URI holds 2.9 KiB (3000 bytes); Sinew reads at most 0.1 KiB (limit maxBufferBytes)' });
    expect(refusal(() => readGltf(bytes(json('data:application/octet-stream;base64,A*B=='))))).toMatchObject({ pointer: '/buffers/0/uri', message: 'the data: URI is not valid base64' });
    expect(refusal(() => readGltf(new TextEncoder().encode('{"asset":{"version":"2.0"},"translation":1e400}')))).toMatchObject({ pointer: '/translation', code: 'number-out-of-range' });
  });
});

describe('any damage to a real file', () => {
  const glb = (json: unknown, bin: Uint8Array): Uint8Array => {
    const text = new TextEncoder().encode(JSON.stringify(json));
    const jsonLength = (text.byteLength + 3) & ~3;
    const binLength = (bin.byteLength + 3) & ~3;
    const out = new Uint8Array(28 + jsonLength + binLength).fill(0x20, 20, 20 + jsonLength);
    const view = new DataView(out.buffer);
    view.setUint32(0, 0x46546c67, true); view.setUint32(4, 2, true); view.setUint32(8, out.byteLength, true);
    view.setUint32(12, jsonLength, true); view.setUint32(16, 0x4e4f534a, true);
    out.set(text, 20);
    view.setUint32(20 + jsonLength, binLength, true); view.setUint32(24 + jsonLength, 0x004e4942, true);
    out.set(bin, 28 + jsonLength);
    return out;
  };
  const mannequin = readGltf(new Uint8Array(readFileSync(join(__dirname, '../../examples/assets/mannequin.glb'))));
  // Every place in the file (the first few items of each list), to put a hostile value at.
  const places: (string | number)[][] = [];
  const walk = (v: unknown, at: (string | number)[]) => {
    places.push(at);
    if (at.length > 5) return;
    if (Array.isArray(v)) v.slice(0, 3).forEach((x, i) => { walk(x, [...at, i]); });
    else if (v !== null && typeof v === 'object') Object.entries(v).forEach(([k, x]) => { walk(x, [...at, k]); });
  };
  walk(mannequin.json, []);
  const hostile = fc.constantFrom<unknown>(null, -1, 0, 1.5, 1e20, 2 ** 31, 'x', [], {}, [0], [-1], true, { a: 1 }, [null], 'MAT4', 5126);

  it('is read, or refused with a GltfError naming a pointer: never another error', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: places.length - 1 }), hostile), { minLength: 1, maxLength: 3 }), (edits) => {
        const json = structuredClone(mannequin.json) as unknown as Record<string | number, unknown>;
        for (const [k, value] of edits) {
          const at = places[k];
          let o: unknown = json;
          for (const key of at.slice(0, -1)) o = o !== null && typeof o === 'object' ? (o as Record<string | number, unknown>)[key] : undefined;
          if (o !== null && typeof o === 'object') (o as Record<string | number, unknown>)[at[at.length - 1]] = structuredClone(value);
        }
        try {
          const asset = readGltf(glb(json, mannequin.buffers[0]));
          importGltf(asset);
          (asset.json.accessors ?? []).forEach((_, i) => readAccessor(asset, i));
        } catch (e) {
          expect(e).toBeInstanceOf(GltfError);
          expect(typeof (e as GltfError).pointer).toBe('string');
        }
      }),
      { numRuns: 400 },
    );
  });
});
