// nodes/drivers/difference.ts — the driver variables that compare two owners (Blender's
// `dvar_eval_locDiff`, `dvar_eval_rotDiff`): the distance between their world positions (a bone's
// head), or the angle between their rotations, in [0, π].
import { defineNode, float, param, transform } from '../define';
import { mat4ToQuat, invertQuat, multiplyQuat } from '../math/quaternion';

export const driverDifference = defineNode({
  type: 'driver/difference',
  label: 'Driver difference',
  category: 'Driver',
  doc: "A Distance (LOC_DIFF) or Rotational Difference (ROTATION_DIFF) driver variable: from two owners' world matrices, the distance between their origins (a bone's head) or the angle of the rotation from the first to the second (0 to π).",
  inputs: { a: transform({ doc: 'The first owner (its world matrix).' }), b: transform({ doc: 'The second owner.' }) },
  outputs: { value: float({ doc: 'The distance, or the angle in radians.' }) },
  params: { mode: param.choice(['LOC_DIFF', 'ROTATION_DIFF'] as const, 'LOC_DIFF', 'Which variable type.') },
  bind: () => ({ qa: new Float64Array(4), qb: new Float64Array(4), q: new Float64Array(4) }),
  kernel(io, p, s) {
    const a = io.in.a, b = io.in.b;
    if (p.mode === 'ROTATION_DIFF') {
      mat4ToQuat(s.qa, a);
      mat4ToQuat(s.qb, b);
      invertQuat(s.qa, s.qa);
      multiplyQuat(s.q, s.qa, s.qb);
      // Blender: 2·acos(w) with w clamped to [-1, 1], folded into [0, π].
      const w = Math.max(-1, Math.min(1, s.q[3]));
      const angle = Math.abs(2 * Math.acos(w));
      io.out.value[0] = angle > Math.PI ? 2 * Math.PI - angle : angle;
      return;
    }
    io.out.value[0] = Math.hypot(a[12] - b[12], a[13] - b[13], a[14] - b[14]);
  },
});
