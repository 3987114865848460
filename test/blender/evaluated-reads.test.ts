// Single Property driver variables that read what Blender evaluates, built in Blender 3.4 (rigs.py
// `evaluated_reads`): a pose bone's head, tail, matrix (armature space) and length (as posed), an
// object's matrix_world, matrix_local (under an object parent) and matrix_basis, and a bone's rest
// head_local, matrix_local and length, the read bones and objects keyed (a scaled bone, a child
// with a constraint), 14 drivers on two bones' channels, 3 frames. Before, all 14 were not carried
// and the driven bones were 0.15-0.38 off at frames 3 and 5.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: drivers reading evaluated matrices', () => {
  it('reads heads, tails, matrices and lengths as Blender evaluates them', () => {
    const rt = roundTrip('evaluated_reads');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('drivers: 14 (SCRIPTED 14; variables SINGLE_PROP 14), 14 wired live');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(24); // 3 objects and 5 bones, 3 frames
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
