// nodes/values/switch-vector.ts — a bool picks one of two vectors.
import { bool, defineNode, vector } from '../define';

export const switchVector = defineNode({
  type: 'math/switch-vector',
  label: 'Switch (Vector)',
  category: 'Math',
  doc: 'Gives the true vector when switch is on, else the false one.',
  inputs: {
    switch: bool({ default: false, doc: 'Which input to pass on (any non-zero value counts as true).' }),
    false: vector({ default: [0, 0, 0], doc: 'The result when switch is off.' }),
    true: vector({ default: [0, 0, 0], doc: 'The result when switch is on.' }),
  },
  outputs: {
    output: vector({ doc: 'The chosen vector.' }),
  },
  params: {},
  kernel: (io) => {
    io.out.output.set(io.in.switch[0] !== 0 ? io.in.true : io.in.false);
  },
});
