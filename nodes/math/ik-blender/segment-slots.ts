// The segment kinds, and what each slot of Segment.s and Segment.f holds: shared by segment.ts and
// its WebAssembly port (nodes/math/wasm/assembly/ik/segment.ts), which imports this file as it is.

export const enum SegKind { Null, Spherical, Swing, Elbow, Revolute, Translate }

// Scalar slots in `Segment.s`.
export const MAX_EXT = 0, ANGLE = 1, NEW_ANGLE = 2, TWIST = 3, NEW_TWIST = 4, COS_TWIST = 5, SIN_TWIST = 6;
export const MIN = 7, MAX = 8, MIN_TWIST = 9, MAX_TWIST = 10, MIN_Y = 11, MAX_Y = 12;
export const LOCKED_AX = 13, LOCKED_AY = 14, LOCKED_AZ = 15;
// Flag slots in `Segment.f`.
export const LIMIT_X = 0, LIMIT_Y = 1, LIMIT_Z = 2, LIMIT = 3, LIMIT_TWIST = 4;
