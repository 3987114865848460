// A compiled program: a flat list of steps over one Float64Array, run every frame.
import type { GraphError } from '../graph/types';
import type { RigOwner } from './rig';

export interface Step {
  /** Schedule unit: `node:<id>`, `pre:<owner>`, `stack:<owner>` or `final:<owner>`. */
  unit: string;
  run: () => void;
}

export interface ScheduleReport {
  order: string[];
  cycles: { nodes: string[]; owners: string[] }[];
}

export class Program {
  constructor(
    readonly buffer: Float64Array,
    readonly steps: Step[],
    readonly owners: RigOwner[],
    readonly frameSlot: Float64Array,
    readonly schedule: ScheduleReport,
    readonly warnings: GraphError[],
  ) {}

  /** Evaluates every step in order for `frame`. Allocates nothing. */
  evaluate(frame = this.frameSlot[0]): this {
    this.frameSlot[0] = frame;
    const steps = this.steps;
    for (let i = 0; i < steps.length; i++) steps[i].run();
    return this;
  }

  /** The live final world matrix of an owner (a view; read it after `evaluate`). */
  ownerMatrix(id: string): Float64Array | undefined {
    return this.owners.find((o) => o.id === id)?.final;
  }

  /** Every owner's final world matrix as plain arrays (allocates; for files and the CLI). */
  result(): { owners: Record<string, number[]> } {
    return { owners: Object.fromEntries(this.owners.map((o) => [o.id, Array.from(o.final)])) };
  }
}
