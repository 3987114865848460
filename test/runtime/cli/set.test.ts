// `sinew eval --set NODE.PARAM=VALUE`: a param set from the command line changes the pose as the same
// value in the file would; an unknown node or param, or a value the param does not take, is refused by
// name (with the nearest known name), exit 1 and nothing printed on stdout; a malformed setting is a
// usage error (exit 2).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../../runtime/cli/main';
import { parseSetting } from '../../../runtime/cli/set-params';

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const dir = mkdtempSync(join(tmpdir(), 'sinew-set-'));
/** Empty A copies the location of empty B (4 units along X away), with the influence given. */
const graphFile = (influence: number) => {
  const p = join(dir, `copy-${influence}.sinew.json`);
  writeFileSync(p, JSON.stringify({
    format: 'sinew-graph', version: 1,
    nodes: [
      { id: 'in.A', type: 'owner/input', params: { owner: 'A' }, position: [0, 0] },
      { id: 'b', type: 'owner/read', params: { owner: 'B' }, position: [0, 100] },
      { id: 'copy.loc', type: 'constraint/copy-location', params: { influence }, position: [200, 0] },
      { id: 'out.A', type: 'owner/output', params: { owner: 'A' }, position: [400, 0] },
    ],
    links: [
      { from: { node: 'in.A', socket: 'transform' }, to: { node: 'copy.loc', socket: 'owner' } },
      { from: { node: 'b', socket: 'transform' }, to: { node: 'copy.loc', socket: 'target' } },
      { from: { node: 'copy.loc', socket: 'owner' }, to: { node: 'out.A', socket: 'transform' } },
    ],
    scene: { format: 'sinew-scene', version: 1, objects: [{ name: 'A', type: 'EMPTY', location: [1, 2, 3] }, { name: 'B', type: 'EMPTY', location: [5, 2, 3] }] },
  }));
  return p;
};
const locationOf = (out: string, owner: string) => (JSON.parse(out) as { owners: Record<string, number[]> }).owners[owner].slice(12, 15);

describe('sinew eval --set', () => {
  it('sets a param before evaluating: influence 0.5 puts A half way to B, as the same value in the file does', () => {
    const off = sinew('eval', graphFile(0));
    expect(off.code).toBe(0);
    expect(locationOf(off.out, 'A')).toEqual([1, 2, 3]);
    const set = sinew('eval', graphFile(0), '--set', 'copy.loc.influence=0.5');
    expect(set.code, set.err).toBe(0);
    expect(locationOf(set.out, 'A')).toEqual([3, 2, 3]);
    expect(set.out).toBe(sinew('eval', graphFile(0.5)).out);
  });

  it('takes several settings, in order (the last one for a param wins), and --set=VALUE', () => {
    const r = sinew('eval', graphFile(0), '--set', 'copy.loc.influence=1', '--set=copy.loc.influence=0.25');
    expect(r.code, r.err).toBe(0);
    expect(locationOf(r.out, 'A')).toEqual([2, 2, 3]);
  });

  it('names an unknown node with the nearest id, and an unknown param with the nearest param', () => {
    const node = sinew('eval', graphFile(0), '--set', 'copy.lco.influence=1');
    expect(node.code).toBe(1);
    expect(node.out).toBe('');
    expect(node.err).toContain('--set copy.lco.influence=1: no node "copy.lco" in the graph (did you mean "copy.loc"?)');
    const param = sinew('eval', graphFile(0), '--set', 'copy.loc.influense=1');
    expect(param.code).toBe(1);
    expect(param.err).toContain('node "copy.loc" (constraint/copy-location) has no param "influense" (did you mean "influence"?)');
  });

  it('refuses a value the param does not take, saying what it takes', () => {
    const r = sinew('eval', graphFile(0), '--set', 'copy.loc.influence=2');
    expect(r.code).toBe(1);
    expect(r.err).toContain('param "influence": expected a number from 0 to 1, got 2');
    const word = sinew('eval', graphFile(0), '--set', 'copy.loc.influence=high');
    expect(word.code).toBe(1);
    expect(word.err).toMatch(/param "influence": expected a number .*got "high"/);
  });

  it('is a usage error when the setting is not NODE.PARAM=VALUE', () => {
    for (const bad of ['copy', 'copy.loc', 'influence=1', '.influence=1', 'copy.=1', 'copy.loc.influence=']) {
      const r = sinew('eval', graphFile(0), '--set', bad);
      expect(r.code, bad).toBe(2);
      expect(r.err, bad).toMatch(/^--set/);
    }
    expect(sinew('eval', graphFile(0), '--set').code).toBe(2);
  });

  it('reads JSON values and plain words', () => {
    const v = (text: string) => { const p = parseSetting(text); return p.ok ? p.value : p.message; };
    expect(v('n:Copy Rotation.001.mixMode=ADD')).toEqual({ node: 'n:Copy Rotation.001', param: 'mixMode', value: 'ADD', text: 'n:Copy Rotation.001.mixMode=ADD' });
    expect(v('a.b=[1, 0, 0]')).toMatchObject({ node: 'a', param: 'b', value: [1, 0, 0] });
    expect(v('a.b=true')).toMatchObject({ value: true });
    expect(v('a.b="x=y"')).toMatchObject({ value: 'x=y' });
    expect(v('a.b=1 2')).toMatch(/neither JSON/);
  });
});
