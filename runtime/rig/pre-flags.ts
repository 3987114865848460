// What a bone's pre step reads each frame besides its matrices: whether the bone inherits fully
// from its parent (pose.ts `inheritsFully`: its pre matrix is then two products) and whether
// anything has asked for its parent frame (parent-frame.ts: the step then keeps the frame). Read
// from the bone's record and its frame's, they cost a large rig's frame ~5%: a cache line or two
// a bone (docs/performance.md, nineteenth session). So both are also kept in one number of the
// program's buffer, next to the bone's matrices, where its pre step reads them:
// - written whole when the step is bound (wasm/bone-pre.ts);
// - FRAME_WANTED set by whatever first asks for the frame (`parentFrame`, the LOCAL kernels).
// A bone whose inheritance a node sets each frame (driver/bone-inheritance) reads it from its record
// instead, where the node writes it.

/** The bone inherits fully (`inheritsFully`). */
export const INHERITS_FULLY = 1;
/** Something has asked for the bone's parent frame (`ParentFrame.wanted`). */
export const FRAME_WANTED = 2;

/** A bone with its pre-step flags: the sum of the flags that hold, in `preFlags[0]`. */
export interface PreFlagged {
  preFlags: Float64Array;
}

/** Writes both flags. */
export function writePreFlags(b: PreFlagged, full: boolean, wanted: boolean): void {
  b.preFlags[0] = (full ? INHERITS_FULLY : 0) + (wanted ? FRAME_WANTED : 0);
}

/** Sets FRAME_WANTED (it is never cleared: a frame once asked for is kept from then on). */
export function setFrameWanted(b: PreFlagged): void {
  const f = b.preFlags;
  if (f[0] < FRAME_WANTED) f[0] += FRAME_WANTED;
}
