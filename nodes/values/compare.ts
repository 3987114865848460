// nodes/values/compare.ts — compares two floats into a bool, like Blender's Compare node.
import { bool, defineNode, float, param } from '../define';

/** The operations of `math/compare`, in menu order. */
export const COMPARE_OPERATIONS = ['less', 'less-equal', 'greater', 'greater-equal', 'equal', 'not-equal'] as const;
export type CompareOperation = (typeof COMPARE_OPERATIONS)[number];

export const compare = defineNode({
  type: 'math/compare',
  label: 'Compare',
  category: 'Math',
  doc: 'Whether a is less than, greater than or equal (within epsilon) to b, as a bool.',
  inputs: {
    a: float({ default: 0, doc: 'Left side.' }),
    b: float({ default: 0, doc: 'Right side.' }),
    epsilon: float({ default: 0.001, min: 0, doc: 'equal, not-equal: the largest difference that still counts as equal (its absolute value is used).' }),
  },
  outputs: {
    result: bool({ doc: 'True (1) when the comparison holds, else false (0).' }),
  },
  params: {
    operation: param.choice(
      COMPARE_OPERATIONS,
      'greater',
      'less: a < b; less-equal: a ≤ b; greater: a > b; greater-equal: a ≥ b; equal: |a − b| ≤ epsilon; not-equal: |a − b| > epsilon.',
    ),
  },
  kernel: (io, p) => {
    const a = io.in.a[0], b = io.in.b[0];
    let r: boolean;
    switch (p.operation) {
      case 'less': r = a < b; break;
      case 'less-equal': r = a <= b; break;
      case 'greater': r = a > b; break;
      case 'greater-equal': r = a >= b; break;
      // |a − b| may overflow to Infinity, which is correctly "not equal".
      case 'equal': r = Math.abs(a - b) <= Math.abs(io.in.epsilon[0]); break;
      case 'not-equal': r = !(Math.abs(a - b) <= Math.abs(io.in.epsilon[0])); break;
      default: r = false;
    }
    io.out.result[0] = r ? 1 : 0;
  },
});
