// Limit Distance: keeps the owner inside, outside or on a sphere around the target (Blender's
// distlimit_evaluate). A distance of 0 means "the distance the owner has when first evaluated",
// which Blender then writes back into the constraint; this node remembers it the same way.
import { param, transform, type ParamsOf } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { FLT_EPSILON } from '../../math/float32';
import { targetInput } from '../common';
import { finishOrPass } from '../finite-result';
import { TRANSFORM_LIMIT_IGNORED } from './axis-bounds';

export const LIMIT_DISTANCE_MODES = ['LIMITDIST_INSIDE', 'LIMITDIST_OUTSIDE', 'LIMITDIST_ONSURFACE'] as const;

/** The distance captured on the first evaluation with `distance` 0 (Blender's write-back). */
export interface LimitDistanceState {
  captured: number;
}

/**
 * Blender's distlimit_evaluate; writes `out` (may alias owner). `state.captured` holds the distance
 * taken on the first evaluation when `distance` is 0 (NaN until then); it is cleared when `distance`
 * is set, so setting 0 again captures anew (Blender's "Reset Distance").
 */
export function limitDistanceKernel(out: Float64Array, owner: Float64Array, target: Float64Array, p: ParamsOf<typeof params>, state: LimitDistanceState): void {
  if (out !== owner) out.set(owner);
  const dx = owner[12] - target[12], dy = owner[13] - target[13], dz = owner[14] - target[14];
  const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  let limit = p.distance;
  if (limit === 0) {
    if (!(state.captured === state.captured)) state.captured = dist;
    limit = state.captured;
  } else {
    state.captured = NaN;
  }
  let clamp = false;
  let sfac = 1;
  const mode = p.limitMode;
  if (mode === 'LIMITDIST_OUTSIDE') {
    // Inside: pushed out to the surface.
    if (dist <= limit) {
      clamp = true;
      if (dist !== 0) sfac = limit / dist;
    }
  } else if (mode === 'LIMITDIST_ONSURFACE') {
    if (!(Math.abs(dist - limit) < FLT_EPSILON)) {
      clamp = true;
      if (dist !== 0) sfac = limit / dist;
    }
  } else if (dist >= limit) {
    // INSIDE (the default): outside is pulled in to the surface.
    clamp = true;
    if (dist !== 0) sfac = limit / dist;
  }
  if (clamp && Number.isFinite(sfac)) {
    // Along the line target → owner, at sfac of the current distance.
    out[12] = target[12] + dx * sfac;
    out[13] = target[13] + dy * sfac;
    out[14] = target[14] + dz * sfac;
  }
}

const params = {
  distance: param.float(0, 'Radius of the sphere; 0 takes the distance the owner has on the first evaluation.', { min: 0, unit: 'm' }),
  limitMode: param.choice(
    LIMIT_DISTANCE_MODES,
    'LIMITDIST_INSIDE',
    'LIMITDIST_INSIDE: stay within the distance; LIMITDIST_OUTSIDE: stay beyond it; LIMITDIST_ONSURFACE: stay exactly at it.',
  ),
};

export const limitDistance = defineConstraint({
  type: 'constraint/limit-distance',
  label: 'Limit Distance',
  category: 'Transform',
  doc: 'Keeps the owner within, beyond or exactly at a distance from the target.',
  inputs: { target: targetInput('The centre of the limiting sphere.') },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true },
  blender: {
    type: 'LIMIT_DISTANCE',
    params: { distance: 'distance', limit_mode: 'limitMode' },
    ignore: TRANSFORM_LIMIT_IGNORED,
  },
  remembers: (p) => p.distance === 0,
  bind: () => ({ captured: NaN }),
  kernel(io, p, state) {
    limitDistanceKernel(io.out.owner, io.in.owner, io.in.target, p, state);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
