// Clamp To (Blender's CLAMP_TO): moves the owner onto a curve, at the point whose arc-length
// fraction is the owner's position across the curve's bounding box along one axis. Blender's
// `clampto_evaluate` with the POLY path model of the conformance README (measured fact 1 and the
// Clamp To notes), in double precision.
import { curve, param, transform, type CurveInfo } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { FLT_EPSILON } from '../../math/float32';
import { preparePath, samplePathAt, type PreparedPath } from '../../math/path';
import { finishOrPass } from '../finite-result';
import { copyMat4 } from '../../math/matrix';
import { updateHookedCurve, type HookedCurve } from '../../math/hooked-curve';

const MAIN_AXES = ['CLAMPTO_AUTO', 'CLAMPTO_X', 'CLAMPTO_Y', 'CLAMPTO_Z'] as const;

/** The curve as bound at compile time: its path, and the local bounding box of its path's points. */
export interface ClampToState {
  path: PreparedPath;
  /** Local AABB: min xyz, then max xyz. */
  box: Float64Array;
  /** The curve's hooks, when they move its points: the path and the box are made again from them before each run. */
  hooked: HookedCurve | undefined;
  /** `hooked.moves` when the box was last made. */
  boxMoves: number;
}

const lo = new Float64Array(3);
const hi = new Float64Array(3);
const pos = new Float64Array(3);
const rot = new Float64Array(4);
// The path parameter, passed in an array (V8 boxes a double passed to a call it does not inline).
const at = new Float64Array(1);

export const clampTo = defineConstraint({
  type: 'constraint/clamp-to',
  label: 'Clamp To',
  category: 'Tracking',
  doc: "Moves the owner onto a curve: its place along the curve's bounding box on the main axis picks the point (rotation and scale stay).",
  inputs: {
    target: curve({ doc: 'The curve to clamp to (a curve object\'s `curve` output).', required: true }),
  },
  outputs: { owner: transform({ doc: 'The owner after Clamp To (world matrix).' }) },
  params: {
    mainAxis: {
      ...param.choice(MAIN_AXES, 'CLAMPTO_AUTO', "World axis along which the owner's position is measured across the curve's bounding box. AUTO: the box's longest side (ties go to Z, then Y, else X, as in Blender)."),
      label: 'Main Axis',
    },
    useCyclic: {
      ...param.bool(false, 'Repeat the curve beyond its bounding box (the owner wraps around to the start) instead of stopping at its ends.'),
      label: 'Cyclic',
    },
  },
  constraint: { ownerSpace: true, deformedTargetOf: 'target' },
  blender: {
    type: 'CLAMP_TO',
    params: { main_axis: 'mainAxis', use_cyclic: 'useCyclic' },
    // Blender's Clamp To reads the curve's world matrix directly (clampto_get_tarmat returns
    // identity): the target space never reaches the evaluation.
    ignore: ['target_space'],
  },
  bind(env) {
    const info: CurveInfo | undefined = env.sourceOwner('target')?.curve;
    if (!info || info.points.length < 3) return undefined; // not a curve, or no points: Blender does nothing
    const box = boundingBox(new Float64Array(6), info.points);
    return { path: preparePath(info.points, info.radius, info.cyclic, info.twist, info), box, hooked: info.hooked, boxMoves: -1 };
  },
  kernel(io, p, state) {
    const o = io.in.owner;
    const m = io.out.owner;
    copyMat4(m, o);
    if (!state) return;
    if (state.hooked) {
      state.path = updateHookedCurve(state.hooked, io.in.target);
      if (state.boxMoves !== state.hooked.moves) boundingBox(state.box, state.hooked.points);
      state.boxMoves = state.hooked.moves;
    }
    const c = io.in.target; // the curve object's world matrix, unconverted (as Blender uses it)

    // World AABB of the 8 transformed corners of the local box (Blender's BKE_boundbox_minmax).
    lo[0] = lo[1] = lo[2] = Infinity;
    hi[0] = hi[1] = hi[2] = -Infinity;
    const b = state.box;
    for (let corner = 0; corner < 8; corner++) {
      const x = b[corner & 1 ? 3 : 0], y = b[corner & 2 ? 4 : 1], z = b[corner & 4 ? 5 : 2];
      for (let k = 0; k < 3; k++) {
        const w = c[k] * x + c[4 + k] * y + c[8 + k] * z + c[12 + k];
        if (w < lo[k]) lo[k] = w;
        if (w > hi[k]) hi[k] = w;
      }
    }

    let axis: number;
    switch (p.mainAxis) {
      case 'CLAMPTO_X': axis = 0; break;
      case 'CLAMPTO_Y': axis = 1; break;
      case 'CLAMPTO_Z': axis = 2; break;
      default: {
        const sx = hi[0] - lo[0], sy = hi[1] - lo[1], sz = hi[2] - lo[2];
        axis = sz > sx && sz > sy ? 2 : sy > sx && sy > sz ? 1 : 0;
      }
    }

    const own = o[12 + axis];
    const min = lo[axis], max = hi[axis];
    const len = max - min;
    let t: number;
    if (p.useCyclic) {
      if (Math.abs(len) < FLT_EPSILON || !Number.isFinite(len)) t = 0;
      else if (own < min) t = (own - (min - Math.ceil((min - own) / len) * len)) / len;
      else if (own > max) t = (own - (max + Math.trunc((own - max) / len) * len)) / len;
      else t = (own - min) / len;
    } else if (own <= min) t = 0;
    else if (own >= max) t = 1;
    else if (Math.abs(len) >= FLT_EPSILON) t = (own - min) / len;
    else t = 0;
    if (!Number.isFinite(t)) t = 0;

    at[0] = t;
    samplePathAt(pos, rot, null, state.path, at);
    m[12] = c[0] * pos[0] + c[4] * pos[1] + c[8] * pos[2] + c[12];
    m[13] = c[1] * pos[0] + c[5] * pos[1] + c[9] * pos[2] + c[13];
    m[14] = c[2] * pos[0] + c[6] * pos[1] + c[10] * pos[2] + c[14];
    finishOrPass(m, o);
  },
});

/** The local bounding box of a curve's path points (xyz each): min xyz, then max xyz, into `box`. */
function boundingBox(box: Float64Array, points: ArrayLike<number>): Float64Array {
  box[0] = box[1] = box[2] = Infinity;
  box[3] = box[4] = box[5] = -Infinity;
  for (let i = 0; i + 2 < points.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = points[i + k];
      if (v < box[k]) box[k] = v;
      if (v > box[3 + k]) box[3 + k] = v;
    }
  }
  return box;
}
