// A mesh as Shrinkwrap and the vertex-group targets read it: the surface, its normals and its
// groups, in typed arrays (runtime/rig/rig.ts builds one per scene mesh).

/** A mesh's surface in the object's local space (Shrinkwrap's target): scene `mesh`, as typed arrays. */
export interface MeshInfo {
  /** x, y, z per vertex. */
  vertices: Float64Array;
  /** Three vertex indices per triangle. */
  triangles: Uint32Array;
  /** Per triangle, the normal at each corner (nine numbers): what the smooth normal interpolates. */
  normals: Float64Array;
  /** Per vertex, its normal (Blender's vertex normals, whatever the shading): what Target Normal Project solves along. Absent in files before it was written. */
  vertexNormals?: Float64Array;
  /** Vertex groups constraints target, by name: the vertices in each and their weights (and, on a lattice, the number of groups each is in). */
  groups?: ReadonlyMap<string, { indices: Uint32Array; weights: Float64Array; counts?: Float64Array }>;
  /** A lattice's points, read as Blender reads a lattice's vertex group (SceneMesh.lattice). */
  lattice?: boolean;
}
