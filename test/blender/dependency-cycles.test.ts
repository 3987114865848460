// Rigs with a dependency cycle through Blender and back. The exporter reads which relation Blender's
// depsgraph set aside (blender/sinew_export/cycles.py, from its Graphviz dump) and the import breaks
// the cycle at the same read (runtime/io/blender/cycle-breaks.ts). rigs.py `random_bbone173` (a Copy
// Location on a bone reading an empty whose Locked Track reads that bone; the bone read as the last
// evaluation left it, the program settled at the saved frame): `import-blender RIG.blend` then `eval`
// equals Blender within 1e-4 (2.5 off before). rigs.py `cycle_names` (an empty read before its
// constraints, through a renamed constraint, odd names, keyed): every frame within 1e-4 (0.35-0.75
// off at the frames after the first when read as the last evaluation left it).
// test/runtime/blender/dependency-cycles.test.ts plays keyed cycles frame by frame.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: a dependency cycle', () => {
  it('random_bbone173 through the .blend: the cycle broken where Blender breaks it, every owner within 1e-4', () => {
    const rt = roundTrip('random_bbone173', { viaBlend: true });
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    expect(log).toContain('dependency cycles broken where Blender breaks them: 1\n  E2 (TRANSFORM_CONSTRAINTS) reading Rnd/B6 (BONE_DONE) through "Locked Track": read as the last evaluation left it');
    // The cycle itself is still named: the rig's result depends on the evaluation before.
    expect(log).toMatch(/dependency cycle detected through .*node "c44:Locked Track"/);
    const diffs = differences(rt);
    expect(diffs.length).toBe(17); // the armature, 12 bones, 4 empties
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  it('cycle_names: a renamed constraint in a cycle among odd names is placed (Blender names the relation after its type); keyed, every frame within 1e-4', () => {
    const rt = roundTrip('cycle_names', { viaBlend: true });
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    expect(log).toContain(`dependency cycles broken where Blender breaks them: 1\n  Emp "A" (1) (TRANSFORM_CONSTRAINTS) reading Bé's ünï (TRANSFORM_FINAL) through "Copy Location" ("Copy "L", ]"): read before its constraints, this frame`);
    // The empty read before its constraints closes no cycle in the graph: nothing left to warn of.
    expect(log).toContain('not carried: nothing');
    // Each frame on its own (eval --frame): no cycle in the graph, so no frame depends on the one before.
    const diffs = differences(rt);
    expect(diffs.length).toBe(5 * 4); // five frames × (two empties, the armature, its bone)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
