// The CLI never destroys a file: an output that is one of the command's inputs (under any
// spelling) is refused even with --force, an existing file is refused without --force, a write that
// fails midway leaves the old file byte for byte, and a bad folder or option is one line, not a
// stack trace. Each refusal checks its message and that no byte of the target changed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';
import { writeOutput, type OutputFs } from '../../runtime/cli/write-output';

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const root = join(__dirname, '../..');
const fixtures = join(root, '../shared/conformance/fixtures');
const examples = join(root, 'examples');
const fixture = readFileSync(join(fixtures, 'track_to_03.json'));
const base = mkdtempSync(join(tmpdir(), 'sinew-outputs-'));
let counter = 0;
/** A fresh folder holding a copy of one fixture. */
function folder(): { dir: string; fx: string } {
  const dir = join(base, `case${counter++}`);
  mkdirSync(dir);
  const fx = join(dir, 'fx.json');
  writeFileSync(fx, fixture);
  return { dir, fx };
}
const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe('an output that is an input is refused, even with --force', () => {
  const spellings: [string, (dir: string, fx: string) => string][] = [
    ['the same path', (_dir, fx) => fx],
    ['./a/../fx.json', (dir) => {
      mkdirSync(join(dir, 'a'));
      return join(dir, 'a', '..', 'fx.json');
    }],
    ['a symlink to it', (dir, fx) => {
      symlinkSync(fx, join(dir, 'link.json'));
      return join(dir, 'link.json');
    }],
    ['a hard link to it', (dir, fx) => {
      linkSync(fx, join(dir, 'hard.json'));
      return join(dir, 'hard.json');
    }],
  ];
  for (const [name, spell] of spellings) {
    it(`import-blender -o ${name}`, () => {
      const { dir, fx } = folder();
      const out = spell(dir, fx);
      const r = sinew('import-blender', fx, '-o', out, '--force');
      expect(r.code).toBe(1);
      expect(r.err).toBe(`${out}: is also an input of this command (${fx}); choose another output file`);
      expect(readFileSync(fx).equals(fixture)).toBe(true);
      expect(leftovers(dir)).toEqual([]);
    });
  }

  it('bake -o the glTF it writes onto, or the graph it reads', () => {
    const { dir } = folder();
    const glb = join(dir, 'mannequin.glb');
    fs.copyFileSync(join(examples, 'assets/mannequin.glb'), glb);
    const before = readFileSync(glb);
    const graph = join(examples, 'mannequin.sinew.json');
    const r = sinew('bake', graph, '--scene', glb, '--frames', '1..2', '-o', glb, '--force');
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${glb}: is also an input of this command (${glb}); choose another output file`);
    expect(readFileSync(glb).equals(before)).toBe(true);
    const graphBytes = readFileSync(graph);
    const g = sinew('bake', graph, '--frames', '1..2', '-o', join(examples, '.', 'mannequin.sinew.json'), '--force');
    expect(g.code).toBe(1);
    expect(g.err).toContain('is also an input of this command');
    expect(readFileSync(graph).equals(graphBytes)).toBe(true);
  });

  it("bake -o the glTF the graph's scene was imported from (found only after opening it)", () => {
    const { dir } = folder();
    const glb = join(dir, 'mannequin.glb');
    fs.copyFileSync(join(examples, 'assets/mannequin.glb'), glb);
    const before = readFileSync(glb);
    const scene = join(dir, 'mannequin.scene.json');
    expect(sinew('import-gltf', glb, '-o', scene).code).toBe(0);
    // The scene names mannequin.glb in gltf_file: the bake writes onto it, so it must not replace it.
    const r = sinew('bake', join(examples, 'mannequin.sinew.json'), '--scene', scene, '--frames', '1..2', '-o', glb, '--force');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${glb}: is also an input of this command`);
    expect(readFileSync(glb).equals(before)).toBe(true);
  });

  it("import-gltf -o a .gltf's external buffer", () => {
    const { dir } = folder();
    const gltf = { asset: { version: '2.0' }, buffers: [{ byteLength: 4, uri: 'my%20data.bin' }], nodes: [{ name: 'A' }], scenes: [{ nodes: [0] }] };
    writeFileSync(join(dir, 'model.gltf'), JSON.stringify(gltf));
    const bin = join(dir, 'my data.bin');
    writeFileSync(bin, 'abcd');
    const r = sinew('import-gltf', join(dir, 'model.gltf'), '-o', bin, '--force');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${bin}: is also an input of this command`);
    expect(readFileSync(bin, 'utf8')).toBe('abcd');
  });
});

describe('an existing output', () => {
  it('is refused without --force, byte for byte unchanged; replaced with --force', () => {
    const { dir, fx } = folder();
    const out = join(dir, 'out.sinew.json');
    writeFileSync(out, 'my work');
    const r = sinew('import-blender', fx, '-o', out);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${out}: already exists; add --force to replace it`);
    expect(readFileSync(out, 'utf8')).toBe('my work');
    const forced = sinew('import-blender', fx, '-o', out, '--force');
    expect(forced.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).format).toBe('sinew-graph');
    expect(leftovers(dir)).toEqual([]);
  });

  it('is refused for bake and import-gltf too, before any work', () => {
    const { dir } = folder();
    const out = join(dir, 'out.glb');
    writeFileSync(out, 'keep');
    expect(sinew('bake', join(examples, 'arm-ik.sinew.json'), '--frames', '1..2', '-o', out)).toMatchObject({ code: 1, err: `${out}: already exists; add --force to replace it` });
    expect(sinew('import-gltf', join(examples, 'assets/mannequin.glb'), '-o', out)).toMatchObject({ code: 1, err: `${out}: already exists; add --force to replace it` });
    expect(readFileSync(out, 'utf8')).toBe('keep');
    expect(sinew('bake', join(examples, 'arm-ik.sinew.json'), '--frames', '1..2', '-o', out, '--force').code).toBe(0);
    expect(readFileSync(out).subarray(0, 4).toString()).toBe('glTF');
  });

  it('keeps its permissions when replaced', () => {
    const { dir, fx } = folder();
    const out = join(dir, 'out.sinew.json');
    writeFileSync(out, 'old', { mode: 0o640 });
    fs.chmodSync(out, 0o640);
    expect(sinew('import-blender', fx, '-o', out, '--force').code).toBe(0);
    expect(fs.statSync(out).mode & 0o777).toBe(0o640);
  });
});

describe('an interrupted write leaves the old file whole and no temporary file', () => {
  const failing = (fail: 'write' | 'fsync' | 'rename' | 'link'): OutputFs => {
    let writes = 0;
    return {
      ...fs,
      writeSync: (fd, data, offset, length) => {
        if (fail === 'write' && ++writes === 2) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        return fs.writeSync(fd, data, offset, length);
      },
      fsyncSync: (fd) => {
        if (fail === 'fsync') throw Object.assign(new Error('i/o error'), { code: 'EIO' });
        fs.fsyncSync(fd);
      },
      renameSync: (a, b) => {
        if (fail === 'rename') throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
        fs.renameSync(a, b);
      },
      linkSync: (a, b) => {
        if (fail === 'link') throw Object.assign(new Error('i/o error'), { code: 'EIO' });
        fs.linkSync(a, b);
      },
    };
  };
  const cases: [string, 'write' | 'fsync' | 'rename' | 'link', boolean, string][] = [
    ['a write that fails midway (disk full)', 'write', true, 'could not be written (the disk is full); the old file, if any, is unchanged'],
    ['a flush that fails', 'fsync', true, 'could not be written (EIO); the old file, if any, is unchanged'],
    ['a rename that fails', 'rename', true, 'could not be written (permission denied); the old file, if any, is unchanged'],
    ['placing a new file that fails', 'link', false, 'could not be written (EIO); the old file, if any, is unchanged'],
  ];
  for (const [name, fail, force, message] of cases) {
    it(name, () => {
      const { dir } = folder();
      const target = join(dir, 'big.bin');
      const old = Buffer.from('the old file, whole');
      if (force) writeFileSync(target, old);
      const data = new Uint8Array(3 << 20).fill(7); // three chunks: the second write fails
      const r = writeOutput(target, data, { force }, failing(fail));
      expect(r).toEqual({ ok: false, message: `${target}: ${message}` });
      if (force) expect(readFileSync(target).equals(old)).toBe(true);
      else expect(fs.existsSync(target)).toBe(false);
      expect(readdirSync(dir).sort()).toEqual(force ? ['big.bin', 'fx.json'] : ['fx.json']);
    });
  }

  it('a process killed in the middle of writing leaves the old file byte for byte', () => {
    const { dir } = folder();
    const target = join(dir, 'big.bin');
    const old = Buffer.from('the old file, whole');
    writeFileSync(target, old);
    // A child writes 3 MiB over it and is killed outright (SIGKILL: no cleanup can run) after its
    // first chunk, as a power loss or `kill -9` would.
    const script = `
      import * as fs from 'node:fs';
      import { writeOutput } from ${JSON.stringify(join(root, 'runtime/cli/write-output.ts'))};
      let writes = 0;
      const io = { ...fs, writeSync: (fd, d, o, l) => { if (++writes === 2) process.kill(process.pid, 'SIGKILL'); return fs.writeSync(fd, d, o, l); } };
      writeOutput(${JSON.stringify(target)}, new Uint8Array(3 << 20).fill(7), { force: true }, io);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
    expect(child.signal).toBe('SIGKILL');
    expect(readFileSync(target).equals(old)).toBe(true);
    // What the kill leaves is the partial temporary file beside it (documented), never a partial target.
    const temps = leftovers(dir);
    expect(temps).toHaveLength(1);
    expect(temps[0]).toMatch(/^\.big\.bin\.[0-9a-f]{12}\.tmp$/);
    expect(fs.statSync(join(dir, temps[0])).size).toBe(1 << 20);
  });
});

describe('a folder that cannot take the output is one line', () => {
  it('a missing folder', () => {
    const { dir, fx } = folder();
    const out = join(dir, 'none', 'out.sinew.json');
    expect(sinew('import-blender', fx, '-o', out)).toMatchObject({ code: 1, err: `${out}: the folder ${join(dir, 'none')} does not exist` });
    expect(fs.existsSync(join(dir, 'none'))).toBe(false);
  });

  it('a path under a regular file', () => {
    const { dir, fx } = folder();
    writeFileSync(join(dir, 'file.txt'), 'text');
    const out = join(dir, 'file.txt', 'out.glb');
    expect(sinew('bake', join(examples, 'arm-ik.sinew.json'), '--frames', '1..2', '-o', out)).toMatchObject({ code: 1, err: `${out}: cannot write here: ${join(dir, 'file.txt')} is not a folder` });
    const deeper = join(dir, 'file.txt', 'sub', 'out.sinew.json');
    expect(sinew('import-blender', fx, '-o', deeper)).toMatchObject({ code: 1, err: `${deeper}: cannot write here: ${join(dir, 'file.txt')} is a file, not a folder` });
    expect(readFileSync(join(dir, 'file.txt'), 'utf8')).toBe('text');
  });

  it('a folder that takes no files (/proc, which even root cannot write)', () => {
    const { fx } = folder();
    const r = sinew('import-blender', fx, '-o', '/proc/out.sinew.json');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^\/proc\/out\.sinew\.json: could not be written \([^)]+\); the old file, if any, is unchanged$/);
  });

  it('an output that is a folder', () => {
    const { dir, fx } = folder();
    expect(sinew('import-blender', fx, '-o', dir, '--force')).toMatchObject({ code: 1, err: `${dir}: is a folder, not a file` });
  });
});

describe('numeric options are checked, with the accepted range in the message', () => {
  const graph = join(examples, 'arm-ik.sinew.json');
  const bad: [string[], string][] = [
    [['--fps', '0'], '--fps: expected a number above 0 and at most 1000, got "0"'],
    [['--fps', '1001'], '--fps: expected a number above 0 and at most 1000, got "1001"'],
    [['--fps', 'abc'], '--fps: expected a number above 0 and at most 1000, got "abc"'],
    [['--fps', '0x18'], '--fps: expected a number above 0 and at most 1000, got "0x18"'],
    [['--fps', 'Infinity'], '--fps: expected a number above 0 and at most 1000, got "Infinity"'],
    [['--step', '0'], '--step: expected a number of frames above 0 and at most 10000, got "0"'],
    [['--step', '-1'], '--step: expected a number of frames above 0 and at most 10000, got "-1"'],
    [['--step', 'NaN'], '--step: expected a number of frames above 0 and at most 10000, got "NaN"'],
    [['--frames', '5..1'], '--frames: the last frame (1) comes before the first (5); expected A..B with A ≤ B, each a frame from -1048574 to 1048574 (e.g. 1..48)'],
    [['--frames', '1..NaN'], '--frames: expected A..B with A ≤ B, each a frame from -1048574 to 1048574 (e.g. 1..48), got "1..NaN"'],
    [['--frames', '1..2000000'], '--frames: expected A..B with A ≤ B, each a frame from -1048574 to 1048574 (e.g. 1..48), got "1..2000000"'],
    [['--frames', '1..100001'], '--frames: 1..100001 with --step 1 is 100001 frames; a bake takes at most 100000 (raise --step or bake in parts)'],
    [['--frames', '0..10', '--step', '0.0001'], '--frames: 0..10 with --step 0.0001 is 100001 frames; a bake takes at most 100000 (raise --step or bake in parts)'],
    [['--fps'], '--fps: needs a value'],
    [['--frames', '1..2', '--frames', '1..3'], '--frames: given twice'],
    [['--force=yes'], '--force: takes no value, got "yes"'],
    [['--fsp', '30'], 'sinew bake: unknown option --fsp; bake takes --scene, --frames, -o, --fps, --step, --name, --armature, --clip, --force, --strict'],
  ];
  for (const [args, message] of bad) {
    it(`bake ${args.join(' ')}`, () => {
      const { dir } = folder();
      const out = join(dir, 'out.glb');
      const argv = ['bake', graph, ...(args.includes('--frames') ? [] : ['--frames', '1..2']), '-o', out, ...args];
      expect(sinew(...argv)).toEqual({ code: 2, out: '', err: message });
      expect(fs.existsSync(out)).toBe(false);
    });
  }

  it('accepts the ends of each range', () => {
    const { dir } = folder();
    const r = sinew('bake', graph, '--frames', '1..1', '--fps', '1000', '--step', '10000', '-o', join(dir, 'edge.glb'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('(1 frames at 1000 fps');
    expect(sinew('eval', graph, '--frame', '-1048574').code).toBe(0);
  });

  for (const frame of ['NaN', 'abc', '1e9', '-Infinity', '1048575']) {
    it(`eval --frame ${frame}`, () => {
      expect(sinew('eval', graph, '--frame', frame)).toEqual({ code: 2, out: '', err: `--frame: expected a frame number from -1048574 to 1048574, got "${frame}"` });
    });
  }
});

describe('output piped into a program that closes early', () => {
  /**
   * Runs the real CLI as a shell runs `sinew … | head -c1`: the reader takes one byte and exits.
   * Returns the CLI's exit status, its stderr, and what the reader got.
   */
  function pipedToOneByte(args: string[]): { status: string; stderr: string; got: string } {
    const { dir } = folder();
    const quoted = args.map((a) => `'${a}'`).join(' ');
    const script = `node bin/sinew.mjs ${quoted} 2>'${dir}/stderr' | head -c1 >'${dir}/got'; echo "\${PIPESTATUS[0]}"`;
    const r = spawnSync('bash', ['-c', script], { cwd: root, encoding: 'utf8' });
    return { status: r.stdout.trim(), stderr: readFileSync(join(dir, 'stderr'), 'utf8'), got: readFileSync(join(dir, 'got'), 'utf8') };
  }

  it('sinew eval examples/arm-ik.sinew.json | head -c1 ends quietly', () => {
    expect(pipedToOneByte(['eval', 'examples/arm-ik.sinew.json'])).toEqual({ status: '0', stderr: '', got: '{' });
  });

  it('so does an output far larger than the pipe holds (the writer surely meets EPIPE)', () => {
    // 3,000 owners print about 300 kB, more than a pipe buffers (64 kB), so writing after the
    // reader left must fail with EPIPE whatever the timing.
    const { dir } = folder();
    const objects = Array.from({ length: 3000 }, (_, i) => ({ name: `Empty.${i}`, type: 'EMPTY', location: [i * 0.123456789, 1, 2] }));
    const g = join(dir, 'many.sinew.json');
    writeFileSync(g, JSON.stringify({ format: 'sinew-graph', version: 1, nodes: [], links: [], scene: { format: 'sinew-scene', version: 1, objects } }));
    expect(pipedToOneByte(['eval', g])).toEqual({ status: '0', stderr: '', got: '{' });
  });
});
