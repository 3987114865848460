// Blender's limits on a volume-preservation factor ("bulge"), shared by Stretch To
// (stretchto_evaluate) and Spline IK's VOLUME_PRESERVE (splineik_evaluate_bone): above 1 it is held
// under bulge_max, below 1 over bulge_min, eased in along an arctangent by bulge_smooth.

/** The bulge factor within the enabled limits; `smooth` 0 clamps hard, 1 eases in (Blender's interpf(soft, hard, smooth)). */
export function limitBulge(bulge: number, useMin: boolean, min: number, useMax: boolean, max: number, smooth: number): number {
  if (bulge > 1 && useMax) {
    const bmax = Math.max(max, 1);
    const hard = Math.min(bulge, bmax);
    const range = bmax - 1;
    const scale = range > 0 ? 1 / range : 0;
    const soft = 1 + (range * Math.atan((bulge - 1) * scale)) / (Math.PI / 2);
    bulge = smooth * soft + (1 - smooth) * hard;
  }
  if (bulge < 1 && useMin) {
    const bmin = Math.min(Math.max(min, 0), 1);
    const hard = Math.max(bulge, bmin);
    const range = 1 - bmin;
    const scale = range > 0 ? 1 / range : 0;
    const soft = 1 - (range * Math.atan((1 - bulge) * scale)) / (Math.PI / 2);
    bulge = smooth * soft + (1 - smooth) * hard;
  }
  return bulge;
}
