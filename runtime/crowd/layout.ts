// The crowd's shared memory: one SharedArrayBuffer holding every character's input (its frame) and
// output (every owner's world matrix), laid out the same on the main thread and in each worker, so a
// frame moves no pose data through messages: workers read the frames and write the matrices in place.

/** Doubles per owner matrix (column-major 4×4, as `RigOwner.final`). */
export const MATRIX_SIZE = 16;

export interface CrowdLayout {
  characters: number;
  /** Owners per character, in the compiled program's owner order. */
  owners: number;
}

/** Bytes of the shared buffer: `characters` frames, then `characters × owners` matrices, all Float64. */
export function crowdBytes(l: CrowdLayout): number {
  return 8 * (l.characters + l.characters * l.owners * MATRIX_SIZE);
}

/** The frames view: one frame (a Program's `evaluate` argument) per character. */
export function framesView(buffer: SharedArrayBuffer, l: CrowdLayout): Float64Array {
  return new Float64Array(buffer, 0, l.characters);
}

/** The matrices view: character c's owner o starts at `(c * owners + o) * 16`. */
export function matricesView(buffer: SharedArrayBuffer, l: CrowdLayout): Float64Array {
  return new Float64Array(buffer, 8 * l.characters, l.characters * l.owners * MATRIX_SIZE);
}

/** The characters worker w of `workers` owns: contiguous, sizes differing by at most one. */
export function partition(characters: number, workers: number, w: number): { first: number; count: number } {
  const base = Math.floor(characters / workers);
  const extra = characters % workers;
  const first = w * base + Math.min(w, extra);
  return { first, count: base + (w < extra ? 1 : 0) };
}
