// A bone's pre step reads whether the bone inherits fully and whether its parent frame is wanted
// from one number of the program's buffer (runtime/rig/pre-flags.ts), not from the bone's record.
// The number is written when the step is bound, and FRAME_WANTED by whatever first asks for the
// frame; were it stale, the step would take the wrong route (a bone that does not inherit fully made
// as if it did) or a slower one. Checked here on compiled rigs, before and after frames in which
// LOCAL conversions ask for frames: the number is what the bone's own settings say.
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/eval/compile';
import { inheritsFully } from '../../runtime/rig/pose';
import { createParentFrame, parentFrame, parentFrameInverse } from '../../runtime/rig/parent-frame';
import { FRAME_WANTED, INHERITS_FULLY, writePreFlags } from '../../runtime/rig/pre-flags';
import type { Program } from '../../runtime/eval/program';
import { humanoid, largeRig, type BenchRig } from '../bench/rigs';

function flagsAgree(program: Program): { bones: number; wanted: number; partial: number } {
  let bones = 0, wanted = 0, partial = 0;
  for (const o of program.owners) {
    if (o.kind !== 'bone') continue;
    const full = inheritsFully(o);
    expect(o.preFlags[0], o.id).toBe((full ? INHERITS_FULLY : 0) + (o.parentFrame.wanted ? FRAME_WANTED : 0));
    bones++;
    if (o.parentFrame.wanted) wanted++;
    if (!full) partial++;
  }
  return { bones, wanted, partial };
}

/** The rig with every third bone not inheriting its parent's rotation (so not fully inheriting). */
function someNotInheriting(rig: BenchRig): BenchRig {
  const objects = rig.scene.objects.map((o) => (o.bones ? { ...o, bones: o.bones.map((b, i) => (i % 3 === 1 && b.parent ? { ...b, use_inherit_rotation: false } : b)) } : o));
  return { ...rig, scene: { ...rig.scene, objects } };
}

describe("a bone's pre-step flags", () => {
  for (const [name, make] of [['humanoid', humanoid], ['a 250-bone rig', () => largeRig(250, 75)]] as const) {
    it(`say what its settings say, built and after frames (${name})`, () => {
      for (const rig of [make(), someNotInheriting(make())]) {
        const program = compile(rig.graph, rig.scene);
        flagsAgree(program);
        program.evaluate(1);
        program.evaluate(2);
        const { bones, wanted, partial } = flagsAgree(program);
        // The rigs' LOCAL conversions asked for some frames, and the second rig has bones that do
        // not inherit fully, so both flags are seen set and clear.
        expect(wanted).toBeGreaterThan(0);
        expect(wanted).toBeLessThan(bones);
        if (rig.scene.objects.some((o) => o.bones?.some((b) => b.use_inherit_rotation === false))) expect(partial).toBeGreaterThan(0);
      }
    });
  }
  it('take FRAME_WANTED when the frame is first asked for, in JavaScript too, and keep INHERITS_FULLY', () => {
    for (const ask of [parentFrame, parentFrameInverse]) {
      for (const full of [true, false]) {
        const parent = { final: Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1) };
        const b = { parentFrame: createParentFrame((n) => new Float64Array(n)), parentBone: parent, armatureOwner: parent, offset: Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1), preFlags: new Float64Array(1) };
        writePreFlags(b, full, false);
        expect(b.preFlags[0]).toBe(full ? INHERITS_FULLY : 0);
        ask(b);
        ask(b);
        expect(b.preFlags[0]).toBe((full ? INHERITS_FULLY : 0) + FRAME_WANTED);
      }
    }
  });
});
