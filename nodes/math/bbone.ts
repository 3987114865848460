// Blender 3.4's B-Bone shape (armature.c: BKE_pchan_bbone_spline_params_get,
// BKE_pchan_bbone_handles_compute, BKE_pchan_bbone_spline_compute with for_deform): a cubic Bezier
// from the bone's head to its tail, its handles aimed by the handle bones (or the bone's own axis)
// and lengthened by ease, bent by Curve In/Out, rolled by the handles' rolls and Roll In/Out, scaled
// by Scale In/Out, cut into `segments` pieces of equal length (Scale In/Out Y weighting them). The
// result is segments + 1 matrices at the joints between the pieces, in the bone's own space (the
// space of its pose matrix; rest: of its rest matrix), as Blender keeps them in
// `bbone_pose_mats` / `bbone_rest_mats`. Double precision where Blender uses float; nothing is
// allocated per call: the caller's arrays and this module's scratch.
import { invertMat4, mat4ToScale, normalizeMat4 } from './matrix';
import { mat3ToQuat } from './quaternion';

/** Blender's `bbone_handle_type_start/end`. */
export const BBONE_HANDLE_TYPES = ['AUTO', 'ABSOLUTE', 'RELATIVE', 'TANGENT'] as const;
export type BBoneHandleType = (typeof BBONE_HANDLE_TYPES)[number];

/** Blender's most segments (MAX_BBONE_SUBDIV), also the subdivision the even spacing is measured on. */
export const BBONE_MAX_SEGMENTS = 32;

/**
 * The B-Bone settings, in this order in a values array: Blender's `bbone_curveinx`, `bbone_curveinz`,
 * `bbone_curveoutx`, `bbone_curveoutz`, `bbone_rollin`, `bbone_rollout`, `bbone_easein`,
 * `bbone_easeout`, `bbone_scalein` (x, y, z), `bbone_scaleout` (x, y, z). A bone has them twice:
 * its edit-bone (rest) values and its pose-bone values, which the pose spline adds on top (scales
 * multiply).
 */
export const BBONE_SETTINGS = [
  'curveInX', 'curveInZ', 'curveOutX', 'curveOutZ', 'rollIn', 'rollOut', 'easeIn', 'easeOut',
  'scaleInX', 'scaleInY', 'scaleInZ', 'scaleOutX', 'scaleOutY', 'scaleOutZ',
] as const;
export type BBoneSetting = (typeof BBONE_SETTINGS)[number];
export const BBONE_SETTING_COUNT = BBONE_SETTINGS.length;

/**
 * Blender's value of each setting on a new bone: scales 1, the rest 0, and ease 1 on the edit bone
 * but 0 on the pose bone (its ease is added to the edit bone's).
 */
export function bboneSettingDefault(s: BBoneSetting, pose: boolean): number {
  return s.startsWith('scale') || (!pose && s.startsWith('ease')) ? 1 : 0;
}

const [CURVE_IN_X, CURVE_IN_Z, CURVE_OUT_X, CURVE_OUT_Z, ROLL_IN, ROLL_OUT, EASE_IN, EASE_OUT, SCALE_IN, , , SCALE_OUT] = BBONE_SETTINGS.map((_, i) => i);

/**
 * Where in a B-Bone's `values` each group is: its rest settings, its pose settings (each
 * {@link BBONE_SETTINGS} long), then the start handle bone's rest and pose Roll Out (read when the
 * bone adds its parent's end roll, `use_endroll_as_inroll`).
 */
export const BBONE_REST_VALUES = 0;
export const BBONE_POSE_VALUES = BBONE_SETTING_COUNT;
export const BBONE_START_ROLL_OUT = 2 * BBONE_SETTING_COUNT;
export const BBONE_VALUES_SIZE = 2 * BBONE_SETTING_COUNT + 2;

/** A handle bone as the B-Bone reads it. */
export interface BBoneHandle {
  type: BBoneHandleType;
  /** The handle bone's rest matrix (armature space, Blender's `arm_mat`). */
  rest: Float64Array;
  /** Its rest length, in an array (a double read per frame from a field may be boxed). */
  length: Float64Array;
  /** Whether it is a B-Bone itself (segments > 1): AUTO and ABSOLUTE handles then average the two bones' directions. */
  bbone: boolean;
  /** `bbone_handle_use_scale_start/end`: its local X, Y, Z scale multiplies Scale In/Out X, Y, Z. */
  useScale: readonly [boolean, boolean, boolean];
  /** `bbone_handle_use_ease_start/end`: its local Y scale multiplies Ease and Curve In/Out. */
  useEase: boolean;
  /** Per frame: its pose matrix (armature space, after its constraints). */
  pose: Float64Array;
  /** Per frame, read only when a use-scale or use-ease flag is on: its local scale (Blender's pose-to-bone matrix's). */
  localScale: Float64Array;
}

/** One B-Bone: what is fixed at bind, and the views its caller fills each frame. */
export interface BBone {
  /** 2 to 32. */
  segments: number;
  /** The bone's rest matrix (armature space). */
  rest: Float64Array;
  /** Its rest length, in an array. */
  length: Float64Array;
  start: BBoneHandle | undefined;
  end: BBoneHandle | undefined;
  /** `use_endroll_as_inroll`: the start handle's Roll Out is added to Roll In. */
  addStartRollOut: boolean;
  /** `use_scale_easing`: Ease and Curve In/Out are multiplied by Scale In/Out Y. */
  scaleEasing: boolean;
  /** Per frame: the bone's pose matrix (armature space, after its constraints). */
  pose: Float64Array;
  /** Per frame: its settings, {@link BBONE_VALUES_SIZE} numbers. */
  values: Float64Array;
}

/** Whether a handle's local scale is read (any use-scale or use-ease flag). */
export function handleReadsScale(h: BBoneHandle): boolean {
  return h.useScale[0] || h.useScale[1] || h.useScale[2] || h.useEase;
}

// BBoneSplineParameters, in one typed array (a double kept in an object field may be boxed).
const P_LENGTH = 0, P_DO_SCALE = 1, P_SCALE = 2, P_USE_PREV = 5, P_USE_NEXT = 6, P_PREV_BBONE = 7, P_NEXT_BBONE = 8;
const P_PREV_H = 9, P_NEXT_H = 12, P_EASE1 = 15, P_EASE2 = 16, P_ROLL1 = 17, P_ROLL2 = 18;
const P_SCALE_IN = 19, P_SCALE_OUT = 22, P_CURVE_IN_X = 25, P_CURVE_IN_Z = 26, P_CURVE_OUT_X = 27, P_CURVE_OUT_Z = 28;
const param = new Float64Array(29);
const prevMat = new Float64Array(16);
const nextMat = new Float64Array(16);

const imat = new Float64Array(16);
const tmp16 = new Float64Array(16);
const v3 = new Float64Array(3);
const h1 = new Float64Array(3);
const h2 = new Float64Array(3);
const rolls = new Float64Array(2);
/** A number handed to or back from a helper (a double passed to a call V8 does not inline is boxed). */
const cell = new Float64Array(1);
/** The roll rollFrame applies. */
const roll = new Float64Array(1);
const prevScale = new Float64Array(3);
const nextScale = new Float64Array(3);

/**
 * The B-Bone's joint matrices into `out` ((segments + 1) × 16 numbers, column-major): its pose shape
 * (`rest` false: Blender's `bbone_pose_mats`, relative to its pose matrix) or its rest shape (`rest`
 * true: `bbone_rest_mats`, relative to its rest matrix).
 */
export function computeBBoneJoints(out: Float64Array, b: BBone, rest: boolean): Float64Array {
  splineParams(b, rest);
  return splineJoints(out, b.segments);
}

/** BKE_pchan_bbone_spline_params_get into `param`, prevMat and nextMat. */
function splineParams(b: BBone, rest: boolean): void {
  param.fill(0);
  const length = b.length[0];
  param[P_LENGTH] = length;
  if (!rest) {
    // Non-uniform scale of the bone is taken out of the space the handles are measured in.
    mat4ToScale(v3, b.pose);
    if (Math.abs(v3[0] - v3[1]) > 1e-6 || Math.abs(v3[1] - v3[2]) > 1e-6) {
      param[P_DO_SCALE] = 1;
      param[P_SCALE] = v3[0]; param[P_SCALE + 1] = v3[1]; param[P_SCALE + 2] = v3[2];
    }
  }
  if (rest) invertMat4(imat, b.rest);
  else if (param[P_DO_SCALE] !== 0) {
    normalizeMat4(tmp16, b.pose);
    invertMat4(imat, tmp16);
  } else invertMat4(imat, b.pose);
  prevScale[0] = prevScale[1] = prevScale[2] = 1;
  nextScale[0] = nextScale[1] = nextScale[2] = 1;

  const prev = b.start;
  if (prev) {
    param[P_USE_PREV] = 1;
    let done = false;
    if (prev.type === 'RELATIVE') {
      // The handle's move from its rest position, applied at this bone's head.
      if (rest) done = true; // prev_h stays (0, 0, 0)
      else {
        headOf(b.pose, h1);
        h1[0] -= prev.pose[12] - prev.rest[12]; h1[1] -= prev.pose[13] - prev.rest[13]; h1[2] -= prev.pose[14] - prev.rest[14];
      }
    } else if (prev.type === 'TANGENT') {
      // The handle bone's direction, placed so that its tail meets this bone's head.
      const m = rest ? prev.rest : prev.pose;
      headOf(rest ? b.rest : b.pose, h1);
      const l = prev.length[0];
      h1[0] -= m[4] * l; h1[1] -= m[5] * l; h1[2] -= m[6] * l;
    } else {
      param[P_PREV_BBONE] = prev.bbone ? 1 : 0;
      headOf(rest ? prev.rest : prev.pose, h1);
    }
    if (!done) transformPoint(param, P_PREV_H, imat, h1);
    // The handle's roll (and local scale) is read unless it is a B-Bone that the spline joins smoothly.
    if (param[P_PREV_BBONE] === 0) {
      multiply4(prevMat, imat, rest ? prev.rest : prev.pose);
      if (!rest && handleReadsScale(prev)) copy3(prevScale, prev.localScale);
    }
  }

  const next = b.end;
  if (next) {
    param[P_USE_NEXT] = 1;
    let done = false;
    if (next.type === 'RELATIVE') {
      // The handle's move from its rest position, applied at this bone's tail.
      if (rest) {
        param[P_NEXT_H + 1] = length;
        done = true;
      } else {
        tailOf(b.pose, b.length, h2);
        h2[0] += next.pose[12] - next.rest[12]; h2[1] += next.pose[13] - next.rest[13]; h2[2] += next.pose[14] - next.rest[14];
      }
    } else if (next.type === 'TANGENT') {
      // The handle bone's direction, placed so that its head meets this bone's tail.
      const m = rest ? next.rest : next.pose;
      tailOf(rest ? b.rest : b.pose, b.length, h2);
      const l = next.length[0];
      h2[0] += m[4] * l; h2[1] += m[5] * l; h2[2] += m[6] * l;
    } else {
      param[P_NEXT_BBONE] = next.bbone ? 1 : 0;
      tailOf(rest ? next.rest : next.pose, next.length, h2);
    }
    if (!done) transformPoint(param, P_NEXT_H, imat, h2);
    multiply4(nextMat, imat, rest ? next.rest : next.pose);
    if (!rest && handleReadsScale(next)) copy3(nextScale, next.localScale);
  }

  // The settings: rest values, plus the pose's on top (scales multiply).
  const v = b.values;
  const r = BBONE_REST_VALUES;
  const q = BBONE_POSE_VALUES;
  param[P_EASE1] = v[r + EASE_IN] + (rest ? 0 : v[q + EASE_IN]);
  param[P_EASE2] = v[r + EASE_OUT] + (rest ? 0 : v[q + EASE_OUT]);
  param[P_ROLL1] = v[r + ROLL_IN] + (rest ? 0 : v[q + ROLL_IN]);
  param[P_ROLL2] = v[r + ROLL_OUT] + (rest ? 0 : v[q + ROLL_OUT]);
  if (b.addStartRollOut && prev) {
    param[P_ROLL1] += v[BBONE_START_ROLL_OUT];
    if (!rest) param[P_ROLL1] += v[BBONE_START_ROLL_OUT + 1];
  }
  for (let k = 0; k < 3; k++) {
    param[P_SCALE_IN + k] = v[r + SCALE_IN + k] * (rest ? 1 : v[q + SCALE_IN + k]);
    param[P_SCALE_OUT + k] = v[r + SCALE_OUT + k] * (rest ? 1 : v[q + SCALE_OUT + k]);
  }
  param[P_CURVE_IN_X] = v[r + CURVE_IN_X] + (rest ? 0 : v[q + CURVE_IN_X]);
  param[P_CURVE_IN_Z] = v[r + CURVE_IN_Z] + (rest ? 0 : v[q + CURVE_IN_Z]);
  param[P_CURVE_OUT_X] = v[r + CURVE_OUT_X] + (rest ? 0 : v[q + CURVE_OUT_X]);
  param[P_CURVE_OUT_Z] = v[r + CURVE_OUT_Z] + (rest ? 0 : v[q + CURVE_OUT_Z]);
  if (b.scaleEasing) {
    const si = param[P_SCALE_IN + 1], so = param[P_SCALE_OUT + 1];
    param[P_EASE1] *= si; param[P_CURVE_IN_X] *= si; param[P_CURVE_IN_Z] *= si;
    param[P_EASE2] *= so; param[P_CURVE_OUT_X] *= so; param[P_CURVE_OUT_Z] *= so;
  }
  if (prev) {
    for (let k = 0; k < 3; k++) if (prev.useScale[k]) param[P_SCALE_IN + k] *= prevScale[k];
    if (prev.useEase) {
      param[P_EASE1] *= prevScale[1]; param[P_CURVE_IN_X] *= prevScale[1]; param[P_CURVE_IN_Z] *= prevScale[1];
    }
  }
  if (next) {
    for (let k = 0; k < 3; k++) if (next.useScale[k]) param[P_SCALE_OUT + k] *= nextScale[k];
    if (next.useEase) {
      param[P_EASE2] *= nextScale[1]; param[P_CURVE_OUT_X] *= nextScale[1]; param[P_CURVE_OUT_Z] *= nextScale[1];
    }
  }
}

const mat3a = new Float64Array(9);
const mat3b = new Float64Array(9);
const quat = new Float64Array(4);

/** BKE_pchan_bbone_handles_compute (with ease and offsets) into h1, h2 and rolls. */
function handles(): void {
  let length = param[P_LENGTH];
  const epsilon = 1e-5 * length;
  if (param[P_DO_SCALE] !== 0) length *= param[P_SCALE + 1];
  rolls[0] = rolls[1] = 0;
  cell[0] = epsilon;
  if (param[P_USE_PREV] !== 0) {
    h1[0] = param[P_PREV_H]; h1[1] = param[P_PREV_H + 1]; h1[2] = param[P_PREV_H + 2];
    // A B-Bone handle: the direction from its head to this bone's tail, averaging the two bones.
    if (param[P_PREV_BBONE] !== 0) h1[1] -= length;
    if (normalizedShorterThan(h1, cell)) { h1[0] = 0; h1[1] = -1; h1[2] = 0; }
    h1[0] = -h1[0]; h1[1] = -h1[1]; h1[2] = -h1[2];
    if (param[P_PREV_BBONE] === 0) vecRoll(rolls, 0, prevMat, h1);
  } else {
    h1[0] = 0; h1[1] = 1; h1[2] = 0;
  }
  if (param[P_USE_NEXT] !== 0) {
    h2[0] = param[P_NEXT_H]; h2[1] = param[P_NEXT_H + 1]; h2[2] = param[P_NEXT_H + 2];
    if (param[P_NEXT_BBONE] === 0) h2[1] -= length;
    if (normalizedShorterThan(h2, cell)) { h2[0] = 0; h2[1] = 1; h2[2] = 0; }
    vecRoll(rolls, 1, nextMat, h2);
  } else {
    h2[0] = 0; h2[1] = 1; h2[2] = 0;
  }
  // Handles as long as a circular arc's between the two directions, times ease.
  cubicTangentFactorCircle(cell, h1, h2);
  const circle = length * (cell[0] / 0.75);
  const l1 = param[P_EASE1] * circle;
  const l2 = param[P_EASE2] * circle;
  h1[0] *= l1; h1[1] *= l1; h1[2] *= l1;
  h2[0] *= -l2; h2[1] *= -l2; h2[2] *= -l2;
  rolls[0] += param[P_ROLL1];
  rolls[1] += param[P_ROLL2];
  // Blender's scale correction: Curve In/Out are measured in the scaled bone's space.
  const xs = param[P_DO_SCALE] !== 0 ? param[P_SCALE] : 1;
  const zs = param[P_DO_SCALE] !== 0 ? param[P_SCALE + 2] : 1;
  h1[0] += param[P_CURVE_IN_X] * xs;
  h1[2] += param[P_CURVE_IN_Z] * zs;
  h2[0] += param[P_CURVE_OUT_X] * xs;
  h2[2] += param[P_CURVE_OUT_Z] * zs;
}

/**
 * Blender's cubic_tangent_factor_circle_v3 of two unit tangents into out[0]: the handle length (per
 * unit of chord) that makes a cubic Bezier follow a circular arc between them.
 */
function cubicTangentFactorCircle(out: Float64Array, a: Float64Array, b: Float64Array): void {
  const eps = 1e-5;
  const d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  if (d > 1 - eps) out[0] = (1 / 3) * 0.75;
  else if (d < -1 + eps) out[0] = 1 / 2;
  else {
    const angle = Math.acos(d) / 2;
    const s = Math.sin(angle);
    const c = Math.cos(angle);
    out[0] = (1 - c) / (s * 2) / s;
  }
}

/** Blender's mat3_vec_to_roll into out[i]: the twist about `vec` that turns its zero-roll frame into m's 3x3. */
function vecRoll(out: Float64Array, i: number, m: Float64Array, vec: Float64Array): void {
  roll[0] = 0;
  rollFrame(mat3a, vec);
  invertMat3(mat3a);
  for (let c = 0; c < 3; c++) {
    const x = m[4 * c], y = m[4 * c + 1], z = m[4 * c + 2];
    mat3b[3 * c] = mat3a[0] * x + mat3a[3] * y + mat3a[6] * z;
    mat3b[3 * c + 1] = mat3a[1] * x + mat3a[4] * y + mat3a[7] * z;
    mat3b[3 * c + 2] = mat3a[2] * x + mat3a[5] * y + mat3a[8] * z;
  }
  mat3ToQuat(quat, mat3b);
  // The twist about Y of the canonical quaternion (w ≥ 0), Blender's quat_split_swing_and_twist.
  const sign = quat[3] < 0 ? -1 : 1;
  out[i] = 2 * Math.atan2(sign * quat[1], sign * quat[3]);
}

const controls = new Float64Array(12);
const segmentScales = new Float64Array(BBONE_MAX_SEGMENTS);
const points = new Float64Array(BBONE_MAX_SEGMENTS + 1);
const coords = new Float64Array(3 * (BBONE_MAX_SEGMENTS + 1));
const pdist = new Float64Array(BBONE_MAX_SEGMENTS + 1);
const deriv1 = new Float64Array(9);
const deriv2 = new Float64Array(6);
const pos = new Float64Array(3);
const axis = new Float64Array(3);
const scalemat = new Float64Array(3);

/** BKE_pchan_bbone_spline_compute with for_deform: the joints into out; returns out. */
function splineJoints(out: Float64Array, segmentCount: number): Float64Array {
  const n = Math.min(segmentCount, BBONE_MAX_SEGMENTS);
  let length = param[P_LENGTH];
  const doScale = param[P_DO_SCALE] !== 0;
  if (doScale) {
    scalemat[0] = param[P_SCALE]; scalemat[1] = param[P_SCALE + 1]; scalemat[2] = param[P_SCALE + 2];
    length *= param[P_SCALE + 1];
  }
  handles();
  // Control points: head (0, 0, 0), head + h1, tail + h2, tail (0, length, 0).
  controls.fill(0);
  controls[3] = h1[0]; controls[4] = h1[1]; controls[5] = h1[2];
  controls[6] = h2[0]; controls[7] = h2[1] + length; controls[8] = h2[2];
  controls[10] = length;
  // Scale In/Out Y: segment lengths interpolated geometrically from the tail's to the head's.
  if (param[P_SCALE_IN + 1] < 0.0001) param[P_SCALE_IN + 1] = 0.0001;
  if (param[P_SCALE_OUT + 1] < 0.0001) param[P_SCALE_OUT + 1] = 0.0001;
  const logIn = Math.log(param[P_SCALE_IN + 1]);
  const logOut = Math.log(param[P_SCALE_OUT + 1]);
  for (let i = 0; i < n; i++) {
    const fac = i / (n - 1);
    segmentScales[i] = Math.exp(fac * logOut + (1 - fac) * logIn);
  }
  equalizeCubicBezier(n);
  for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) deriv1[3 * i + k] = controls[3 * (i + 1) + k] - controls[3 * i + k];
  for (let i = 0; i < 2; i++) for (let k = 0; k < 3; k++) deriv2[3 * i + k] = deriv1[3 * (i + 1) + k] - deriv1[3 * i + k];
  const roll1 = rolls[0], roll2 = rolls[1];
  // The ends: the first derivative, faded towards the second where a handle is very short.
  easeHandleAxis(axis, deriv1, 0, deriv2, 0, 1);
  pos[0] = 0; pos[1] = 0; pos[2] = 0;
  roll[0] = roll1; jointScale[0] = param[P_SCALE_IN]; jointScale[1] = param[P_SCALE_IN + 2];
  jointMatrix(out, 0, doScale);
  for (let a = 1; a < n; a++) {
    evaluateCubicBezier(a);
    const fac = a / n;
    roll[0] = fac * roll2 + (1 - fac) * roll1;
    jointScale[0] = fac * param[P_SCALE_OUT] + (1 - fac) * param[P_SCALE_IN];
    jointScale[1] = fac * param[P_SCALE_OUT + 2] + (1 - fac) * param[P_SCALE_IN + 2];
    jointMatrix(out, a, doScale);
  }
  easeHandleAxis(axis, deriv1, 6, deriv2, 3, -1);
  pos[0] = controls[9]; pos[1] = controls[10]; pos[2] = controls[11];
  roll[0] = roll2; jointScale[0] = param[P_SCALE_OUT]; jointScale[1] = param[P_SCALE_OUT + 2];
  jointMatrix(out, n, doScale);
  return out;
}

/**
 * Blender's equalize_cubic_bezier: Bezier parameters of the joints, so that the pieces' lengths
 * along the 32-piece polyline follow segmentScales.
 */
function equalizeCubicBezier(n: number): void {
  const temp = BBONE_MAX_SEGMENTS;
  for (let k = 0; k < 3; k++) forwardDiffBezier(k, temp);
  pdist[0] = 0;
  for (let i = 0; i < temp; i++) {
    const dx = coords[3 * i + 3] - coords[3 * i], dy = coords[3 * i + 4] - coords[3 * i + 1], dz = coords[3 * i + 5] - coords[3 * i + 2];
    pdist[i + 1] = pdist[i] + Math.sqrt(dx * dx + dy * dy + dz * dz);
  }
  let sum = 0;
  for (let i = 0; i < n; i++) sum += segmentScales[i];
  const step = pdist[temp] / sum;
  let dist = 0;
  points[0] = 0;
  for (let i = 1, nr = 1; i <= n; i++) {
    dist += segmentScales[i - 1] * step;
    while (nr < temp && dist >= pdist[nr]) nr++;
    // A piece of zero length (a curve folded onto itself) would divide 0 by 0 in Blender: its end.
    const piece = pdist[nr] - pdist[nr - 1];
    const fac = piece > 0 ? (pdist[nr] - dist) / piece : 0;
    points[i] = (nr - fac) / temp;
  }
  points[n] = 1;
}

/** BKE_curve_forward_diff_bezier of coordinate k of the controls into coords (stride 3, at offset k), it + 1 points. */
function forwardDiffBezier(k: number, it: number): void {
  const q0 = controls[k], q1 = controls[3 + k], q2 = controls[6 + k], q3 = controls[9 + k];
  let f = it;
  const rt0 = q0;
  const rt1 = (3 * (q1 - q0)) / f;
  f *= f;
  const rt2 = (3 * (q0 - 2 * q1 + q2)) / f;
  f *= it;
  const rt3 = (q3 - q0 + 3 * (q1 - q2)) / f;
  let a0 = rt0;
  let a1 = rt1 + rt2 + rt3;
  let a2 = 2 * rt2 + 6 * rt3;
  const a3 = 6 * rt3;
  for (let a = 0; a <= it; a++) {
    coords[3 * a + k] = a0;
    a0 += a1;
    a1 += a2;
    a2 += a3;
  }
}

/** De Casteljau at joint a's parameter: the point into pos and the (unnormalized) tangent into axis. */
function evaluateCubicBezier(a: number): void {
  const t = points[a];
  const s = 1 - t;
  for (let k = 0; k < 3; k++) {
    const c0 = controls[k], c1 = controls[3 + k], c2 = controls[6 + k], c3 = controls[9 + k];
    const l0 = s * c0 + t * c1, l1 = s * c1 + t * c2, l2 = s * c2 + t * c3;
    const m0 = s * l0 + t * l1, m1 = s * l1 + t * l2;
    axis[k] = m1 - m0;
    pos[k] = m0 + axis[k] * t;
  }
}

/** Blender's ease_handle_axis: the end derivative d1, plus the second derivative d2 (times sign) where d1 is under a tenth of it. */
function easeHandleAxis(out: Float64Array, d1: Float64Array, o1: number, d2: Float64Array, o2: number, sign: number): void {
  const gap = 0.1;
  out[0] = d1[o1]; out[1] = d1[o1 + 1]; out[2] = d1[o1 + 2];
  const x2 = sign * d2[o2], y2 = sign * d2[o2 + 1], z2 = sign * d2[o2 + 2];
  const len2 = x2 * x2 + y2 * y2 + z2 * z2;
  if (len2 === 0) return;
  const len1 = out[0] * out[0] + out[1] * out[1] + out[2] * out[2];
  const ratio = len1 / len2;
  if (ratio < gap * gap) {
    const k = gap - Math.sqrt(ratio);
    out[0] += x2 * k; out[1] += y2 * k; out[2] += z2 * k;
  }
}

const jm = new Float64Array(9);
/** The joint's X and Z scale. */
const jointScale = new Float64Array(2);

/** Blender's make_bbone_spline_matrix at pos along axis with roll[0] and jointScale, into joint a of out. */
function jointMatrix(out: Float64Array, a: number, doScale: boolean): void {
  rollFrame(jm, axis);
  const scaleX = jointScale[0], scaleZ = jointScale[1];
  const o = 16 * a;
  for (let c = 0; c < 3; c++) {
    out[o + 4 * c] = jm[3 * c]; out[o + 4 * c + 1] = jm[3 * c + 1]; out[o + 4 * c + 2] = jm[3 * c + 2]; out[o + 4 * c + 3] = 0;
  }
  out[o + 12] = pos[0]; out[o + 13] = pos[1]; out[o + 14] = pos[2]; out[o + 15] = 1;
  if (doScale) {
    // scale⁻¹ · M · scale: the matrix as seen from the bone's scaled space.
    for (let c = 0; c < 4; c++) {
      const cs = c < 3 ? scalemat[c] : 1;
      for (let r = 0; r < 3; r++) out[o + 4 * c + r] = (out[o + 4 * c + r] / scalemat[r]) * cs;
    }
  }
  for (let r = 0; r < 3; r++) {
    out[o + r] *= scaleX;
    out[o + 8 + r] *= scaleZ;
  }
}

/**
 * Blender's vec_roll_to_mat3 (3.4, with its near −Y threshold): the rotation taking +Y to `vec`
 * (normalized first) by the shortest arc, then rolled about it by roll[0]. out is a 3x3.
 */
function rollFrame(out: Float64Array, vec: ArrayLike<number>): Float64Array {
  let x = vec[0], y = vec[1], z = vec[2];
  const d = x * x + y * y + z * z;
  if (d > 1e-35) {
    const l = Math.sqrt(d);
    x /= l; y /= l; z /= l;
  } else {
    x = 0; y = 0; z = 0;
  }
  const SAFE = 6.1e-3;
  const CRITICAL = 2.5e-4;
  let theta = 1 + y;
  const thetaAlt = x * x + z * z;
  // bMatrix, column-major (b[3·col + row]).
  let b0: number, b1: number, b2: number, b3: number, b4: number, b5: number, b6: number, b7: number, b8: number;
  if (theta > SAFE || thetaAlt > CRITICAL * CRITICAL) {
    // Near −Y theta loses precision: take it from x and z instead (Taylor expansion of y).
    if (theta <= SAFE) theta = thetaAlt * 0.5 + thetaAlt * thetaAlt * 0.125;
    b0 = 1 - (x * x) / theta; b1 = -x; b2 = (-x * z) / theta;
    b3 = x; b4 = y; b5 = z;
    b6 = (-x * z) / theta; b7 = -z; b8 = 1 - (z * z) / theta;
  } else {
    // At −Y itself: the symmetry about Z.
    b0 = -1; b1 = 0; b2 = 0; b3 = 0; b4 = -1; b5 = 0; b6 = 0; b7 = 0; b8 = 1;
  }
  // The roll: axis_angle_normalized_to_mat3 about (x, y, z), then roll · b.
  const co = Math.cos(roll[0]), si = Math.sin(roll[0]), ico = 1 - co;
  const sx = x * si, sy = y * si, sz = z * si;
  const r0 = x * x * ico + co, r1 = x * y * ico + sz, r2 = x * z * ico - sy;
  const r3 = x * y * ico - sz, r4 = y * y * ico + co, r5 = y * z * ico + sx;
  const r6 = x * z * ico + sy, r7 = y * z * ico - sx, r8 = z * z * ico + co;
  out[0] = r0 * b0 + r3 * b1 + r6 * b2; out[1] = r1 * b0 + r4 * b1 + r7 * b2; out[2] = r2 * b0 + r5 * b1 + r8 * b2;
  out[3] = r0 * b3 + r3 * b4 + r6 * b5; out[4] = r1 * b3 + r4 * b4 + r7 * b5; out[5] = r2 * b3 + r5 * b4 + r8 * b5;
  out[6] = r0 * b6 + r3 * b7 + r6 * b8; out[7] = r1 * b6 + r4 * b7 + r7 * b8; out[8] = r2 * b6 + r5 * b7 + r8 * b8;
  return out;
}

/** Inverse of a 3x3 in place (Blender's invert_m3: a singular one is left as the zero matrix's cofactors / 0 → here zeros). */
function invertMat3(m: Float64Array): void {
  const a00 = m[0], a01 = m[1], a02 = m[2], a10 = m[3], a11 = m[4], a12 = m[5], a20 = m[6], a21 = m[7], a22 = m[8];
  const b01 = a22 * a11 - a12 * a21, b11 = -a22 * a10 + a12 * a20, b21 = a21 * a10 - a11 * a20;
  const det = a00 * b01 + a01 * b11 + a02 * b21;
  if (det === 0) { m.fill(0, 0, 9); return; }
  const id = 1 / det;
  m[0] = b01 * id; m[1] = (-a22 * a01 + a02 * a21) * id; m[2] = (a12 * a01 - a02 * a11) * id;
  m[3] = b11 * id; m[4] = (a22 * a00 - a02 * a20) * id; m[5] = (-a12 * a00 + a02 * a10) * id;
  m[6] = b21 * id; m[7] = (-a21 * a00 + a01 * a20) * id; m[8] = (a11 * a00 - a01 * a10) * id;
}

/** Normalizes v in place like Blender's normalize_v3; whether its length before was under limit[0]. */
function normalizedShorterThan(v: Float64Array, limit: Float64Array): boolean {
  const d = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  if (!(d > 1e-35)) {
    v[0] = v[1] = v[2] = 0;
    return 0 < limit[0];
  }
  const l = Math.sqrt(d);
  v[0] /= l; v[1] /= l; v[2] /= l;
  return l < limit[0];
}

function headOf(m: Float64Array, out: Float64Array): void {
  out[0] = m[12]; out[1] = m[13]; out[2] = m[14];
}

/** A bone's tail from its matrix: head + Y axis · length[0] (Blender's pose_tail; arm_tail likewise). */
function tailOf(m: Float64Array, length: Float64Array, out: Float64Array): void {
  const l = length[0];
  out[0] = m[12] + m[4] * l; out[1] = m[13] + m[5] * l; out[2] = m[14] + m[6] * l;
}

function copy3(out: Float64Array, a: Float64Array): void {
  out[0] = a[0]; out[1] = a[1]; out[2] = a[2];
}

/** out[o..o+2] = m · (p, 1). */
function transformPoint(out: Float64Array, o: number, m: Float64Array, p: Float64Array): void {
  const x = p[0], y = p[1], z = p[2];
  out[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
  out[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  out[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
}

/** a · b, 4x4 column-major, out not aliasing a or b. */
function multiply4(out: Float64Array, a: Float64Array, b: Float64Array): void {
  for (let c = 0; c < 4; c++) {
    const b0 = b[4 * c], b1 = b[4 * c + 1], b2 = b[4 * c + 2], b3 = b[4 * c + 3];
    for (let r = 0; r < 4; r++) out[4 * c + r] = a[r] * b0 + a[4 + r] * b1 + a[8 + r] * b2 + a[12 + r] * b3;
  }
}
