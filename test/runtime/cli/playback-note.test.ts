// `sinew eval --frame F` evaluates F on its own, from the file's pose. A rig that keeps something from
// the frames before it (a rotation mode its action keys, a Blender write-back such as Limit
// Distance's distance of 0) can give another result when F is reached by playing, as Blender's
// session and `sinew bake` reach it: eval says so on stderr, as a note that `--strict` does not count.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../../runtime/cli/main';

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err };
}

const dir = mkdtempSync(join(tmpdir(), 'sinew-playback-'));
const FIXTURES = join(import.meta.dirname, '..', '..', 'blender', 'fixtures');

/** A of B kept at a Limit Distance whose distance is 0 (set at its first evaluation); B moves with the frame. */
function limitDistance(distance: number): string {
  const path = join(dir, `limit-${distance}.sinew.json`);
  writeFileSync(path, JSON.stringify({
    format: 'sinew-graph', version: 1,
    scene: {
      format: 'sinew-scene', version: 1,
      objects: [{ name: 'A', type: 'EMPTY', location: [2, 0, 0] }, { name: 'B', type: 'EMPTY', animation_data: { action: 'x' } }],
      actions: [{ name: 'x', fcurves: [{ data_path: 'location', array_index: 1, keyframes: [{ co: [1, 0], interpolation: 'LINEAR' }, { co: [100, 99], interpolation: 'LINEAR' }] }] }],
    },
    nodes: [
      { id: 'in', type: 'owner/input', params: { owner: 'A' }, position: [0, 0] },
      { id: 'b', type: 'owner/read', params: { owner: 'B' }, position: [0, 0] },
      { id: 'keep', type: 'constraint/limit-distance', params: { distance }, position: [0, 0] },
      { id: 'out', type: 'owner/output', params: { owner: 'A' }, position: [0, 0] },
    ],
    links: [
      { from: { node: 'in', socket: 'transform' }, to: { node: 'keep', socket: 'owner' } },
      { from: { node: 'b', socket: 'transform' }, to: { node: 'keep', socket: 'target' } },
      { from: { node: 'keep', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
    ],
  }));
  return path;
}

const note = (file: string, frame: number, because: string) =>
  `${file}: note: frame ${frame} was evaluated on its own, from the file's pose; played to from other frames (as in Blender, or \`sinew bake\`) it can differ, because ${because}`;

describe('sinew eval --frame: a rig that keeps something from the frames before', () => {
  it('a dependency cycle: the note names it (beside the compile\u2019s warning of it)', () => {
    const target = join(dir, 'cycle.sinew.json');
    expect(sinew('import-blender', join(FIXTURES, 'random_bbone173.export.json'), '-o', target).code).toBe(0);
    const r = sinew('eval', target, '--frame', '4');
    expect(r.code).toBe(0);
    const notes = r.err.filter((l) => l.includes(': note: '));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/because a dependency cycle through .*node "c44:Locked Track".* reads the last evaluation's values through the link set aside$/);
    expect(r.err.some((l) => l.includes('warning: dependency cycle detected'))).toBe(true);
  });

  it('a write-back: the note names the node; --strict does not count it', () => {
    const file = limitDistance(0);
    const r = sinew('eval', file, '--frame', '50', '--strict');
    expect(r.code).toBe(0);
    expect(r.err).toEqual([note(file, 50, 'node "keep" keeps a value from its first evaluation (Limit Distance)')]);
    expect(JSON.parse(r.out)).toHaveProperty('owners.A');
  });

  it('no note without --frame, nor for a distance set in the file (nothing is written back)', () => {
    expect(sinew('eval', limitDistance(0)).err).toEqual([]);
    expect(sinew('eval', limitDistance(1), '--frame', '50').err).toEqual([]);
  });

  it('a rotation mode keyed in an action (a Blender export): the note names each owner', () => {
    const target = join(dir, 'keyed-modes.sinew.json');
    expect(sinew('import-blender', join(FIXTURES, 'keyed_rotation_modes.export.json'), '-o', target).code).toBe(0);
    const r = sinew('eval', target, '--frame', '7');
    expect(r.code).toBe(0);
    expect(r.err).toHaveLength(1);
    const owners = [...r.err[0].matchAll(/owner "([^"]+)" keeps the rotation mode its action keys/g)].map((m) => m[1]);
    // Each owner the action keys a mode of, and no other (rigs.py `keyed_rotation_modes`).
    const exported = JSON.parse(readFileSync(join(FIXTURES, 'keyed_rotation_modes.export.json'), 'utf8')) as { actions: { fcurves: { data_path: string }[] }[] };
    const keyedModes = exported.actions.flatMap((a) => a.fcurves.filter((c) => c.data_path.endsWith('rotation_mode'))).length;
    expect(owners.length).toBe(keyedModes);
    expect(r.err[0]).toMatch(/^.*: note: frame 7 was evaluated on its own/);
  });
});
