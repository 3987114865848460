// How a bone inherits from its parent: Blender's BoneParentTransform (armature.cc), with every
// inherit-scale mode, hinge (no inherited rotation) and non-local location. Pose space throughout.
// Pure math, here in nodes/ so the driver variables that read a bone in its LOCAL space
// (nodes/drivers/local-space.ts) and the runtime's pose and spaces (runtime/rig/pose.ts,
// runtime/eval/spaces.ts) share one implementation.
import { mat4 } from 'gl-matrix';
import { cross3 } from './vector';
import { safeInvertMat4, safeMultiplyMat4, saturate } from './finite';
import { hypot3Into } from './hypot';
import { copyMat4 } from './matrix';

/** Blender's `inherit_scale` modes (the scene's `InheritScale`, runtime/rig/scene/types.ts). */
export type InheritScale = 'FULL' | 'FIX_SHEAR' | 'ALIGNED' | 'AVERAGE' | 'NONE' | 'NONE_LEGACY';

/** Blender's parent transform: rotation/scale part, location part and a scale applied after both. */
export interface ParentTransform {
  rotscale: Float64Array;
  loc: Float64Array;
  postScale: Float64Array;
}

export function createParentTransform(): ParentTransform {
  return { rotscale: new Float64Array(16), loc: new Float64Array(16), postScale: new Float64Array(3) };
}

export interface BoneInheritance {
  inheritRotation: boolean;
  localLocation: boolean;
  inheritScale: InheritScale;
}

/** A bone's inheritance as its owner gives it: Blender's defaults (full) where it says nothing. */
export function inheritanceOf(b: Partial<BoneInheritance>): BoneInheritance {
  return { inheritRotation: b.inheritRotation ?? true, localLocation: b.localLocation ?? true, inheritScale: b.inheritScale ?? 'FULL' };
}

/**
 * The owner itself when it states all three settings (a rig's bone does), read live, so a driver
 * switching them (driver/bone-inheritance) is seen; else a copy with Blender's defaults.
 */
export function liveInheritanceOf(b: Partial<BoneInheritance>): BoneInheritance {
  return b.inheritRotation !== undefined && b.localLocation !== undefined && b.inheritScale !== undefined ? (b as BoneInheritance) : inheritanceOf(b);
}

/** A bone's rest relative to its parent's rest (Blender's offs_bone as a matrix), or its rest for a root. */
export function boneOffset(out: Float64Array, rest: Float64Array, parentRest: Float64Array | undefined): Float64Array {
  if (!parentRest) return (out.set(rest), out);
  safeInvertMat4(out, parentRest);
  return safeMultiplyMat4(out, out, rest);
}

/** BKE_pchan_to_mat4: a bone's channel matrix `basis` into `out`, a connected bone's location left out ("prevent action channels breaking chains"). */
export function channelMatrix(out: Float64Array, basis: Float64Array, connected: boolean): Float64Array {
  copyMat4(out, basis);
  if (connected) out[12] = out[13] = out[14] = 0;
  return out;
}

const tmat = new Float64Array(16);
const tscale = new Float64Array(3);
const p3 = new Float64Array(3);

/**
 * Blender's BKE_bone_parent_transform_calc_from_matrices: `offset` is the bone's rest relative to
 * the parent's head frame (or the rest matrix for a root), `parentRest`/`parentPose` the parent's
 * rest and current pose matrices, or undefined for a root bone.
 */
export function parentTransform(
  out: ParentTransform,
  b: BoneInheritance,
  offset: Float64Array,
  parentRest: Float64Array | undefined,
  parentPose: Float64Array | undefined,
): ParentTransform {
  out.postScale[0] = 1; out.postScale[1] = 1; out.postScale[2] = 1;
  if (!parentPose || !parentRest) {
    copyMat4(out.rotscale, offset);
    if (!b.localLocation) {
      mat4.identity(out.loc);
      out.loc[12] = offset[12]; out.loc[13] = offset[13]; out.loc[14] = offset[14];
    } else {
      copyMat4(out.loc, out.rotscale);
    }
    return out;
  }
  const mode = b.inheritScale;
  const full = b.inheritRotation && mode === 'FULL';
  if (full) {
    safeMultiplyMat4(out.rotscale, parentPose, offset);
  } else {
    if (b.inheritRotation) {
      copyMat4(tmat, parentPose);
      if (mode === 'NONE' || mode === 'AVERAGE') orthogonalizeStable(tmat, 1, true);
      else if (mode === 'ALIGNED') { orthogonalizeStable(tmat, 1, false); normalizeColumns(tmat, out.postScale); }
      else if (mode === 'NONE_LEGACY') normalizeColumns(tmat, tscale);
    } else {
      copyMat4(tmat, parentRest);
      if (mode === 'FULL') { columnLengths(tscale, parentPose); rescaleColumns(tmat, tscale); }
      else if (mode === 'FIX_SHEAR') { sizeFixShear(tscale, parentPose); rescaleColumns(tmat, tscale); }
      else if (mode === 'ALIGNED') sizeFixShear(out.postScale, parentPose);
    }
    if (mode === 'AVERAGE') {
      det3Into(dets, 0, parentPose);
      const s = Math.cbrt(Math.abs(dets[0]));
      for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) tmat[4 * c + r] = saturate(tmat[4 * c + r] * s);
    }
    safeMultiplyMat4(out.rotscale, tmat, offset);
    if (mode === 'FIX_SHEAR') orthogonalizeStable(out.rotscale, 1, false);
  }

  if (!b.localLocation) {
    // Location in the parent's pose space orientation, without the bone's own rest rotation.
    p3[0] = offset[12]; p3[1] = offset[13]; p3[2] = offset[14];
    mat4.identity(out.loc);
    for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) out.loc[4 * c + r] = parentPose[4 * c + r];
    for (let r = 0; r < 3; r++) {
      out.loc[12 + r] = saturate(parentPose[r] * p3[0] + parentPose[4 + r] * p3[1] + parentPose[8 + r] * p3[2] + parentPose[12 + r]);
    }
  } else if (!full) {
    safeMultiplyMat4(out.loc, parentPose, offset);
  } else {
    copyMat4(out.loc, out.rotscale);
  }
  return out;
}

const tloc = new Float64Array(3);

/** Blender's BKE_bone_parent_transform_apply: out = parent transform applied to a bone-space matrix. */
export function applyParentTransform(out: Float64Array, t: ParentTransform, m: Float64Array): Float64Array {
  tloc[0] = m[12]; tloc[1] = m[13]; tloc[2] = m[14];
  safeMultiplyMat4(out, t.rotscale, m);
  const l = t.loc;
  for (let r = 0; r < 3; r++) out[12 + r] = saturate(l[r] * tloc[0] + l[4 + r] * tloc[1] + l[8 + r] * tloc[2] + l[12 + r]);
  rescaleColumns(out, t.postScale);
  return out;
}

/**
 * Inverts a parent transform in place (Blender's BKE_bone_parent_transform_invert). A parent scaled
 * to 0 makes it singular, and Blender's invert_m4 then gives the zero matrix (Eigen's inverse, zeroed
 * when the determinant is 0): the bone's LOCAL matrix is all zeros, which its constraints then read.
 */
export function invertParentTransform(t: ParentTransform): ParentTransform {
  invertOrZero(t.rotscale);
  invertOrZero(t.loc);
  for (let i = 0; i < 3; i++) t.postScale[i] = t.postScale[i] !== 0 ? saturate(1 / t.postScale[i]) : 0;
  return t;
}

/** Inverts in place; a singular (zero scale) or non-invertible matrix becomes identity so no NaN spreads. */
export function invertOrIdentity(m: Float64Array): Float64Array {
  safeInvertMat4(m, m);
  return m;
}

/**
 * Inverts in place as Blender's invert_m4 / invert_m4_m4 do: a singular (zero scale) or
 * non-invertible matrix becomes the zero matrix, its [3][3] included.
 */
export function invertOrZero(m: Float64Array): Float64Array {
  if (!safeInvertMat4(m, m)) m.fill(0, 0, 16);
  return m;
}

const dets = new Float64Array(1);

/**
 * det of the 3x3 part, saturated, into out[i] (not returned: a returned double may be boxed):
 * computed on the matrix scaled by its largest entry, so huge entries give no Inf − Inf.
 */
function det3Into(out: Float64Array, i: number, m: Float64Array): void {
  let k = 0;
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) { const a = Math.abs(m[4 * c + r]); if (a > k) k = a; }
  if (!(k > 0) || !Number.isFinite(k)) { out[i] = 0; return; }
  const a0 = m[0] / k, a1 = m[1] / k, a2 = m[2] / k, a4 = m[4] / k, a5 = m[5] / k, a6 = m[6] / k, a8 = m[8] / k, a9 = m[9] / k, a10 = m[10] / k;
  const d = a0 * (a5 * a10 - a6 * a9) - a4 * (a1 * a10 - a2 * a9) + a8 * (a1 * a6 - a2 * a5);
  out[i] = saturate(d * k * k * k);
}

function columnLengths(out: Float64Array, m: Float64Array): void {
  for (let c = 0; c < 3; c++) { hypot3Into(out, c, m, 4 * c); out[c] = saturate(out[c]); }
}

function sizeFixShear(out: Float64Array, m: Float64Array): void {
  columnLengths(out, m);
  const volume = out[0] * out[1] * out[2];
  if (volume !== 0) {
    // (det/volume)^(1/3) taken per column length, so neither the volume nor the product overflows.
    det3Into(dets, 0, m);
    const f = Math.cbrt(Math.abs(dets[0])) / Math.cbrt(out[0]) / Math.cbrt(out[1]) / Math.cbrt(out[2]);
    out[0] = saturate(out[0] * f); out[1] = saturate(out[1] * f); out[2] = saturate(out[2] * f);
  }
}

function rescaleColumns(m: Float64Array, s: ArrayLike<number>): void {
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) m[4 * c + r] = saturate(m[4 * c + r] * s[c]);
}

const lenOf = new Float64Array(1);

/** Blender's normalize_m4_ex: unit columns, their old lengths into `scale`. */
function normalizeColumns(m: Float64Array, scale: Float64Array): void {
  for (let c = 0; c < 3; c++) {
    // The length stays in a typed array: a double returned from a call V8 does not inline is boxed.
    hypot3Into(lenOf, 0, m, 4 * c);
    const len = lenOf[0];
    scale[c] = saturate(len);
    if (len !== 0) { m[4 * c] /= len; m[4 * c + 1] /= len; m[4 * c + 2] /= len; m[4 * c + 3] /= len; }
  }
}

const v1 = new Float64Array(3), v2 = new Float64Array(3), v3 = new Float64Array(3);
const n2 = new Float64Array(3), n3 = new Float64Array(3), tmp = new Float64Array(3), lens = new Float64Array(3);

/**
 * Blender's orthogonalize_m4_stable: keeps `axis` and makes the other two columns orthogonal, symmetrically.
 * Columns past 1e150 are scaled down by a power of two first (exact) and back after, so their squared
 * lengths and dot products do not overflow to Infinity and make Inf/Inf = NaN; the result is the same.
 */
export function orthogonalizeStable(m: Float64Array, axis: 0 | 1 | 2, normalize: boolean): void {
  let k = 0;
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) { const x = Math.abs(m[4 * c + r]); if (x > k) k = x; }
  if (!(k > 1e150)) { orthogonalizeStableUnscaled(m, axis, normalize); return; }
  const p = 2 ** Math.floor(Math.log2(k));
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) m[4 * c + r] /= p;
  orthogonalizeStableUnscaled(m, axis, normalize);
  if (!normalize) for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) m[4 * c + r] = saturate(m[4 * c + r] * p);
}

function orthogonalizeStableUnscaled(m: Float64Array, axis: 0 | 1 | 2, normalize: boolean): void {
  // The kept axis, then the other two in order (0: 1, 2; 1: 0, 2; 2: 0, 1); no array per call.
  const a = axis, b = axis === 0 ? 1 : 0, c = axis === 2 ? 1 : 2;
  read(v1, m, a); read(v2, m, b); read(v3, m, c);
  // Dot products written out (dot3's order of terms): a double returned from a call V8 does not inline is boxed.
  const lenSq1 = v1[0] * v1[0] + v1[1] * v1[1] + v1[2] * v1[2];
  if (lenSq1 > 0) {
    const d2 = -(v2[0] * v1[0] + v2[1] * v1[1] + v2[2] * v1[2]) / lenSq1, d3 = -(v3[0] * v1[0] + v3[1] * v1[1] + v3[2] * v1[2]) / lenSq1;
    for (let i = 0; i < 3; i++) { v2[i] += v1[i] * d2; v3[i] += v1[i] * d3; }
    if (normalize) { const s = 1 / Math.sqrt(lenSq1); for (let i = 0; i < 3; i++) v1[i] *= s; }
  }
  normalizeTo(n2, v2, lens, 0);
  normalizeTo(n3, v3, lens, 1);
  const len2 = lens[0], len3 = lens[1];
  const cos = n2[0] * n3[0] + n2[1] * n3[1] + n2[2] * n3[2], absCos = Math.abs(cos);
  if (absCos > 1e-4 && absCos < 1 - 1.1920929e-7) {
    const angle = Math.acos(cos);
    const target = angle + (Math.PI / 2 - angle) / 2;
    for (let i = 0; i < 3; i++) n2[i] -= n3[i] * cos;
    hypot3Into(lenOf, 0, n2);
    const s = Math.sin(target) / lenOf[0];
    for (let i = 0; i < 3; i++) n2[i] = n2[i] * s + n3[i] * Math.cos(target);
    cross3(tmp, n2, n3);
    cross3(n3, tmp, n2);
    normalizeTo(n3, n3, lens, 2);
    if (!normalize) {
      const f = Math.sqrt(Math.sin(angle));
      for (let i = 0; i < 3; i++) { v2[i] = n2[i] * len2 * f; v3[i] = n3[i] * len3 * f; }
    }
  }
  if (normalize) { v2.set(n2); v3.set(n3); }
  write(m, a, v1); write(m, b, v2); write(m, c, v3);
}

function read(out: Float64Array, m: Float64Array, col: number) { out[0] = m[4 * col]; out[1] = m[4 * col + 1]; out[2] = m[4 * col + 2]; }
function write(m: Float64Array, col: number, v: Float64Array) { m[4 * col] = v[0]; m[4 * col + 1] = v[1]; m[4 * col + 2] = v[2]; }
/** Normalizes v into out; its length goes to len[i] (not returned: a returned double may be boxed). */
function normalizeTo(out: Float64Array, v: Float64Array, len: Float64Array, i: number): void {
  hypot3Into(len, i, v);
  const l = len[i];
  if (l > 1e-35) { out[0] = v[0] / l; out[1] = v[1] / l; out[2] = v[2] / l; } else out.fill(0);
}
