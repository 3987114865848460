// The Volume Min / Max / Smooth params that Stretch To and Spline IK share, read into the limits
// `limitBulge` applies. Read at bind (a param change binds the node again), so that no kernel
// passes them to a call per frame as doubles, which V8 boxes when it does not inline the call.
import type { BulgeLimits } from '../math/bulge';

/** The resolved params both kinds declare for the limits. */
export interface BulgeParams {
  readonly useBulgeMin: boolean;
  readonly bulgeMin: number;
  readonly useBulgeMax: boolean;
  readonly bulgeMax: number;
  readonly bulgeSmooth: number;
}

/** The limits' defaults: none. */
export const NO_BULGE_LIMITS: BulgeParams = { useBulgeMin: false, bulgeMin: 1, useBulgeMax: false, bulgeMax: 1, bulgeSmooth: 0 };

export function bulgeLimitsOf(p: BulgeParams): BulgeLimits {
  return { useMin: p.useBulgeMin, min: p.bulgeMin, useMax: p.useBulgeMax, max: p.bulgeMax, smooth: p.bulgeSmooth };
}
