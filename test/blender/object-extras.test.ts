// Issue 14, through Blender 3.4 (rigs.py `object_extras`): delta transforms in all eight rotation
// modes (authored, keyed by an action, under a parent with deltas of its own, under constraints —
// one in the LOCAL space of a parent-less object, which Blender builds with the deltas), drivers
// reading deltas (a keyed one, TRANSFORM_SPACE, a Distance) and writing them, objects on bones with
// and without Relative Parenting, and an armature in REST position with bone constraints, IK and a
// keyed bone (Blender ignores them all), an object constraint of its own (applied) and drivers
// reading it (its channels as authored in TRANSFORM_SPACE, its bones at rest in world and local space).
// `import-blender RIG.blend` then `eval` equals Blender's matrices within 1e-4 at frames 1, 4 and
// 7.5, with nothing left uncarried; and each feature is needed: the same import with the deltas,
// the Relative Parenting or the rest position taken out of its scene misses Blender's matrices.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { differences, failures, roundTrip, type RoundTrip } from './roundtrip';

/** The owners further than 1e-3 from Blender at some frame when the imported scene is changed by `edit`. */
function missedWithout(rt: RoundTrip, edit: (scene: SceneDocument) => void): string[] {
  const graph = JSON.parse(readFileSync(join(rt.dir, 'object_extras.sinew.json'), 'utf8')) as GraphDocument & { scene: SceneDocument };
  edit(graph.scene);
  const program = compile(graph, graph.scene);
  const evaluated: RoundTrip['evaluated'] = {};
  for (const frame of Object.keys(rt.expected)) evaluated[frame] = program.evaluate(Number(frame)).result().owners;
  return [...new Set(differences({ ...rt, evaluated }).filter((d) => d.error > 1e-3).map((d) => d.owner))].sort();
}

describe('Blender round trip: delta transforms, Relative Parenting, rest position', () => {
  // Built once, by the first test that needs it (not while collecting: a filtered run skips Blender).
  let built: RoundTrip | undefined;
  const trip = () => (built ??= roundTrip('object_extras'));

  it('every object and bone equals Blender within 1e-4 at every frame, nothing left uncarried', () => {
    const rt = trip();
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('not carried: nothing');
    expect(log).not.toContain('warning');
    expect(log).toContain('skipped as Blender skips them: 2');
    const diffs = differences(rt);
    expect(diffs.length).toBe(3 * (21 + 7)); // 21 objects and 7 bones at 3 frames
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  it('each feature is needed: without it the owners that use it miss Blender', () => {
    const rt = trip();
    const deltas = missedWithout(rt, (s) => {
      s.objects = s.objects.map(({ delta_location: _l, delta_rotation_euler: _r, delta_rotation_quaternion: _q, delta_scale: _s, ...o }) => o);
      for (const a of s.actions ?? []) a.fcurves = a.fcurves.filter((f) => !f.data_path.startsWith('delta_'));
    });
    // Every delta object, in every mode, keyed or not, and what hangs from or reads one.
    for (const m of ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE']) expect(deltas).toContain(`D_${m}`);
    for (const o of ['DeltaParent', 'Keyed_YXZ', 'Keyed_Q', 'DeltaDriven', 'OnRelDelta']) expect(deltas).toContain(o);
    const relative = missedWithout(rt, (s) => { for (const o of s.objects) for (const b of o.bones ?? []) b.use_relative_parent = false; });
    expect(relative).toEqual(['OnRel', 'OnRelDelta', 'OnRestSide']);
    const posed = missedWithout(rt, (s) => { for (const o of s.objects) delete o.pose_position; });
    expect(posed).toEqual(expect.arrayContaining(['OnRestC', 'RestArm/A', 'RestArm/B', 'RestArm/C', 'RestArm/Side', 'RestReader']));
  });
});
