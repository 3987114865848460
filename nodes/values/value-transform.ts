// nodes/values/value-transform.ts — a constant 4x4 matrix.
import { defineNode, param, transform } from '../define';
import { saturate } from '../math/finite';

export const valueTransform = defineNode({
  type: 'value/transform',
  label: 'Transform',
  category: 'Value',
  doc: 'A constant 4x4 matrix (column-major, translation in the last column), set in the inspector.',
  inputs: {},
  outputs: { transform: transform({ doc: 'The matrix.' }) },
  params: { value: param.matrix('The matrix this node gives, 16 numbers column-major; the identity by default.') },
  kernel: (io, p) => {
    const v = p.value, out = io.out.transform;
    const ok = Array.isArray(v) && v.length === 16;
    for (let i = 0; i < 16; i++) {
      const x: unknown = ok ? (v as readonly unknown[])[i] : i % 5 === 0 ? 1 : 0;
      out[i] = typeof x === 'number' ? saturate(x) : i % 5 === 0 ? 1 : 0;
    }
  },
});
