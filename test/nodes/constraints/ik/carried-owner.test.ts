// A use_tail-off IK's owner hangs below the chain's last bone. Blender solves the chain, then
// evaluates the owner from that bone's new pose with the owner's own inheritance: an owner that does
// not inherit rotation keeps its world rotation while the chain bends, its head still on the moved
// tail. Carried rigidly it turned with the chain (rigs.py random_ik22 and 23 against Blender).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainScene, empty, evaluate, stackGraph } from './rig';

const coord = fc.double({ min: -1.5, max: 1.5, noNaN: true });

describe('Blender IK, Use Tail off: the owner below the chain', () => {
  it('keeps its own rotation when it does not inherit rotation, and its head on the moved tail', () => {
    fc.assert(fc.property(fc.tuple(coord, coord, coord), (target) => {
      const scene = chainScene({ joints: [[0, 0, 0], [0, 0.1, 1], [0.1, 0, 2]], child: true }, [empty('Goal', [target[0], target[1], 1 + target[2]])]);
      const child = scene.objects[0].bones!.find((b) => b.name === 'Child')!;
      child.use_inherit_rotation = false;
      const ik = (influence: number) => evaluate(scene, stackGraph(scene, 'Arm/Child', 'constraint/ik', { solver: 'BLENDER', chainCount: 0, useTail: false, useStretch: false, influence }, { target: { owner: 'Goal' } }));
      const final = (p: ReturnType<typeof ik>, id: string) => p.owners.find((o) => o.id === id)!.final;
      const before = ik(0), after = ik(1);
      const parentBefore = final(before, 'Arm/B1'), parentAfter = final(after, 'Arm/B1');
      // Only where the chain actually moved does the check say anything. The solver hands Blender's
      // float32 values over (1e-6 allows for them; a rigid carry is off by the chain's turn, 1e-3 and up).
      fc.pre([0, 1, 2, 4, 5, 6, 8, 9, 10].some((i) => Math.abs(parentAfter[i] - parentBefore[i]) > 1e-3));
      const owner = final(after, 'Arm/Child');
      for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) expect(Math.abs(owner[i] - final(before, 'Arm/Child')[i])).toBeLessThan(1e-6);
      const tail = [0, 1, 2].map((k) => parentAfter[12 + k] + parentAfter[4 + k] * Math.hypot(0.1, -0.1, 1));
      for (let k = 0; k < 3; k++) expect(Math.abs(owner[12 + k] - tail[k])).toBeLessThan(1e-6);
    }), { numRuns: 60 });
  });
});
