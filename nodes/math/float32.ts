// Blender evaluates in 32-bit floats, Sinew in doubles. Where Blender compares with a
// float-precision threshold, the kernels compare with the same one, so they take the same branches.

/** C's FLT_EPSILON (2⁻²³), Blender's threshold for zero-length bones and axes, parallel vectors and the like. */
export const FLT_EPSILON = 1.1920928955078125e-7;
