// Blender's quat_split_swing_and_twist (math_rotation.c): a rotation split into a swing (no
// component about the axis) followed by a twist about the axis. Quaternions are [x, y, z, w].
// Nothing here allocates.

/**
 * Splits q = swing·twist about `axis` (0 = X) and returns the twist angle in radians (−π…π). The
 * quaternion is first made canonical (w ≥ 0), as Blender does. `swing` and `twist`, when given,
 * receive the two quaternions; either may alias q.
 */
export function splitQuatSwingAndTwist(
  q: ArrayLike<number>,
  axis: 0 | 1 | 2,
  swing: Float64Array | null,
  twist: Float64Array | null,
): number {
  const sign = q[3] < 0 ? -1 : 1;
  const x = q[0] * sign, y = q[1] * sign, z = q[2] * sign, w = q[3] * sign;
  const a = axis === 0 ? x : axis === 1 ? y : z;
  // The half twist angle comes straight from the axis component and w.
  const t = Math.atan2(a, w);
  const sin = Math.sin(t), cos = Math.cos(t);
  if (swing) {
    // swing = q · twist⁻¹, twist⁻¹ = (cos t, −sin t about the axis).
    const ix = axis === 0 ? -sin : 0, iy = axis === 1 ? -sin : 0, iz = axis === 2 ? -sin : 0;
    swing[0] = w * ix + x * cos + y * iz - z * iy;
    swing[1] = w * iy + y * cos + z * ix - x * iz;
    swing[2] = w * iz + z * cos + x * iy - y * ix;
    swing[3] = w * cos - x * ix - y * iy - z * iz;
  }
  if (twist) {
    twist[0] = axis === 0 ? sin : 0;
    twist[1] = axis === 1 ? sin : 0;
    twist[2] = axis === 2 ? sin : 0;
    twist[3] = cos;
  }
  return 2 * t;
}
