// The frame Blender gives a triangle (`tri_to_quat`, math_rotation.c): Z along the triangle's normal,
// X along its first edge turned into that plane; what an object parented to three vertices
// (VERTEX_3, `ob_parvert3`) hangs from, at the triangle's centre. Blender works in float; this is
// the same construction in double; for a mesh's vertices the normal's z under the acos is taken as
// Blender's float gives it (there a rounding turns into a visible tilt).
import { multiplyQuat, quatToMat4 } from './quaternion';
import { normalizeLikeBlender3 } from './vector';

const normal = new Float64Array(3);
const axis = new Float64Array(3);
const edge = new Float64Array(3);
const tilt = new Float64Array(4);
const spin = new Float64Array(4);
const quat = new Float64Array(4);
const rot = new Float64Array(16);


/**
 * The rotation of Blender's `tri_to_quat(a, b, c)` as a 4×4 (column-major, no translation): a turn
 * taking Z to the normal (a − b) × (b − c) (`normal_tri_v3`), then a turn about Z taking X to the
 * edge a → b seen in that plane. Each turn is a half-angle quaternion, as Blender builds them. With
 * `asFloat`, for points Blender holds as floats (a mesh's vertices), the normal's z under the acos
 * is the one Blender's float gives.
 */
export function triangleRotation(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, c: ArrayLike<number>, asFloat = false): Float64Array {
  return quatToMat4(out, triangleQuat(quat, a, b, c, asFloat));
}

/** Blender's `tri_to_quat(a, b, c)` itself, [x, y, z, w]: see {@link triangleRotation}. `out` may not be `a`, `b` or `c`. */
export function triangleQuat(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, c: ArrayLike<number>, asFloat = false): Float64Array {
  // The frame depends on directions alone: points far from rig sizes are brought near 1 by a power of
  // two (exact), so differences and products neither overflow nor vanish; others are used as they are.
  let max = 0;
  for (let i = 0; i < 3; i++) max = Math.max(max, Math.abs(a[i]), Math.abs(b[i]), Math.abs(c[i]));
  const k = max > 1e150 || (max > 0 && max < 1e-150) ? 2 ** Math.min(1000, -Math.round(Math.log2(max))) : 1;
  // normal_tri_v3: (a − b) × (b − c), normalized.
  const n1x = a[0] * k - b[0] * k, n1y = a[1] * k - b[1] * k, n1z = a[2] * k - b[2] * k;
  const n2x = b[0] * k - c[0] * k, n2y = b[1] * k - c[1] * k, n2z = b[2] * k - c[2] * k;
  normal[0] = n1y * n2z - n1z * n2y;
  normal[1] = n1z * n2x - n1x * n2z;
  normal[2] = n1x * n2y - n1y * n2x;
  normalizeLikeBlender3(normal);
  // The turn taking Z to the normal: about (ny, −nx, 0), by acos(nz).
  axis[0] = normal[1]; axis[1] = -normal[0]; axis[2] = 0;
  normalizeLikeBlender3(axis);
  if (axis[0] === 0 && axis[1] === 0) axis[0] = 1;
  let z = normal[2];
  if (asFloat && k === 1) {
    // The normal's z as Blender's float `normal_tri_v3` gives it (products, differences, the dot
    // product, its square root and the division each rounded to float). The tilt is acos of it, which
    // turns a rounding of 6e-8 below 1 into 3.5e-4 rad: a triangle lying flat in XY is tilted by that
    // in Blender whenever its normal's length does not divide back to exactly 1 (an object on three
    // vertices of a flat grid was 2.9e-4 off, test/blender/random-objects.test.ts). Inline: a double
    // passed to or returned from a call V8 does not inline is boxed.
    const ax = f32(n1x), ay = f32(n1y), az = f32(n1z), bx = f32(n2x), by = f32(n2y), bz = f32(n2z);
    const x = f32(f32(ay * bz) - f32(az * by)), y = f32(f32(az * bx) - f32(ax * bz)), nz = f32(f32(ax * by) - f32(ay * bx));
    const d = f32(f32(f32(x * x) + f32(y * y)) + f32(nz * nz));
    z = d > 1e-35 ? f32(nz * f32(1 / f32(Math.sqrt(d)))) : 0;
  }
  const half = -0.5 * Math.acos(Math.min(1, Math.max(-1, z)));
  const s1 = Math.sin(half);
  tilt[0] = axis[0] * s1; tilt[1] = axis[1] * s1; tilt[2] = 0; tilt[3] = Math.cos(half);
  // The edge a → b brought back by that turn (its inverse is its transpose), flattened onto XY.
  quatToMat4(rot, tilt);
  const ex = b[0] * k - a[0] * k, ey = b[1] * k - a[1] * k, ez = b[2] * k - a[2] * k;
  edge[0] = rot[0] * ex + rot[1] * ey + rot[2] * ez;
  edge[1] = rot[4] * ex + rot[5] * ey + rot[6] * ez;
  edge[2] = 0;
  normalizeLikeBlender3(edge);
  const spinHalf = 0.5 * Math.atan2(edge[1], edge[0]);
  spin[0] = 0; spin[1] = 0; spin[2] = Math.sin(spinHalf); spin[3] = Math.cos(spinHalf);
  return multiplyQuat(out, tilt, spin);
}

const f32 = Math.fround;
