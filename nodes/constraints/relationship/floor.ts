// Floor (Blender's FLOOR): keeps the owner on one side of a plane through the target, along one
// axis, optionally in the target's rotated frame. Blender's `minmax_evaluate`, in double precision.
import { param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { invertMat4, identityMat4, multiplyMat4 } from '../../math/matrix';
import { targetInput } from '../common';
import { finishOrPass } from '../finite-result';

export const FLOOR_LOCATIONS = ['FLOOR_X', 'FLOOR_Y', 'FLOOR_Z', 'FLOOR_NEGATIVE_X', 'FLOOR_NEGATIVE_Y', 'FLOOR_NEGATIVE_Z'] as const;

const obmat = new Float64Array(16);
const tarmat = new Float64Array(16);
const imat = new Float64Array(16);

export interface FloorState {
  /** 0, 1, 2 for X, Y, Z. */
  axis: number;
  /** FLOOR_NEGATIVE_*: keep the owner below the plane. */
  negative: boolean;
  /** The Offset param, read at bind (a param change binds again) so no double is passed per frame. */
  offset: number;
}

export const floor = defineConstraint({
  type: 'constraint/floor',
  label: 'Floor',
  category: 'Relationship',
  doc: 'Keeps the owner above (or below) a floor plane through the target, along one axis, optionally tilted with the target.',
  inputs: { target: targetInput('The floor: its location sets the plane (with Use Rotation, its orientation too).') },
  outputs: { owner: transform({ doc: 'The owner after Floor (world matrix).' }) },
  params: {
    floorLocation: {
      ...param.choice(FLOOR_LOCATIONS, 'FLOOR_Z', 'Axis the floor is perpendicular to, and which side the owner is kept on: FLOOR_Z keeps it at or above the target\'s Z plus Offset; FLOOR_NEGATIVE_Z at or below.'),
      label: 'Floor Location',
    },
    offset: { ...param.float(0, 'Distance of the floor plane from the target along the floor axis.', { unit: 'm' }), label: 'Offset' },
    useRotation: { ...param.bool(false, 'Tilt the floor with the target: compare in the target\'s own frame.'), label: 'Use Rotation' },
  },
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true },
  blender: {
    type: 'FLOOR',
    params: { floor_location: 'floorLocation', offset: 'offset', use_rotation: 'useRotation' },
  },
  bind(_env, p) {
    const loc = p.floorLocation;
    return { axis: loc.endsWith('X') ? 0 : loc.endsWith('Y') ? 1 : 2, negative: loc.startsWith('FLOOR_NEGATIVE_'), offset: p.offset };
  },
  kernel(io, p, s) {
    const own = io.in.owner;
    const tar = io.in.target;
    const out = io.out.owner;
    out.set(own);
    const offset = s.offset;
    const useRot = p.useRotation;
    obmat.set(own);
    tarmat.set(tar);
    if (useRot) {
      // Compare in the target's local space.
      invertMat4(imat, tarmat);
      multiplyMat4(obmat, imat, obmat);
      identityMat4(tarmat);
    }
    const { axis, negative } = s;
    const t = tarmat[12 + axis];
    const o = obmat[12 + axis] - offset;
    const below = negative ? o > t : t > o;
    if (!below) return;
    obmat[12 + axis] = t + offset;
    if (useRot) multiplyMat4(out, tar, obmat);
    else {
      out[12] = obmat[12];
      out[13] = obmat[13];
      out[14] = obmat[14];
    }
    finishOrPass(out, own);
  },
});
