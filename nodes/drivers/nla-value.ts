// nodes/drivers/nla-value.ts — a setting an object's NLA plays: a constraint setting (an IK's
// influence) keyed in actions the animator pushed down into strips, with the active action on top,
// blended from the setting's default as Blender's NLA blends it (runtime/rig/property-nla.ts). The
// Blender import links one into each such setting, as it links a `driver/channel` for a setting the
// active action alone keys.
import { defineNode, float, param, type PropertyAnimation } from '../define';
import { saturate } from '../math/finite';

interface State {
  player: PropertyAnimation;
  frame: Float64Array;
  out: Float64Array;
}

export const nlaValue = defineNode({
  type: 'driver/nla-value',
  label: 'NLA value',
  category: 'Driver',
  doc: "A setting an object's NLA plays (a constraint's influence keyed in strips' actions): the strips' curves for it and the active action's on top, blended as Blender's NLA blends them from the setting's default, at the current frame. Where the object's NLA keys nothing at that path, the authored value.",
  inputs: {},
  outputs: { value: float({ doc: 'The setting\u2019s value at this frame.' }) },
  params: {
    object: param.string('', 'The object whose NLA plays the setting (an armature for a bone\u2019s constraint).'),
    path: param.string('', 'The setting\u2019s data path from that object, as the F-curves name it: `pose.bones["B"].constraints["IK"].influence`.'),
    index: param.int(0, 'The element, as the F-curves\u2019 array index counts it.'),
    default: param.float(0, 'The setting\u2019s default, which the NLA blends from (Blender\u2019s RNA default).'),
    value: param.float(0, 'The authored value, used where the NLA keys nothing at the path.'),
    kind: param.choice(['FLOAT', 'BOOL'] as const, 'FLOAT', 'BOOL: an on/off setting (a constraint\u2019s mute), which Blender writes as the blended value truncated to a whole number: on (1) unless that is 0, so a strip blending a mute in leaves it off until its influence reaches 1.'),
  },
  bind(env, p): State | undefined {
    const player = env.pathAnimation?.(p.object, p.path, p.index, p.default);
    return player && { player, frame: env.sceneTime, out: new Float64Array(1) };
  },
  kernel(io, p, s) {
    if (s === undefined) {
      io.out.value[0] = saturate(p.value);
      return;
    }
    s.player.play(s.frame, s.out);
    const v = s.out[0];
    // animsys_write_rna_setting: RNA_property_boolean_set(…, (int)value), measured in 3.4.1 (rigs.py nla_settings).
    io.out.value[0] = p.kind === 'BOOL' ? (Math.trunc(v) !== 0 ? 1 : 0) : saturate(v);
  },
});
