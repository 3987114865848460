// Copy Scale: the owner takes the target's scale per axis, raised to a power, replacing, multiplying
// or (legacy) adding to its own (Blender's sizelike_evaluate).
import { param, transform, type ParamsOf } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { volumeScaleInto } from '../../math/finite';
import { mat4ToScale, rescaleMat4Axis } from '../../math/matrix';
import { targetInput } from '../common';
import { finishOrPass } from '../finite-result';

const obSize = new Float64Array(3);
const size = new Float64Array(3);

/** Blender's sizelike_evaluate; writes `out` (may alias owner). */
export function copyScaleKernel(out: Float64Array, owner: Float64Array, target: Float64Array, p: ParamsOf<typeof params>): void {
  if (out !== owner) out.set(owner);
  const useX = p.useX, useY = p.useY, useZ = p.useZ;
  const uniform = p.useMakeUniform;
  mat4ToScale(obSize, owner);
  if (uniform) {
    // One factor for all three axes: the volume change when every axis is on (the cube root of the
    // determinant's size: cbrt is odd, so |cbrt(det)| is cbrt(|det|); volumeScaleInto keeps it finite
    // where the determinant overflows), else the product.
    if (useX && useY && useZ) {
      volumeScaleInto(size, 0, target);
      size[0] = Math.abs(size[0]);
    } else {
      let total = 1;
      mat4ToScale(size, target);
      if (useX) total *= size[0];
      if (useY) total *= size[1];
      if (useZ) total *= size[2];
      size[0] = Math.cbrt(total);
    }
    size[1] = size[2] = size[0];
  } else {
    mat4ToScale(size, target);
  }
  const power = p.power;
  for (let i = 0; i < 3; i++) size[i] = Math.pow(size[i], power);
  if (p.useOffset) {
    if (p.useAdd) {
      // Blender 2.7 compatibility: size + (own size − 1).
      for (let i = 0; i < 3; i++) size[i] += obSize[i] - 1;
    } else {
      for (let i = 0; i < 3; i++) size[i] *= obSize[i];
    }
  }
  if (uniform || useX) rescaleMat4Axis(out, 0, obSize, size);
  if (uniform || useY) rescaleMat4Axis(out, 1, obSize, size);
  if (uniform || useZ) rescaleMat4Axis(out, 2, obSize, size);
}

const params = {
  useX: param.bool(true, 'Copy the X scale.'),
  useY: param.bool(true, 'Copy the Y scale.'),
  useZ: param.bool(true, 'Copy the Z scale.'),
  power: param.float(1, "Exponent applied to the copied scale (negative inverts it)."),
  useMakeUniform: param.bool(false, 'Copy one uniform factor: the cube root of the chosen axes\' product (all three: the volume change).'),
  useOffset: param.bool(false, "Combine with the owner's own scale instead of replacing it."),
  useAdd: param.bool(false, "With offset: add (scale − 1) as Blender 2.7 did, instead of multiplying."),
};

export const copyScale = defineConstraint({
  type: 'constraint/copy-scale',
  label: 'Copy Scale',
  category: 'Transform',
  doc: "Gives the owner the target's scale per axis, raised to a power, replacing or combined with its own.",
  inputs: { target: targetInput('Whose scale is copied.') },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true },
  blender: {
    type: 'COPY_SCALE',
    params: {
      use_x: 'useX', use_y: 'useY', use_z: 'useZ',
      power: 'power', use_make_uniform: 'useMakeUniform', use_offset: 'useOffset', use_add: 'useAdd',
    },
  },
  kernel(io, p) {
    copyScaleKernel(io.out.owner, io.in.owner, io.in.target, p);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
