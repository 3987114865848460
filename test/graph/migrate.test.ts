import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../graph/load';
import { MIGRATIONS, migrate, type Migration, type RawGraph } from '../../graph/migrate';
import { saveGraph } from '../../graph/save';

/** A version 1 file with something in every corner a migration could forget. */
function versionOneFile(): RawGraph {
  return {
    $schema: './sinew-graph.schema.json',
    format: 'sinew-graph',
    version: 1,
    generator: { tool: 'export.py', flags: [1, 2, 3] },
    scene: { objects: [{ name: 'Arm', matrix: [1, 0, 0, 1] }] },
    view: { x: 10, y: -4, zoom: 1.5 },
    nodes: [
      { id: 'a', type: 'old/track', params: { axis: '+Y', nested: { deep: [true, null] } }, position: [1, 2], color: 'red' },
      { id: 'b', type: 'object/owner', params: {}, position: [3, 4] },
    ],
    links: [{ from: { node: 'b', socket: 'final' }, to: { node: 'a', socket: 'target' } }],
  };
}

/** A fake 1 → 2 step that renames one node type and touches nothing else. */
const renameTrack: Migration = (file) => ({
  ...file,
  nodes: (file['nodes'] as { type: string }[]).map((n) => (n.type === 'old/track' ? { ...n, type: 'constraint/damped-track' } : n)),
});

const fakeTable = new Map([[1, renameTrack]]);

describe('migrate', () => {
  it('upgrades version 1 to 2 keeping nodes and links, and moves aside v1 keys that version 2 reads', () => {
    const file = versionOneFile();
    expect(migrate(file, MIGRATIONS)).toEqual({ ok: true, file: { ...versionOneFile(), version: 2 } });
    const clashing = { ...versionOneFile(), groups: 'a tool\'s own data', nodes: [{ id: 'a', type: 't', params: {}, position: [0, 0], collapsed: 'yes' }] };
    const result = migrate(clashing, MIGRATIONS);
    expect(result.ok && result.file).toEqual({ ...versionOneFile(), version: 2, 'v1-groups': "a tool's own data", nodes: [{ id: 'a', type: 't', params: {}, position: [0, 0], 'v1-collapsed': 'yes' }] });
  });

  it('runs each step, sets the version, and keeps every field it does not change', () => {
    const file = versionOneFile();
    const result = migrate(file, fakeTable, 2);
    const expected = versionOneFile();
    expected['version'] = 2;
    (expected['nodes'] as { type: string }[])[0].type = 'constraint/damped-track';
    expect(result).toEqual({ ok: true, file: expected });
    expect(file).toEqual(versionOneFile()); // the input is untouched
  });

  it('protects the caller from a step that mutates its argument', () => {
    const file = versionOneFile();
    const careless: Migration = (f) => {
      f['generator'] = 'overwritten';
      return f;
    };
    migrate(file, new Map([[1, careless]]), 2);
    expect(file).toEqual(versionOneFile());
  });

  it('refuses a version it has no step for, and reports a failing step in words', () => {
    expect(migrate(versionOneFile(), new Map(), 2)).toEqual({
      ok: false,
      error: { code: 'migration-failed', pointer: '/version', message: 'this file is version 1, and this build of Sinew has no way to upgrade it from that version' },
    });
    const broken: Migration = () => {
      throw new Error('nodes is not a list');
    };
    expect(migrate(versionOneFile(), new Map([[1, broken]]), 2)).toMatchObject({
      ok: false,
      error: { message: 'upgrading this file from version 1 to 2 failed: nodes is not a list' },
    });
  });

  it('runs inside loadGraph, and the upgraded file saves with everything kept', () => {
    const result = loadGraph(JSON.stringify(versionOneFile()), undefined, { migrations: fakeTable, version: 2 });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const saved = JSON.parse(saveGraph(result.graph)) as RawGraph;
    const expected = versionOneFile();
    expected['version'] = 2;
    (expected['nodes'] as { type: string }[])[0].type = 'constraint/damped-track';
    expect(saved).toEqual(expected);
  });
});
