// The segment kinds of Blender's legacy IK solver (IK_QSegment.cpp): a bone's rotation as a
// spherical joint (3 DoF), a swing (X and Z, twist removed), an elbow (X or Z plus twist), a
// revolute joint (one axis), nothing (all axes locked), and the translation segment that carries
// IK Stretch along Y. Which kind a bone gets follows IK_CreateSegment: its unlocked axes. Every
// number lives in typed arrays allocated when the tree is built, so solving allocates nothing; the
// limits and weights, the same every frame, are set once then (`saveConfig`) and restored by
// `reset`. Scalars cross calls in array slots (math.ts says why).
import {
  clamp, copy3x3, ellipseClamp, eulerAngleInto, IK_EPSILON, matrixToAxisAngle, mul3, mulTransA3, mulVec3, removeTwist,
  rotationMatrixOf, rotationMatrixSC, setIdentity3, sphericalRangeParameters, swingTwist, twistInto, invert3,
} from './math';
import type { Jacobian } from './jacobian';
import { copy3 } from '../vector';
import {
  ANGLE, COS_TWIST, LIMIT, LIMIT_TWIST, LIMIT_X, LIMIT_Y, LIMIT_Z, LOCKED_AX, LOCKED_AY, LOCKED_AZ, MAX, MAX_EXT, MAX_TWIST, MAX_Y,
  MIN, MIN_TWIST, MIN_Y, NEW_ANGLE, NEW_TWIST, SegKind, SIN_TWIST, TWIST,
} from './segment-slots';
import {
  SEG_AXIS, SEG_BASIS, SEG_DOF_ID, SEG_F, SEG_GLOBAL_END, SEG_GLOBAL_R, SEG_GLOBAL_START, SEG_KIND, SEG_LOCKED, SEG_MAX, SEG_MIN, SEG_NDOF,
  SEG_NEW_BASIS, SEG_NEW_TRANSLATION, SEG_PARENT, SEG_REST, SEG_S, SEG_START, SEG_TLIMIT, SEG_TRANSLATION,
} from './kernel-layout';

const v3 = new Float64Array(3);
const m3 = new Float64Array(9);
const m3b = new Float64Array(9);
const a3 = new Float64Array(3);
const e2 = new Float64Array(2);
/** Clamped (ax, ay, az) for swingTwist. */
const sw = new Float64Array(3);
/** Rodrigues' rotation: unit axis (x, y, z) and angle. */
const rod = new Float64Array(4);

export class Segment {
  readonly kind: SegKind;
  /** Revolute and elbow: the rotation axis; translate: the enabled axis per DoF. */
  readonly axis: Int32Array;
  readonly ndof: number;
  readonly translational: boolean;
  /** Index of the parent segment in the solver's list, −1 for the root. */
  parent = -1;
  /** The translation segment that shares this bone (IK Stretch), or −1. */
  composite = -1;
  /** Index of the first DoF in the Jacobian. */
  dofId = 0;

  // The numbers the iterations read and write: arrays of the segment's own, or views of the
  // WebAssembly kernel's block once its solver places it there (placeIn), so the kernel and the
  // JavaScript share them. Flags are 0 or 1 in doubles, as the block holds them.
  start: Float64Array = new Float64Array(3);
  restBasis: Float64Array = new Float64Array(9);
  basis: Float64Array = new Float64Array(9);
  newBasis: Float64Array = new Float64Array(9);
  translation: Float64Array = new Float64Array(3);
  newTranslation: Float64Array = new Float64Array(3);
  globalStart: Float64Array = new Float64Array(3);
  globalR: Float64Array = new Float64Array(9);
  globalEnd: Float64Array = new Float64Array(3);
  locked: Float64Array = new Float64Array(3);
  /** Spherical/swing ellipse limits: x in [0], z in [1]. Translate: per axis. */
  min: Float64Array = new Float64Array(3);
  max: Float64Array = new Float64Array(3);
  tlimit: Float64Array = new Float64Array(3);
  s: Float64Array = new Float64Array(16);
  f: Float64Array = new Float64Array(5);
  readonly origBasis = new Float64Array(9);
  readonly origTranslation = new Float64Array(3);
  readonly weight = new Float64Array(3);
  /** The limits and weights set at build (`saveConfig`), restored by `reset`. */
  private readonly initS = new Float64Array(16);
  private readonly initF = new Float64Array(5);
  private readonly initWeight = new Float64Array(3);
  private readonly initMin = new Float64Array(3);
  private readonly initMax = new Float64Array(3);
  private readonly initTlimit = new Float64Array(3);

  constructor(kind: SegKind, axes: readonly number[]) {
    this.kind = kind;
    this.axis = Int32Array.from(axes.length ? axes : [0]);
    this.ndof = kind === SegKind.Null ? 0 : kind === SegKind.Spherical ? 3 : kind === SegKind.Swing || kind === SegKind.Elbow ? 2 : kind === SegKind.Revolute ? 1 : axes.length;
    this.translational = kind === SegKind.Translate;
    this.weight.fill(1);
    this.s[COS_TWIST] = 1;
    this.saveConfig();
  }

  /**
   * Moves the arrays the iterations use into the kernel's `block`, the segment's record at `at`
   * (kernel-layout.ts), with what the kernel reads of its kind, DoFs, parent and first DoF (set by
   * now, and never changed after).
   */
  placeIn(block: Float64Array, at: number): void {
    block[at + SEG_KIND] = this.kind; block[at + SEG_NDOF] = this.ndof; block[at + SEG_PARENT] = this.parent; block[at + SEG_DOF_ID] = this.dofId;
    for (let i = 0; i < 3; i++) block[at + SEG_AXIS + i] = i < this.axis.length ? this.axis[i] : -1;
    const place = (from: Float64Array, offset: number) => {
      const view = block.subarray(at + offset, at + offset + from.length);
      view.set(from);
      return view;
    };
    this.start = place(this.start, SEG_START);
    this.restBasis = place(this.restBasis, SEG_REST);
    this.basis = place(this.basis, SEG_BASIS);
    this.newBasis = place(this.newBasis, SEG_NEW_BASIS);
    this.translation = place(this.translation, SEG_TRANSLATION);
    this.newTranslation = place(this.newTranslation, SEG_NEW_TRANSLATION);
    this.globalStart = place(this.globalStart, SEG_GLOBAL_START);
    this.globalR = place(this.globalR, SEG_GLOBAL_R);
    this.globalEnd = place(this.globalEnd, SEG_GLOBAL_END);
    this.locked = place(this.locked, SEG_LOCKED);
    this.min = place(this.min, SEG_MIN);
    this.max = place(this.max, SEG_MAX);
    this.tlimit = place(this.tlimit, SEG_TLIMIT);
    this.s = place(this.s, SEG_S);
    this.f = place(this.f, SEG_F);
  }

  /** Keeps the limits and weights set so far (setLimit, setWeight) for every `reset`. */
  saveConfig(): void {
    this.initS.set(this.s);
    this.initF.set(this.f);
    this.initWeight.set(this.weight);
    this.initMin.set(this.min);
    this.initMax.set(this.max);
    this.initTlimit.set(this.tlimit);
  }

  /**
   * Back to a fresh segment with its limits and weights (Blender builds new ones every evaluation,
   * then sets them: the same values, and scale() changes a translation segment's).
   */
  reset(): void {
    this.locked.fill(0);
    this.weight.set(this.initWeight);
    this.f.set(this.initF);
    this.tlimit.set(this.initTlimit);
    this.s.set(this.initS);
    this.min.set(this.initMin);
    this.max.set(this.initMax);
    this.start.fill(0);
    setIdentity3(this.restBasis);
    setIdentity3(this.basis);
    this.translation.fill(0);
  }

  /** IK_QSegment::SetTransform, the length read from lengths[k] (an array: a double argument would be boxed). */
  setTransform(start: ArrayLike<number>, rest: ArrayLike<number>, basis: ArrayLike<number>, lengths: Float64Array, k: number): void {
    const length = lengths[k];
    this.s[MAX_EXT] = Math.sqrt(start[0] * start[0] + start[1] * start[1] + start[2] * start[2]) + length;
    this.start.set(start);
    this.restBasis.set(rest);
    this.origBasis.set(basis);
    this.setBasis(basis);
    this.translation[0] = 0; this.translation[1] = length; this.translation[2] = 0;
    this.origTranslation.set(this.translation);
  }

  maxExtension(): number { return this.s[MAX_EXT]; }

  private setBasis(basis: ArrayLike<number>): void {
    const s = this.s;
    if (this.kind === SegKind.Revolute) {
      const ax = this.axis[0];
      if (ax === 1) twistInto(s, ANGLE, basis);
      else eulerAngleInto(s, ANGLE, basis, ax);
      rotationMatrixOf(this.basis, s, ANGLE, ax);
    } else if (this.kind === SegKind.Swing) {
      this.basis.set(basis);
      removeTwist(this.basis);
    } else if (this.kind === SegKind.Elbow) {
      twistInto(s, TWIST, basis);
      eulerAngleInto(s, ANGLE, basis, this.axis[0]);
      rotationMatrixOf(m3, s, ANGLE, this.axis[0]);
      rotationMatrixOf(m3b, s, TWIST, 1);
      mul3(this.basis, m3, m3b);
    } else if (this.kind === SegKind.Null) {
      // IK_QNullSegment::SetBasis: a bone locked on all three axes starts, and stays, at identity,
      // so the solve returns it to its rest rotation (its basis change is orig_basisᵀ). Copying the
      // basis kept its pose instead (rigs.py random_ik17: 0.47 off).
      setIdentity3(this.basis);
    } else {
      this.basis.set(basis);
    }
  }

  /** orig_basisᵀ · basis: the rotation the solve added, in the bone's frame. */
  basisChange(out: Float64Array): Float64Array {
    return mulTransA3(out, this.origBasis, this.basis);
  }

  setLimit(axis: number, lmin: number, lmax: number): void {
    const s = this.s;
    if (this.kind === SegKind.Translate) {
      if (lmax < lmin) return;
      this.min[axis] = lmin; this.max[axis] = lmax; this.tlimit[axis] = 1;
      return;
    }
    if (lmin > lmax) return;
    lmin = clamp(lmin, -Math.PI, Math.PI);
    lmax = clamp(lmax, -Math.PI, Math.PI);
    if (this.kind === SegKind.Spherical || this.kind === SegKind.Swing) {
      if (axis === 1) {
        if (this.kind === SegKind.Spherical) { s[MIN_Y] = lmin; s[MAX_Y] = lmax; this.f[LIMIT_Y] = 1; }
        return;
      }
      const smin = Math.sin(lmin * 0.5), smax = Math.sin(lmax * 0.5);
      if (axis === 0) { this.min[0] = -smax; this.max[0] = -smin; this.f[LIMIT_X] = 1; }
      else if (axis === 2) { this.min[1] = -smax; this.max[1] = -smin; this.f[LIMIT_Z] = 1; }
    } else if (this.kind === SegKind.Revolute) {
      if (this.axis[0] !== axis) return;
      s[MIN] = lmin; s[MAX] = lmax; this.f[LIMIT] = 1;
    } else if (this.kind === SegKind.Elbow) {
      if (axis === 1) { s[MIN_TWIST] = lmin; s[MAX_TWIST] = lmax; this.f[LIMIT_TWIST] = 1; }
      else if (axis === this.axis[0]) { s[MIN] = lmin; s[MAX] = lmax; this.f[LIMIT] = 1; }
    }
  }

  setWeight(axis: number, weight: number): void {
    switch (this.kind) {
      case SegKind.Spherical: this.weight[axis] = weight; break;
      case SegKind.Revolute: if (axis === this.axis[0]) this.weight[0] = weight; break;
      case SegKind.Swing: if (axis === 0) this.weight[0] = weight; else if (axis === 2) this.weight[1] = weight; break;
      case SegKind.Elbow: if (axis === this.axis[0]) this.weight[0] = weight; else if (axis === 1) this.weight[1] = weight; break;
      case SegKind.Translate: for (let i = 0; i < this.ndof; i++) if (this.axis[i] === axis) this.weight[i] = weight; break;
      default: break;
    }
  }

  /** Global transform at the end of the segment from the parent's (R: row-major 3x3, t). */
  updateTransform(R: ArrayLike<number>, t: ArrayLike<number>): void {
    mulVec3(v3, R, this.start);
    this.globalStart[0] = t[0] + v3[0]; this.globalStart[1] = t[1] + v3[1]; this.globalStart[2] = t[2] + v3[2];
    mul3(this.globalR, R, this.restBasis);
    mul3(this.globalR, this.globalR, this.basis);
    mulVec3(v3, this.globalR, this.translation);
    this.globalEnd[0] = this.globalStart[0] + v3[0]; this.globalEnd[1] = this.globalStart[1] + v3[1]; this.globalEnd[2] = this.globalStart[2] + v3[2];
  }

  /** The world axis of DoF `dof` into out. */
  axisOf(out: Float64Array, dof: number): Float64Array {
    const G = this.globalR;
    let col: number;
    switch (this.kind) {
      case SegKind.Spherical: col = dof; break;
      case SegKind.Revolute: col = this.axis[0]; break;
      case SegKind.Swing: col = dof === 0 ? 0 : 2; break;
      case SegKind.Elbow:
        if (dof === 0) {
          const c = this.s[COS_TWIST], sn = this.s[SIN_TWIST];
          if (this.axis[0] === 0) { v3[0] = c; v3[1] = 0; v3[2] = sn; } else { v3[0] = -sn; v3[1] = 0; v3[2] = c; }
          return mulVec3(out, G, v3);
        }
        col = 1; break;
      default: col = this.axis[dof]; break;
    }
    out[0] = G[col]; out[1] = G[3 + col]; out[2] = G[6 + col];
    return out;
  }

  prependBasis(mat: ArrayLike<number>): void {
    invert3(m3, this.restBasis);
    mul3(m3, m3, mat);
    mul3(m3, m3, this.restBasis);
    mul3(this.basis, m3, this.basis);
  }

  scale(kb: Float64Array): void {
    const k = kb[0];
    for (let i = 0; i < 3; i++) {
      this.start[i] *= k; this.translation[i] *= k; this.origTranslation[i] *= k;
      this.globalStart[i] *= k; this.globalEnd[i] *= k;
    }
    this.s[MAX_EXT] *= k;
    if (this.kind === SegKind.Translate) {
      // As IK_QTranslateSegment::Scale: it scales min[0] and max[1], three times each (a slip in
      // Blender's loop, kept: the stretch limit min[1] then stays 0.001 in the solver's units).
      this.min[0] *= k * k * k;
      this.max[1] *= k * k * k;
      for (let i = 0; i < 3; i++) this.newTranslation[i] *= k;
    }
  }

  unlock(): void { const L = this.locked; L[0] = 0; L[1] = 0; L[2] = 0; }

  /**
   * Applies the Jacobian's update tentatively (into new*); true when a limit clamped it, with the
   * clamped change in `delta` and which DoFs in `clampOut` (IK_QSegment::UpdateAngle).
   */
  updateAngle(jac: Jacobian, delta: Float64Array, clampOut: Uint8Array): boolean {
    const s = this.s, f = this.f, L = this.locked, id = this.dofId;
    switch (this.kind) {
      case SegKind.Null: return false;
      case SegKind.Spherical: {
        if (L[0] && L[1] && L[2]) return false;
        const dx = jac.dTheta[id], dy = jac.dTheta[id + 1], dz = jac.dTheta[id + 2];
        const theta = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (!(Math.abs(theta) < IK_EPSILON)) {
          rod[0] = dx / theta; rod[1] = dy / theta; rod[2] = dz / theta; rod[3] = theta;
          rodrigues(m3, rod, false);
          mul3(this.newBasis, this.basis, m3);
        } else copy3x3(this.newBasis, this.basis);
        if (!f[LIMIT_Y] && !f[LIMIT_X] && !f[LIMIT_Z]) return false;
        sphericalRangeParameters(a3, this.newBasis);
        if (L[0]) a3[0] = s[LOCKED_AX];
        if (L[1]) a3[1] = s[LOCKED_AY];
        if (L[2]) a3[2] = s[LOCKED_AZ];
        let ax = a3[0], ay = a3[1], az = a3[2];
        clampOut[0] = clampOut[1] = clampOut[2] = 0;
        if (f[LIMIT_Y]) {
          if (a3[1] > s[MAX_Y]) { ay = s[MAX_Y]; clampOut[1] = 1; }
          else if (a3[1] < s[MIN_Y]) { ay = s[MIN_Y]; clampOut[1] = 1; }
        }
        if (f[LIMIT_X] && f[LIMIT_Z]) {
          e2[0] = ax; e2[1] = az;
          if (ellipseClamp(e2, this.min, this.max)) { clampOut[0] = clampOut[2] = 1; ax = e2[0]; az = e2[1]; }
        } else if (f[LIMIT_X]) {
          if (ax < this.min[0]) { ax = this.min[0]; clampOut[0] = 1; }
          else if (ax > this.max[0]) { ax = this.max[0]; clampOut[0] = 1; }
        } else if (f[LIMIT_Z]) {
          if (az < this.min[1]) { az = this.min[1]; clampOut[2] = 1; }
          else if (az > this.max[1]) { az = this.max[1]; clampOut[2] = 1; }
        }
        sw[0] = ax; sw[1] = ay; sw[2] = az;
        if (!clampOut[0] && !clampOut[1] && !clampOut[2]) {
          if (L[0] || L[1] || L[2]) swingTwist(this.newBasis, sw);
          return false;
        }
        swingTwist(this.newBasis, sw);
        mulTransA3(m3, this.basis, this.newBasis);
        matrixToAxisAngle(delta, m3);
        if (!(L[0] || L[2]) && (clampOut[0] || clampOut[2])) { s[LOCKED_AX] = ax; s[LOCKED_AZ] = az; }
        if (!L[1] && clampOut[1]) s[LOCKED_AY] = ay;
        return true;
      }
      case SegKind.Swing: {
        if (L[0] && L[1]) return false;
        const dx = jac.dTheta[id], dz = jac.dTheta[id + 1];
        const theta = Math.sqrt(dx * dx + dz * dz);
        if (!(Math.abs(theta) < IK_EPSILON)) {
          rod[0] = dx / theta; rod[1] = 0; rod[2] = dz / theta; rod[3] = theta;
          rodrigues(m3, rod, true);
          mul3(this.newBasis, this.basis, m3);
          removeTwist(this.newBasis);
        } else copy3x3(this.newBasis, this.basis);
        if (!f[LIMIT_X] && !f[LIMIT_Z]) return false;
        sphericalRangeParameters(a3, this.newBasis);
        let ax = 0, az = 0;
        clampOut[0] = clampOut[1] = 0;
        if (f[LIMIT_X] && f[LIMIT_Z]) {
          e2[0] = a3[0]; e2[1] = a3[2];
          const c = ellipseClamp(e2, this.min, this.max);
          ax = e2[0]; az = e2[1];
          if (c) clampOut[0] = clampOut[1] = 1;
        } else if (f[LIMIT_X]) {
          // As Blender: ax starts at 0 here, not at the swing's x.
          if (ax < this.min[0]) { ax = this.min[0]; clampOut[0] = 1; }
          else if (ax > this.max[0]) { ax = this.max[0]; clampOut[0] = 1; }
        } else if (f[LIMIT_Z]) {
          if (az < this.min[1]) { az = this.min[1]; clampOut[1] = 1; }
          else if (az > this.max[1]) { az = this.max[1]; clampOut[1] = 1; }
        }
        if (!clampOut[0] && !clampOut[1]) return false;
        sw[0] = ax; sw[1] = 0; sw[2] = az;
        swingTwist(this.newBasis, sw);
        mulTransA3(m3, this.basis, this.newBasis);
        matrixToAxisAngle(delta, m3);
        delta[1] = delta[2];
        delta[2] = 0;
        return true;
      }
      case SegKind.Elbow: {
        if (L[0] && L[1]) return false;
        clampOut[0] = clampOut[1] = 0;
        if (!L[0]) {
          s[NEW_ANGLE] = s[ANGLE] + jac.dTheta[id];
          if (f[LIMIT]) {
            if (s[NEW_ANGLE] > s[MAX]) { delta[0] = s[MAX] - s[ANGLE]; s[NEW_ANGLE] = s[MAX]; clampOut[0] = 1; }
            else if (s[NEW_ANGLE] < s[MIN]) { delta[0] = s[MIN] - s[ANGLE]; s[NEW_ANGLE] = s[MIN]; clampOut[0] = 1; }
          }
        }
        if (!L[1]) {
          s[NEW_TWIST] = s[TWIST] + jac.dTheta[id + 1];
          if (f[LIMIT_TWIST]) {
            if (s[NEW_TWIST] > s[MAX_TWIST]) { delta[1] = s[MAX_TWIST] - s[TWIST]; s[NEW_TWIST] = s[MAX_TWIST]; clampOut[1] = 1; }
            else if (s[NEW_TWIST] < s[MIN_TWIST]) { delta[1] = s[MIN_TWIST] - s[TWIST]; s[NEW_TWIST] = s[MIN_TWIST]; clampOut[1] = 1; }
          }
        }
        return clampOut[0] === 1 || clampOut[1] === 1;
      }
      case SegKind.Revolute: {
        if (L[0]) return false;
        s[NEW_ANGLE] = s[ANGLE] + jac.dTheta[id];
        clampOut[0] = 0;
        if (!f[LIMIT]) return false;
        if (s[NEW_ANGLE] > s[MAX]) delta[0] = s[MAX] - s[ANGLE];
        else if (s[NEW_ANGLE] < s[MIN]) delta[0] = s[MIN] - s[ANGLE];
        else return false;
        clampOut[0] = 1;
        s[NEW_ANGLE] = s[ANGLE] + delta[0];
        return true;
      }
      case SegKind.Translate: {
        let dofIndex = id, dof = 0, clamped = false;
        for (let i = 0; i < 3; i++) {
          let enabled = false;
          for (let k = 0; k < this.ndof; k++) if (this.axis[k] === i) enabled = true;
          if (!enabled) { this.newTranslation[i] = this.translation[i]; continue; }
          clampOut[dof] = 0;
          if (!L[dof]) {
            this.newTranslation[i] = this.translation[i] + jac.dTheta[dofIndex];
            if (this.tlimit[i]) {
              if (this.newTranslation[i] > this.max[i]) { delta[dof] = this.max[i] - this.translation[i]; this.newTranslation[i] = this.max[i]; clamped = true; clampOut[dof] = 1; }
              else if (this.newTranslation[i] < this.min[i]) { delta[dof] = this.min[i] - this.translation[i]; this.newTranslation[i] = this.min[i]; clamped = true; clampOut[dof] = 1; }
            }
          }
          dofIndex++;
          dof++;
        }
        return clamped;
      }
    }
    return false;
  }

  lock(dof: number, jac: Jacobian, delta: Float64Array): void {
    const L = this.locked, id = this.dofId;
    switch (this.kind) {
      case SegKind.Spherical:
        if (dof === 1) { L[1] = 1; jac.lock(id + 1, delta, 1); }
        else { L[0] = L[2] = 1; jac.lock(id, delta, 0); jac.lock(id + 2, delta, 2); }
        break;
      case SegKind.Swing:
        L[0] = L[1] = 1; jac.lock(id, delta, 0); jac.lock(id + 1, delta, 1);
        break;
      case SegKind.Elbow:
        if (dof === 0) { L[0] = 1; jac.lock(id, delta, 0); } else { L[1] = 1; jac.lock(id + 1, delta, 1); }
        break;
      case SegKind.Revolute:
        L[0] = 1; jac.lock(id, delta, 0);
        break;
      case SegKind.Translate:
        L[dof] = 1; jac.lock(id + dof, delta, dof);
        break;
      default: break;
    }
  }

  updateAngleApply(): void {
    const s = this.s;
    switch (this.kind) {
      case SegKind.Spherical: case SegKind.Swing: copy3x3(this.basis, this.newBasis); break;
      case SegKind.Revolute:
        s[ANGLE] = s[NEW_ANGLE];
        rotationMatrixOf(this.basis, s, ANGLE, this.axis[0]);
        break;
      case SegKind.Elbow:
        s[ANGLE] = s[NEW_ANGLE];
        s[TWIST] = s[NEW_TWIST];
        s[SIN_TWIST] = Math.sin(s[TWIST]);
        s[COS_TWIST] = Math.cos(s[TWIST]);
        rotationMatrixOf(m3, s, ANGLE, this.axis[0]);
        rotationMatrixSC(m3b, s, SIN_TWIST, COS_TWIST, 1);
        mul3(this.basis, m3, m3b);
        break;
      case SegKind.Translate: copy3(this.translation, this.newTranslation); break;
      default: break;
    }
  }
}

/** Rodrigues' rotation of angle w[3] about unit (w[0], w[1], w[2]), as the spherical (or, swing: y = 0) segment writes it. */
function rodrigues(out: Float64Array, w: Float64Array, swing: boolean): void {
  const wx = w[0], wy = w[1], wz = w[2], theta = w[3];
  const sine = Math.sin(theta), cosine = Math.cos(theta), ci = 1 - cosine;
  const xs = wx * sine, ys = wy * sine, zs = wz * sine;
  const xx = wx * wx * ci, xy = wx * wy * ci, xz = wx * wz * ci, yy = wy * wy * ci, yz = wy * wz * ci, zz = wz * wz * ci;
  if (swing) {
    out[0] = cosine + xx; out[1] = -zs; out[2] = xz;
    out[3] = zs; out[4] = cosine; out[5] = -xs;
    out[6] = xz; out[7] = xs; out[8] = cosine + zz;
  } else {
    out[0] = cosine + xx; out[1] = -zs + xy; out[2] = ys + xz;
    out[3] = zs + xy; out[4] = cosine + yy; out[5] = -xs + yz;
    out[6] = -ys + xz; out[7] = xs + yz; out[8] = cosine + zz;
  }
}

/** The segment Blender creates for a set of free rotation axes (IK_Solver.cpp CreateSegment). */
export function rotationSegmentFor(x: boolean, y: boolean, z: boolean): Segment | undefined {
  const n = (x ? 1 : 0) + (y ? 1 : 0) + (z ? 1 : 0);
  if (n === 0) return undefined;
  if (n === 1) return new Segment(SegKind.Revolute, [x ? 0 : y ? 1 : 2]);
  if (n === 2) {
    const a1 = x ? 0 : 1, a2 = x ? (y ? 1 : 2) : 2;
    if (a1 + a2 === 2) return new Segment(SegKind.Swing, []);
    return new Segment(SegKind.Elbow, [a1 === 0 ? 0 : 2]);
  }
  return new Segment(SegKind.Spherical, []);
}
