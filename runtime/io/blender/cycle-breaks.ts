// Where Blender breaks the rig's dependency cycles (the export's `dependency_cycles`). Blender's
// depsgraph marks one relation of each cycle and evaluates as if it were not there: the operation at
// its end reads what the one at its start left at the evaluation before. Which relation it marks
// decides what a cyclic rig shows, so the import breaks each cycle at the same place, reading the
// source as Blender reads it there:
// - an object: its matrix before its constraints, this frame's. Blender writes an object's matrix in
//   steps (its own transform, its parent's product, its constraints), and the first two wait on
//   nothing in the cycle, so they have run when the reader runs: the constraint reads the object
//   through an Owner In node, and the graph has no cycle left there (rigs.py random_keyed 150, 151,
//   154, 157, 160 and cycle_names within 4e-6 at every frame; 0.35-5 off read as last left);
// - a bone: as the last evaluation left it (Blender writes a bone's matrix and solves its constraints
//   in one step, which waits on the cycle): an Owner read whose `breaksCycle` is on. So is a curve
//   object read as a path (an Owner In has no path to give), though Blender reads this frame's.
// A relation of another kind (a driver's, a parent's), or of a constraint the graph leaves out, is
// reported, and Sinew's own rule breaks that cycle (graph/schedule.ts).
import type { Fixture, FixtureCyclicRelation, FixtureOperation } from './fixture';

/** Operations of an owner's constraint stack: a relation into one is a constraint reading a target. */
const STACKS = new Set(['BONE_CONSTRAINTS', 'TRANSFORM_CONSTRAINTS']);

const ownerOf = (op: FixtureOperation) => (op.bone !== undefined ? `${op.object}/${op.bone}` : op.object);

/** A relation as the import summary names it. */
export function describeRelation(r: FixtureCyclicRelation): string {
  const which = Array.isArray(r.constraints) && !(r.constraints.length === 1 && r.constraints[0] === r.relation) ? ` (${r.constraints.map((c) => `"${c}"`).join(', ')})` : '';
  return `${ownerOf(r.reader)} (${r.reader.operation}) reading ${ownerOf(r.source)} (${r.source.operation}) through "${r.relation}"${which}`;
}

/** How the import reads a source where a cycle breaks (see the file's head), as the summary says it. */
function howRead(lastLeft: boolean): string {
  return lastLeft ? 'read as the last evaluation left it' : 'read before its constraints, this frame';
}

export class CycleBreaks {
  private readonly relations: readonly FixtureCyclicRelation[];
  /** The relations placed, by index, each with whether its source is read as the last evaluation left it. */
  private readonly placedAt = new Map<number, boolean>();

  constructor(fx: Fixture) {
    this.relations = Array.isArray(fx.dependency_cycles) ? fx.dependency_cycles : [];
  }

  /**
   * Whether Blender breaks a cycle where the constraint `constraint` of `readerOwner` reads
   * `sourceOwner` (owner ids, `Object` or `Object/Bone`); marks that relation placed, its source
   * read as the last evaluation left it (`lastLeft`) or before its constraints.
   */
  breaks(readerOwner: string, constraint: string, sourceOwner: string, lastLeft: boolean): boolean {
    let found = false;
    this.relations.forEach((r, i) => {
      if (!STACKS.has(r.reader.operation) || ownerOf(r.reader) !== readerOwner || ownerOf(r.source) !== sourceOwner) return;
      // Blender names the relation after the constraint's type; the exporter says which constraints
      // it stands for. An export without that list named the relation only (the default names).
      if (!(Array.isArray(r.constraints) ? r.constraints.includes(constraint) : r.relation === constraint)) return;
      this.placedAt.set(i, lastLeft);
      found = true;
    });
    return found;
  }

  /** The relations placed, and those the graph has no link for, as the summary names them. */
  report(): { placed: string[]; unplaced: string[] } {
    const placed: string[] = [];
    const unplaced: string[] = [];
    this.relations.forEach((r, i) => {
      const lastLeft = this.placedAt.get(i);
      if (lastLeft !== undefined) placed.push(`${describeRelation(r)}: ${howRead(lastLeft)}`);
      else unplaced.push(describeRelation(r));
    });
    return { placed, unplaced };
  }
}
