// nodes/values/value-vector.ts — a constant 3-vector.
import { defineNode, param, vector } from '../define';
import { saturate } from '../math/finite';

export const valueVector = defineNode({
  type: 'value/vector',
  label: 'Vector',
  category: 'Value',
  doc: 'A constant vector (x, y, z), set in the inspector.',
  inputs: {},
  outputs: { vector: vector({ doc: 'The vector.' }) },
  params: { value: param.vector([0, 0, 0], 'The vector this node gives.') },
  kernel: (io, p) => {
    const v = p.value, out = io.out.vector;
    for (let i = 0; i < 3; i++) {
      const x: unknown = Array.isArray(v) ? (v as readonly unknown[])[i] : 0;
      out[i] = typeof x === 'number' ? saturate(x) : 0;
    }
  },
});
