// AssemblyScript: the methods of nodes/math/ik-blender/segment.ts that the solver's iteration calls
// (updateTransform, axisOf, updateAngle, lock, unlock, updateAngleApply), ported operation by
// operation in the same order (the same bits). A segment is a record of doubles at a byte address,
// laid out as nodes/math/ik-blender/kernel-layout.ts says.
import {
  SEG_AXIS, SEG_BASIS, SEG_DOF_ID, SEG_F, SEG_GLOBAL_END, SEG_GLOBAL_R, SEG_GLOBAL_START, SEG_KIND, SEG_LOCKED, SEG_MAX, SEG_MIN,
  SEG_NDOF, SEG_NEW_BASIS, SEG_NEW_TRANSLATION, SEG_REST, SEG_S, SEG_START, SEG_TLIMIT, SEG_TRANSLATION,
} from '../../../ik-blender/kernel-layout';
import {
  ANGLE, COS_TWIST, LIMIT, LIMIT_TWIST, LIMIT_X, LIMIT_Y, LIMIT_Z, LOCKED_AX, LOCKED_AY, LOCKED_AZ, MAX, MAX_TWIST, MAX_Y, MIN,
  MIN_TWIST, MIN_Y, NEW_ANGLE, NEW_TWIST, SegKind, SIN_TWIST, TWIST,
} from '../../../ik-blender/segment-slots';
import { lock as lockDof } from './jacobian';
import {
  ad, copy3x3, ellipseClamp, IK_EPSILON, jsCos, jsSin, ld, matrixToAxisAngle, mul3, mulTransA3, mulVec3, removeTwist, rodrigues,
  rotationMatrixOf, rotationMatrixSC, sphericalRangeParameters, st, swingTwist,
} from './math';

// The solve this runs in: its Jacobian (byte address, task rows, DoFs) and its scratch.
let J: usize = 0, T: i32 = 0, D: i32 = 0;
// Scratch: 3-vectors and 3x3s, as segment.ts's module-level arrays.
let V3: usize = 0, M3: usize = 0, M3B: usize = 0, A3: usize = 0, E2: usize = 0, SW: usize = 0, TWIST_M: usize = 0;

/** Sets the Jacobian and scratch (29 doubles at `scratch`) the segments' methods use. */
export function useSolve(jac: usize, taskRows: i32, dofs: i32, scratch: usize): void {
  J = jac; T = taskRows; D = dofs;
  V3 = scratch; M3 = ad(scratch, 3); M3B = ad(scratch, 12); A3 = ad(scratch, 21); E2 = ad(scratch, 24); SW = ad(scratch, 26);
  TWIST_M = ad(scratch, 29);
}
export const SEGMENT_SCRATCH_SIZE = 38;

@inline function kindOf(g: usize): i32 { return <i32>ld(g, SEG_KIND); }
@inline export function ndofOf(g: usize): i32 { return <i32>ld(g, SEG_NDOF); }
@inline export function dofIdOf(g: usize): i32 { return <i32>ld(g, SEG_DOF_ID); }
@inline export function translational(g: usize): bool { return kindOf(g) == SegKind.Translate; }
@inline function axisAt(g: usize, k: i32): i32 { return <i32>ld(g, SEG_AXIS + k); }
@inline function s(g: usize, i: i32): f64 { return ld(g, SEG_S + i); }
@inline function setS(g: usize, i: i32, x: f64): void { st(g, SEG_S + i, x); }
@inline function flag(g: usize, i: i32): bool { return ld(g, SEG_F + i) != 0; }
@inline export function isLocked(g: usize, i: i32): bool { return ld(g, SEG_LOCKED + i) != 0; }
@inline function setLocked(g: usize, i: i32): void { st(g, SEG_LOCKED + i, 1); }

/** Segment.updateTransform: the global transform at the segment's end from the parent's (R, t). */
export function updateTransform(g: usize, R: usize, t: usize): void {
  mulVec3(V3, R, ad(g, SEG_START));
  for (let i = 0; i < 3; i++) st(g, SEG_GLOBAL_START + i, ld(t, i) + ld(V3, i));
  const G = ad(g, SEG_GLOBAL_R);
  mul3(G, R, ad(g, SEG_REST));
  mul3(G, G, ad(g, SEG_BASIS));
  mulVec3(V3, G, ad(g, SEG_TRANSLATION));
  for (let i = 0; i < 3; i++) st(g, SEG_GLOBAL_END + i, ld(g, SEG_GLOBAL_START + i) + ld(V3, i));
}

/** Segment.axisOf: the world axis of DoF `dof` into out. */
export function axisOf(out: usize, g: usize, dof: i32): void {
  const G = ad(g, SEG_GLOBAL_R);
  let col: i32;
  switch (kindOf(g)) {
    case SegKind.Spherical: col = dof; break;
    case SegKind.Revolute: col = axisAt(g, 0); break;
    case SegKind.Swing: col = dof == 0 ? 0 : 2; break;
    case SegKind.Elbow:
      if (dof == 0) {
        const c = s(g, COS_TWIST), sn = s(g, SIN_TWIST);
        if (axisAt(g, 0) == 0) { st(V3, 0, c); st(V3, 1, 0); st(V3, 2, sn); } else { st(V3, 0, -sn); st(V3, 1, 0); st(V3, 2, c); }
        mulVec3(out, G, V3);
        return;
      }
      col = 1; break;
    default: col = axisAt(g, dof); break;
  }
  st(out, 0, ld(G, col)); st(out, 1, ld(G, 3 + col)); st(out, 2, ld(G, 6 + col));
}

export function unlock(g: usize): void {
  st(g, SEG_LOCKED, 0); st(g, SEG_LOCKED + 1, 0); st(g, SEG_LOCKED + 2, 0);
}

/** Segment.lock: DoF `dof` locked at its clamped change in `delta`. */
export function lock(g: usize, dof: i32, delta: usize): void {
  const id = dofIdOf(g);
  switch (kindOf(g)) {
    case SegKind.Spherical:
      if (dof == 1) { setLocked(g, 1); lockDof(J, T, D, id + 1, ld(delta, 1)); }
      else { setLocked(g, 0); setLocked(g, 2); lockDof(J, T, D, id, ld(delta, 0)); lockDof(J, T, D, id + 2, ld(delta, 2)); }
      break;
    case SegKind.Swing:
      setLocked(g, 0); setLocked(g, 1); lockDof(J, T, D, id, ld(delta, 0)); lockDof(J, T, D, id + 1, ld(delta, 1));
      break;
    case SegKind.Elbow:
      if (dof == 0) { setLocked(g, 0); lockDof(J, T, D, id, ld(delta, 0)); } else { setLocked(g, 1); lockDof(J, T, D, id + 1, ld(delta, 1)); }
      break;
    case SegKind.Revolute:
      setLocked(g, 0); lockDof(J, T, D, id, ld(delta, 0));
      break;
    case SegKind.Translate:
      setLocked(g, dof); lockDof(J, T, D, id + dof, ld(delta, dof));
      break;
    default: break;
  }
}

/** Segment.updateAngleApply. */
export function updateAngleApply(g: usize): void {
  switch (kindOf(g)) {
    case SegKind.Spherical: case SegKind.Swing: copy3x3(ad(g, SEG_BASIS), ad(g, SEG_NEW_BASIS)); break;
    case SegKind.Revolute:
      setS(g, ANGLE, s(g, NEW_ANGLE));
      rotationMatrixOf(ad(g, SEG_BASIS), s(g, ANGLE), axisAt(g, 0));
      break;
    case SegKind.Elbow:
      setS(g, ANGLE, s(g, NEW_ANGLE));
      setS(g, TWIST, s(g, NEW_TWIST));
      setS(g, SIN_TWIST, jsSin(s(g, TWIST)));
      setS(g, COS_TWIST, jsCos(s(g, TWIST)));
      rotationMatrixOf(M3, s(g, ANGLE), axisAt(g, 0));
      rotationMatrixSC(M3B, s(g, SIN_TWIST), s(g, COS_TWIST), 1);
      mul3(ad(g, SEG_BASIS), M3, M3B);
      break;
    case SegKind.Translate:
      for (let i = 0; i < 3; i++) st(g, SEG_TRANSLATION + i, ld(g, SEG_NEW_TRANSLATION + i));
      break;
    default: break;
  }
}

/**
 * Segment.updateAngle: the Jacobian's update applied tentatively (into new*); true when a limit
 * clamped it, with the clamped change in `delta` and which DoFs in `clampOut` (doubles, 0 or 1).
 */
export function updateAngle(g: usize, delta: usize, clampOut: usize): bool {
  const id = dofIdOf(g);
  const dTheta = ad(J, T * D + T);
  switch (kindOf(g)) {
    case SegKind.Spherical: return updateSpherical(g, ld(dTheta, id), ld(dTheta, id + 1), ld(dTheta, id + 2), delta, clampOut);
    case SegKind.Swing: return updateSwing(g, ld(dTheta, id), ld(dTheta, id + 1), delta, clampOut);
    case SegKind.Elbow: {
      if (isLocked(g, 0) && isLocked(g, 1)) return false;
      st(clampOut, 0, 0); st(clampOut, 1, 0);
      if (!isLocked(g, 0)) {
        setS(g, NEW_ANGLE, s(g, ANGLE) + ld(dTheta, id));
        if (flag(g, LIMIT)) {
          if (s(g, NEW_ANGLE) > s(g, MAX)) { st(delta, 0, s(g, MAX) - s(g, ANGLE)); setS(g, NEW_ANGLE, s(g, MAX)); st(clampOut, 0, 1); }
          else if (s(g, NEW_ANGLE) < s(g, MIN)) { st(delta, 0, s(g, MIN) - s(g, ANGLE)); setS(g, NEW_ANGLE, s(g, MIN)); st(clampOut, 0, 1); }
        }
      }
      if (!isLocked(g, 1)) {
        setS(g, NEW_TWIST, s(g, TWIST) + ld(dTheta, id + 1));
        if (flag(g, LIMIT_TWIST)) {
          if (s(g, NEW_TWIST) > s(g, MAX_TWIST)) { st(delta, 1, s(g, MAX_TWIST) - s(g, TWIST)); setS(g, NEW_TWIST, s(g, MAX_TWIST)); st(clampOut, 1, 1); }
          else if (s(g, NEW_TWIST) < s(g, MIN_TWIST)) { st(delta, 1, s(g, MIN_TWIST) - s(g, TWIST)); setS(g, NEW_TWIST, s(g, MIN_TWIST)); st(clampOut, 1, 1); }
        }
      }
      return ld(clampOut, 0) == 1 || ld(clampOut, 1) == 1;
    }
    case SegKind.Revolute: {
      if (isLocked(g, 0)) return false;
      setS(g, NEW_ANGLE, s(g, ANGLE) + ld(dTheta, id));
      st(clampOut, 0, 0);
      if (!flag(g, LIMIT)) return false;
      if (s(g, NEW_ANGLE) > s(g, MAX)) st(delta, 0, s(g, MAX) - s(g, ANGLE));
      else if (s(g, NEW_ANGLE) < s(g, MIN)) st(delta, 0, s(g, MIN) - s(g, ANGLE));
      else return false;
      st(clampOut, 0, 1);
      setS(g, NEW_ANGLE, s(g, ANGLE) + ld(delta, 0));
      return true;
    }
    case SegKind.Translate: {
      let dofIndex = id, dof = 0, clamped = false;
      const ndof = ndofOf(g);
      for (let i = 0; i < 3; i++) {
        let enabled = false;
        for (let k = 0; k < ndof; k++) if (axisAt(g, k) == i) enabled = true;
        const tr = ld(g, SEG_TRANSLATION + i);
        if (!enabled) { st(g, SEG_NEW_TRANSLATION + i, tr); continue; }
        st(clampOut, dof, 0);
        if (!isLocked(g, dof)) {
          st(g, SEG_NEW_TRANSLATION + i, tr + ld(dTheta, dofIndex));
          if (ld(g, SEG_TLIMIT + i) != 0) {
            const lmax = ld(g, SEG_MAX + i), lmin = ld(g, SEG_MIN + i);
            if (ld(g, SEG_NEW_TRANSLATION + i) > lmax) { st(delta, dof, lmax - tr); st(g, SEG_NEW_TRANSLATION + i, lmax); clamped = true; st(clampOut, dof, 1); }
            else if (ld(g, SEG_NEW_TRANSLATION + i) < lmin) { st(delta, dof, lmin - tr); st(g, SEG_NEW_TRANSLATION + i, lmin); clamped = true; st(clampOut, dof, 1); }
          }
        }
        dofIndex++;
        dof++;
      }
      return clamped;
    }
    default: return false;
  }
}

function updateSpherical(g: usize, dx: f64, dy: f64, dz: f64, delta: usize, clampOut: usize): bool {
  const L0 = isLocked(g, 0), L1 = isLocked(g, 1), L2 = isLocked(g, 2);
  if (L0 && L1 && L2) return false;
  const basis = ad(g, SEG_BASIS), newBasis = ad(g, SEG_NEW_BASIS);
  const theta = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(Math.abs(theta) < IK_EPSILON)) {
    rodrigues(M3, dx / theta, dy / theta, dz / theta, theta, false);
    mul3(newBasis, basis, M3);
  } else copy3x3(newBasis, basis);
  const fX = flag(g, LIMIT_X), fY = flag(g, LIMIT_Y), fZ = flag(g, LIMIT_Z);
  if (!fY && !fX && !fZ) return false;
  sphericalRangeParameters(A3, newBasis);
  if (L0) st(A3, 0, s(g, LOCKED_AX));
  if (L1) st(A3, 1, s(g, LOCKED_AY));
  if (L2) st(A3, 2, s(g, LOCKED_AZ));
  let ax = ld(A3, 0), ay = ld(A3, 1), az = ld(A3, 2);
  let c0 = false, c1 = false, c2 = false;
  if (fY) {
    if (ld(A3, 1) > s(g, MAX_Y)) { ay = s(g, MAX_Y); c1 = true; }
    else if (ld(A3, 1) < s(g, MIN_Y)) { ay = s(g, MIN_Y); c1 = true; }
  }
  const lmin = ad(g, SEG_MIN), lmax = ad(g, SEG_MAX);
  if (fX && fZ) {
    st(E2, 0, ax); st(E2, 1, az);
    if (ellipseClamp(E2, lmin, lmax)) { c0 = c2 = true; ax = ld(E2, 0); az = ld(E2, 1); }
  } else if (fX) {
    if (ax < ld(lmin, 0)) { ax = ld(lmin, 0); c0 = true; }
    else if (ax > ld(lmax, 0)) { ax = ld(lmax, 0); c0 = true; }
  } else if (fZ) {
    if (az < ld(lmin, 1)) { az = ld(lmin, 1); c2 = true; }
    else if (az > ld(lmax, 1)) { az = ld(lmax, 1); c2 = true; }
  }
  st(clampOut, 0, c0 ? 1 : 0); st(clampOut, 1, c1 ? 1 : 0); st(clampOut, 2, c2 ? 1 : 0);
  st(SW, 0, ax); st(SW, 1, ay); st(SW, 2, az);
  if (!c0 && !c1 && !c2) {
    if (L0 || L1 || L2) swingTwist(newBasis, SW, TWIST_M);
    return false;
  }
  swingTwist(newBasis, SW, TWIST_M);
  mulTransA3(M3, basis, newBasis);
  matrixToAxisAngle(delta, M3);
  if (!(L0 || L2) && (c0 || c2)) { setS(g, LOCKED_AX, ax); setS(g, LOCKED_AZ, az); }
  if (!L1 && c1) setS(g, LOCKED_AY, ay);
  return true;
}

function updateSwing(g: usize, dx: f64, dz: f64, delta: usize, clampOut: usize): bool {
  if (isLocked(g, 0) && isLocked(g, 1)) return false;
  const basis = ad(g, SEG_BASIS), newBasis = ad(g, SEG_NEW_BASIS);
  const theta = Math.sqrt(dx * dx + dz * dz);
  if (!(Math.abs(theta) < IK_EPSILON)) {
    rodrigues(M3, dx / theta, 0, dz / theta, theta, true);
    mul3(newBasis, basis, M3);
    removeTwist(newBasis, TWIST_M);
  } else copy3x3(newBasis, basis);
  const fX = flag(g, LIMIT_X), fZ = flag(g, LIMIT_Z);
  if (!fX && !fZ) return false;
  sphericalRangeParameters(A3, newBasis);
  let ax = 0.0, az = 0.0;
  let c0 = false, c1 = false;
  const lmin = ad(g, SEG_MIN), lmax = ad(g, SEG_MAX);
  if (fX && fZ) {
    st(E2, 0, ld(A3, 0)); st(E2, 1, ld(A3, 2));
    const c = ellipseClamp(E2, lmin, lmax);
    ax = ld(E2, 0); az = ld(E2, 1);
    if (c) c0 = c1 = true;
  } else if (fX) {
    // As Blender: ax starts at 0 here, not at the swing's x.
    if (ax < ld(lmin, 0)) { ax = ld(lmin, 0); c0 = true; }
    else if (ax > ld(lmax, 0)) { ax = ld(lmax, 0); c0 = true; }
  } else if (fZ) {
    if (az < ld(lmin, 1)) { az = ld(lmin, 1); c1 = true; }
    else if (az > ld(lmax, 1)) { az = ld(lmax, 1); c1 = true; }
  }
  st(clampOut, 0, c0 ? 1 : 0); st(clampOut, 1, c1 ? 1 : 0);
  if (!c0 && !c1) return false;
  st(SW, 0, ax); st(SW, 1, 0); st(SW, 2, az);
  swingTwist(newBasis, SW, TWIST_M);
  mulTransA3(M3, basis, newBasis);
  matrixToAxisAngle(delta, M3);
  st(delta, 1, ld(delta, 2));
  st(delta, 2, 0);
  return true;
}
