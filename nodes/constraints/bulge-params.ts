// The Volume Min / Max / Smooth params that Stretch To and Spline IK share, read into the limits
// `limitBulge` applies. Read at bind (a param change binds the node again), so that no kernel
// passes them to a call per frame as doubles, which V8 boxes when it does not inline the call.
import type { Params } from '../define';
import type { BulgeLimits } from '../math/bulge';
import { numberParam } from './param-values';

export function bulgeLimitsOf(p: Params): BulgeLimits {
  return {
    useMin: p.useBulgeMin === true,
    min: numberParam(p.bulgeMin, 1),
    useMax: p.useBulgeMax === true,
    max: numberParam(p.bulgeMax, 1),
    smooth: numberParam(p.bulgeSmooth, 0),
  };
}
