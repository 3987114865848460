// One VRMC_springBone 1.0 joint, as @pixiv/three-vrm-springbone 3.5 updates it
// (VRMSpringBoneJoint.update; the VRM 1.0 spec's "SpringBone Algorithm"), allocation-free:
//
//   inertia   next = C · (cur + (cur − prev) · (1 − dragForce))        (cur, prev kept in center space C)
//   stiffness next += boneAxisWorld · stiffness · dt                    (towards the joint's own pose)
//   gravity   next += gravityDir · gravityPower · dt
//   length    next = head + normalize(next − head) · boneLength
//   colliders each sphere/capsule the tail (radius hitRadius) enters pushes it out, length kept again
//   state     prev = cur; cur = C⁻¹ · next
//   pose      the joint turned by the shortest rotation from its axis to (next − head), in its own frame
//
// The joint's "own pose" is its matrix before the spring (m0: parent's final × local pose); three-vrm
// uses the parent's world × the joint's local matrix at setInitState, the same while joints are not
// animated, which is what VRM describes. Formulas and their order follow three.js's Vector3,
// Quaternion.setFromUnitVectors and Matrix4.compose, so results agree to rounding.
//
// Numbers stay in typed arrays (nodes/math/README.md): settings, state and collider shapes are
// Float64Arrays laid out as below, scratch is module-level.
import { invertMat4, isFinite16, isFiniteN } from './matrix';

/** Layout of a joint's settings (SPRING_SETTINGS numbers). */
export const SPRING = {
  /** The spring's end in the joint's frame (the next joint's position), 3 numbers. */
  tail: 0,
  /** normalize(tail), 3 numbers. */
  axis: 3,
  stiffness: 6,
  gravityPower: 7,
  /** World direction of gravity, 3 numbers (used as given, as three-vrm does). */
  gravityDir: 8,
  dragForce: 11,
  hitRadius: 12,
  /** Seconds per tick. */
  dt: 13,
} as const;
export const SPRING_SETTINGS = 14;

/** Layout of one collider's shape (COLLIDER_SIZE numbers): kind, radius, offset (3), capsule tail (3), in the collider owner's frame. */
export const COLLIDER = { kind: 0, radius: 1, offset: 2, tail: 5 } as const;
export const COLLIDER_SIZE = 8;
export const COLLIDER_SPHERE = 1;
export const COLLIDER_CAPSULE = 2;

/** Numbers of state per joint: the tail now (3) and a tick before (3), in center space. */
export const SPRING_STATE = 6;

const next = new Float64Array(3);
const head = new Float64Array(3);
const axisW = new Float64Array(3);
const dir = new Float64Array(3);
const cA = new Float64Array(3);
const cB = new Float64Array(3);
const inv = new Float64Array(16);
const q = new Float64Array(4);
const r = new Float64Array(16);
const len = new Float64Array(2);

/** Applies an affine 4×4 to the point in `v` (in place). */
function pointInPlace(v: Float64Array, m: ArrayLike<number>): void {
  const x = v[0], y = v[1], z = v[2];
  v[0] = m[0] * x + m[4] * y + m[8] * z + m[12];
  v[1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  v[2] = m[2] * x + m[6] * y + m[10] * z + m[14];
}

/** |v| into len[0] (three.js Vector3.length). */
function lengthInto(v: Float64Array): void {
  len[0] = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/** `v` = head + (v − head) · (boneLength / |v − head|), as three.js's normalize().multiplyScalar(); a tail on the head stays there. */
function keepLength(v: Float64Array, boneLength: Float64Array): void {
  v[0] -= head[0]; v[1] -= head[1]; v[2] -= head[2];
  lengthInto(v);
  const l = len[0] || 1;
  const inv = 1 / l;
  v[0] *= inv; v[1] *= inv; v[2] *= inv;
  const b = boneLength[1];
  v[0] = v[0] * b + head[0]; v[1] = v[1] * b + head[1]; v[2] = v[2] * b + head[2];
}

/**
 * Sets a joint's state from its matrix now (three-vrm's setInitState/reset): the tail at rest, not
 * moving. `center`: the center space's world matrix, or undefined for world space.
 */
export function springJointReset(state: Float64Array, m0: ArrayLike<number>, s: Float64Array, center: Float64Array | undefined): void {
  next[0] = s[SPRING.tail]; next[1] = s[SPRING.tail + 1]; next[2] = s[SPRING.tail + 2];
  pointInPlace(next, m0);
  if (center !== undefined) {
    invertMat4(inv, center);
    pointInPlace(next, inv);
  }
  state[0] = state[3] = next[0];
  state[1] = state[4] = next[1];
  state[2] = state[5] = next[2];
}

/**
 * One tick of a joint: `next` state from `previous` and the joint's matrix before the spring `m0`,
 * its posed matrix into `out` (m0 turned about its head). Collider `k` is the world matrix
 * `colliders[k]` with shape `shapes[k · COLLIDER_SIZE …]`. Degenerate input (a zero-length bone, a
 * tail on a collider's centre) keeps a finite result, and a tick whose numbers overflow (a 1e300
 * radius, a 1e300-long bone) leaves the joint at its own pose: `out` = m0, always finite.
 */
export function springJointStep(
  out: Float64Array,
  m0: ArrayLike<number>,
  s: Float64Array,
  previous: Float64Array,
  state: Float64Array,
  center: Float64Array | undefined,
  colliders: readonly Float64Array[],
  shapes: Float64Array,
): void {
  head[0] = m0[12]; head[1] = m0[13]; head[2] = m0[14];
  // World length of the bone: head to the tail carried by m0 (three-vrm: to the child's world position).
  const tx = s[SPRING.tail], ty = s[SPRING.tail + 1], tz = s[SPRING.tail + 2];
  dir[0] = m0[0] * tx + m0[4] * ty + m0[8] * tz;
  dir[1] = m0[1] * tx + m0[5] * ty + m0[9] * tz;
  dir[2] = m0[2] * tx + m0[6] * ty + m0[10] * tz;
  lengthInto(dir);
  len[1] = len[0];
  // The bone's axis in world space (transformDirection: the 3×3 applied, normalized).
  const ax = s[SPRING.axis], ay = s[SPRING.axis + 1], az = s[SPRING.axis + 2];
  axisW[0] = m0[0] * ax + m0[4] * ay + m0[8] * az;
  axisW[1] = m0[1] * ax + m0[5] * ay + m0[9] * az;
  axisW[2] = m0[2] * ax + m0[6] * ay + m0[10] * az;
  lengthInto(axisW);
  const al = 1 / (len[0] || 1);
  axisW[0] *= al; axisW[1] *= al; axisW[2] *= al;

  // Verlet integration in center space, then to world.
  const keep = 1 - s[SPRING.dragForce];
  next[0] = previous[0] + (previous[0] - previous[3]) * keep;
  next[1] = previous[1] + (previous[1] - previous[4]) * keep;
  next[2] = previous[2] + (previous[2] - previous[5]) * keep;
  if (center !== undefined) pointInPlace(next, center);
  const dt = s[SPRING.dt];
  const k = s[SPRING.stiffness] * dt;
  next[0] += axisW[0] * k; next[1] += axisW[1] * k; next[2] += axisW[2] * k;
  const g = s[SPRING.gravityPower] * dt;
  next[0] += s[SPRING.gravityDir] * g; next[1] += s[SPRING.gravityDir + 1] * g; next[2] += s[SPRING.gravityDir + 2] * g;
  keepLength(next, len);

  for (let c = 0; c < colliders.length; c++) {
    if (collide(colliders[c], shapes, c * COLLIDER_SIZE, s)) keepLength(next, len);
  }

  state[3] = previous[0]; state[4] = previous[1]; state[5] = previous[2];
  state[0] = next[0]; state[1] = next[1]; state[2] = next[2];
  if (center !== undefined) {
    invertMat4(inv, center);
    cA[0] = next[0]; cA[1] = next[1]; cA[2] = next[2];
    pointInPlace(cA, inv);
    state[0] = cA[0]; state[1] = cA[1]; state[2] = cA[2];
  }

  // The tail's direction in the joint's own frame, and the shortest rotation to it from the axis.
  if (!isFiniteN(next, 3) || !invertMat4(inv, m0)) {
    for (let i = 0; i < 16; i++) out[i] = m0[i];
    return;
  }
  dir[0] = next[0]; dir[1] = next[1]; dir[2] = next[2];
  pointInPlace(dir, inv);
  lengthInto(dir);
  const dl = 1 / (len[0] || 1);
  dir[0] *= dl; dir[1] *= dl; dir[2] *= dl;
  quatFromUnitVectors(q, s);
  rotationOf(r, q);
  multiplyAffine(out, m0, r);
  if (!isFinite16(out)) for (let i = 0; i < 16; i++) out[i] = m0[i];
}

/** three.js Quaternion.setFromUnitVectors(axis, dir) into `out` (the axis from settings `s`, dir in the module's `dir`). */
function quatFromUnitVectors(out: Float64Array, s: Float64Array): void {
  const fx = s[SPRING.axis], fy = s[SPRING.axis + 1], fz = s[SPRING.axis + 2];
  const vx = dir[0], vy = dir[1], vz = dir[2];
  let w = fx * vx + fy * vy + fz * vz + 1;
  let x: number, y: number, z: number;
  if (w < Number.EPSILON) {
    w = 0;
    if (Math.abs(fx) > Math.abs(fz)) { x = -fy; y = fx; z = 0; } else { x = 0; y = -fz; z = fy; }
  } else {
    x = fy * vz - fz * vy;
    y = fz * vx - fx * vz;
    z = fx * vy - fy * vx;
  }
  const l = Math.sqrt(x * x + y * y + z * z + w * w);
  if (l === 0) { out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 1; return; }
  const il = 1 / l;
  out[0] = x * il; out[1] = y * il; out[2] = z * il; out[3] = w * il;
}

/** The rotation matrix of a unit quaternion, as three.js Matrix4.compose writes it. */
function rotationOf(out: Float64Array, qq: Float64Array): void {
  const x = qq[0], y = qq[1], z = qq[2], w = qq[3];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2;
  const yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[0] = 1 - (yy + zz); out[1] = xy + wz; out[2] = xz - wy; out[3] = 0;
  out[4] = xy - wz; out[5] = 1 - (xx + zz); out[6] = yz + wx; out[7] = 0;
  out[8] = xz + wy; out[9] = yz - wx; out[10] = 1 - (xx + yy); out[11] = 0;
  out[12] = 0; out[13] = 0; out[14] = 0; out[15] = 1;
}

/** out = a · b for affine matrices (out must not alias b). */
function multiplyAffine(out: Float64Array, a: ArrayLike<number>, b: Float64Array): void {
  for (let c = 0; c < 4; c++) {
    const b0 = b[4 * c], b1 = b[4 * c + 1], b2 = b[4 * c + 2], b3 = b[4 * c + 3];
    out[4 * c] = a[0] * b0 + a[4] * b1 + a[8] * b2 + a[12] * b3;
    out[4 * c + 1] = a[1] * b0 + a[5] * b1 + a[9] * b2 + a[13] * b3;
    out[4 * c + 2] = a[2] * b0 + a[6] * b1 + a[10] * b2 + a[14] * b3;
    out[4 * c + 3] = a[3] * b0 + a[7] * b1 + a[11] * b2 + a[15] * b3;
  }
}

/**
 * Pushes the tail in `next` out of one collider (three-vrm's calculateCollision and _collision).
 * Returns whether it moved. The collider's centre is its matrix's point `offset`; a capsule runs
 * from there to its matrix's point `tail`.
 */
function collide(m: Float64Array, shapes: Float64Array, at: number, s: Float64Array): boolean {
  const hitRadius = s[SPRING.hitRadius];
  const kind = shapes[at + COLLIDER.kind];
  // Centre: the matrix with its translation moved to the offset (updateColliderMatrix).
  const ox = shapes[at + COLLIDER.offset], oy = shapes[at + COLLIDER.offset + 1], oz = shapes[at + COLLIDER.offset + 2];
  cA[0] = m[0] * ox + m[4] * oy + m[8] * oz + m[12];
  cA[1] = m[1] * ox + m[5] * oy + m[9] * oz + m[13];
  cA[2] = m[2] * ox + m[6] * oy + m[10] * oz + m[14];
  dir[0] = next[0] - cA[0]; dir[1] = next[1] - cA[1]; dir[2] = next[2] - cA[2];
  if (kind === COLLIDER_CAPSULE) {
    // (tail − offset) as a point of the collider matrix, less its centre: the capsule's segment.
    const sx = shapes[at + COLLIDER.tail] - ox, sy = shapes[at + COLLIDER.tail + 1] - oy, sz = shapes[at + COLLIDER.tail + 2] - oz;
    cB[0] = m[0] * sx + m[4] * sy + m[8] * sz + cA[0] - cA[0];
    cB[1] = m[1] * sx + m[5] * sy + m[9] * sz + cA[1] - cA[1];
    cB[2] = m[2] * sx + m[6] * sy + m[10] * sz + cA[2] - cA[2];
    const lengthSq = cB[0] * cB[0] + cB[1] * cB[1] + cB[2] * cB[2];
    const d = cB[0] * dir[0] + cB[1] * dir[1] + cB[2] * dir[2];
    if (d <= 0) {
      // nearest the centre
    } else if (lengthSq <= d) {
      dir[0] -= cB[0]; dir[1] -= cB[1]; dir[2] -= cB[2];
    } else {
      const f = d / lengthSq;
      dir[0] -= cB[0] * f; dir[1] -= cB[1] * f; dir[2] -= cB[2] * f;
    }
  } else if (kind !== COLLIDER_SPHERE) {
    return false;
  }
  lengthInto(dir);
  const l = len[0];
  const distance = l - hitRadius - shapes[at + COLLIDER.radius];
  // A tail exactly on the centre has no way out: three-vrm would divide by zero; it stays.
  if (!(distance < 0) || l === 0) return false;
  const il = 1 / l;
  dir[0] *= il; dir[1] *= il; dir[2] *= il;
  next[0] += dir[0] * -distance; next[1] += dir[1] * -distance; next[2] += dir[2] * -distance;
  return true;
}
