// Blender's limits on a volume-preservation factor ("bulge"), shared by Stretch To
// (stretchto_evaluate) and Spline IK's VOLUME_PRESERVE (splineik_evaluate_bone): above 1 it is held
// under bulge_max, below 1 over bulge_min, eased in along an arctangent by bulge_smooth.

/** The limits, as a node's Volume Min/Max/Smooth params set them (read once, at bind). */
export interface BulgeLimits {
  useMin: boolean;
  min: number;
  useMax: boolean;
  max: number;
  /** 0 clamps hard, 1 eases in (Blender's interpf(soft, hard, smooth)). */
  smooth: number;
}

/**
 * The bulge factor b[0] brought within the enabled limits, in place. It comes and goes in an
 * array, the limits in a record: V8 boxes a double passed to or returned from a call it does not
 * inline.
 */
export function limitBulge(b: Float64Array, limits: BulgeLimits): void {
  let bulge = b[0];
  const smooth = limits.smooth;
  if (bulge > 1 && limits.useMax) {
    const bmax = Math.max(limits.max, 1);
    const hard = Math.min(bulge, bmax);
    const range = bmax - 1;
    const scale = range > 0 ? 1 / range : 0;
    const soft = 1 + (range * Math.atan((bulge - 1) * scale)) / (Math.PI / 2);
    bulge = smooth * soft + (1 - smooth) * hard;
  }
  if (bulge < 1 && limits.useMin) {
    const bmin = Math.min(Math.max(limits.min, 0), 1);
    const hard = Math.max(bulge, bmin);
    const range = 1 - bmin;
    const scale = range > 0 ? 1 / range : 0;
    const soft = 1 - (range * Math.atan((1 - bulge) * scale)) / (Math.PI / 2);
    bulge = smooth * soft + (1 - smooth) * hard;
  }
  b[0] = bulge;
}
