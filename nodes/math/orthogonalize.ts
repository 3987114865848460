// Blender's orthogonalize_m4_stable (math_matrix.c): removes shear from a 4x4 around one axis in a
// way that is symmetric in the other two and keeps the determinant (the volume) unless asked to
// normalize. Used by Limit Rotation, Copy Rotation and Copy Transforms (remove_target_shear).
// Column-major 4x4; the axis columns are at 0, 4, 8. Nothing here allocates.

const FLT_EPSILON = 1.1920928955078125e-7;
const n2 = new Float64Array(3);
const n3 = new Float64Array(3);
const tmp = new Float64Array(3);

// Blender's orthogonalize_stable(v1, v2, v3, normalize), on the columns starting at o1, o2, o3.
function orthogonalizeStable(m: Float64Array, o1: number, o2: number, o3: number, normalize: boolean): void {
  const lenSq1 = m[o1] * m[o1] + m[o1 + 1] * m[o1 + 1] + m[o1 + 2] * m[o1 + 2];
  if (lenSq1 > 0) {
    // Project the secondary axes onto the plane normal to the primary one (keeps the determinant).
    const f2 = -(m[o2] * m[o1] + m[o2 + 1] * m[o1 + 1] + m[o2 + 2] * m[o1 + 2]) / lenSq1;
    const f3 = -(m[o3] * m[o1] + m[o3 + 1] * m[o1 + 1] + m[o3 + 2] * m[o1 + 2]) / lenSq1;
    for (let i = 0; i < 3; i++) {
      m[o2 + i] += m[o1 + i] * f2;
      m[o3 + i] += m[o1 + i] * f3;
    }
    if (normalize) {
      const inv = 1 / Math.sqrt(lenSq1);
      m[o1] *= inv; m[o1 + 1] *= inv; m[o1 + 2] *= inv;
    }
  }
  const length2 = unit(n2, m, o2);
  const length3 = unit(n3, m, o3);
  const cos = n2[0] * n3[0] + n2[1] * n3[1] + n2[2] * n3[2];
  const absCos = Math.abs(cos);
  // Correct only a significant, non-degenerate shear angle.
  if (absCos > 1e-4 && absCos < 1 - FLT_EPSILON) {
    // Turn v2 by half the correction, so that both secondary axes move by the same angle.
    const angle = Math.acos(cos);
    const target = angle + (Math.PI / 2 - angle) / 2;
    for (let i = 0; i < 3; i++) n2[i] -= n3[i] * cos;
    const k = Math.sin(target) / Math.sqrt(n2[0] * n2[0] + n2[1] * n2[1] + n2[2] * n2[2]);
    const c = Math.cos(target);
    for (let i = 0; i < 3; i++) n2[i] = n2[i] * k + n3[i] * c;
    // v3 orthogonal to v2, in their common plane.
    cross(tmp, n2, n3);
    cross(n3, tmp, n2);
    unit(n3, n3, 0);
    if (!normalize) {
      // Re-apply the scale, keeping the area of the sheared pair and its proportion.
      const f = Math.sqrt(Math.sin(angle));
      for (let i = 0; i < 3; i++) {
        m[o2 + i] = n2[i] * length2 * f;
        m[o3 + i] = n3[i] * length3 * f;
      }
    }
  }
  if (normalize) {
    for (let i = 0; i < 3; i++) {
      m[o2 + i] = n2[i];
      m[o3 + i] = n3[i];
    }
  }
}

// Blender's normalize_v3_v3: writes the unit vector of a[o..o+2] into out, returns the length (0 for a near-zero vector).
function unit(out: Float64Array, a: ArrayLike<number>, o: number): number {
  const x = a[o], y = a[o + 1], z = a[o + 2];
  const d = x * x + y * y + z * z;
  if (d > 1e-35) {
    const len = Math.sqrt(d);
    out[0] = x / len; out[1] = y / len; out[2] = z / len;
    return len;
  }
  out[0] = 0; out[1] = 0; out[2] = 0;
  return 0;
}

function cross(out: Float64Array, a: Float64Array, b: Float64Array): void {
  const ax = a[0], ay = a[1], az = a[2], bx = b[0], by = b[1], bz = b[2];
  out[0] = ay * bz - az * by;
  out[1] = az * bx - ax * bz;
  out[2] = ax * by - ay * bx;
}

/**
 * Removes the shear of a 4x4 in place, keeping `axis` (0 = X) as it is and the other two symmetric
 * to it; the volume is kept unless `normalize`, which makes the 3x3 part orthonormal instead
 * (Blender's `orthogonalize_m4_stable`).
 */
export function orthogonalizeMat4Stable(m: Float64Array, axis: 0 | 1 | 2, normalize: boolean): Float64Array {
  if (axis === 0) orthogonalizeStable(m, 0, 4, 8, normalize);
  else if (axis === 1) orthogonalizeStable(m, 4, 0, 8, normalize);
  else orthogonalizeStable(m, 8, 0, 4, normalize);
  return m;
}
