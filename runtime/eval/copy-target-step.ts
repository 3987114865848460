// The step of a constraint whose result is its target's matrix (`ConstraintTraits.copiesTarget`):
// Copy Transforms in Replace mode, what Rigify makes of every deforming bone. It copies the target
// on the program's buffer at offsets fixed when it is bound, instead of calling the kernel through
// its views. A frame of a large rig waits on its data about as long as it computes, and most of that
// data is the JavaScript objects a step reads through (the typed-array views, the kernel's IO
// records and params), not the buffer's numbers (docs/performance.md, twentieth session): this step
// reads the buffer and its own closure only. The numbers are the kernel's: the target's 16, or the
// owner's where one of them is not finite (finishOrPass), then the influence blend.
import { clampInfluence } from '../../nodes/constraints/param-values';
import type { LazyPre } from './lazy-pre';
import { indexIn } from './slots';

export interface CopyTargetInputs {
  buffer: Float64Array;
  /** The stack's matrix before and after the constraint, and the target's. */
  owner: Float64Array;
  out: Float64Array;
  target: Float64Array;
  /** The influence input, if the node has one, and the slot the blend reads the clamped influence from. */
  influence: Float64Array | undefined;
  factor: Float64Array;
  /** The owner's matrix before constraints, when it is made on demand (lazy-pre.ts). */
  ownerPre: LazyPre | undefined;
  /** Whether the kernel runs at influence 0 (ConstraintTraits.runsAtZeroInfluence). */
  zeroRuns: boolean;
  /** out ← out blended with owner by factor[0] (constraint-step.ts). */
  blend: () => void;
}

/** The step; undefined when a matrix is not wholly in `buffer` (a rebind's own scratch), where the general step runs instead. */
export function copyTargetStep(s: CopyTargetInputs): (() => void) | undefined {
  const { buffer, ownerPre, zeroRuns, blend } = s;
  const owner = indexIn(buffer, s.owner), out = indexIn(buffer, s.out), target = indexIn(buffer, s.target), factor = indexIn(buffer, s.factor);
  // −1: the node has no influence input.
  const influence = s.influence === undefined ? -1 : indexIn(buffer, s.influence);
  if (owner === undefined || out === undefined || target === undefined || factor === undefined || influence === undefined) return undefined;
  return () => {
    // The general step's order: the stale owner made unless the copy replaces it (influence 1), the
    // constraint skipped at influence 0, the copy, then the blend below influence 1.
    if (ownerPre !== undefined && ownerPre.stale[0] === 1) {
      buffer[factor] = influence < 0 ? 1 : clampInfluence(buffer[influence]);
      if (!(buffer[factor] >= 1)) ownerPre.ensure();
    }
    if (influence >= 0 && !(buffer[influence] > 0) && !zeroRuns) {
      for (let i = 0; i < 16; i++) buffer[out + i] = buffer[owner + i];
      return;
    }
    let finite = true;
    for (let i = 0; i < 16; i++) {
      const x = buffer[target + i];
      buffer[out + i] = x;
      if (!Number.isFinite(x)) finite = false;
    }
    if (!finite) for (let i = 0; i < 16; i++) buffer[out + i] = buffer[owner + i];
    buffer[factor] = influence < 0 ? 1 : clampInfluence(buffer[influence]);
    if (buffer[factor] < 1) blend();
  };
}
