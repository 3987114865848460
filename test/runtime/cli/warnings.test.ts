// Warnings that arise while evaluating reach the user: `eval` and `bake` print them on stderr once
// per node or owner (a bake with the number of frames they arose in), and `--strict` turns any
// warning into exit 1 with nothing written.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultCatalog } from '../../../nodes/catalog';
import type { KernelIO } from '../../../nodes/define';
import { run } from '../../../runtime/cli/main';

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const dir = mkdtempSync(join(tmpdir(), 'sinew-warnings-'));
const write = (name: string, value: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(value));
  return p;
};

// A parent far away and scaled up: its child's matrix before constraints is past ±1.8e308.
const far = write('far.sinew.json', {
  format: 'sinew-graph', version: 1, nodes: [], links: [],
  scene: {
    format: 'sinew-scene', version: 1,
    objects: [
      { name: 'P', type: 'EMPTY', location: [1e300, 0, 0], scale: [1e10, 1, 1] },
      { name: 'C', type: 'EMPTY', parent: 'P', location: [1e300, 0, 0] },
    ],
  },
});
const overflow = `${far}: /scene: warning: owner "C": its matrix before constraints does not fit in a double; numbers too large were saturated`;

// Copy Location of B onto A: the node a test makes fail, as a kernel bug would. B's X is the frame
// (an action), so the failure can depend on the frame as a kernel's does on its inputs.
const copying = write('copy.sinew.json', {
  format: 'sinew-graph', version: 1,
  scene: {
    format: 'sinew-scene', version: 1,
    objects: [{ name: 'A', type: 'EMPTY' }, { name: 'B', type: 'EMPTY', location: [1, 2, 3], animation_data: { action: 'x' } }],
    actions: [{ name: 'x', fcurves: [{ data_path: 'location', array_index: 0, keyframes: [{ co: [0, 0], interpolation: 'LINEAR' }, { co: [100, 100], interpolation: 'LINEAR' }] }] }],
  },
  nodes: [
    { id: 'in', type: 'owner/input', params: { owner: 'A' }, position: [0, 0] },
    { id: 'b', type: 'owner/read', params: { owner: 'B' }, position: [0, 0] },
    { id: 'copy', type: 'constraint/copy-location', params: {}, position: [0, 0] },
    { id: 'out', type: 'owner/output', params: { owner: 'A' }, position: [0, 0] },
  ],
  links: [
    { from: { node: 'in', socket: 'transform' }, to: { node: 'copy', socket: 'owner' } },
    { from: { node: 'b', socket: 'transform' }, to: { node: 'copy', socket: 'target' } },
    { from: { node: 'copy', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
  ],
});
const copyLocation = defaultCatalog.get('constraint/copy-location')!;
const realKernel = copyLocation.kernel;
/**
 * Makes Copy Location throw at every frame that is a multiple of `every` (1: always), read from its
 * target (B's X is the frame): a function of its inputs, as kernels are (a frame may be evaluated twice,
 * runtime/eval/frame-check.ts).
 */
function breakCopyLocation(every: number): void {
  copyLocation.kernel = (io: KernelIO, params, state) => {
    if (Math.round(io.in.target[12]) % every === 0) throw new Error('kernel exploded');
    realKernel(io, params, state);
  };
}
afterEach(() => {
  copyLocation.kernel = realKernel;
});
const failed = `${copying}: /nodes/2: warning: node "copy" (Copy Location) failed: it stopped with an error (kernel exploded); it is skipped and its owner passes through unchanged`;

describe('sinew eval', () => {
  it('prints an owner saturated to the double range, once', () => {
    const r = sinew('eval', far);
    expect(r.code).toBe(0);
    expect(r.err).toBe(overflow);
    expect(JSON.parse(r.out).owners.C[12]).toBe(Number.MAX_VALUE);
  });

  it('prints a node that failed and was skipped', () => {
    breakCopyLocation(1);
    const r = sinew('eval', copying);
    expect(r.code).toBe(0);
    expect(r.err).toBe(failed);
    expect(JSON.parse(r.out).owners.A.slice(12, 15)).toEqual([0, 0, 0]);
  });

  it('--strict: exit 1 and no matrices when a warning arose; exit 0 when none did', () => {
    const r = sinew('eval', far, '--strict');
    expect(r).toEqual({ code: 1, out: '', err: `${overflow}\n${far}: --strict: 1 warning; no result printed` });
    const clean = sinew('eval', copying, '--strict');
    expect(clean.code).toBe(0);
    expect(clean.err).toBe('');
  });
});

describe('sinew bake', () => {
  it('prints each warning once with the frames it arose in', () => {
    breakCopyLocation(2);
    const out = join(dir, 'copy.glb');
    const r = sinew('bake', copying, '--frames', '1..10', '-o', out);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${failed} (in 5 of 10 frames)`);
    const all = sinew('bake', far, '--frames', '1..48', '-o', join(dir, 'far.glb'));
    expect(all.code).toBe(0);
    expect(all.err).toBe(`${overflow} (in 48 of 48 frames)`);
  });

  it('--strict: exit 1 and the file is not written', () => {
    breakCopyLocation(3);
    const out = join(dir, 'strict.glb');
    const r = sinew('bake', copying, '--frames', '1..9', '-o', out, '--strict');
    expect(r).toEqual({ code: 1, out: '', err: `${failed} (in 3 of 9 frames)\n${copying}: --strict: 1 warning; ${out} not written` });
    expect(existsSync(out)).toBe(false);
    copyLocation.kernel = realKernel;
    expect(sinew('bake', copying, '--frames', '1..9', '-o', out, '--strict').code).toBe(0);
    expect(readFileSync(out).subarray(0, 4).toString()).toBe('glTF');
  });
});
