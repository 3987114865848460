// Stretch To (Blender's STRETCH_TO): points Y at the target and scales Y to reach it, squashing or
// bulging X/Z to keep volume. Blender's `stretchto_evaluate`, in double precision.
import { param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { limitBulge, type BulgeLimits } from '../../math/bulge';
import { dampedTrack } from '../../math/track';
import { copyMat4, orthogonalizeMat4Stable } from '../../math/matrix';
import { cross3, normalize3 } from '../../math/vector';
import { targetInput } from '../common';
import { bulgeLimitsOf } from '../bulge-params';
import { finishOrPass } from '../finite-result';

const VOLUME_MODES = ['VOLUME_XZX', 'VOLUME_X', 'VOLUME_Z', 'NO_VOLUME'] as const;
const KEEP_AXES = ['PLANE_X', 'PLANE_Z', 'SWING_Y'] as const;

/** Per node: the rest length Blender would write back when `restLength` is 0, and the params read at bind. */
export interface StretchToState {
  /** Distance measured on the first evaluation with `restLength` 0; 0 until then. */
  rest: number;
  /** Volume Variation, the exponent of rest/length. */
  bulge: number;
  limits: BulgeLimits;
}

const size = new Float64Array(3);
const vec = new Float64Array(3);
const xx = new Float64Array(3);
const zz = new Float64Array(3);
const orth = new Float64Array(3);
const col = new Float64Array(3);
// Lengths are written here by normalize3, not returned (V8 boxes a double returned from a call it does not inline).
const len = new Float64Array(1);
// The bulge factor, passed to limitBulge in an array.
const bulge = new Float64Array(1);

export const stretchTo = defineConstraint({
  type: 'constraint/stretch-to',
  label: 'Stretch To',
  category: 'Tracking',
  doc: 'Points Y at the target and stretches it to reach the target, scaling X and Z to keep the volume.',
  inputs: { target: targetInput('What to stretch to: its location (a bone: moved towards its tail by Head/Tail).') },
  outputs: { owner: transform({ doc: 'The owner after Stretch To (world matrix).' }) },
  params: {
    restLength: {
      ...param.float(0, 'Distance at which Y has its own length. 0: the distance found on the first evaluation (Blender writes it back; Sinew keeps it for the life of the compiled graph).', { min: 0, unit: 'm' }),
      label: 'Rest Length',
    },
    bulge: { ...param.float(1, 'How strongly X/Z thicken when squashed and thin when stretched: scale = (rest/length)^bulge.', { min: 0, max: 100 }), label: 'Volume Variation' },
    useBulgeMin: { ...param.bool(false, 'Limit how thin X/Z may get when stretched.'), label: 'Use Volume Min' },
    bulgeMin: { ...param.float(1, 'Smallest X/Z volume factor when stretched (with Use Volume Min).', { min: 0, max: 1 }), label: 'Volume Min' },
    useBulgeMax: { ...param.bool(false, 'Limit how thick X/Z may get when squashed.'), label: 'Use Volume Max' },
    bulgeMax: { ...param.float(1, 'Largest X/Z volume factor when squashed (with Use Volume Max).', { min: 1, max: 100 }), label: 'Volume Max' },
    bulgeSmooth: { ...param.float(0, 'How softly the Min/Max limits are reached: 0 clamps hard, 1 eases in along an arctangent.', { min: 0, max: 1 }), label: 'Smooth' },
    volume: { ...param.choice(VOLUME_MODES, 'VOLUME_XZX', 'Which axes keep the volume: both X and Z, X only, Z only, or none.'), label: 'Volume' },
    keepAxis: {
      ...param.choice(KEEP_AXES, 'SWING_Y', 'How Y is turned to the target: SWING_Y by the smallest rotation (as Damped Track), PLANE_X keeping X in the plane of the old X, PLANE_Z keeping Z in the plane of the old Z.'),
      label: 'Rotation',
    },
  },
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true },
  blender: {
    type: 'STRETCH_TO',
    params: {
      rest_length: 'restLength',
      bulge: 'bulge',
      use_bulge_min: 'useBulgeMin',
      bulge_min: 'bulgeMin',
      use_bulge_max: 'useBulgeMax',
      bulge_max: 'bulgeMax',
      bulge_smooth: 'bulgeSmooth',
      volume: 'volume',
      keep_axis: 'keepAxis',
    },
  },
  remembers: (p) => !(p.restLength > 0),
  bind: (_env, p) => ({ rest: 0, bulge: p.bulge, limits: bulgeLimitsOf(p) }),
  kernel(io, p, state) {
    const o = io.in.owner;
    const t = io.in.target;
    const m = io.out.owner;
    copyMat4(m, o);
    const keep = p.keepAxis;
    // Swing mode removes shear first; the plane modes lose it as a side effect.
    if (keep === 'SWING_Y') orthogonalizeMat4Stable(m, m, 1, false);
    for (let k = 0; k < 3; k++) {
      col[0] = m[4 * k]; col[1] = m[4 * k + 1]; col[2] = m[4 * k + 2];
      normalize3(col, col, len);
      size[k] = len[0];
      m[4 * k] = col[0]; m[4 * k + 1] = col[1]; m[4 * k + 2] = col[2];
      if (len[0] !== 0) m[4 * k + 3] /= len[0];
    }
    xx[0] = m[0]; xx[1] = m[1]; xx[2] = m[2];
    zz[0] = m[8]; zz[1] = m[9]; zz[2] = m[10];

    vec[0] = t[12] - m[12]; vec[1] = t[13] - m[13]; vec[2] = t[14] - m[14];
    normalize3(vec, vec, len);
    let dist = len[0];
    // Target on the owner, or no Y scale: Blender divides by zero here; Sinew leaves the owner as it is.
    if (!(dist > 0) || !(size[1] > 0)) { copyMat4(m, o); return; }
    dist /= size[1];

    let rest = p.restLength > 0 ? p.restLength : 0;
    if (rest === 0) {
      if (state && state.rest > 0) rest = state.rest;
      else {
        rest = dist;
        if (state) state.rest = dist;
      }
    }

    const scaleY = dist / rest;
    bulge[0] = Math.pow(rest / dist, state.bulge);
    limitBulge(bulge, state.limits);
    let sx = 1;
    let sz = 1;
    switch (p.volume) {
      case 'VOLUME_XZX': sx = sz = Math.sqrt(bulge[0]); break;
      case 'VOLUME_X': sx = bulge[0]; break;
      case 'VOLUME_Z': sz = bulge[0]; break;
      case 'NO_VOLUME': break;
      default: { copyMat4(m, o); return; } // Blender: an unknown mode leaves the owner unchanged
    }
    size[0] *= sx;
    size[1] *= scaleY;
    size[2] *= sz;

    if (keep === 'PLANE_X') {
      m[4] = vec[0]; m[5] = vec[1]; m[6] = vec[2];
      cross3(orth, xx, vec);
      normalize3(orth, orth);
      m[8] = orth[0]; m[9] = orth[1]; m[10] = orth[2];
      cross3(xx, vec, orth);
      normalize3(xx, xx);
      m[0] = xx[0]; m[1] = xx[1]; m[2] = xx[2];
    } else if (keep === 'PLANE_Z') {
      m[4] = vec[0]; m[5] = vec[1]; m[6] = vec[2];
      cross3(orth, zz, vec);
      normalize3(orth, orth);
      m[0] = -orth[0]; m[1] = -orth[1]; m[2] = -orth[2];
      cross3(zz, vec, orth);
      normalize3(zz, zz);
      m[8] = zz[0]; m[9] = zz[1]; m[10] = zz[2];
    } else if (keep === 'SWING_Y') {
      dampedTrack(m, m, vec, 1);
    }
    for (let k = 0; k < 3; k++) {
      const s = size[k];
      m[4 * k] *= s; m[4 * k + 1] *= s; m[4 * k + 2] *= s;
    }
    finishOrPass(m, o);
  },
});
