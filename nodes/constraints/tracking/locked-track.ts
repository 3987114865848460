// Locked Track (Blender's LOCKED_TRACK): turns the owner about its Lock axis only, so that the Track
// axis points as close to the target as that allows. Blender's `locktrack_evaluate`, in double precision.
import { param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { trackAxisIndex } from '../../math/aim';
import { copyMat4, isSingularMat3, multiplyMat3 } from '../../math/matrix';
import { normalize3 } from '../../math/vector';
import { finishOrPass } from '../finite-result';
import { aimTargetInputs, trackAxisParam } from './aim';

const LOCK_AXES = ['LOCK_X', 'LOCK_Y', 'LOCK_Z'] as const;

const vec = new Float64Array(3);
const perp = new Float64Array(3);
const lock = new Float64Array(3);
const tot = new Float64Array(9); // the aimed basis, columns X, Y, Z
const nrm = new Float64Array(9); // the owner's basis with unit columns
const inv = new Float64Array(9);
const rel = new Float64Array(9);

export const lockedTrack = defineConstraint({
  type: 'constraint/locked-track',
  label: 'Locked Track',
  category: 'Tracking',
  doc: 'Turns the owner about its Lock axis only, pointing the Track axis as close to the target as that allows (billboards, eyelids).',
  inputs: aimTargetInputs(),
  outputs: { owner: transform({ doc: 'The owner after Locked Track (world matrix).' }) },
  params: {
    trackAxis: trackAxisParam('TRACK_Y', 'Axis that points towards the target.'),
    lockAxis: {
      ...param.choice(LOCK_AXES, 'LOCK_Z', 'Axis that keeps its direction; the owner only turns about it. Must differ from the track axis, else nothing changes (as in Blender).'),
      label: 'Lock',
    },
  },
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true },
  blender: {
    type: 'LOCKED_TRACK',
    params: { track_axis: 'trackAxis', lock_axis: 'lockAxis' },
  },
  kernel(io, p) {
    const o = io.in.owner;
    const t = io.in.target;
    const m = io.out.owner;
    copyMat4(m, o);
    const track = trackAxisIndex(p.trackAxis);
    const l = p.lockAxis === 'LOCK_X' ? 0 : p.lockAxis === 'LOCK_Y' ? 1 : p.lockAxis === 'LOCK_Z' ? 2 : -1;
    const a = track % 3;
    if (track < 0 || l < 0 || a === l) return; // Blender: identity, the owner is unchanged

    vec[0] = t[12] - o[12]; vec[1] = t[13] - o[13]; vec[2] = t[14] - o[14];
    // The target direction projected onto the plane perpendicular to the lock axis.
    lock[0] = o[4 * l]; lock[1] = o[4 * l + 1]; lock[2] = o[4 * l + 2];
    const hasLock = normalize3(lock, lock);
    const d = vec[0] * lock[0] + vec[1] * lock[1] + vec[2] * lock[2];
    perp[0] = vec[0] - lock[0] * d; perp[1] = vec[1] - lock[1] * d; perp[2] = vec[2] - lock[2] * d;
    normalize3(perp, perp);
    const s = track > 2 ? -1 : 1;
    tot[3 * a] = s * perp[0]; tot[3 * a + 1] = s * perp[1]; tot[3 * a + 2] = s * perp[2];
    tot[3 * l] = lock[0]; tot[3 * l + 1] = lock[1]; tot[3 * l + 2] = lock[2];
    // The third axis completes a right-handed basis: c = (c+1) × (c+2).
    const c = 3 - a - l;
    const i = 3 * ((c + 1) % 3), j = 3 * ((c + 2) % 3);
    tot[3 * c] = tot[i + 1] * tot[j + 2] - tot[i + 2] * tot[j + 1];
    tot[3 * c + 1] = tot[i + 2] * tot[j] - tot[i] * tot[j + 2];
    tot[3 * c + 2] = tot[i] * tot[j + 1] - tot[i + 1] * tot[j];
    if (!hasLock) return; // no lock direction to turn about: unchanged

    // "Keep heading": rel = tot · inverse(owner basis with unit columns); owner basis ← rel · owner basis.
    normalizeColumns(nrm, o);
    invert3(inv, nrm);
    multiplyMat3(rel, tot, inv);
    if (isSingularMat3(rel)) return; // Blender: identity
    for (let k = 0; k < 12; k += 4) {
      const x = o[k], y = o[k + 1], z = o[k + 2];
      m[k] = rel[0] * x + rel[3] * y + rel[6] * z;
      m[k + 1] = rel[1] * x + rel[4] * y + rel[7] * z;
      m[k + 2] = rel[2] * x + rel[5] * y + rel[8] * z;
    }
    finishOrPass(m, o);
  },
});

const col = new Float64Array(3);
function normalizeColumns(out: Float64Array, m: ArrayLike<number>): void {
  for (let k = 0; k < 3; k++) {
    col[0] = m[4 * k]; col[1] = m[4 * k + 1]; col[2] = m[4 * k + 2];
    normalize3(col, col);
    out[3 * k] = col[0]; out[3 * k + 1] = col[1]; out[3 * k + 2] = col[2];
  }
}

/** Blender's `invert_m3_m3`: the adjugate divided by the determinant; a singular matrix gives the adjugate itself. */
function invert3(out: Float64Array, m: Float64Array): void {
  const a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], k = m[8];
  const A = e * k - f * h, B = f * g - d * k, C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const s = det !== 0 ? 1 / det : 1;
  out[0] = A * s; out[1] = (c * h - b * k) * s; out[2] = (b * f - c * e) * s;
  out[3] = B * s; out[4] = (a * k - c * g) * s; out[5] = (c * d - a * f) * s;
  out[6] = C * s; out[7] = (b * g - a * h) * s; out[8] = (a * e - b * d) * s;
}
