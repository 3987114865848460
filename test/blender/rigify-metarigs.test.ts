// Rigify's other metarigs, generated in Blender 3.4 (rigs.py `rig_quadruped(metarig)`), every control
// posed a little (seeded): the wolf, horse, cat, bird and shark rigs, the basic human, and the human
// with Rigify's newer face (`human_face`: the human metarig after "Upgrade Face Rig", 918 bones and
// 1,271 constraints of skin chains, glue bones and B-Bones).
// `import-blender` then `eval` equals Blender's matrices within 1e-4 for every bone, the IK chains
// (Blender's legacy solver, stretch and poles) and everything that follows them included. The owner
// counts pin that each rig is the one generated; the IK-affected counts that its chains are compared.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

const RIGS: [metarig: string, owners: number, ikAffected: number][] = [
  ['wolf', 824, 396],
  ['horse', 455, 289],
  ['cat', 761, 336],
  ['bird', 358, 160],
  ['shark', 158, 0],
  ['basic_human', 223, 92],
  ['human_face', 919, 280],
];

describe('Blender round trip: Rigify metarigs, every bone', () => {
  for (const [metarig, owners, ikAffected] of RIGS) {
    it(metarig, () => {
      const rt = roundTrip(metarig);
      expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
      const diffs = differences(rt);
      expect(diffs.length).toBe(owners);
      expect(diffs.filter((d) => rt.ikAffected.has(d.owner)).length).toBe(ikAffected);
      expect(failures(diffs, 1e-4)).toEqual([]);
    });
  }
});
