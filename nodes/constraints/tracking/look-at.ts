// Look At (a Sinew node, not in Blender): aims an axis at the target and turns a second axis towards
// a world-up vector, the way Maya's aim constraint and Unreal Control Rig's Aim do.
//
// Relation to Track To: with a positive Up axis and World Up (0, 0, 1), Look At gives Blender's
// Track To (use_target_z off) for the same Track/Up pair, to rounding, whenever the aim is not
// within about 1e-6 rad of World Up. It adds what riggers from
// Maya/Unreal expect: any World Up vector, negative up axes, and a stable fallback when the aim
// direction is parallel to World Up (Track To snaps the up axis to world +Y; Look At keeps the
// owner's own up axis as far as it can, so the owner does not flip).
import { param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { normalize3, ortho3 } from '../../math/vector';
import { targetInput } from '../common';
import { finishOrPass } from '../finite-result';
import { hypot3Into } from '../../math/hypot';
import { copyMat4 } from '../../math/matrix';

const AXES = ['X', 'Y', 'Z', '-X', '-Y', '-Z'] as const;

const aim = new Float64Array(3);
const up = new Float64Array(3);
const basis = new Float64Array(9);
// Lengths are written here by normalize3 and hypot3Into, not returned (V8 boxes a double returned from a call it does not inline).
const len = new Float64Array(1);

export const lookAt = defineConstraint({
  type: 'constraint/look-at',
  label: 'Look At',
  category: 'Tracking',
  doc: 'Aims an axis at the target and turns a second axis towards World Up (Maya aim / Unreal Aim); location and axis lengths stay.',
  inputs: { target: targetInput('What to look at: its location (a bone: moved towards its tail by Head/Tail).') },
  outputs: { owner: transform({ doc: 'The owner after Look At (world matrix).' }) },
  params: {
    aimAxis: { ...param.choice(AXES, 'X', 'Owner axis that points exactly at the target.'), label: 'Aim Axis' },
    upAxis: {
      ...param.choice(AXES, 'Z', 'Owner axis turned as close to World Up as the aim allows. Must not lie along the aim axis; if it does, the owner is left unchanged.'),
      label: 'Up Axis',
    },
    worldUp: {
      ...param.vector([0, 0, 1], 'The up direction, in the owner space (world by default; Sinew, like Blender, is Z-up). Any length; (0, 0, 0) keeps the owner\'s own up axis.'),
      label: 'World Up',
    },
  },
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true },
  kernel(io, p) {
    const o = io.in.owner;
    const t = io.in.target;
    const m = io.out.owner;
    copyMat4(m, o);
    const ai = axisIndex(p.aimAxis);
    const ui = axisIndex(p.upAxis);
    if (ai < 0 || ui < 0 || ai % 3 === ui % 3) return;
    aim[0] = t[12] - o[12]; aim[1] = t[13] - o[13]; aim[2] = t[14] - o[14];
    if (!normalize3(aim, aim)) return; // target on the owner: nothing to aim at
    const a = ai % 3, u = ui % 3;
    const sa = ai > 2 ? -1 : 1, su = ui > 2 ? -1 : 1;

    const wu = p.worldUp;
    if (Array.isArray(wu) && wu.length >= 3) { up[0] = Number(wu[0]); up[1] = Number(wu[1]); up[2] = Number(wu[2]); }
    else { up[0] = 0; up[1] = 0; up[2] = 1; }
    if (!projectOut(up, aim)) {
      // World Up along the aim (or zero): keep the owner's own up axis, projected likewise.
      up[0] = su * o[4 * u]; up[1] = su * o[4 * u + 1]; up[2] = su * o[4 * u + 2];
      if (!projectOut(up, aim)) {
        ortho3(up, aim);
        normalize3(up, up);
      }
    }
    // Columns: aim, up, and the third axis completing a right-handed basis (c = (c+1) × (c+2)).
    basis[3 * a] = sa * aim[0]; basis[3 * a + 1] = sa * aim[1]; basis[3 * a + 2] = sa * aim[2];
    basis[3 * u] = su * up[0]; basis[3 * u + 1] = su * up[1]; basis[3 * u + 2] = su * up[2];
    const c = 3 - a - u;
    const i = 3 * ((c + 1) % 3), j = 3 * ((c + 2) % 3);
    basis[3 * c] = basis[i + 1] * basis[j + 2] - basis[i + 2] * basis[j + 1];
    basis[3 * c + 1] = basis[i + 2] * basis[j] - basis[i] * basis[j + 2];
    basis[3 * c + 2] = basis[i] * basis[j + 1] - basis[i + 1] * basis[j];
    for (let k = 0; k < 3; k++) {
      hypot3Into(len, 0, o, 4 * k);
      const s = len[0];
      m[4 * k] = basis[3 * k] * s; m[4 * k + 1] = basis[3 * k + 1] * s; m[4 * k + 2] = basis[3 * k + 2] * s;
    }
    finishOrPass(m, o);
  },
});

function axisIndex(name: unknown): number {
  const i = AXES.indexOf(name as (typeof AXES)[number]);
  return i;
}

/** v ← the unit part of v perpendicular to the unit vector n; false when that part is (nearly) zero. */
function projectOut(v: Float64Array, n: Float64Array): boolean {
  if (!normalize3(v, v)) return false;
  const d = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
  v[0] -= n[0] * d; v[1] -= n[1] * d; v[2] -= n[2] * d;
  // Nearly parallel: the remainder is noise, and its direction would jump from frame to frame.
  normalize3(v, v, len);
  return len[0] > 1e-6;
}
