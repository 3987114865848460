// nodes/values/value-bool.ts — a constant bool.
import { bool, defineNode, param } from '../define';

export const valueBool = defineNode({
  type: 'value/bool',
  label: 'Boolean',
  category: 'Value',
  doc: 'A constant true or false, set in the inspector.',
  inputs: {},
  outputs: { value: bool({ doc: 'The bool, 1 for true and 0 for false.' }) },
  params: { value: param.bool(false, 'The bool this node gives.') },
  kernel: (io, p) => {
    io.out.value[0] = p.value ? 1 : 0;
  },
});
