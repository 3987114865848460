// Compile errors are values: a code, where (JSON pointer and node id), and a sentence a rigger understands.
import type { GraphError } from '../../graph/types';

export class CompileFailure extends Error {
  constructor(readonly errors: GraphError[]) {
    super(errors.map((e) => `${e.pointer}: ${e.message}`).join('\n'));
  }
}
