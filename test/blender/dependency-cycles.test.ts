// A rig with a dependency cycle through Blender and back (rigs.py `random_bbone173`: a Copy Location
// on a bone reading an empty whose Locked Track reads that bone). The exporter reads which relation
// Blender's depsgraph set aside (blender/sinew_export/cycles.py, from its Graphviz dump), the import
// breaks the cycle at the same read, and the program settles at the saved frame before its first
// evaluation: `import-blender RIG.blend` then `eval` equals Blender within 1e-4 (2.5 off before
// either). test/runtime/blender/dependency-cycles.test.ts checks an animated cycle frame by frame.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: a dependency cycle', () => {
  it('random_bbone173 through the .blend: the cycle broken where Blender breaks it, every owner within 1e-4', () => {
    const rt = roundTrip('random_bbone173', { viaBlend: true });
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    expect(log).toContain('dependency cycles broken where Blender breaks them: 1\n  E2 (TRANSFORM_CONSTRAINTS) reading Rnd/B6 (BONE_DONE) through "Locked Track"');
    // The cycle itself is still named: the rig's result depends on the evaluation before.
    expect(log).toMatch(/dependency cycle detected through .*node "c44:Locked Track"/);
    const diffs = differences(rt);
    expect(diffs.length).toBe(17); // the armature, 12 bones, 4 empties
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  it('cycle_names: a renamed constraint in a cycle among odd names is placed (Blender names the relation after its type), and the saved frame is as Blender shows it', () => {
    const rt = roundTrip('cycle_names', { viaBlend: true });
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain(`dependency cycles broken where Blender breaks them: 1\n  Emp "A" (1) (TRANSFORM_CONSTRAINTS) reading Bé's ünï (TRANSFORM_FINAL) through "Copy Location" ("Copy "L", ]")`);
    // The frames after the first read across the break what Blender's order of operations left there
    // (docs/blender-exporter.md, "Dependency cycles"): only the saved frame is held to Blender.
    const first = differences(rt).filter((d) => d.frame === '1');
    expect(first.length).toBe(4); // two empties, the armature, its bone
    expect(failures(first, 1e-4)).toEqual([]);
  });
});
