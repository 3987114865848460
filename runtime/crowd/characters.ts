// A worker's share of a crowd: its characters, all over the same graph and scene, evaluated at each
// character's frame from the shared buffer and copied into its matrices there. Kept apart from the
// worker entry so the main thread (and tests) can run exactly the same code.
//
// One compiled program serves every character of the share: per character only its frame, its
// stateful nodes' state (`CharacterState`) and its matrices differ, so a frame runs one program's
// steps over and over, whose closures, views and buffer stay in the core's caches (a program per
// character — ~150 KB of buffer each for the bench humanoid — cost ~2× the CPU per character at 64
// characters). A program whose results depend on the frames it evaluated before (`Program.history`:
// a dependency cycle, a node that remembers its first evaluation, a driven param) cannot be shared
// that way, and then each character keeps a program of its own, as before.
import type { GraphDocument } from '../../graph/types';
import { compile } from '../eval/compile';
import type { CharacterState, Program } from '../eval/program';
import type { SceneDocument } from '../rig/scene/types';
import { framesView, MATRIX_SIZE, matricesView, type CrowdLayout } from './layout';

/** Whether a crowd's characters share one program per worker (else each has its own: `Program.history`). */
export function sharesProgram(program: Program): boolean {
  return program.history.length === 0;
}

export class CrowdShare {
  /** The program every character shares, or undefined when each has its own (`programs`). */
  private readonly shared: Program | undefined;
  private readonly characters: CharacterState[];
  private readonly programs: Program[];
  private readonly frames: Float64Array;
  private readonly matrices: Float64Array;
  private readonly owners: number;

  constructor(graph: GraphDocument, scene: SceneDocument, buffer: SharedArrayBuffer, layout: CrowdLayout, readonly first: number, readonly count: number) {
    const program = compile(graph, scene);
    if (program.owners.length !== layout.owners) throw new Error(`crowd: the graph compiled to ${program.owners.length} owners in a worker but ${layout.owners} on the main thread`);
    if (sharesProgram(program)) {
      this.shared = program;
      this.characters = Array.from({ length: count }, () => program.newCharacter());
      this.programs = [];
    } else {
      this.shared = undefined;
      this.characters = [];
      this.programs = Array.from({ length: count }, (_, i) => (i === 0 ? program : compile(graph, scene)));
    }
    this.owners = layout.owners;
    this.frames = framesView(buffer, layout);
    this.matrices = matricesView(buffer, layout);
  }

  /** Programs compiled for the share: 1 when its characters share one, else one per character. */
  get programCount(): number {
    return this.shared ? 1 : this.programs.length;
  }

  /** Evaluates every owned character at its frame and writes its owners' matrices. Allocates nothing. */
  evaluate(): void {
    const { shared, characters, programs, frames, first, count } = this;
    for (let i = 0; i < count; i++) {
      const c = first + i;
      const p = shared ? shared.evaluateCharacter(characters[i], frames[c]) : programs[i].evaluate(frames[c]);
      this.write(p, c);
    }
  }

  /** Copies the program's final matrices into character c's place in the shared buffer. */
  private write(p: Program, c: number): void {
    const { matrices, owners } = this;
    const list = p.owners;
    let at = c * owners * MATRIX_SIZE;
    for (let o = 0; o < owners; o++, at += MATRIX_SIZE) matrices.set(list[o].final, at);
  }
}
