// nodes/values/switch-float.ts — a bool picks one of two floats, like Blender's Switch node.
import { bool, defineNode, float } from '../define';

export const switchFloat = defineNode({
  type: 'math/switch-float',
  label: 'Switch (Float)',
  category: 'Math',
  doc: 'Gives the true float when switch is on, else the false one.',
  inputs: {
    switch: bool({ default: false, doc: 'Which input to pass on (any non-zero value counts as true).' }),
    false: float({ default: 0, doc: 'The result when switch is off.' }),
    true: float({ default: 1, doc: 'The result when switch is on.' }),
  },
  outputs: {
    output: float({ doc: 'The chosen float.' }),
  },
  params: {},
  kernel: (io) => {
    io.out.output[0] = io.in.switch[0] !== 0 ? io.in.true[0] : io.in.false[0];
  },
});
