// AssemblyScript (compiled by `npm run build:wasm` to ../blend-bytes.ts): a constraint's influence
// blend, blendMatricesBy of nodes/math/blend.ts with its polar decompositions (nodes/math/polar.ts)
// and quaternions (nodes/math/quaternion.ts), ported operation by operation in the same order, so
// the same bits (IEEE arithmetic and square roots; acos and sin are JavaScript's own, imported). A
// case the port does not take (a matrix that would be scaled first, a singular one, a non-finite
// input's per-element lerp) is declined before anything is written, and JavaScript blends it.
// Matrices are at byte offsets in the program's memory; `scratch` is 128 doubles of it for the work.

@external("sinew", "acos") declare function jsAcos(x: f64): f64;
@external("sinew", "sin") declare function jsSin(x: f64): f64;

// Scratch layout, in doubles from the scratch offset: the work matrices of polar.ts and blend.ts.
const UA = 0, PA = 9, UB = 18, PB = 27, QA = 36, QB = 40, U = 44, ROT = 53, Q = 62, R3 = 66;

let S: usize = 0;

@inline function g(i: i32): f64 { return load<f64>(S + (<usize>i << 3)); }
@inline function p(i: i32, x: f64): void { store<f64>(S + (<usize>i << 3), x); }
@inline function m(base: usize, i: i32): f64 { return load<f64>(base + (<usize>i << 3)); }
@inline function finite(x: f64): bool { return x - x == 0; }

/**
 * polar.ts polarDecompose of the 3x3 at `mat` (9 doubles, byte offset) into scratch U and P at
 * `outU`, `outP`; false, when the matrix is singular (rank below 3) or too small for the unlifted
 * route, or zero or not finite, which JavaScript then takes.
 */
function polarDecompose(outU: i32, outP: i32, mat: usize): bool {
  let scale = 0.0;
  for (let i = 0; i < 9; i++) {
    const x = Math.abs(m(mat, i));
    if (x > scale) scale = x;
  }
  if (!(scale > 0) || !finite(scale) || scale < 1e-290) return false;
  const inv = 1 / scale;
  // M/scale's columns (a) and the right rotations (V, by columns) in locals.
  let a0 = m(mat, 0) * inv, a1 = m(mat, 1) * inv, a2 = m(mat, 2) * inv;
  let a3 = m(mat, 3) * inv, a4 = m(mat, 4) * inv, a5 = m(mat, 5) * inv;
  let a6 = m(mat, 6) * inv, a7 = m(mat, 7) * inv, a8 = m(mat, 8) * inv;
  // The first sweep's three tests on the columns as they are: when none of them rotates (the usual
  // case, a rotation times a scale per axis), V stays I, and the tail (inlined) has its ones and
  // zeros as constants.
  if (!jacobiRotation(a0, a1, a2, a3, a4, a5) && !jacobiRotation(a0, a1, a2, a6, a7, a8) && !jacobiRotation(a3, a4, a5, a6, a7, a8)) {
    return polarTail(outU, outP, scale, a0, a1, a2, a3, a4, a5, a6, a7, a8, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0);
  }
  let v0 = 1.0, v1 = 0.0, v2 = 0.0, v3 = 0.0, v4 = 1.0, v5 = 0.0, v6 = 0.0, v7 = 0.0, v8 = 1.0;
  // The Jacobi sweeps (the first again), each pair of columns (polar.ts orthogonalizePair) written out: a rotation of
  // columns p and q of a and of V by the cosine and sine jacobiRotation found.
  for (let sweep = 0; sweep < 30; sweep++) {
    let rotated = false;
    if (jacobiRotation(a0, a1, a2, a3, a4, a5)) {
      rotated = true;
      let x = a0, y = a3; a0 = JC * x - JS * y; a3 = JS * x + JC * y;
      x = a1; y = a4; a1 = JC * x - JS * y; a4 = JS * x + JC * y;
      x = a2; y = a5; a2 = JC * x - JS * y; a5 = JS * x + JC * y;
      x = v0; y = v3; v0 = JC * x - JS * y; v3 = JS * x + JC * y;
      x = v1; y = v4; v1 = JC * x - JS * y; v4 = JS * x + JC * y;
      x = v2; y = v5; v2 = JC * x - JS * y; v5 = JS * x + JC * y;
    }
    if (jacobiRotation(a0, a1, a2, a6, a7, a8)) {
      rotated = true;
      let x = a0, y = a6; a0 = JC * x - JS * y; a6 = JS * x + JC * y;
      x = a1; y = a7; a1 = JC * x - JS * y; a7 = JS * x + JC * y;
      x = a2; y = a8; a2 = JC * x - JS * y; a8 = JS * x + JC * y;
      x = v0; y = v6; v0 = JC * x - JS * y; v6 = JS * x + JC * y;
      x = v1; y = v7; v1 = JC * x - JS * y; v7 = JS * x + JC * y;
      x = v2; y = v8; v2 = JC * x - JS * y; v8 = JS * x + JC * y;
    }
    if (jacobiRotation(a3, a4, a5, a6, a7, a8)) {
      rotated = true;
      let x = a3, y = a6; a3 = JC * x - JS * y; a6 = JS * x + JC * y;
      x = a4; y = a7; a4 = JC * x - JS * y; a7 = JS * x + JC * y;
      x = a5; y = a8; a5 = JC * x - JS * y; a8 = JS * x + JC * y;
      x = v3; y = v6; v3 = JC * x - JS * y; v6 = JS * x + JC * y;
      x = v4; y = v7; v4 = JC * x - JS * y; v7 = JS * x + JC * y;
      x = v5; y = v8; v5 = JC * x - JS * y; v8 = JS * x + JC * y;
    }
    if (!rotated) break;
  }
  return polarTail(outU, outP, scale, a0, a1, a2, a3, a4, a5, a6, a7, a8, v0, v1, v2, v3, v4, v5, v6, v7, v8);
}

/** The cosine and sine of the last rotation jacobiRotation found. */
let JC = 0.0, JS = 0.0;

/**
 * polar.ts orthogonalizePair's test and rotation for columns x and y, in the same order: whether
 * they are turned, the cosine and sine then in JC and JS.
 */
@inline function jacobiRotation(x0: f64, x1: f64, x2: f64, y0: f64, y1: f64, y2: f64): bool {
  const alpha = 0.0 + x0 * x0 + x1 * x1 + x2 * x2;
  const beta = 0.0 + y0 * y0 + y1 * y1 + y2 * y2;
  const gamma = 0.0 + x0 * y0 + x1 * y1 + x2 * y2;
  if (gamma == 0 || Math.abs(gamma) <= 1e-15 * Math.sqrt(alpha * beta)) return false;
  const zeta = (beta - alpha) / (2 * gamma);
  const t = (zeta >= 0 ? 1.0 : -1.0) / (Math.abs(zeta) + (Math.abs(zeta) < 1e150 ? Math.sqrt(1 + zeta * zeta) : Math.abs(zeta)));
  const c = 1 / Math.sqrt(1 + t * t);
  JC = c;
  JS = c * t;
  return true;
}

/** Column i's entry of three (by index, without memory). */
@inline function pick(i: i32, c0: f64, c1: f64, c2: f64): f64 { return i == 0 ? c0 : i == 1 ? c1 : c2; }

/**
 * polarDecompose's tail after the sweeps, on the columns a0..a8 and V (v0..v8, by columns) in
 * locals: polar.ts's operations in its order, into U and P at `outU`, `outP`. False for a singular
 * matrix (rank below 3), which JavaScript then takes.
 */
@inline function polarTail(
  outU: i32, outP: i32, scale: f64,
  a0: f64, a1: f64, a2: f64, a3: f64, a4: f64, a5: f64, a6: f64, a7: f64, a8: f64,
  v0: f64, v1: f64, v2: f64, v3: f64, v4: f64, v5: f64, v6: f64, v7: f64, v8: f64,
): bool {
  const s0 = Math.sqrt(a0 * a0 + a1 * a1 + a2 * a2);
  const s1 = Math.sqrt(a3 * a3 + a4 * a4 + a5 * a5);
  const s2 = Math.sqrt(a6 * a6 + a7 * a7 + a8 * a8);
  let i0 = 0, i1 = 1, i2 = 2;
  if (pick(i1, s0, s1, s2) > pick(i0, s0, s1, s2)) { const t = i0; i0 = i1; i1 = t; }
  if (pick(i2, s0, s1, s2) > pick(i1, s0, s1, s2)) { const t = i1; i1 = i2; i2 = t; }
  if (pick(i1, s0, s1, s2) > pick(i0, s0, s1, s2)) { const t = i0; i0 = i1; i1 = t; }
  const big = pick(i0, s0, s1, s2);
  if (!(pick(i2, s0, s1, s2) > 1e-14 * big)) return false;
  // W's columns by rank (first, second, third), then the singular values consistent with them.
  const fx = pick(i0, a0, a3, a6) / big, fy = pick(i0, a1, a4, a7) / big, fz = pick(i0, a2, a5, a8) / big;
  let x = pick(i1, a0, a3, a6), y = pick(i1, a1, a4, a7), z = pick(i1, a2, a5, a8);
  const d = x * fx + y * fy + z * fz;
  x -= d * fx;
  y -= d * fy;
  z -= d * fz;
  const len = Math.sqrt(x * x + y * y + z * z);
  const nx = x / len, ny = y / len, nz = z / len;
  x = fy * nz - fz * ny;
  y = fz * nx - fx * nz;
  z = fx * ny - fy * nx;
  const sign = x * pick(i2, a0, a3, a6) + y * pick(i2, a1, a4, a7) + z * pick(i2, a2, a5, a8) < 0 ? -1.0 : 1.0;
  const tx = sign * x, ty = sign * y, tz = sign * z;
  const second = Math.max(0, nx * pick(i1, a0, a3, a6) + ny * pick(i1, a1, a4, a7) + nz * pick(i1, a2, a5, a8));
  const third = Math.max(0, tx * pick(i2, a0, a3, a6) + ty * pick(i2, a1, a4, a7) + tz * pick(i2, a2, a5, a8));
  // W by original column: column j is the first, second or third vector as j is i0, i1 or i2.
  const w0x = i0 == 0 ? fx : i1 == 0 ? nx : tx, w0y = i0 == 0 ? fy : i1 == 0 ? ny : ty, w0z = i0 == 0 ? fz : i1 == 0 ? nz : tz;
  const w1x = i0 == 1 ? fx : i1 == 1 ? nx : tx, w1y = i0 == 1 ? fy : i1 == 1 ? ny : ty, w1z = i0 == 1 ? fz : i1 == 1 ? nz : tz;
  const w2x = i0 == 2 ? fx : i1 == 2 ? nx : tx, w2y = i0 == 2 ? fy : i1 == 2 ? ny : ty, w2z = i0 == 2 ? fz : i1 == 2 ? nz : tz;
  // U = W·Vᵀ: U[3c + r] = W(r, 0)·V(c, 0) + W(r, 1)·V(c, 1) + W(r, 2)·V(c, 2).
  p(outU, w0x * v0 + w1x * v3 + w2x * v6);
  p(outU + 1, w0y * v0 + w1y * v3 + w2y * v6);
  p(outU + 2, w0z * v0 + w1z * v3 + w2z * v6);
  p(outU + 3, w0x * v1 + w1x * v4 + w2x * v7);
  p(outU + 4, w0y * v1 + w1y * v4 + w2y * v7);
  p(outU + 5, w0z * v1 + w1z * v4 + w2z * v7);
  p(outU + 6, w0x * v2 + w1x * v5 + w2x * v8);
  p(outU + 7, w0y * v2 + w1y * v5 + w2y * v8);
  p(outU + 8, w0z * v2 + w1z * v5 + w2z * v8);
  // P = V·S·Vᵀ, each entry V(r, k)·s_k·V(c, k) summed over k, the upper triangle mirrored.
  const e0 = (i0 == 0 ? big : i1 == 0 ? second : third) * scale;
  const e1 = (i0 == 1 ? big : i1 == 1 ? second : third) * scale;
  const e2 = (i0 == 2 ? big : i1 == 2 ? second : third) * scale;
  p(outP, v0 * e0 * v0 + v3 * e1 * v3 + v6 * e2 * v6);
  p(outP + 4, v1 * e0 * v1 + v4 * e1 * v4 + v7 * e2 * v7);
  p(outP + 8, v2 * e0 * v2 + v5 * e1 * v5 + v8 * e2 * v8);
  const p01 = v0 * e0 * v1 + v3 * e1 * v4 + v6 * e2 * v7;
  const p02 = v0 * e0 * v2 + v3 * e1 * v5 + v6 * e2 * v8;
  const p12 = v1 * e0 * v2 + v4 * e1 * v5 + v7 * e2 * v8;
  p(outP + 3, p01); p(outP + 1, p01);
  p(outP + 6, p02); p(outP + 2, p02);
  p(outP + 7, p12); p(outP + 5, p12);
  return true;
}

/** blend.ts decomposeScaled, for a matrix that needs no scaling (else false: JavaScript scales it). */
function decompose(outU: i32, outP: i32, mat: usize): bool {
  let k = 0.0;
  for (let i = 0; i < 9; i++) { const x = Math.abs(m(mat, i)); if (x > k) k = x; }
  if (k > 1e100 || (k > 0 && k < 1e-100)) return false;
  return polarDecompose(outU, outP, mat);
}

/** matrix.ts isNegativeMat3 of the scratch 3x3 at `at`. */
function isNegative(at: i32): bool {
  return g(at) * (g(at + 4) * g(at + 8) - g(at + 5) * g(at + 7)) -
    g(at + 3) * (g(at + 1) * g(at + 8) - g(at + 2) * g(at + 7)) +
    g(at + 6) * (g(at + 1) * g(at + 5) - g(at + 2) * g(at + 4)) < 0;
}

function negate(at: i32): void { for (let i = 0; i < 9; i++) p(at + i, -g(at + i)); }

/** quaternion.ts mat3NormalizedToQuat: the scratch 3x3 at `from` to the quaternion at `out`. */
function normalizedToQuat(out: i32, from: i32): void {
  for (let i = 0; i < 9; i++) p(ROT + i, g(from + i));
  const m00 = g(ROT), m01 = g(ROT + 1), m02 = g(ROT + 2);
  const m10 = g(ROT + 3), m11 = g(ROT + 4), m12 = g(ROT + 5);
  const m20 = g(ROT + 6), m21 = g(ROT + 7), m22 = g(ROT + 8);
  const det = m00 * (m11 * m22 - m12 * m21) - m10 * (m01 * m22 - m02 * m21) + m20 * (m01 * m12 - m02 * m11);
  if (!finite(det)) { p(out, 0); p(out + 1, 0); p(out + 2, 0); p(out + 3, 1); return; }
  if (det < 0) negate(ROT);
  quatFromRotation(out);
}

/** quaternion.ts quatFromRotationScratch (of ROT) and normalizeQuatTo. */
function quatFromRotation(out: i32): void {
  const m00 = g(ROT), m01 = g(ROT + 1), m02 = g(ROT + 2);
  const m10 = g(ROT + 3), m11 = g(ROT + 4), m12 = g(ROT + 5);
  const m20 = g(ROT + 6), m21 = g(ROT + 7), m22 = g(ROT + 8);
  let x: f64, y: f64, z: f64, w: f64;
  if (m22 < 0) {
    if (m00 > m11) {
      let s = 2 * Math.sqrt(1 + m00 - m11 - m22);
      if (m12 < m21) s = -s;
      x = 0.25 * s;
      s = 1 / s;
      w = (m12 - m21) * s;
      y = (m01 + m10) * s;
      z = (m20 + m02) * s;
    } else {
      let s = 2 * Math.sqrt(1 - m00 + m11 - m22);
      if (m20 < m02) s = -s;
      y = 0.25 * s;
      s = 1 / s;
      w = (m20 - m02) * s;
      x = (m01 + m10) * s;
      z = (m12 + m21) * s;
    }
  } else if (m00 < -m11) {
    let s = 2 * Math.sqrt(1 - m00 - m11 + m22);
    if (m01 < m10) s = -s;
    z = 0.25 * s;
    s = 1 / s;
    w = (m01 - m10) * s;
    x = (m20 + m02) * s;
    y = (m12 + m21) * s;
  } else {
    let s = 2 * Math.sqrt(1 + m00 + m11 + m22);
    w = 0.25 * s;
    s = 1 / s;
    x = (m12 - m21) * s;
    y = (m20 - m02) * s;
    z = (m01 - m10) * s;
  }
  const len = Math.sqrt(x * x + y * y + z * z + w * w);
  if (len != 0) {
    const inv = 1 / len;
    p(out, x * inv); p(out + 1, y * inv); p(out + 2, z * inv); p(out + 3, w * inv);
  } else {
    p(out, 1); p(out + 1, 0); p(out + 2, 0); p(out + 3, 0);
  }
}

/** quaternion.ts slerpQuatBy of QA and QB by t into Q. */
function slerp(t: f64): void {
  let ax = g(QA), ay = g(QA + 1), az = g(QA + 2), aw = g(QA + 3);
  const bx = g(QB), by = g(QB + 1), bz = g(QB + 2), bw = g(QB + 3);
  let cosom = ax * bx + ay * by + az * bz + aw * bw;
  if (cosom < 0) {
    cosom = -cosom;
    ax = -ax; ay = -ay; az = -az; aw = -aw;
  }
  let w0: f64, w1: f64;
  if (Math.abs(cosom) < 1 - 1e-4) {
    const omega = jsAcos(cosom);
    const sinom = jsSin(omega);
    w0 = jsSin((1 - t) * omega) / sinom;
    w1 = jsSin(t * omega) / sinom;
  } else {
    w0 = 1 - t;
    w1 = t;
  }
  p(Q, w0 * ax + w1 * bx);
  p(Q + 1, w0 * ay + w1 * by);
  p(Q + 2, w0 * az + w1 * bz);
  p(Q + 3, w0 * aw + w1 * bw);
}

/** quaternion.ts quatToMat3 of Q into U. */
function quatToMat3(): void {
  const x = g(Q), y = g(Q + 1), z = g(Q + 2), w = g(Q + 3);
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2;
  const yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  p(U, 1 - yy - zz); p(U + 1, xy + wz); p(U + 2, xz - wy);
  p(U + 3, xy - wz); p(U + 4, 1 - xx - zz); p(U + 5, yz + wx);
  p(U + 6, xz + wy); p(U + 7, yz - wx); p(U + 8, 1 - xx - yy);
}

/** blend.ts nearlyEqualMat3 of the 3x3s at byte offsets a and b. */
function nearlyEqual(a: usize, b: usize): bool {
  let mx = 0.0, d = 0.0;
  for (let i = 0; i < 9; i++) {
    const x = Math.abs(m(a, i)), e = Math.abs(m(b, i) - m(a, i));
    if (x > mx) mx = x;
    if (e > d) d = e;
  }
  if (d > 1e-12 * mx) return false;
  if (d == 0) return true;
  if (mx < 1e-300 || mx > 1e300) return false;
  const k = 1 / mx;
  const a0 = m(a, 0) * k, a1 = m(a, 1) * k, a2 = m(a, 2) * k, a3 = m(a, 3) * k, a4 = m(a, 4) * k;
  const a5 = m(a, 5) * k, a6 = m(a, 6) * k, a7 = m(a, 7) * k, a8 = m(a, 8) * k;
  const det = a0 * (a4 * a8 - a5 * a7) - a3 * (a1 * a8 - a2 * a7) + a6 * (a1 * a5 - a2 * a4);
  return Math.abs(det) >= 1e-3;
}

/**
 * blend.ts blendMatricesBy(out, a, b, factor): 4x4s at byte offsets (out may be a or b), the factor
 * at `factor`, 128 doubles of work space at `scratch`. Returns 1 when done; 0, nothing written,
 * when JavaScript must blend (see the head of this file).
 */
export function blend(out: usize, a: usize, b: usize, factor: usize, scratch: usize): i32 {
  S = scratch;
  const t = load<f64>(factor);
  const s = 1 - t;
  // The 3x3s, packed (a3, b3 of blend.ts) into the scratch after R3.
  const a3 = scratch + ((<usize>R3 + 9) << 3), b3 = scratch + ((<usize>R3 + 18) << 3);
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) {
    store<f64>(a3 + (<usize>(3 * c + r) << 3), m(a, 4 * c + r));
    store<f64>(b3 + (<usize>(3 * c + r) << 3), m(b, 4 * c + r));
  }
  for (let i = 0; i < 9; i++) if (!finite(m(a3, i)) || !finite(m(b3, i))) return 0;
  if (nearlyEqual(a3, b3)) {
    for (let i = 0; i < 9; i++) p(R3 + i, m(a3, i) + (m(b3, i) - m(a3, i)) * t);
  } else {
    if (!decompose(UA, PA, a3) || !decompose(UB, PB, b3)) return 0;
    if (isNegative(UA)) { negate(UA); negate(PA); }
    if (isNegative(UB)) { negate(UB); negate(PB); }
    normalizedToQuat(QA, UA);
    normalizedToQuat(QB, UB);
    slerp(t);
    quatToMat3();
    for (let c = 0; c < 3; c++) {
      const p0 = s * g(PA + 3 * c) + t * g(PB + 3 * c);
      const p1 = s * g(PA + 3 * c + 1) + t * g(PB + 3 * c + 1);
      const p2 = s * g(PA + 3 * c + 2) + t * g(PB + 3 * c + 2);
      p(R3 + 3 * c, g(U) * p0 + g(U + 3) * p1 + g(U + 6) * p2);
      p(R3 + 3 * c + 1, g(U + 1) * p0 + g(U + 4) * p1 + g(U + 7) * p2);
      p(R3 + 3 * c + 2, g(U + 2) * p0 + g(U + 5) * p1 + g(U + 8) * p2);
    }
  }
  // The translation lerped, saturated (as blend.ts), and the 4x4 written last: out may be a or b.
  const x = s * m(a, 12) + t * m(b, 12), y = s * m(a, 13) + t * m(b, 13), z = s * m(a, 14) + t * m(b, 14);
  if (!finite(x) || !finite(y) || !finite(z)) return 0;
  for (let c = 0; c < 3; c++) {
    store<f64>(out + (<usize>(4 * c) << 3), g(R3 + 3 * c));
    store<f64>(out + (<usize>(4 * c + 1) << 3), g(R3 + 3 * c + 1));
    store<f64>(out + (<usize>(4 * c + 2) << 3), g(R3 + 3 * c + 2));
    store<f64>(out + (<usize>(4 * c + 3) << 3), 0);
  }
  store<f64>(out + 96, x); store<f64>(out + 104, y); store<f64>(out + 112, z); store<f64>(out + 120, 1);
  return 1;
}
