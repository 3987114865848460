// Rigify's other metarigs, generated in Blender 3.4 (rigs.py `rig_quadruped(metarig)`), every control
// posed a little (seeded): the wolf, horse, bird and shark rigs and the basic human. `import-blender`
// then `eval` equals Blender's matrices within 1e-4 for every bone outside the IK chains and what
// follows them (those wait for the IK issue's solver; docs/fidelity.md). The owner counts pin that
// each rig is the one generated and that most of it is compared.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

const RIGS: [metarig: string, owners: number, compared: number][] = [
  ['wolf', 824, 428],
  ['horse', 455, 166],
  ['bird', 358, 198],
  ['shark', 158, 158],
  ['basic_human', 223, 131],
];

describe('Blender round trip: Rigify metarigs, every bone outside the IK chains', () => {
  for (const [metarig, owners, compared] of RIGS) {
    it(metarig, () => {
      const rt = roundTrip(metarig);
      expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
      expect(differences(rt).length).toBe(owners);
      const diffs = differences(rt, (o) => rt.ikAffected.has(o));
      expect(diffs.length).toBe(compared);
      expect(failures(diffs, 1e-4)).toEqual([]);
    });
  }
});
