// Transformation: maps a range of the target's location, rotation or scale onto a range of the
// owner's location, rotation or scale, axis by axis (Blender's transform_evaluate, 3.4).
import { param, transform, type BindEnv, type ParamsOf } from '../../define';
import type { FloatParam } from '../../params';
import { defineConstraint } from '../../define-constraint';
import { EULER_ORDERS, eulerToMat3, mat3ToEuler, mat4ToEuler, type EulerOrder } from '../../math/euler';
import { composeMat4FromMat3, isNegativeMat4, multiplyMat3, mat4ToLocRotScale, mat4ToScale } from '../../math/matrix';
import { mat4ToQuat } from '../../math/quaternion';
import { splitQuatSwingAndTwist } from '../../math/swing-twist';
import { safeAsin } from '../../math/vector';
import { targetInput } from '../common';
import { EULER_ORDER_CHOICES, ownerEulerOrder, resolveEulerOrder, type OwnerOrderState } from '../euler-order';
import { finishOrPass } from '../finite-result';

export const TRANSFORM_CHANNELS = ['LOCATION', 'ROTATION', 'SCALE'] as const;
export const FROM_ROTATION_MODES = ['AUTO', ...EULER_ORDERS, 'QUATERNION', 'SWING_TWIST_X', 'SWING_TWIST_Y', 'SWING_TWIST_Z'] as const;
const AXES = ['X', 'Y', 'Z'] as const;

const dvec = new Float64Array(3);
const sval = new Float64Array(3);
const quat = new Float64Array(4);
const swing = new Float64Array(4);
const loc = new Float64Array(3);
const rot = new Float64Array(9);
const size = new Float64Array(3);
const newRot = new Float64Array(9);
const vec = new Float64Array(3);
const oldEul = new Float64Array(3);
const rangeMin = new Float64Array(3);
const rangeMax = new Float64Array(3);

// The param names of one range: from/to × min/max × channel, e.g. fromMinXRot.
const SUFFIX = { LOCATION: '', ROTATION: 'Rot', SCALE: 'Scale' } as const;
const NAMES = {
  fromMin: { LOCATION: ['fromMinX', 'fromMinY', 'fromMinZ'], ROTATION: ['fromMinXRot', 'fromMinYRot', 'fromMinZRot'], SCALE: ['fromMinXScale', 'fromMinYScale', 'fromMinZScale'] },
  fromMax: { LOCATION: ['fromMaxX', 'fromMaxY', 'fromMaxZ'], ROTATION: ['fromMaxXRot', 'fromMaxYRot', 'fromMaxZRot'], SCALE: ['fromMaxXScale', 'fromMaxYScale', 'fromMaxZScale'] },
  toMin: { LOCATION: ['toMinX', 'toMinY', 'toMinZ'], ROTATION: ['toMinXRot', 'toMinYRot', 'toMinZRot'], SCALE: ['toMinXScale', 'toMinYScale', 'toMinZScale'] },
  toMax: { LOCATION: ['toMaxX', 'toMaxY', 'toMaxZ'], ROTATION: ['toMaxXRot', 'toMaxYRot', 'toMaxZRot'], SCALE: ['toMaxXScale', 'toMaxYScale', 'toMaxZScale'] },
} as const;
type Channel = (typeof TRANSFORM_CHANNELS)[number];
type RangeName = (typeof NAMES)[keyof typeof NAMES][Channel][number];

// Reads three number params into out.
function readRange(out: Float64Array, p: ParamsOf<typeof params>, names: readonly RangeName[]): Float64Array {
  for (let i = 0; i < 3; i++) out[i] = p[names[i]];
  return out;
}

function axisIndex(v: unknown, def: number): number {
  return v === 'X' ? 0 : v === 'Y' ? 1 : v === 'Z' ? 2 : def;
}

/**
 * The target's rotation as three numbers, as Blender's BKE_driver_target_matrix_to_rot_channels
 * gives them to the Transformation constraint (channel −1, angles on): Euler angles; or for a
 * quaternion 2·asin of x, y, z ("pseudo-angles"); or for swing-twist the swing's pseudo-angles with
 * the twist angle on the twist axis.
 */
export function targetRotationChannels(out: Float64Array, m: ArrayLike<number>, mode: unknown, ownerOrder: EulerOrder): Float64Array {
  if (mode === 'QUATERNION') {
    mat4ToQuat(quat, m);
    out[0] = 2 * safeAsin(quat[0]); out[1] = 2 * safeAsin(quat[1]); out[2] = 2 * safeAsin(quat[2]);
  } else if (mode === 'SWING_TWIST_X' || mode === 'SWING_TWIST_Y' || mode === 'SWING_TWIST_Z') {
    const axis = mode === 'SWING_TWIST_X' ? 0 : mode === 'SWING_TWIST_Y' ? 1 : 2;
    mat4ToQuat(quat, m);
    const twist = splitQuatSwingAndTwist(quat, axis, swing, null);
    out[0] = 2 * safeAsin(swing[0]); out[1] = 2 * safeAsin(swing[1]); out[2] = 2 * safeAsin(swing[2]);
    out[axis] = twist;
  } else {
    // AUTO takes the owner's order (cob->rotOrder), not the target's.
    mat4ToEuler(out, m, resolveEulerOrder(mode, ownerOrder));
  }
  return out;
}

/** Blender's transform_evaluate; writes `out` (may alias owner). */
export function transformationKernel(out: Float64Array, owner: Float64Array, target: Float64Array, p: ParamsOf<typeof params>, ownerOrder: EulerOrder): void {
  const from = p.mapFrom;
  const to = p.mapTo;
  if (from === 'SCALE') {
    mat4ToScale(dvec, target);
    // Which axis is negative cannot be told: a mirrored target negates all three (Blender #27886).
    if (isNegativeMat4(target)) { dvec[0] = -dvec[0]; dvec[1] = -dvec[1]; dvec[2] = -dvec[2]; }
  } else if (from === 'ROTATION') {
    targetRotationChannels(dvec, target, p.fromRotationMode, ownerOrder);
  } else {
    dvec[0] = target[12]; dvec[1] = target[13]; dvec[2] = target[14];
  }
  readRange(rangeMin, p, NAMES.fromMin[from]);
  readRange(rangeMax, p, NAMES.fromMax[from]);
  const order = to === 'ROTATION' ? resolveEulerOrder(p.toEulerOrder, ownerOrder) : ownerOrder;
  mat4ToLocRotScale(loc, rot, size, owner);

  // Where in the source range the target lies: clamped to it unless extrapolating.
  const extrapolate = p.useMotionExtrapolate;
  for (let i = 0; i < 3; i++) {
    let v = dvec[i];
    if (!extrapolate) {
      if (v < rangeMin[i]) v = rangeMin[i];
      else if (v > rangeMax[i]) v = rangeMax[i];
    }
    const span = rangeMax[i] - rangeMin[i];
    sval[i] = span !== 0 ? (v - rangeMin[i]) / span : 0;
  }

  readRange(rangeMin, p, NAMES.toMin[to]);
  readRange(rangeMax, p, NAMES.toMax[to]);
  const mx = axisIndex(p.mapToXFrom, 0), my = axisIndex(p.mapToYFrom, 1), mz = axisIndex(p.mapToZFrom, 2);
  vec[0] = rangeMin[0] + sval[mx] * (rangeMax[0] - rangeMin[0]);
  vec[1] = rangeMin[1] + sval[my] * (rangeMax[1] - rangeMin[1]);
  vec[2] = rangeMin[2] + sval[mz] * (rangeMax[2] - rangeMin[2]);

  if (to === 'SCALE') {
    if (p.mixModeScale === 'MULTIPLY') { size[0] *= vec[0]; size[1] *= vec[1]; size[2] *= vec[2]; }
    else { size[0] = vec[0]; size[1] = vec[1]; size[2] = vec[2]; }
  } else if (to === 'ROTATION') {
    const mix = p.mixModeRot;
    if (mix === 'REPLACE') eulerToMat3(rot, vec, order);
    else if (mix === 'BEFORE') { eulerToMat3(newRot, vec, order); multiplyMat3(rot, newRot, rot); }
    else if (mix === 'AFTER') { eulerToMat3(newRot, vec, order); multiplyMat3(rot, rot, newRot); }
    else {
      // ADD (the default): the owner's own angles in the same order, plus the new ones.
      mat3ToEuler(oldEul, rot, order);
      vec[0] += oldEul[0]; vec[1] += oldEul[1]; vec[2] += oldEul[2];
      eulerToMat3(rot, vec, order);
    }
  } else if (p.mixMode === 'REPLACE') {
    loc[0] = vec[0]; loc[1] = vec[1]; loc[2] = vec[2];
  } else {
    // ADD (the default).
    loc[0] += vec[0]; loc[1] += vec[1]; loc[2] += vec[2];
  }
  composeMat4FromMat3(out, loc, rot, size);
}

// The 36 range params, in Blender's layout (each channel has its own from and to ranges).
function rangeParams(): Record<RangeName, FloatParam> {
  const out: Partial<Record<RangeName, FloatParam>> = {};
  const what = { LOCATION: 'location', ROTATION: 'angle', SCALE: 'scale' } as const;
  for (const [key, side] of [['fromMin', 'Lowest source'], ['fromMax', 'Highest source'], ['toMin', 'Result at the lowest'], ['toMax', 'Result at the highest']] as const) {
    for (const channel of TRANSFORM_CHANNELS) {
      NAMES[key][channel].forEach((name, i) => {
        const doc = key.startsWith('from')
          ? `${side} ${AXES[i]} ${what[channel]} of the target (map from ${channel}).`
          : `${side} source value: ${AXES[i]} ${what[channel]} of the owner (map to ${channel}).`;
        const unit = channel === 'ROTATION' ? 'rad' : channel === 'LOCATION' ? 'm' : undefined;
        out[name] = param.float(channel === 'SCALE' ? 1 : 0, doc, unit ? { unit } : {});
      });
    }
  }
  return out as Record<RangeName, FloatParam>;
}

// RNA name of a range param: fromMinXRot → from_min_x_rot.
function rnaRangeMap(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['fromMin', 'fromMax', 'toMin', 'toMax'] as const) {
    for (const channel of TRANSFORM_CHANNELS) {
      NAMES[key][channel].forEach((name, i) => {
        const rna = `${key.slice(0, key.length - 3)}_${key.slice(-3).toLowerCase()}_${AXES[i].toLowerCase()}${SUFFIX[channel] ? `_${SUFFIX[channel].toLowerCase()}` : ''}`;
        out[rna] = name;
      });
    }
  }
  return out;
}

const params = {
  mapFrom: param.choice(TRANSFORM_CHANNELS, 'LOCATION', "Which of the target's channels is read."),
  fromRotationMode: param.choice(
    FROM_ROTATION_MODES,
    'AUTO',
    "How the target's rotation becomes three numbers: Euler angles (AUTO: in the owner's order), QUATERNION pseudo-angles, or SWING_TWIST_* (swing pseudo-angles, twist angle on that axis).",
  ),
  useMotionExtrapolate: param.bool(false, 'Extrapolate beyond the source range instead of clamping to it.'),
  mapTo: param.choice(TRANSFORM_CHANNELS, 'LOCATION', "Which of the owner's channels is written."),
  mapToXFrom: param.choice(AXES, 'X', 'Source axis that drives the result X.'),
  mapToYFrom: param.choice(AXES, 'Y', 'Source axis that drives the result Y.'),
  mapToZFrom: param.choice(AXES, 'Z', 'Source axis that drives the result Z.'),
  toEulerOrder: param.choice(EULER_ORDER_CHOICES, 'AUTO', "Euler order of the result rotation; AUTO uses the owner's own order."),
  mixMode: param.choice(['ADD', 'REPLACE'] as const, 'ADD', "Location result: ADD to the owner's location or REPLACE it."),
  mixModeRot: param.choice(
    ['ADD', 'REPLACE', 'BEFORE', 'AFTER'] as const,
    'ADD',
    "Rotation result: ADD the angles to the owner's, REPLACE its rotation, or apply BEFORE/AFTER it.",
  ),
  mixModeScale: param.choice(['REPLACE', 'MULTIPLY'] as const, 'REPLACE', "Scale result: REPLACE the owner's scale or MULTIPLY it."),
  ...rangeParams(),
};

export const transformation = defineConstraint({
  type: 'constraint/transformation',
  label: 'Transformation',
  category: 'Transform',
  doc: "Maps a range of the target's location, rotation or scale onto a range of the owner's, axis by axis.",
  inputs: { target: targetInput('Whose transform drives the owner.') },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true },
  blender: {
    type: 'TRANSFORM',
    params: {
      map_from: 'mapFrom', map_to: 'mapTo',
      map_to_x_from: 'mapToXFrom', map_to_y_from: 'mapToYFrom', map_to_z_from: 'mapToZFrom',
      from_rotation_mode: 'fromRotationMode', to_euler_order: 'toEulerOrder',
      use_motion_extrapolate: 'useMotionExtrapolate',
      mix_mode: 'mixMode', mix_mode_rot: 'mixModeRot', mix_mode_scale: 'mixModeScale',
      ...rnaRangeMap(),
    },
  },
  bind: (env: BindEnv): OwnerOrderState => ({ owner: env.stackOwner() }),
  kernel(io, p, state) {
    transformationKernel(io.out.owner, io.in.owner, io.in.target, p, ownerEulerOrder(state.owner));
    finishOrPass(io.out.owner, io.in.owner);
  },
});
