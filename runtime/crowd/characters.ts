// A worker's share of a crowd: one compiled Program per character it owns, all over the same graph
// and scene, evaluated at each character's frame from the shared buffer and copied into its matrices.
// Kept apart from the worker entry so the main thread (and tests) can run exactly the same code.
import type { GraphDocument } from '../../graph/types';
import { compile } from '../eval/compile';
import type { Program } from '../eval/program';
import type { SceneDocument } from '../rig/scene/types';
import { framesView, MATRIX_SIZE, matricesView, type CrowdLayout } from './layout';

export class CrowdShare {
  private readonly programs: Program[];
  private readonly frames: Float64Array;
  private readonly matrices: Float64Array;
  private readonly owners: number;

  constructor(graph: GraphDocument, scene: SceneDocument, buffer: SharedArrayBuffer, layout: CrowdLayout, readonly first: number, readonly count: number) {
    this.programs = Array.from({ length: count }, () => compile(graph, scene));
    const owners = this.programs[0]?.owners.length ?? layout.owners;
    if (owners !== layout.owners) throw new Error(`crowd: the graph compiled to ${owners} owners in a worker but ${layout.owners} on the main thread`);
    this.owners = owners;
    this.frames = framesView(buffer, layout);
    this.matrices = matricesView(buffer, layout);
  }

  /** Evaluates every owned character at its frame and writes its owners' matrices. Allocates nothing. */
  evaluate(): void {
    const { programs, frames, matrices, owners, first } = this;
    for (let i = 0; i < programs.length; i++) {
      const c = first + i;
      const list = programs[i].evaluate(frames[c]).owners;
      let at = c * owners * MATRIX_SIZE;
      for (let o = 0; o < owners; o++, at += MATRIX_SIZE) matrices.set(list[o].final, at);
    }
  }
}
