// Between schedule and bind: owners whose matrix before constraints need not be made every frame.
// A deforming bone that copies a control's whole transform — a Copy Transforms in Replace mode at
// influence 1, what Rigify makes of every DEF bone (126 of its human's 707 owners) — never reads
// the product its pre step makes: the constraint replaces it. For such an owner the pre step runs
// its pose sources and leaves the matrix stale, and whatever reads it after all makes it first
// (`LazyPre.ensure`): a reader whose influence falls below 1 or whose mode changes (a setParam, a
// driver), a watch on the socket, a connected bone's stack step when the head alone cannot be had
// (pose.ts `connectedPreHead`). It is made from the same parent matrix and basis as the pre step
// would have used — the parent's final is written before the owner's pre unit and not again in the
// frame (no dependency cycle, no IK chain through the owner) — so every number is the same.
// A constraint that ignores its owner gives a finite result from finite targets, and its targets
// are finite in any frame that passes, so no fallback or guard's undo keeps the unmade matrix. A
// matrix that is never made is never warned about either (an overflow in it would be:
// `owner-overflow`).
import type { RigOwner } from '../rig/rig';
import type { CompiledNode } from './compiled-node';
import type { Owners } from './build-owners';
import { viewsAreOwnMatrices } from './owner-views';
import type { Schedule } from './schedule-units';

/** One owner's matrix before constraints, made on demand. */
export interface LazyPre {
  readonly owner: RigOwner;
  /** [0] is 1 while this frame's matrix is not made: the pre step left it to its readers. */
  readonly stale: Uint8Array;
  /** Makes the matrix now (the owner's guarded pre step without its pose sources) if it is stale. */
  readonly ensure: () => void;
}

/**
 * Owners whose pre step may leave their matrix to its readers, each with those readers: every node
 * reading the owner's Owner In is a constraint whose kind can ignore its owner (`ignoresOwner`), on
 * its `owner` input, and the Owner In's output is the owner's matrix itself (owner-views.ts). None
 * when `enabled` is false (CompileOptions.lazyPre) or the program has a dependency cycle.
 */
export function lazyPreReaders(live: readonly CompiledNode[], owners: Owners, { stackWriters, chainsOf, cycles }: Schedule, enabled: boolean): Map<RigOwner, CompiledNode[]> {
  const found = new Map<RigOwner, CompiledNode[]>();
  if (!enabled || cycles.length > 0) return found;
  // Owner In nodes by index, with their owner: those whose output view is the owner's pre matrix.
  const inputs = new Map<number, RigOwner>();
  const refused = new Set<RigOwner>();
  for (const c of live) {
    if (c.def.owner?.role !== 'pre' || !c.owner) continue;
    if (c.def.copiesOnly && viewsAreOwnMatrices(c)) inputs.set(c.index, c.owner);
    else refused.add(c.owner);
  }
  if (inputs.size === 0) return found;
  for (const c of live) {
    c.sources.forEach(([from], name) => {
      const o = inputs.get(from);
      if (!o) return;
      if (name === 'owner' && c.def.constraint?.ignoresOwner) (found.get(o) ?? found.set(o, []).get(o)!).push(c);
      else refused.add(o);
    });
    c.drivenParams.forEach(([from]) => { const o = inputs.get(from); if (o) refused.add(o); });
  }
  for (const o of [...found.keys()]) {
    const i = owners.index.get(o)!;
    // An IK chain reads and rewrites its bones' finals after their stacks: leave its bones alone.
    if (refused.has(o) || stackWriters[i].length === 0 || chainsOf[i].length > 0 || o.pre === o.final) found.delete(o);
  }
  return found;
}
