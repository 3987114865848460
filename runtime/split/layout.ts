// What every thread of a split frame compiles the same way: the options (the shared memory, no
// matrices made on demand) and a summary of where the program's slots are, which the main thread
// compares with each worker's, so two programs that would not share their numbers are never split.
import type { CompileOptions } from '../eval/compile';
import type { Program } from '../eval/program';

/**
 * Thread `thread`'s compile options (without `memory`: the same program on a memory of its own). Matrices before constraints are made every frame (lazyPre off):
 * made on demand, a reader on one thread would make a matrix in the shared buffer while a reader on
 * another reads it (on Rigify's human rig this costs nothing measurable: 531-551 against 525-545 µs).
 */
export function splitProgramOptions(memory: WebAssembly.Memory | undefined, thread: number, threads: number): CompileOptions {
  return { shared: memory && { memory, thread, threads }, lazyPre: false };
}

/** Where the program's owners' matrices and steps' units are, as text. */
export function programLayout(p: Program): string {
  const owners = p.owners.map((o) => `${o.id}@${o.pre.byteOffset}/${o.final.byteOffset}`).join(',');
  return `${p.buffer.length}|${p.steps.length}|${p.steps.map((s) => s.unit).join(',')}|${owners}`;
}
