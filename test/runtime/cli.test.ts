// The CLI as a user runs it: exit codes, `FILE: POINTER: message` errors, JSON output, no stack traces.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const dir = mkdtempSync(join(tmpdir(), 'sinew-cli-'));
const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};
const scene = { format: 'sinew-scene', version: 1, objects: [{ name: 'A', type: 'EMPTY', location: [1, 2, 3] }] };

describe('sinew validate', () => {
  it('exits 0 for valid files', () => {
    const g = file('ok.sinew.json', { format: 'sinew-graph', version: 1, nodes: [], links: [], scene });
    expect(sinew('validate', g).code).toBe(0);
  });

  it('exits 1 and prints FILE: POINTER: message for each error', () => {
    const g = file('bad.sinew.json', { format: 'sinew-graph', version: 1, nodes: [{ id: 'n', type: 'owner/read', params: {}, position: 'here' }], links: [] });
    const r = sinew('validate', g);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^${g.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: /nodes/0/position: `, 'm'));
    expect(r.err).not.toMatch(/at .*\.ts:\d+/);
  });

  it('reports a missing file and broken JSON plainly', () => {
    const r = sinew('validate', join(dir, 'nope.json'), file('broken.json', '{"format": '));
    expect(r.code).toBe(1);
    expect(r.err).toContain('nope.json: (file): no such file');
    expect(r.err).toMatch(/broken\.json: .*JSON/);
  });

  it('reports a newer version naming both versions', () => {
    const r = sinew('validate', file('new.sinew.json', { format: 'sinew-graph', version: 9, nodes: [], links: [] }));
    expect(r.code).toBe(1);
    expect(r.err).toContain('9');
    expect(r.err).toContain('up to version 2');
  });

  it('checks compile-level errors when the graph has a scene', () => {
    const g = file('type.sinew.json', {
      format: 'sinew-graph', version: 1, scene,
      nodes: [
        { id: 'r', type: 'owner/read', params: { owner: 'A' }, position: [0, 0] },
        { id: 'o', type: 'owner/output', params: { owner: 'A' }, position: [0, 0] },
      ],
      links: [{ from: { node: 'r', socket: 'length' }, to: { node: 'o', socket: 'transform' } }],
    });
    const r = sinew('validate', g);
    expect(r.code).toBe(1);
    expect(r.err).toContain('/links/0: node "o" input "transform" takes a transform');
  });
});

describe('sinew eval', () => {
  it('prints every owner final world matrix, column-major', () => {
    file('s.scene.json', scene);
    const g = file('g.sinew.json', { format: 'sinew-graph', version: 1, nodes: [], links: [], scene: 's.scene.json' });
    const r = sinew('eval', g);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ owners: { A: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1] } });
  });

  it('--scene replaces the graph scene', () => {
    const other = file('other.scene.json', { ...scene, objects: [{ name: 'A', type: 'EMPTY', location: [7, 0, 0] }] });
    const g = file('g2.sinew.json', { format: 'sinew-graph', version: 1, nodes: [], links: [], scene });
    expect(JSON.parse(sinew('eval', g, '--scene', other).out).owners.A[12]).toBe(7);
  });
});

describe('usage', () => {
  it('an unknown command prints usage and exits 2', () => {
    const r = sinew('frobnicate');
    expect(r.code).toBe(2);
    expect(r.err).toContain('usage: sinew');
  });
});
