// The exporter reads actions as Blender 4.4 and later keep them (F-curves per slot; 5.0 has no
// `action.fcurves`), checked on stand-ins shaped like 5.0's types that hold real F-curves, inside
// the Blender 3.4 the other round trips use (test/blender/slots_test.py). Without slots, an object
// would get the first slot's curves (what 4.4's legacy `action.fcurves` answers) and 5.0 would
// stop the export with an AttributeError.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { blenderPath } from './roundtrip';

interface Dumped { name: string; id: { object: string } | null; id_root?: string; groups: { name: string }[]; fcurves: { data_path: string; key: string; keyframes: { co: number[] }[] }[] }

it('each user of a slotted action is written with the curves of the slot it plays', () => {
  const run = spawnSync(blenderPath(), ['-b', '--factory-startup', '--python-exit-code', '1', '--python', resolve(import.meta.dirname, 'slots_test.py')], { encoding: 'utf8', maxBuffer: 16 << 20 });
  expect(run.status, run.stderr).toBe(0);
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  expect(line, run.stdout).toBeDefined();
  const { actions, notes } = JSON.parse(line!.slice(7)) as { actions: Dumped[]; notes: string[] };
  const summary = actions.map((a) => [a.name, a.id?.object ?? null, a.fcurves.map((f) => f.data_path), a.groups.map((g) => g.name)]);
  expect(summary).toEqual([
    ['Shared', 'First', ['location'], ['A group']],
    ['Shared', 'Second', ['rotation_euler'], ['B group']],
    ['Legacy', 'Old', ['location'], ['Object Transforms']],
    ['ConstraintOnly', null, ['rotation_euler'], ['B group']],
  ]);
  // The keys are the real curves' (Blender's own F-curves behind the stand-ins).
  expect(actions[1].fcurves[0].keyframes.map((k) => k.co)).toEqual([[1, 0], [10, 3]]);
  expect(actions[3].id_root).toBe('OBJECT');
  expect(notes).toEqual([expect.stringMatching(/^action ConstraintOnly: played through 2 different slots .* \(OBC\)$/)]);
});
