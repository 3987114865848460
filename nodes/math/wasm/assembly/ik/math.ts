// AssemblyScript: the rotation toolkit of nodes/math/ik-blender/math.ts that the solver's iteration
// uses, ported operation by operation in the same order (the same bits). Matrices are row-major 3x3
// and vectors 3 doubles, at byte addresses; sin, cos, atan2 and acos are JavaScript's own, imported.

@external("sinew", "sin") export declare function jsSin(x: f64): f64;
@external("sinew", "cos") export declare function jsCos(x: f64): f64;
@external("sinew", "atan2") declare function jsAtan2(y: f64, x: f64): f64;
@external("sinew", "acos") declare function jsAcos(x: f64): f64;

export const IK_EPSILON: f64 = 1e-20;

@inline export function ld(at: usize, i: i32): f64 { return load<f64>(at + (<usize>i << 3)); }
@inline export function st(at: usize, i: i32, x: f64): void { store<f64>(at + (<usize>i << 3), x); }
/** The address of the `i`th double from `at`. */
@inline export function ad(at: usize, i: i32): usize { return at + (<usize>i << 3); }

export function copy3x3(out: usize, m: usize): void {
  for (let i = 0; i < 9; i++) st(out, i, ld(m, i));
}

/** out = a · b (out may alias a or b). */
export function mul3(out: usize, a: usize, b: usize): void {
  const a0 = ld(a, 0), a1 = ld(a, 1), a2 = ld(a, 2), a3 = ld(a, 3), a4 = ld(a, 4), a5 = ld(a, 5), a6 = ld(a, 6), a7 = ld(a, 7), a8 = ld(a, 8);
  const b0 = ld(b, 0), b1 = ld(b, 1), b2 = ld(b, 2), b3 = ld(b, 3), b4 = ld(b, 4), b5 = ld(b, 5), b6 = ld(b, 6), b7 = ld(b, 7), b8 = ld(b, 8);
  st(out, 0, a0 * b0 + a1 * b3 + a2 * b6); st(out, 1, a0 * b1 + a1 * b4 + a2 * b7); st(out, 2, a0 * b2 + a1 * b5 + a2 * b8);
  st(out, 3, a3 * b0 + a4 * b3 + a5 * b6); st(out, 4, a3 * b1 + a4 * b4 + a5 * b7); st(out, 5, a3 * b2 + a4 * b5 + a5 * b8);
  st(out, 6, a6 * b0 + a7 * b3 + a8 * b6); st(out, 7, a6 * b1 + a7 * b4 + a8 * b7); st(out, 8, a6 * b2 + a7 * b5 + a8 * b8);
}

/** out = aᵀ · b. */
export function mulTransA3(out: usize, a: usize, b: usize): void {
  const a0 = ld(a, 0), a1 = ld(a, 1), a2 = ld(a, 2), a3 = ld(a, 3), a4 = ld(a, 4), a5 = ld(a, 5), a6 = ld(a, 6), a7 = ld(a, 7), a8 = ld(a, 8);
  const b0 = ld(b, 0), b1 = ld(b, 1), b2 = ld(b, 2), b3 = ld(b, 3), b4 = ld(b, 4), b5 = ld(b, 5), b6 = ld(b, 6), b7 = ld(b, 7), b8 = ld(b, 8);
  st(out, 0, a0 * b0 + a3 * b3 + a6 * b6); st(out, 1, a0 * b1 + a3 * b4 + a6 * b7); st(out, 2, a0 * b2 + a3 * b5 + a6 * b8);
  st(out, 3, a1 * b0 + a4 * b3 + a7 * b6); st(out, 4, a1 * b1 + a4 * b4 + a7 * b7); st(out, 5, a1 * b2 + a4 * b5 + a7 * b8);
  st(out, 6, a2 * b0 + a5 * b3 + a8 * b6); st(out, 7, a2 * b1 + a5 * b4 + a8 * b7); st(out, 8, a2 * b2 + a5 * b5 + a8 * b8);
}

/** out = m · v (out may alias v). */
export function mulVec3(out: usize, m: usize, v: usize): void {
  const x = ld(v, 0), y = ld(v, 1), z = ld(v, 2);
  st(out, 0, ld(m, 0) * x + ld(m, 1) * y + ld(m, 2) * z);
  st(out, 1, ld(m, 3) * x + ld(m, 4) * y + ld(m, 5) * z);
  st(out, 2, ld(m, 6) * x + ld(m, 7) * y + ld(m, 8) * z);
}

/** RotationMatrix(sine, cosine, axis). */
export function rotationMatrixSC(out: usize, sine: f64, cosine: f64, axis: i32): void {
  if (axis == 0) { st(out, 0, 1); st(out, 1, 0); st(out, 2, 0); st(out, 3, 0); st(out, 4, cosine); st(out, 5, -sine); st(out, 6, 0); st(out, 7, sine); st(out, 8, cosine); }
  else if (axis == 1) { st(out, 0, cosine); st(out, 1, 0); st(out, 2, sine); st(out, 3, 0); st(out, 4, 1); st(out, 5, 0); st(out, 6, -sine); st(out, 7, 0); st(out, 8, cosine); }
  else { st(out, 0, cosine); st(out, 1, -sine); st(out, 2, 0); st(out, 3, sine); st(out, 4, cosine); st(out, 5, 0); st(out, 6, 0); st(out, 7, 0); st(out, 8, 1); }
}

/** The rotation by `angle` about `axis`. */
export function rotationMatrixOf(out: usize, angle: f64, axis: i32): void {
  rotationMatrixSC(out, jsSin(angle), jsCos(angle), axis);
}

/** The twist (about Y) of R (ComputeTwist). */
export function twistOf(R: usize): f64 {
  const qy = ld(R, 2) - ld(R, 6);
  const qw = ld(R, 0) + ld(R, 4) + ld(R, 8) + 1;
  return 2 * jsAtan2(qy, qw);
}

/** R = R · twist(R)ᵀ; `twistM` is 9 doubles of scratch. */
export function removeTwist(R: usize, twistM: usize): void {
  rotationMatrixOf(twistM, twistOf(R), 1);
  for (let r = 0; r < 3; r++) {
    const x = ld(R, r * 3), y = ld(R, r * 3 + 1), z = ld(R, r * 3 + 2);
    st(R, r * 3, x * ld(twistM, 0) + y * ld(twistM, 1) + z * ld(twistM, 2));
    st(R, r * 3 + 1, x * ld(twistM, 3) + y * ld(twistM, 4) + z * ld(twistM, 5));
    st(R, r * 3 + 2, x * ld(twistM, 6) + y * ld(twistM, 7) + z * ld(twistM, 8));
  }
}

/** (ax, twist, az) of R into out. */
export function sphericalRangeParameters(out: usize, R: usize): void {
  st(out, 1, twistOf(R));
  let num = 2 * (1 + ld(R, 4));
  if (Math.abs(num) < IK_EPSILON) { st(out, 0, 0); st(out, 2, 1); return; }
  num = 1 / Math.sqrt(num);
  st(out, 0, -ld(R, 7) * num);
  st(out, 2, ld(R, 1) * num);
}

/** The swing matrix of Eigen's Quaterniond(w = −cos, x = ax, y = 0, z = az). */
function computeSwingMatrix(out: usize, ax: f64, az: f64): void {
  const sine2 = ax * ax + az * az;
  const w = -Math.sqrt(sine2 >= 1 ? 0 : 1 - sine2), x = ax, y = 0.0, z = az;
  const tx = 2 * x, ty = 2 * y, tz = 2 * z;
  const twx = tx * w, twy = ty * w, twz = tz * w;
  const txx = tx * x, txy = ty * x, txz = tz * x;
  const tyy = ty * y, tyz = tz * y, tzz = tz * z;
  st(out, 0, 1 - (tyy + tzz)); st(out, 1, txy - twz); st(out, 2, txz + twy);
  st(out, 3, txy + twz); st(out, 4, 1 - (txx + tzz)); st(out, 5, tyz - twx);
  st(out, 6, txz - twy); st(out, 7, tyz + twx); st(out, 8, 1 - (txx + tyy));
}

/** out = swing(a[0], a[2]) · twist(a[1]); `twistM` is 9 doubles of scratch. */
export function swingTwist(out: usize, a: usize, twistM: usize): void {
  computeSwingMatrix(out, ld(a, 0), ld(a, 2));
  rotationMatrixOf(twistM, ld(a, 1), 1);
  mul3(out, out, twistM);
}

export function matrixToAxisAngle(out: usize, R: usize): void {
  let x = ld(R, 7) - ld(R, 5), y = ld(R, 2) - ld(R, 6), z = ld(R, 3) - ld(R, 1);
  const f = (ld(R, 0) + ld(R, 4) + ld(R, 8) - 1) / 2;
  const c = f <= -1 ? Math.PI : f >= 1 ? 0 : jsAcos(f);
  const l = Math.sqrt(x * x + y * y + z * z);
  if (!(Math.abs(l) < IK_EPSILON)) { const k = c / l; x *= k; y *= k; z *= k; }
  st(out, 0, x); st(out, 1, y); st(out, 2, z);
}

/** Clamps (a[0], a[1]) = (ax, az) into the ellipse of limits amin/amax; true when it clamped. */
export function ellipseClamp(a: usize, amin: usize, amax: usize): bool {
  const ax = ld(a, 0), az = ld(a, 1);
  let x: f64, z: f64, xlim: f64, zlim: f64;
  if (ax < 0) { x = -ax; xlim = -ld(amin, 0); } else { x = ax; xlim = ld(amax, 0); }
  if (az < 0) { z = -az; zlim = -ld(amin, 1); } else { z = az; zlim = ld(amax, 1); }
  if (Math.abs(xlim) < IK_EPSILON || Math.abs(zlim) < IK_EPSILON) {
    if (x <= xlim && z <= zlim) return false;
    if (x > xlim) x = xlim;
    if (z > zlim) z = zlim;
  } else {
    const invx = 1 / (xlim * xlim), invz = 1 / (zlim * zlim);
    if (x * x * invx + z * z * invz <= 1) return false;
    if (Math.abs(x) < IK_EPSILON) { x = 0; z = zlim; }
    else {
      const rico = z / x;
      const oldX = x;
      x = Math.sqrt(1 / (invx + invz * rico * rico));
      if (oldX < 0) x = -x;
      z = rico * x;
    }
  }
  st(a, 0, ax < 0 ? -x : x);
  st(a, 1, az < 0 ? -z : z);
  return true;
}

/** Rodrigues' rotation of `theta` about unit (wx, wy, wz), as the spherical (or, swing: y = 0) segment writes it. */
export function rodrigues(out: usize, wx: f64, wy: f64, wz: f64, theta: f64, swing: bool): void {
  const sine = jsSin(theta), cosine = jsCos(theta), ci = 1 - cosine;
  const xs = wx * sine, ys = wy * sine, zs = wz * sine;
  const xx = wx * wx * ci, xy = wx * wy * ci, xz = wx * wz * ci, yy = wy * wy * ci, yz = wy * wz * ci, zz = wz * wz * ci;
  if (swing) {
    st(out, 0, cosine + xx); st(out, 1, -zs); st(out, 2, xz);
    st(out, 3, zs); st(out, 4, cosine); st(out, 5, -xs);
    st(out, 6, xz); st(out, 7, xs); st(out, 8, cosine + zz);
  } else {
    st(out, 0, cosine + xx); st(out, 1, -zs + xy); st(out, 2, ys + xz);
    st(out, 3, zs + xy); st(out, 4, cosine + yy); st(out, 5, -xs + yz);
    st(out, 6, -ys + xz); st(out, 7, xs + yz); st(out, 8, cosine + zz);
  }
}
