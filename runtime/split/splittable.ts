// Which programs a frame can be split across threads for. The threads run each step in one of them,
// every frame, and a step's numbers are functions of what it reads in the shared buffer and of its own
// state; what carries between steps outside that keeps a program on one thread:
//   - stateful nodes (spring bones) replay ticks from their state, frame by frame, in `evaluate`;
//   - a dependency cycle reads, through the link set aside, what a later step writes, and a new
//     program first settles it by evaluating again and again (`Program.settleCycles`);
//   - a step that hands another a value in an owner's record (`Program.recordPassing`): each thread
//     has its own records.
import type { Program } from '../eval/program';

/** Why `program`'s frame cannot be split across threads, or undefined when it can. */
export function whyNotSplit(program: Program): string | undefined {
  if (program.stateful) return 'it has stateful nodes (spring bones), which replay their ticks frame by frame on one thread';
  if (program.schedule.cycles.length > 0) return 'it has a dependency cycle, which reads what a later step writes';
  if (!program.dependencies) return 'it has no schedule to split';
  const passing = program.recordPassing;
  if (passing.length > 0) return `its steps hand each other values outside its buffer, which threads do not share: ${passing.join('; ')}`;
  return undefined;
}
