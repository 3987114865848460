// A curve's keyed Evaluation Time (its datablock's own action, Blender's Animate Path): each frame,
// before the curve's pre step, the F-curve writes the curve's live Evaluation Time
// (`CurveInfo.time`), which Follow Path and the objects hanging from the path read, as Blender
// animates `cu->ctime` before anything reads the curve. Built once at compile; allocates nothing per frame.
import { evaluateFCurve, packFCurve } from '../../nodes/math/fcurve/fcurve';
import type { RigOwner } from './rig';

/** What writes the curve's Evaluation Time at each frame; undefined when `owner` is no curve, or its Evaluation Time is not keyed. */
export function curveTimeSource(owner: RigOwner, frame: Float64Array): (() => void) | undefined {
  const time = owner.curve?.time;
  const f = owner.kind === 'object' ? owner.source.curve?.eval_time_fcurve : undefined;
  if (!time || !f || f.mute === true || f.keyframes.length === 0) return undefined;
  const curve = packFCurve(f);
  return () => { evaluateFCurve(curve, frame, time, 0); };
}
