// Warnings on stderr, one line each: `FILE: POINTER: warning: message`. Those that arise while
// evaluating (a node that failed and was skipped, an owner saturated to the double range) are
// printed once per node or owner, after evaluating, with the number of frames they arose in.
import type { FileError } from '../io/files';
import type { CliIo } from './process';

export type CliWarning = FileError & { count?: number };

/**
 * Prints each warning once (the same file, pointer and message only once) and returns how many
 * were printed, for `--strict`. With `frames` (a bake), an evaluation warning says in how many of
 * them it arose.
 */
export function printWarnings(io: CliIo, warnings: readonly CliWarning[], frames?: number): number {
  const seen = new Set<string>();
  for (const w of warnings) {
    const line = `${w.file}: ${w.pointer || '(file)'}: warning: ${w.message}`;
    if (seen.has(line)) continue;
    seen.add(line);
    const inFrames = frames !== undefined && w.count !== undefined ? ` (in ${w.count} of ${frames} frame${frames === 1 ? '' : 's'})` : '';
    io.err(line + inFrames);
  }
  return seen.size;
}

/** The closing line of a `--strict` run that met warnings. */
export function strictFailure(file: string, warned: number, what: string): string {
  return `${file}: --strict: ${warned} warning${warned === 1 ? '' : 's'}; ${what}`;
}
