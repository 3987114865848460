// nodes/values/value-float.ts — a constant float.
import { defineNode, float, param } from '../define';
import { saturate } from '../math/finite';

export const valueFloat = defineNode({
  type: 'value/float',
  label: 'Float',
  category: 'Value',
  doc: 'A constant number, set in the inspector.',
  inputs: {},
  outputs: { value: float({ doc: 'The number.' }) },
  params: { value: param.float(0, 'The number this node gives.') },
  kernel: (io, p) => {
    io.out.value[0] = saturate(p.value);
  },
});
