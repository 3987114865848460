// nodes/drivers/animated-value.ts — a value an action animates, as a driver reads it: the F-curve
// evaluated at the current frame (Blender's animation system writes it before drivers run), else
// the authored value. For custom properties (driver/property's `animation`) and for pose channels a
// SINGLE_PROP variable reads (driver/channel).
import { defineNode, float, param, type BindEnv, type PlayedChannels } from '../define';
import { evaluateFCurve, packFCurve, type FCurveSource, type PackedFCurve } from '../math/fcurve/fcurve';
import { saturate } from '../math/finite';
import { fcurveSourceProblem } from '../math/fcurve/source-check';

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
  const problem = fcurveSourceProblem(source);
  if (problem !== undefined) return env.fail(`the ${param} is not an F-curve (${problem})`, param);
  return { curve: packFCurve(source), frame: env.sceneTime, out: new Float64Array(1) };
}

/** The curve's value at the current frame. */
export function animatedValue(a: AnimatedState): number {
  evaluateFCurve(a.curve, a.frame, a.out, 0);
  return a.out[0];
}

/** A channel of an owner's action or NLA, played privately each frame (OwnerHandle.played). */
interface PlayedState {
  played: PlayedChannels;
  frame: Float64Array;
  out: Float64Array;
  slot: number;
}

export const animatedChannel = defineNode({
  type: 'driver/channel',
  label: 'Animated channel',
  category: 'Driver',
  doc: "A transform channel as a SINGLE_PROP driver variable reads it (pose.bones[\"B\"].location[1]): with `owner` set, what that owner's action or NLA plays at the current frame; else its action's F-curve (`animation`) at the current frame; else its authored value.",
  inputs: {},
  outputs: { value: float({ doc: 'The channel\u2019s value at this frame.' }) },
  params: {
    channel: param.string('', 'What is read, for the reader: `Object/Bone.location[1]`.'),
    value: param.float(0, 'The authored value (used when not animated).'),
    animation: param.string('', 'The action\u2019s F-curve of the channel as JSON; empty: not animated.'),
    owner: param.string('', 'The object or bone ("Armature/Bone") whose action or NLA plays the channel (NLA strips blended as Blender blends them); empty: `animation`, or the authored value. An owner nothing animates reads the authored value.'),
    property: param.string('', 'With `owner`: the channel, as the F-curve names it (location, rotation_euler, rotation_quaternion, rotation_axis_angle, scale, delta_…).'),
    index: param.int(0, 'With `owner`: the element, as the F-curve\u2019s array index counts it (a quaternion\u2019s W is 0).'),
  },
  bind(env, p): AnimatedState | PlayedState | undefined {
    if (p.owner === '') return bindAnimation(env, p.animation);
    const owner = env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner');
    const played = owner.played;
    if (!played) return undefined;
    const slot = played.slotOf(p.property, p.index);
    if (slot === undefined) return env.fail(`"${p.property}[${p.index}]" is not a transform channel`, 'property');
    return { played, frame: env.sceneTime, out: Float64Array.from(played.initial), slot };
  },
  kernel: (io, p, st) => {
    if (st === undefined) io.out.value[0] = saturate(p.value);
    else if ('played' in st) {
      st.played.playInto(st.frame, st.out);
      io.out.value[0] = saturate(st.out[st.slot]);
    } else io.out.value[0] = saturate(animatedValue(st));
  },
});
