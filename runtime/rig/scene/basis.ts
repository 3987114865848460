// An object's or pose bone's own transform as a matrix; the builder lives in nodes/math/basis.ts so
// nodes share it.
export { basisMatrix, type BasisInput } from '../../../nodes/math/basis';
