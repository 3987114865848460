// The Vertex Group node (Blender's contarget_get_mesh_mat) on hand-checkable groups: one vertex
// at weight 1, a weighted pair, weights all 0, a group the mesh lacks, and sums past a double.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MeshInfo, OwnerHandle } from '../../../nodes/define';
import { vertexGroup } from '../../../nodes/owner/vertex-group';
import { allFinite, bindEnv, IDENTITY, rigid, unit } from '../harness';

function mesh(groups: Record<string, [number[], number[]]>, scale = 1): MeshInfo {
  return {
    vertices: Float64Array.from([1, 2, 3, -1, 0, 1, 0, 0, 0].map((x) => x * scale)),
    triangles: Uint32Array.from([0, 1, 2]),
    normals: new Float64Array(9),
    vertexNormals: Float64Array.from([0, 0, 1, 1, 0, 0, 0, 1, 0]),
    groups: new Map(Object.entries(groups).map(([k, [indices, weights]]) => [k, { indices: Uint32Array.from(indices), weights: Float64Array.from(weights) }])),
  };
}

/** The node's output for an object at `world` with mesh `m`, reading group `group`. */
function read(m: MeshInfo, world: ArrayLike<number>, group: string): Float64Array {
  const owner: OwnerHandle = { id: 'M', kind: 'object', objectType: 'EMPTY', rotationOrder: 'XYZ', pre: Float64Array.from(world), final: Float64Array.from(world), mesh: m };
  const params = { owner: 'M', group };
  const state = vertexGroup.bind!({ ...bindEnv(), owner: (id) => (id === 'M' ? owner : undefined) }, params);
  const out = { transform: new Float64Array(16) };
  vertexGroup.kernel({ in: {}, out }, params, state);
  return out.transform;
}

const point = (m: ArrayLike<number>, p: number[]) => [0, 1, 2].map((k) => m[k] * p[0] + m[4 + k] * p[1] + m[8 + k] * p[2] + m[12 + k]);

describe('Vertex Group', () => {
  it('one vertex at weight 1: at that vertex, Z along its normal carried by the inverse-transpose', () => {
    fc.assert(fc.property(rigid, (world) => {
      const out = read(mesh({ G: [[0], [1]] }), world, 'G');
      const at = point(world, [1, 2, 3]);
      for (let k = 0; k < 3; k++) expect(out[12 + k]).toBeCloseTo(at[k], 9);
      // A rigid matrix's inverse-transpose turns a normal as the matrix turns a direction (then normalized).
      const z = unit([world[8], world[9], world[10]]);
      for (let k = 0; k < 3; k++) expect(out[8 + k]).toBeCloseTo(z[k], 9);
      // An orthonormal frame: X ⟂ Z, Y = Z × X.
      expect(out[0] * out[8] + out[1] * out[9] + out[2] * out[10]).toBeCloseTo(0, 9);
      expect(allFinite(out)).toBe(true);
    }), { numRuns: 200 });
  });

  it('a weighted pair: at the weighted mean of its vertices', () => {
    const out = read(mesh({ G: [[0, 1], [3, 1]] }), IDENTITY, 'G');
    expect(Array.from(out.slice(12, 15))).toEqual([0.5, 1.5, 2.5]);
  });

  it('weights all 0: at the object origin; a group the mesh lacks: the object itself; sums past a double: the object itself', () => {
    const world = [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1];
    expect(Array.from(read(mesh({ G: [[0, 1], [0, 0]] }), world, 'G').slice(12, 15))).toEqual([5, 6, 7]);
    expect(Array.from(read(mesh({ G: [[0], [1]] }), world, 'Other'))).toEqual(world);
    expect(Array.from(read(mesh({ G: [[0, 1], [1e300, 1e300]] }, 1e300), world, 'G'))).toEqual(world);
  });
});
