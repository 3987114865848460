// Where the solver's iteration on its WebAssembly kernel (nodes/math/wasm/assembly/ik-solver.ts) finds
// the segments and tasks: one block of doubles, packed by solver.ts before the iterations and
// unpacked after. Plain integer constants, so the AssemblyScript imports this file as it is.

// The block: a header, the root rotation, scratch, then the segments, then the tasks.
/** Out: the iterations run, and 1 when the solve converged. */
export const SOLVE_ITERATIONS = 0;
export const SOLVE_SOLVED = 1;
/** The root's rotation (row-major 3x3), and (0, 0, 0), the root's start (read, not assumed). */
export const SOLVE_ROOT_R = 2;
export const SOLVE_ZERO3 = 11;
/** The kernel's own scratch (vectors and 3x3s it passes between its functions). */
export const SOLVE_SCRATCH = 16;
export const SOLVE_SCRATCH_SIZE = 80;
export const SOLVE_SEGMENTS = SOLVE_SCRATCH + SOLVE_SCRATCH_SIZE;

// A segment (Segment's fields of the same names; flags and integers as doubles).
export const SEG_KIND = 0;
export const SEG_NDOF = 1;
export const SEG_PARENT = 2;
export const SEG_DOF_ID = 3;
/** Segment.axis, −1 past its length. */
export const SEG_AXIS = 4;
export const SEG_START = 7;
export const SEG_REST = 10;
export const SEG_BASIS = 19;
export const SEG_NEW_BASIS = 28;
export const SEG_TRANSLATION = 37;
export const SEG_NEW_TRANSLATION = 40;
export const SEG_GLOBAL_START = 43;
export const SEG_GLOBAL_R = 46;
export const SEG_GLOBAL_END = 55;
export const SEG_LOCKED = 58;
export const SEG_MIN = 61;
export const SEG_MAX = 64;
export const SEG_TLIMIT = 67;
/** Segment.s (16) and Segment.f (5). */
export const SEG_S = 70;
export const SEG_F = 86;
export const SEG_STRIDE = 96;

// A task (Task's fields).
export const TASK_KIND = 0;
export const TASK_TIP = 1;
export const TASK_ID = 2;
/** Task.s: [m_weight, clamp length]. */
export const TASK_S = 3;
export const TASK_GOAL = 5;
export const TASK_STRIDE = 16;

/** Doubles a block for `segments` and `tasks` takes. */
export function solveBlockSize(segments: number, tasks: number): number {
  return SOLVE_SEGMENTS + segments * SEG_STRIDE + tasks * TASK_STRIDE;
}
