// nodes/drivers/custom-property.ts — a custom property of an object, armature, bone or pose bone
// (an IK/FK switch, a parent switch) as a value node: what a rig's controls set and drivers read.
import { defineNode, float, param, type PropertyAnimation } from '../define';
import { saturate } from '../math/finite';
import { animatedValue, bindAnimation, type AnimatedState } from './animated-value';

interface State {
  anim: AnimatedState | undefined;
  /** Without a curve of its own: its object's NLA playing it, with the frame and a number to play it into. */
  nla: { player: PropertyAnimation; frame: Float64Array; out: Float64Array } | undefined;
  /** A driver sets the property (its `driven` input is linked): the driven value, coerced and clamped, wins. */
  driven: boolean;
}

export const customProperty = defineNode({
  type: 'driver/property',
  label: 'Custom property',
  category: 'Driver',
  doc: 'A custom property (Blender ID property): a number a rig control sets and drivers read. Listed in the Rig controls panel, grouped by its owner.',
  inputs: { driven: float({ doc: 'The value a driver writes into the property (linked: it replaces the value and the animation, truncated for INT, clamped to min/max, as Blender writes a driven ID property).' }) },
  outputs: { value: float({ doc: 'The property\u2019s value.' }) },
  params: {
    owner: param.string('', 'Where the property lives: `Object`, `Object/Bone` (pose bone), `Object/data` or `Object/data/Bone`.'),
    name: param.string('prop', 'The property\u2019s name.'),
    kind: param.choice(['FLOAT', 'INT', 'BOOL'] as const, 'FLOAT', 'Float, integer or boolean.'),
    value: param.float(0, 'The value.'),
    default: param.float(0, 'The value it resets to.'),
    min: param.float(-1e30, 'Hard minimum.'),
    max: param.float(1e30, 'Hard maximum.'),
    soft_min: param.float(-1e30, 'Slider minimum.'),
    soft_max: param.float(1e30, 'Slider maximum.'),
    description: param.string('', 'What the property does (Blender\u2019s tooltip).'),
    animation: param.string('', 'The action\u2019s F-curve that animates the property, as JSON ({"keyframes": […]}, as a scene action\u2019s curve); empty: not animated, unless its object\u2019s NLA keys it (then the NLA plays it, blended from its default). When set it gives the value at each frame.'),
  },
  bind(env, p): State {
    const anim = bindAnimation(env, p.animation);
    const player = anim ? undefined : env.propertyAnimation?.(p.owner, p.name, p.default);
    return { anim, nla: player && { player, frame: env.sceneTime, out: new Float64Array(1) }, driven: env.connected('driven') };
  },
  kernel: (io, p, s) => {
    let v = p.value;
    // Blender's animation system writes the curve's value into the property before drivers run;
    // a driver then overwrites it (animsys_write_property: an int truncated, both clamped to the
    // hard range, as RNA_property_float_set / _int_set clamp an ID property).
    if (s.driven || s.anim || s.nla) {
      if (s.driven) v = io.in.driven[0];
      else if (s.anim) v = animatedValue(s.anim);
      else {
        s.nla!.player.play(s.nla!.frame, s.nla!.out);
        v = s.nla!.out[0];
      }
      // Truncated below; an int's range is whole, so clamping first gives the same.
      if (p.kind !== 'BOOL') {
        const lo = p.min, hi = p.max;
        v = v < lo ? lo : v > hi ? hi : v;
      }
    }
    if (p.kind === 'INT') v = Math.trunc(v);
    else if (p.kind === 'BOOL') v = v !== 0 ? 1 : 0;
    io.out.value[0] = saturate(v);
  },
});
