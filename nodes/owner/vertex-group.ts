// nodes/owner/vertex-group.ts — a mesh object's vertex group as a target: Blender's
// contarget_get_mesh_mat. The weighted mean of the group's vertices is the location; the weighted
// mean of their normals, carried by the object's inverse-transpose, is the Z axis, with X and Y
// from the object's Y (or X) axis; the columns normalized. A group that is not there reads as the
// object itself, as in Blender, and so does a group whose sums leave the double range. The mesh is
// the one the scene holds, or, where it has a skin (an Armature modifier deforms it), its grouped
// vertices as the armature moves them now, with the normals Blender makes on the moved mesh. A
// lattice's group (contarget_get_lattice_mat) is the plain mean of its points at the object's own
// rotation and scale.
import { defineNode, param, transform, type MeshInfo, type OwnerHandle } from '../define';
import { finishOrPass } from '../constraints/finite-result';
import { cross3, normalize3 } from '../math/vector';
import { deformMesh, type DeformedMesh } from '../math/deformed-mesh';

export interface VertexGroupState {
  owner: OwnerHandle;
  mesh: MeshInfo | undefined;
  /** The mesh's skin, when an armature deforms its grouped vertices. */
  deformed: DeformedMesh | undefined;
  group: { indices: Uint32Array; weights: Float64Array; counts?: Float64Array } | undefined;
}

const mean = new Float64Array(3);
const normal = new Float64Array(3);
const inv = new Float64Array(9);
// The columns of the group's 3×3, and the normal matrix's first two columns.
const axisX = new Float64Array(3);
const axisY = new Float64Array(3);
const axisZ = new Float64Array(3);
const column0 = new Float64Array(3);
const column1 = new Float64Array(3);

export const vertexGroup = defineNode({
  type: 'owner/vertex-group',
  label: 'Vertex Group',
  category: 'Owner',
  doc: "A mesh or lattice object's vertex group as a target (Blender's vertex-group subtarget): a mesh's at the weighted mean of its vertices, Z along their mean normal; a lattice's at the mean of its points, turned as the object.",
  inputs: {},
  outputs: {
    transform: transform({ doc: 'World matrix of the group: the weighted mean of its vertices, Z along their mean normal.' }),
  },
  params: {
    owner: param.owner('The mesh object whose vertex group is read.'),
    group: param.string('', 'The vertex group, by name. Not on the mesh: the object itself, as Blender reads it.'),
  },
  owner: { role: 'read', param: 'owner', deformedMesh: true },
  cannotFail: true,
  bind(env, p): VertexGroupState {
    const owner = env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner');
    const mesh = owner.mesh;
    const group = mesh?.groups?.get(p.group);
    if (!group) env.warn(`"${p.owner}" has no vertex group "${p.group}" in the scene (a mesh the exporter writes carries the groups constraints target): the object's own matrix is read`);
    return { owner, mesh, deformed: owner.meshSkin, group };
  },
  kernel(io, _p, state) {
    const m = state.owner.final;
    const out = io.out.transform;
    out.set(m);
    const { mesh, group, deformed } = state;
    if (!mesh || !group) return;
    if (deformed) deformMesh(deformed, m);
    if (mesh.lattice) {
      latticeGroup(out, m, mesh, group, deformed);
      return;
    }
    mean[0] = mean[1] = mean[2] = 0;
    normal[0] = normal[1] = normal[2] = 0;
    let total = 0;
    for (let i = 0; i < group.indices.length; i++) {
      const w = group.weights[i];
      if (!(w > 0)) continue;
      // A vertex the skin moves reads where it is now; any other as the scene holds it.
      const entry = deformed ? deformed.entryOf[group.indices[i]] : -1;
      const moved = entry >= 0 ? deformed : undefined;
      const v = moved ? moved.positions : mesh.vertices, n = moved ? moved.normals : mesh.vertexNormals;
      const o = (moved ? entry : group.indices[i]) * 3;
      for (let k = 0; k < 3; k++) {
        mean[k] += v[o + k] * w;
        if (n) normal[k] += n[o + k] * w;
      }
      total += w;
    }
    if (total > 0) for (let k = 0; k < 3; k++) { mean[k] /= total; normal[k] /= total; }
    // The inverse-transpose of the object's 3×3 (a normal's matrix). Blender's invert_m3_m3 leaves
    // the adjugate where the determinant is 0; the same here.
    const a = m[0], b = m[4], c = m[8], d = m[1], e = m[5], f = m[9], g = m[2], h = m[6], q = m[10];
    const A = e * q - f * h, B = -(d * q - f * g), C = d * h - e * g;
    const det = a * A + b * B + c * C;
    const s = det !== 0 && Number.isFinite(det) ? 1 / det : 1;
    // inv[3j + r] is (M⁻¹)ᵀ at row r, column j, that is M⁻¹ at row j, column r.
    inv[0] = A * s; inv[1] = -(b * q - c * h) * s; inv[2] = (b * f - c * e) * s;
    inv[3] = B * s; inv[4] = (a * q - c * g) * s; inv[5] = -(a * f - c * d) * s;
    inv[6] = C * s; inv[7] = -(a * h - b * g) * s; inv[8] = (a * e - b * d) * s;
    // The normal by the inverse-transpose, normalized: the Z axis.
    const nx = normal[0], ny = normal[1], nz = normal[2];
    for (let k = 0; k < 3; k++) {
      axisZ[k] = inv[k] * nx + inv[3 + k] * ny + inv[6 + k] * nz;
      column0[k] = inv[k];
      column1[k] = inv[3 + k];
    }
    normalize3(axisZ, axisZ);
    // X = Z × (the matrix's second column), or its first when those are near parallel.
    cross3(axisX, axisZ, column1);
    if (axisX[0] * axisX[0] + axisX[1] * axisX[1] + axisX[2] * axisX[2] < 1e-6) cross3(axisX, axisZ, column0);
    cross3(axisY, axisZ, axisX);
    normalize3(axisX, axisX); normalize3(axisY, axisY); normalize3(axisZ, axisZ);
    for (let k = 0; k < 3; k++) { out[k] = axisX[k]; out[4 + k] = axisY[k]; out[8 + k] = axisZ[k]; }
    // The mean, placed by the object's matrix.
    for (let k = 0; k < 3; k++) out[12 + k] = m[k] * mean[0] + m[4 + k] * mean[1] + m[8 + k] * mean[2] + m[12 + k];
    // Sums past the double range (weights or coordinates near it): the object itself, never ±Infinity.
    finishOrPass(out, m);
  },
});

/**
 * Blender's contarget_get_lattice_mat: the object's matrix, moved to the plain mean of the group's
 * points of weight > 0, each counted once for every group it is in (Blender's loop finds the
 * group's weight once per weight the point holds); a group without such points leaves it at the
 * object's origin.
 */
function latticeGroup(out: Float64Array, m: Float64Array, mesh: MeshInfo, group: NonNullable<VertexGroupState['group']>, deformed: DeformedMesh | undefined): void {
  mean[0] = mean[1] = mean[2] = 0;
  let count = 0;
  for (let i = 0; i < group.indices.length; i++) {
    if (!(group.weights[i] > 0)) continue;
    const times = group.counts ? group.counts[i] : 1;
    const entry = deformed ? deformed.entryOf[group.indices[i]] : -1;
    const v = entry >= 0 && deformed ? deformed.positions : mesh.vertices;
    const o = (entry >= 0 ? entry : group.indices[i]) * 3;
    for (let k = 0; k < 3; k++) mean[k] += v[o + k] * times;
    count += times;
  }
  if (count > 0) for (let k = 0; k < 3; k++) mean[k] /= count;
  for (let k = 0; k < 3; k++) out[12 + k] = m[k] * mean[0] + m[4 + k] * mean[1] + m[8 + k] * mean[2] + m[12 + k];
  finishOrPass(out, m);
}
