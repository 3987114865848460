// nodes/values/switch-transform.ts — a bool picks one of two transforms.
import { bool, defineNode, transform } from '../define';

export const switchTransform = defineNode({
  type: 'math/switch-transform',
  label: 'Switch (Transform)',
  category: 'Math',
  doc: 'Gives the true transform when switch is on, else the false one (an unconnected one is the identity).',
  inputs: {
    switch: bool({ default: false, doc: 'Which input to pass on (any non-zero value counts as true).' }),
    false: transform({ doc: 'The result when switch is off; identity when unconnected.' }),
    true: transform({ doc: 'The result when switch is on; identity when unconnected.' }),
  },
  outputs: {
    output: transform({ doc: 'The chosen transform.' }),
  },
  params: {},
  kernel: (io) => {
    io.out.output.set(io.in.switch[0] !== 0 ? io.in.true : io.in.false);
  },
});
