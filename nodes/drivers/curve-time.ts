// nodes/drivers/curve-time.ts — a curve's Evaluation Time as an input: where a driver drives it
// (`eval_time` on the curve datablock, a path rig's position control). Blender evaluates drivers
// before the curve is read, so the driven value is the Evaluation Time Follow Path and the objects
// parented to the path read this frame (`CurveInfo.time`, shared by them all).
import { defineNode, float, param } from '../define';

export const curveTime = defineNode({
  type: 'driver/curve-time',
  label: 'Curve Evaluation Time',
  category: 'Driver',
  doc: "A curve's Evaluation Time, set from the input before anything reads the curve: Follow Path (without Fixed Position) and objects parented to its path (Path Animation) place themselves by it. Where a driver drives a curve's Evaluation Time.",
  inputs: {
    value: float({ doc: 'The Evaluation Time (frames along the path\'s Path Duration).' }),
  },
  outputs: {},
  params: {
    owner: param.owner('The curve object whose Evaluation Time this sets.'),
  },
  owner: { role: 'setting', param: 'owner' },
  bind(env, p) {
    const owner = env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner');
    const time = owner.curve?.time;
    if (!time) return env.fail(`owner "${p.owner}" is not a curve: it has no Evaluation Time`, 'owner');
    return { time };
  },
  kernel(io, _p, { time }) {
    time[0] = io.in.value[0];
  },
});
