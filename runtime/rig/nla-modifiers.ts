// An NLA strip's F-curve modifiers as Blender 3.4 plays them (anim_sys.cc nlastrip_evaluate_actionclip,
// nlaeval_fmodifiers_join_stacks): a strip's own modifiers joined to those of the meta strips and the
// transition it plays inside (own first, then outwards), one stack. Its time modifiers remap the strip
// time before the action's curves are read (evaluate_time_fmodifiers: the last modifier first, so the
// outermost strip's first); its value modifiers change each curve's value after, in stack order (its
// own first), at the strip's own time, not the remapped one. The kinds are the action curves' own
// (nodes/math/fcurve/modifiers.ts), float32 alike. A Cycles modifier changes nothing on a strip:
// fcm_cycles_time has no curve to cycle (its F-curve is NULL there) and leaves its offset 0. A Noise
// modifier plays from the samples of its noise the exporter took in Blender; one without them is
// named by the import (the curves' own unsupportedModifier), as is a kind Sinew does not have. Evaluating allocates nothing: the stack is
// an array of the strips' packed modifiers, made once, that `runtime/rig/nla.ts` pushes and pops.
import { evaluateFCurve, type PackedFCurve } from '../../nodes/math/fcurve/fcurve';
import { modifyTime, modifyValue, type PackedModifiers } from '../../nodes/math/fcurve/modifiers';

/** The modifiers of the strips playing now, outermost first, the playing strip's own last. */
export interface ModifierStack {
  /** One entry per strip in play (undefined: that strip has none); `depth` of them are live. */
  stack: (PackedModifiers | undefined)[];
  depth: number;
  /** The playing strip's own time (its controls' scratch[1]), which the value modifiers run at. */
  stripTime: Float64Array;
}

/** The strip time `time[0]` remapped by the time modifiers in play: the outermost strip's first, each stack from its last modifier. */
export function stripTime(m: ModifierStack, time: Float64Array): void {
  const list = m.stack;
  for (let k = 0; k < m.depth; k++) {
    const p = list[k];
    if (p !== undefined && p.changesTime) modifyTime(p, time);
  }
}

/**
 * The curve at the (remapped) frame `time[0]` into s[3], then changed by the value modifiers in
 * play at the strip's own time: the playing strip's first, then outwards.
 */
export function curveValue(c: PackedFCurve, m: ModifierStack | undefined, time: Float64Array, s: Float64Array): void {
  evaluateFCurve(c, time, s, 3);
  if (m === undefined) return;
  const list = m.stack;
  for (let k = m.depth - 1; k >= 0; k--) {
    const p = list[k];
    if (p !== undefined) modifyValue(p, s, 3, m.stripTime);
  }
}
