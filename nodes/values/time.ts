// nodes/values/time.ts — the current frame, the scene's animation time, and the time in seconds at a frame rate.
import { defineNode, float, param } from '../define';
import { safeDivide, saturate } from '../math/finite';

export const time = defineNode({
  type: 'value/time',
  label: 'Time',
  category: 'Value',
  doc: 'The frame being evaluated, the time the scene\'s animation plays at, and the time in seconds at the frame rate set here.',
  inputs: {},
  outputs: {
    frame: float({ doc: 'The current frame (may be fractional).' }),
    seconds: float({ doc: 'frame / fps.' }),
    sceneTime: float({ doc: 'The frame the scene\'s animation plays at: the frame times the scene\'s time remapping (a Blender scene\'s Time Stretching; Blender\'s `frame` in drivers), the frame itself when it has none.' }),
  },
  params: {
    fps: param.float(24, 'Frames per second used for seconds (0 or less gives seconds = 0).', { min: 0.001, unit: 'fps' }),
  },
  bind: (env) => ({ frame: env.frame, time: env.sceneTime }),
  kernel: (io, p, clock) => {
    const f = clock.frame[0];
    const fps = p.fps;
    io.out.frame[0] = saturate(f);
    io.out.seconds[0] = fps > 0 ? safeDivide(f, fps) : 0;
    io.out.sceneTime[0] = saturate(clock.time[0]);
  },
});
