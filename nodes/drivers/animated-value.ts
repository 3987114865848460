// nodes/drivers/animated-value.ts — a value an action animates, as a driver reads it: the F-curve
// evaluated at the current frame (Blender's animation system writes it before drivers run), else
// the authored value. For custom properties (driver/property's `animation`) and for pose channels a
// SINGLE_PROP variable reads (driver/channel).
import { defineNode, float, param, type BindEnv } from '../define';
import { evaluateFCurve, packFCurve, type FCurveSource, type PackedFCurve } from '../math/fcurve/fcurve';
import { saturate } from '../math/finite';

export interface AnimatedState {
  curve: PackedFCurve;
  frame: Float64Array;
  out: Float64Array;
}

/** Binds an `animation` param (an F-curve as JSON); undefined when empty. */
export function bindAnimation(env: BindEnv, text: string, param = 'animation'): AnimatedState | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  let source: FCurveSource;
  try {
    source = JSON.parse(t) as FCurveSource;
  } catch {
    return env.fail(`the ${param} is not valid JSON (an F-curve: {"keyframes": [{"co": [frame, value]}, …]})`, param);
  }
  if (!source || !Array.isArray(source.keyframes)) return env.fail(`the ${param} has no keyframes list`, param);
  return { curve: packFCurve(source), frame: env.frame, out: new Float64Array(1) };
}

/** The curve's value at the current frame. */
export function animatedValue(a: AnimatedState): number {
  evaluateFCurve(a.curve, a.frame, a.out, 0);
  return a.out[0];
}

export const animatedChannel = defineNode({
  type: 'driver/channel',
  label: 'Animated channel',
  category: 'Driver',
  doc: "A transform channel as a SINGLE_PROP driver variable reads it (pose.bones[\"B\"].location[1]): its action's F-curve at the current frame, else its authored value.",
  inputs: {},
  outputs: { value: float({ doc: 'The channel\u2019s value at this frame.' }) },
  params: {
    channel: param.string('', 'What is read, for the reader: `Object/Bone.location[1]`.'),
    value: param.float(0, 'The authored value (used when not animated).'),
    animation: param.string('', 'The action\u2019s F-curve of the channel as JSON; empty: not animated.'),
  },
  bind: (env, p) => bindAnimation(env, p.animation),
  kernel: (io, p, anim) => {
    io.out.value[0] = saturate(anim ? animatedValue(anim) : p.value);
  },
});
