// Hostile glTF files against `sinew import-gltf` and `sinew bake` as a user runs them: every URI that
// reaches outside the file's folder (absolute, `..`, schemes, devices, links out) and every size a
// file can lie about (1.5 GB buffers and files, accessors past their views, 10,000-deep nesting) is
// refused with a message naming the file, the JSON pointer and (for a limit) the limit and value.
// A canary file outside the folder proves nothing was read: its bytes never appear in any output,
// it never changes, and no file-system call ever names it (node:fs is wrapped to record every path).
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeSize } from '../../graph/limits';
import { run } from '../../runtime/cli/main';
import { readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { importGltfFile, readGltfFile } from '../../runtime/io/gltf/node';
import { GltfError } from '../../runtime/io/gltf/error';
import type { GltfJson } from '../../runtime/io/gltf/types';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import * as THREE from 'three';
import { characterForScene, importGltfBytes } from '../../ui/gltf';
import { parseWithThree } from '../../ui/gltf/character';

/** Every path handed to a node:fs call that looks at a file (not realpath, which only follows links). */
const touched = vi.hoisted(() => ({ stat: [] as string[], open: [] as string[], read: [] as string[] }));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const spy = <A extends unknown[], R>(list: string[], f: (...a: A) => R) => (...a: A): R => {
    if (typeof a[0] === 'string') list.push(a[0]);
    return f(...a);
  };
  const wrapped = {
    ...real,
    statSync: spy(touched.stat, real.statSync as (...a: unknown[]) => fs.Stats),
    lstatSync: spy(touched.stat, real.lstatSync as (...a: unknown[]) => fs.Stats),
    openSync: spy(touched.open, real.openSync as (...a: unknown[]) => number),
    readFileSync: spy(touched.read, real.readFileSync as (...a: unknown[]) => Buffer),
    createReadStream: spy(touched.read, real.createReadStream as (...a: unknown[]) => fs.ReadStream),
  };
  return { ...wrapped, default: wrapped };
});

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const examples = join(__dirname, '../../examples');
const graph = join(examples, 'mannequin.sinew.json');
const mannequin = readGltf(new Uint8Array(fs.readFileSync(join(examples, 'assets/mannequin.glb'))));
const RULE = 'a glTF file may name only data: URIs and files inside its own folder';

// Outside every test folder: a file a hostile glTF wants copied into the GLB it writes. It is the
// mannequin's own buffer with a marker at its start, so a bake that read it would succeed.
const outside = fs.mkdtempSync(join(tmpdir(), 'sinew-canary-'));
const marker = Buffer.from(`SINEW-CANARY-${randomBytes(12).toString('hex')}`);
const canary = join(outside, 'canary.bin');
const canaryBytes = Buffer.concat([marker, Buffer.from(mannequin.buffers[0].subarray(marker.length))]);
fs.writeFileSync(canary, canaryBytes);
const canaryTime = fs.statSync(canary).mtimeMs;

/** Paths no fs call may name: the canary, its folder, and the devices and /proc files tried. */
const forbidden = (p: string) =>
  p.startsWith(outside) || p.startsWith('/dev/') || p.startsWith('/proc/') || p.includes('canary');

/** A folder with the mannequin as hero.gltf + hero.bin + skin.png, the JSON changed by `edit`. */
function folderWith(edit: (json: GltfJson, dir: string) => void = () => {}) {
  const dir = fs.mkdtempSync(join(tmpdir(), 'sinew-hostile-'));
  const json = structuredClone(mannequin.json);
  json.buffers = [{ byteLength: mannequin.buffers[0].byteLength, uri: 'hero.bin' }];
  json.images = [{ uri: 'skin.png', mimeType: 'image/png' }];
  fs.writeFileSync(join(dir, 'hero.bin'), mannequin.buffers[0]);
  fs.writeFileSync(join(dir, 'skin.png'), Buffer.from('INSIDE-THE-FOLDER-IMAGE'));
  edit(json, dir);
  const gltf = join(dir, 'hero.gltf');
  fs.writeFileSync(gltf, JSON.stringify(json));
  return { dir, gltf, out: join(dir, 'out.glb') };
}

/** Runs import-gltf and bake on a hostile file: both refuse with `expected`, write nothing, read nothing outside. */
function expectRefused(file: { gltf: string; out: string }, expected: string) {
  touched.stat.length = touched.open.length = touched.read.length = 0;
  const scene = join(file.out, '..', 'hero.scene.json');
  const imported = sinew('import-gltf', file.gltf, '-o', scene);
  const baked = sinew('bake', graph, '--scene', file.gltf, '--frames', '1..2', '-o', file.out);
  // Nothing outside was looked at, nothing was written (so no canary byte can be in an output)…
  expect([...touched.stat, ...touched.open, ...touched.read].filter(forbidden)).toEqual([]);
  expect(fs.existsSync(file.out) && fs.readFileSync(file.out).includes(marker)).toBe(false);
  expect(fs.existsSync(file.out)).toBe(false);
  expect(fs.existsSync(scene)).toBe(false);
  // …and both commands say which file, where in it, and why.
  expect(imported.err).toBe(`${file.gltf}: ${expected}`);
  expect(imported.code).toBe(1);
  expect(baked.err).toBe(`${file.gltf}: ${expected}`);
  expect(baked.code).toBe(1);
}

afterEach(() => {
  // Never changed, by any test.
  expect(fs.readFileSync(canary).equals(canaryBytes)).toBe(true);
  expect(fs.statSync(canary).mtimeMs).toBe(canaryTime);
});

describe('a glTF file cannot reach outside its folder', () => {
  it('control: a .gltf whose buffer and image are inside its folder bakes, both embedded', () => {
    const f = folderWith();
    const r = sinew('bake', graph, '--scene', f.gltf, '--frames', '1..2', '-o', f.out);
    expect(r.code).toBe(0);
    const written = fs.readFileSync(f.out);
    expect(written.includes(Buffer.from('INSIDE-THE-FOLDER-IMAGE'))).toBe(true);
    expect(written.includes(Buffer.from(mannequin.buffers[0].subarray(0, 64)))).toBe(true);
  });

  it('control: a link inside the folder to a file inside it is followed', () => {
    const f = folderWith((json, dir) => {
      fs.mkdirSync(join(dir, 'data'));
      fs.renameSync(join(dir, 'hero.bin'), join(dir, 'data', 'hero.bin'));
      fs.symlinkSync(join(dir, 'data', 'hero.bin'), join(dir, 'link.bin'));
      json.buffers![0].uri = 'link.bin';
      json.images![0].uri = './data/../skin.png';
    });
    expect(sinew('bake', graph, '--scene', f.gltf, '--frames', '1..2', '-o', f.out).code).toBe(0);
  });

  for (const [where, pointer] of [['buffer', '/buffers/0/uri'], ['image', '/images/0/uri']] as const) {
    const setUri = (json: GltfJson, uri: string) => {
      if (where === 'buffer') json.buffers![0].uri = uri;
      else json.images![0].uri = uri;
    };

    it(`refuses an absolute path as a ${where} URI`, () => {
      const f = folderWith((json) => { setUri(json, canary); });
      expectRefused(f, `${pointer}: ${JSON.stringify(canary)} is an absolute path; ${RULE}`);
      const encoded = folderWith((json) => { setUri(json, encodeURIComponent(canary)); });
      expectRefused(encoded, `${pointer}: ${JSON.stringify(encodeURIComponent(canary))} is an absolute path; ${RULE}`);
    });

    it(`refuses a ${where} URI whose ".." climbs out of the folder`, () => {
      let uri = '';
      const f = folderWith((json, dir) => { setUri(json, (uri = relative(dir, canary))); });
      expect(uri.startsWith('../')).toBe(true);
      expectRefused(f, `${pointer}: ${JSON.stringify(uri)} climbs out of the file's folder with ".."; ${RULE}`);
      const deep = folderWith((json) => { setUri(json, `sub/../..${'/..'.repeat(20)}/dev/zero`); });
      expectRefused(deep, `${pointer}: ${JSON.stringify(`sub/../..${'/..'.repeat(20)}/dev/zero`)} climbs out of the file's folder with ".."; ${RULE}`);
      const escaped = folderWith((json) => { setUri(json, '%2E%2E/x.bin'); });
      expectRefused(escaped, `${pointer}: "%2E%2E/x.bin" climbs out of the file's folder with ".."; ${RULE}`);
    });

    it(`refuses every scheme but data: as a ${where} URI`, () => {
      for (const [uri, scheme] of [[`file://${canary}`, 'file'], ['http://127.0.0.1:9/hero.bin', 'http'], ['HTTPS://example.com/a.png', 'https'], ['ftp://x/y', 'ftp'], ['blob:null/1', 'blob'], ['javascript:alert(1)', 'javascript']]) {
        expectRefused(folderWith((json) => { setUri(json, uri); }), `${pointer}: ${JSON.stringify(uri)} uses the ${scheme}: scheme; ${RULE}`);
      }
      expectRefused(folderWith((json) => { setUri(json, 'C:/Windows/win.ini'); }), `${pointer}: "C:/Windows/win.ini" is an absolute (drive) path; ${RULE}`);
    });

    it(`refuses device and /proc files as absolute ${where} URIs`, () => {
      for (const device of ['/dev/zero', '/dev/urandom', '/proc/self/environ']) {
        expectRefused(folderWith((json) => { setUri(json, device); }), `${pointer}: ${JSON.stringify(device)} is an absolute path; ${RULE}`);
      }
    });

    it(`refuses a link in the folder that leads to a device, /proc or a file outside (${where})`, () => {
      for (const [target, real] of [['/dev/zero', '/dev/zero'], ['/dev/urandom', '/dev/urandom'], ['/proc/self/environ', `/proc/${process.pid}/environ`], [canary, fs.realpathSync(canary)]] as const) {
        const f = folderWith((json, dir) => {
          fs.symlinkSync(target, join(dir, 'link.bin'));
          setUri(json, 'link.bin');
        });
        expectRefused(f, `${pointer}: "link.bin" leads through a link to ${real}, outside the glTF file's folder; a glTF file may name only files inside its own folder`);
      }
      // A linked folder: the path looks inside, the file is not.
      const f = folderWith((json, dir) => {
        fs.symlinkSync(outside, join(dir, 'textures'));
        setUri(json, 'textures/canary.bin');
      });
      expectRefused(f, `${pointer}: "textures/canary.bin" leads through a link to ${fs.realpathSync(canary)}, outside the glTF file's folder; a glTF file may name only files inside its own folder`);
    });

    it(`refuses a ${where} that is a pipe or a folder inside the folder, without opening it`, () => {
      const pipe = folderWith((json, dir) => {
        execFileSync('mkfifo', [join(dir, 'pipe.bin')]);
        setUri(json, 'pipe.bin');
      });
      expectRefused(pipe, `${pointer}: "pipe.bin" is a pipe, not a regular file; Sinew reads only regular files`);
      // Opening a pipe with no writer would hang; it was only looked at.
      expect(touched.open.filter((p) => p.endsWith('pipe.bin'))).toEqual([]);
      const folder = folderWith((json, dir) => {
        fs.mkdirSync(join(dir, 'sub'));
        setUri(json, 'sub/');
      });
      expectRefused(folder, `${pointer}: "sub" is a folder, not a regular file; Sinew reads only regular files`);
    });
  }

  it('keeps the canary out of a bake onto the file a scene names, which has turned hostile', () => {
    // A graph imported from a good .gltf, whose .gltf is then replaced by one naming the canary.
    const f = folderWith();
    const graphFile = join(f.dir, 'hero.sinew.json');
    expect(sinew('import-gltf', f.gltf, '-o', graphFile).code).toBe(0);
    const json = JSON.parse(fs.readFileSync(f.gltf, 'utf8')) as GltfJson;
    json.buffers![0].uri = canary;
    fs.writeFileSync(f.gltf, JSON.stringify(json));
    touched.stat.length = touched.open.length = touched.read.length = 0;
    const r = sinew('bake', graphFile, '--frames', '1..2', '-o', f.out);
    expect(fs.readFileSync(f.out).includes(marker)).toBe(false);
    expect([...touched.stat, ...touched.open, ...touched.read].filter(forbidden)).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${f.gltf}: /buffers/0/uri: warning: the scene was imported from this file, which cannot be read (${JSON.stringify(canary)} is an absolute path; ${RULE}); baking onto a skeleton made from the scene`);
  });
});

describe('glTF limits, checked before anything is allocated', () => {
  it('refuses a buffer that declares 1.5 GB without opening its file', () => {
    const f = folderWith((json) => { json.buffers![0].byteLength = 1_610_612_736; });
    expectRefused(f, '/buffers/0/byteLength: the buffer declares 1536 MiB (1610612736 bytes); Sinew reads at most 512 MiB (limit maxBufferBytes)');
    expect(touched.open.filter((p) => p.endsWith('hero.bin'))).toEqual([]);
  });

  it('refuses a 1.5 GB (sparse) buffer file that claims to be 1.5 GB, without opening it', () => {
    const f = folderWith((json, dir) => {
      fs.truncateSync(join(dir, 'hero.bin'), 1_610_612_736);
      json.buffers![0].byteLength = 1_610_612_736;
    });
    expectRefused(f, '/buffers/0/byteLength: the buffer declares 1536 MiB (1610612736 bytes); Sinew reads at most 512 MiB (limit maxBufferBytes)');
    expect(touched.open.filter((p) => p.endsWith('hero.bin'))).toEqual([]);
  });

  it('refuses a buffer file shorter than its byteLength, known from stat before it is opened', () => {
    const f = folderWith((json) => { json.buffers![0].byteLength = 400_000_000; });
    expectRefused(f, `/buffers/0/byteLength: "hero.bin" holds ${mannequin.buffers[0].byteLength} bytes; the glTF file declares 400000000 (byteLength)`);
    expect(touched.stat.filter((p) => p.endsWith('hero.bin')).length).toBeGreaterThan(0);
    expect(touched.open.filter((p) => p.endsWith('hero.bin'))).toEqual([]);
  });

  it('reads only the declared bytes of a longer buffer file (a 1.5 GB sparse file behind a small byteLength)', () => {
    const f = folderWith((json, dir) => {
      const bin = join(dir, 'hero.bin');
      fs.truncateSync(bin, 1_610_612_736);
      json.buffers![0].byteLength = mannequin.buffers[0].byteLength;
    });
    const r = readGltfFile(f.gltf);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    // The single buffer holds the declared bytes and the image, not 1.5 GB.
    expect(r.asset.buffers[0].byteLength).toBeLessThan(mannequin.buffers[0].byteLength + 64);
  });

  it('refuses a 1.5 GB (sparse) .glb by its size on disk, without opening it', () => {
    const dir = fs.mkdtempSync(join(tmpdir(), 'sinew-hostile-'));
    const glb = join(dir, 'huge.glb');
    fs.writeFileSync(glb, writeGlb({ json: { asset: { version: '2.0' } }, buffers: [] }));
    fs.truncateSync(glb, 1_610_612_736);
    expectRefused({ gltf: glb, out: join(dir, 'out.glb') }, '(file): the file is 1536 MiB (1610612736 bytes); Sinew reads at most 512 MiB (limit maxFileBytes)');
    expect(touched.open.filter((p) => p === glb)).toEqual([]);
    // The limit is the caller's to change.
    const file = join(examples, 'assets/mannequin.glb');
    const size = fs.statSync(file).size;
    const small = readGltfFile(file, { limits: { maxFileBytes: 102_400 } });
    expect(small.ok ? [] : small.errors).toEqual([{ file, code: 'limit-exceeded', pointer: '', message: `the file is ${describeSize(size)} (${size} bytes); Sinew reads at most 100 KiB (limit maxFileBytes)` }]);
    expect(readGltfFile(file, { limits: { maxFileBytes: size } }).ok).toBe(true);
  });

  it('refuses an accessor whose count × stride runs past its buffer view', () => {
    let expected = '';
    const f = folderWith((json) => {
      const accessor = json.accessors![0];
      const view = json.bufferViews![accessor.bufferView!];
      accessor.count += 1;
      const element = 12; // the mannequin's accessor 0 is a VEC3 of floats
      expected = `/accessors/0/count: the accessor's ${accessor.count} elements of ${element} bytes, ${view.byteStride ?? element} bytes apart from byte 0, end at byte ${accessor.count * element}; its buffer view ${accessor.bufferView} holds ${view.byteLength} bytes`;
    });
    expectRefused(f, expected);
  });

  it('refuses 10,000-deep JSON nesting, by a scan before JSON.parse (.gltf and .glb)', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const dir = fs.mkdtempSync(join(tmpdir(), 'sinew-hostile-'));
    const gltf = join(dir, 'deep.gltf');
    fs.writeFileSync(gltf, `{"asset":{"version":"2.0"},"extras":${deep}}`);
    const pointer = '/extras' + '/0'.repeat(63);
    const message = `${pointer}: the file nests 65 levels deep here; Sinew reads at most 64 levels (limit maxDepth)`;
    expectRefused({ gltf, out: join(dir, 'out.glb') }, message);
    // A GLB's JSON chunk, and a parse that would overflow the stack were it tried on objects.
    const glb = join(dir, 'deep.glb');
    const text = Buffer.from(`{"asset":{"version":"2.0"},"extras":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`);
    const padded = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
    const header = Buffer.alloc(20);
    header.writeUInt32LE(0x46546c67, 0); header.writeUInt32LE(2, 4); header.writeUInt32LE(20 + padded.length, 8);
    header.writeUInt32LE(padded.length, 12); header.writeUInt32LE(0x4e4f534a, 16);
    fs.writeFileSync(glb, Buffer.concat([header, padded]));
    expectRefused({ gltf: glb, out: join(dir, 'out.glb') }, `/extras${'/a'.repeat(63)}: the file nests 65 levels deep here; Sinew reads at most 64 levels (limit maxDepth)`);
  });

  it('refuses a 10,000-deep node hierarchy by its limit, and reads one within raised limits without recursion', () => {
    const chain = (json: GltfJson) => {
      json.nodes = Array.from({ length: 10_000 }, (_, i) => (i < 9_999 ? { name: `n${i}`, children: [i + 1] } : { name: `n${i}` }));
      json.scenes = [{ nodes: [0] }];
      delete json.skins; delete json.meshes; delete json.animations;
    };
    const f = folderWith(chain);
    expectRefused(f, '/nodes/999/children/0: node 1000 hangs 1001 levels deep (a root is level 1); Sinew reads node trees at most 1000 deep (limit maxNodeDepth)');
    const r = importGltfFile(f.gltf, { limits: { maxNodeDepth: 20_000 } });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.imported.scene.objects).toHaveLength(10_001);
    expect(r.imported.scene.objects[10_000].parent).toBe('n9998');
  });

  it('refuses more nodes than maxNodes, and other lists past maxItems', () => {
    const f = folderWith();
    const few = importGltfFile(f.gltf, { limits: { maxNodes: 10 } });
    expect(few.ok ? [] : few.errors).toEqual([{ file: f.gltf, code: 'limit-exceeded', pointer: '/nodes', message: 'the file has 67 nodes; Sinew reads at most 10 (limit maxNodes)' }]);
    const many = folderWith((json) => { json.materials = Array.from({ length: 100_001 }, () => ({})); });
    expectRefused(many, '/materials: the file has 100001 materials; Sinew reads at most 100000 (limit maxItems)');
  });
});

beforeAll(() => {
  // The wrapper records what it should: a plain read of the canary would show.
  touched.read.length = 0;
  fs.readFileSync(canary);
  expect(touched.read).toEqual([canary]);
  touched.read.length = 0;
});

describe('in the app: a dropped or picked glTF has no folder', () => {
  const asDataUri = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
  /** The mannequin as .gltf text, its buffer in a data: URI, then `edit`. */
  const droppedGltf = (edit: (json: GltfJson) => void = () => {}) => {
    const json = structuredClone(mannequin.json);
    json.buffers = [{ byteLength: mannequin.buffers[0].byteLength, uri: asDataUri(mannequin.buffers[0], 'application/octet-stream') }];
    edit(json);
    return new TextEncoder().encode(JSON.stringify(json));
  };
  const NO_FOLDER = 'a glTF file opened without its folder (dropped or picked in the app) may hold its data only in data: URIs or a GLB';
  /** Every request three.js's loaders make, and every fetch. */
  const requests = () => {
    const seen: string[] = [];
    const record = (url: unknown) => { seen.push(String(url)); };
    const spies = [
      vi.spyOn(THREE.FileLoader.prototype, 'load').mockImplementation(function (this: THREE.FileLoader, url, ...rest) { record(url); return (realFileLoad as (...a: unknown[]) => unknown).call(this, url, ...rest); } as typeof THREE.FileLoader.prototype.load),
      vi.spyOn(THREE.ImageLoader.prototype, 'load').mockImplementation((url: string) => { record(url); throw new Error('no images in Node'); }),
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        record(url);
        if (url.startsWith('data:')) return realFetch(input, init);
        throw new Error('no network in tests');
      }),
    ];
    return { seen, restore: () => { spies.forEach((s) => { s.mockRestore(); }); } };
  };
  const realFileLoad = THREE.FileLoader.prototype.load;
  const realFetch = globalThis.fetch;
  // three's FileLoader reports progress with the browser's ProgressEvent, which Node lacks.
  (globalThis as { ProgressEvent?: unknown }).ProgressEvent ??= class extends Event {
    constructor(type: string, init: Record<string, unknown> = {}) { super(type); Object.assign(this, init); }
  };

  it('control: a .gltf with its data in data: URIs imports, and three.js loads them', async () => {
    const r = requests();
    try {
      const imported = await importGltfBytes(droppedGltf(), 'hero.gltf');
      expect(imported.scene.objects[0].bones).toHaveLength(65);
      expect(r.seen.some((u) => u.startsWith('data:application/octet-stream;base64,'))).toBe(true);
    } finally {
      r.restore();
    }
  });

  for (const [what, edit, pointer, uri] of [
    ['a buffer next to the file', (j: GltfJson) => { j.buffers![0].uri = 'hero.bin'; }, '/buffers/0/uri', 'hero.bin'],
    ['an absolute buffer path', (j: GltfJson) => { j.buffers![0].uri = canary; }, '/buffers/0/uri', canary],
    ['an http: image', (j: GltfJson) => { j.images = [{ uri: 'http://127.0.0.1:9/skin.png' }]; }, '/images/0/uri', 'http://127.0.0.1:9/skin.png'],
    ['a relative image', (j: GltfJson) => { j.images = [{ uri: '../../etc/passwd' }]; }, '/images/0/uri', '../../etc/passwd'],
  ] as const) {
    it(`refuses ${what} before three.js sees the file`, async () => {
      const r = requests();
      try {
        const e = await importGltfBytes(droppedGltf(edit), 'hero.gltf').then(() => undefined, (x: unknown) => x);
        expect(e).toBeInstanceOf(GltfError);
        const scheme = /^([a-z]+):/.exec(uri)?.[1];
        expect(e).toMatchObject({ pointer, code: 'uri-refused', message: `${JSON.stringify(uri)} ${scheme ? `uses the ${scheme}: scheme` : 'names an external file'}; ${NO_FOLDER}` });
        expect(r.seen).toEqual([]);
        // The same for the character of a scene (the embed fetches the file the scene names).
        const scene = { format: 'sinew-scene', version: 1, objects: [{ name: 'Armature', type: 'ARMATURE', gltf_file: 'hero.gltf' }] } as unknown as SceneDocument;
        await expect(characterForScene(scene, () => Promise.resolve(droppedGltf(edit)))).rejects.toMatchObject({ pointer, code: 'uri-refused' });
        expect(r.seen).toEqual([]);
      } finally {
        r.restore();
      }
    });
  }

  it('second gate: three.js handed a file with an outside URI directly requests nothing', async () => {
    const r = requests();
    try {
      const hostile = droppedGltf((j) => { j.buffers![0].uri = 'http://127.0.0.1:9/hero.bin'; });
      await expect(parseWithThree(hostile)).rejects.toMatchObject({ code: 'uri-refused' });
      // The loader was called (three asked), but the URL modifier refused before any fetch.
      expect(r.seen).toEqual(['http://127.0.0.1:9/hero.bin']);
    } finally {
      r.restore();
    }
  });

  it('refuses a dropped file past maxFileBytes by its size, before reading it', async () => {
    const blob = new Blob([droppedGltf()]);
    const read = vi.spyOn(Blob.prototype, 'arrayBuffer');
    try {
      await expect(importGltfBytes(blob, 'hero.gltf', { limits: { maxFileBytes: 1000 } })).rejects.toMatchObject({
        pointer: '', code: 'limit-exceeded', message: `the file is ${describeSize(blob.size)} (${blob.size} bytes); Sinew reads at most 1 KiB (limit maxFileBytes)`,
      });
      expect(read).not.toHaveBeenCalled();
      expect((await importGltfBytes(blob, 'hero.gltf')).scene.objects[0].bones).toHaveLength(65);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });
});
