// glTF is Y-up (+Z is the front of a character), Sinew and Blender are Z-up (-Y is the front).
// Sinew keeps a glTF file's own coordinates inside the armature object and turns that object by
// +90° about X, the same map Blender's glTF importer applies: glTF (x, y, z) → Sinew (x, -z, y).

/** Sinew world from glTF world: +90° about X. Column-major. */
export const GLTF_TO_SINEW: readonly number[] = [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1];
/** glTF world from Sinew world: -90° about X. Column-major. */
export const SINEW_TO_GLTF: readonly number[] = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];
/** The armature object's Euler rotation (XYZ) that carries GLTF_TO_SINEW. */
export const ARMATURE_ROTATION = [Math.PI / 2, 0, 0];
