// nodes/values/time.ts — the current frame, and the time in seconds at a frame rate.
import { defineNode, float, param } from '../define';
import { safeDivide, saturate } from '../math/finite';

export const time = defineNode({
  type: 'value/time',
  label: 'Time',
  category: 'Value',
  doc: 'The frame being evaluated, and the time in seconds at the frame rate set here.',
  inputs: {},
  outputs: {
    frame: float({ doc: 'The current frame (may be fractional).' }),
    seconds: float({ doc: 'frame / fps.' }),
  },
  params: {
    fps: param.float(24, 'Frames per second used for seconds (0 or less gives seconds = 0).', { min: 0.001, unit: 'fps' }),
  },
  bind: (env) => env.frame,
  kernel: (io, p, frame) => {
    const f = frame[0];
    const fps = p.fps;
    io.out.frame[0] = saturate(f);
    io.out.seconds[0] = fps > 0 ? safeDivide(f, fps) : 0;
  },
});
