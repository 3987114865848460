// A bench rig by name, compiled, with the frame the bench scripts step through: `humanoid`, `large`
// (the 1,000-bone rig), `rigify` (Rigify's human rig, a recorded pose of its controls written before
// each frame, as `npm run bench` times it) or `crowd` (the crowd's character: the humanoid with every
// bone keyed, at frames 0.37 apart as the crowd's characters are). Shared by profile.ts and
// step-kinds.ts.
import { compile } from '../../runtime/eval/compile';
import type { Program } from '../../runtime/eval/program';
import { animatedHumanoid } from './crowd-rig';
import { rigifyHuman, rigifyPoseCycle } from './rigify';
import { humanoid, largeRig, type BenchRig } from './rigs';

export interface RigLoop {
  rig: BenchRig;
  program: Program;
  /** Evaluates the next frame. */
  frame: () => void;
  /** Frames a measuring round of this rig takes by default (a second or so). */
  frames: number;
}

export function rigLoop(which: string): RigLoop {
  const rig = which === 'large' ? largeRig() : which === 'rigify' ? rigifyHuman() : which === 'crowd' ? animatedHumanoid() : humanoid();
  const program = compile(rig.graph, rig.scene);
  const pose = which === 'rigify' ? rigifyPoseCycle(program).apply : undefined;
  let f = 0;
  // The crowd's characters sit 0.37 frames apart on a 24-frame swing (test/bench/crowd.ts).
  const frame = which === 'crowd' ? () => { program.evaluate(1 + ((f++ * 0.37) % 24)); } : () => { pose?.(f); program.evaluate(f++); };
  return { rig, program, frame, frames: which === 'humanoid' || which === 'crowd' ? 20000 : 2000 };
}
