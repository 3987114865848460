// Compile errors are values: a code, where (JSON pointer and node id), and a sentence a rigger understands.
import type { GraphError } from '../../graph/types';
import type { ProgramWarning } from './program';

export class CompileFailure extends Error {
  constructor(readonly errors: GraphError[]) {
    super(errors.map((e) => `${e.pointer}: ${e.message}`).join('\n'));
  }
}

/** What every compile phase reports into: errors refuse the graph (`failIfAny`), warnings do not. */
export class Problems {
  readonly errors: GraphError[] = [];
  readonly warnings: ProgramWarning[] = [];

  fail(): never {
    throw new CompileFailure(this.errors);
  }

  failIfAny(): void {
    if (this.errors.length) this.fail();
  }
}
