// The math kernel's public surface: Blender-exact rotations, matrices, blending, paths and IK solvers.
// Other files in this folder (aim, finite, dual-quat, …) are imported directly by their users.
export * from './vector';
export * from './euler';
export * from './quaternion';
export * from './axis-angle';
export * from './rotation-between';
export * from './matrix';
export * from './polar';
export * from './blend';
export * from './track';
export * from './path';
export * from './ik-chain';
export * from './ik-pole';
export * from './ik-two-bone';
export * from './ik-fabrik';
export * from './ik-pose';
