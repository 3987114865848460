// Blender's BoneParentTransform lives in nodes/math/bone-parent.ts (pure math, shared with the
// driver variables that read a bone in its LOCAL space); the runtime's importers keep this path.
export * from '../../nodes/math/bone-parent';
