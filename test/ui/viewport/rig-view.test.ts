// The 3D view draws a Shrinkwrap target's surface under its empty (the mesh's triangles, moving with
// the object's evaluated matrix, not pickable: picking stays on the empty's handle), and a curve its
// hooks move where they put it.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { RigView } from '../../../ui/viewport/rig-view';

describe('RigView: mesh surfaces', () => {
  it('draws the triangles under the empty and moves them with it', () => {
    const view = new RigView({
      format: 'sinew-scene', version: 1,
      objects: [
        { name: 'Ground', type: 'EMPTY', mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0], triangles: [0, 1, 2, 1, 3, 2], normals: Array(18).fill(0) } },
        { name: 'Plain', type: 'EMPTY' },
      ],
    });
    const meshes = (id: string) => view.visuals.get(id)!.root.children.filter((c): c is THREE.Mesh => c instanceof THREE.Mesh);
    const surface = meshes('Ground').find((m) => m.geometry.index?.count === 6);
    expect(surface, 'a mesh of the two triangles under Ground').toBeDefined();
    expect(Array.from(surface!.geometry.getAttribute('position').array)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
    expect(surface!.userData.ownerId).toBeUndefined();
    expect(view.visuals.get('Ground')!.pickables).toHaveLength(1);
    expect(meshes('Plain').every((m) => m.geometry.index?.count !== 6)).toBe(true);
    view.update((id) => (id === 'Ground' ? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 0, 0, 1] : undefined));
    view.group.updateMatrixWorld(true);
    expect(new THREE.Vector3(1, 1, 0).applyMatrix4(surface!.matrixWorld).toArray()).toEqual([4, 1, 0]);
  });
});

describe('RigView: curves their hooks move', () => {
  it('redraws the first spline where the hooks put it, only when it has moved since', () => {
    const view = new RigView({
      format: 'sinew-scene', version: 1,
      objects: [{ name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [1, 0, 0], [2, 0, 0]] }, { points: [[0, 5, 0], [1, 5, 0]] }] } }],
    });
    const lines = view.visuals.get('C')!.root.children as THREE.Line[];
    const points = (k: number) => Array.from(lines[k].geometry.getAttribute('position').array);
    const identity = () => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    view.update(identity, () => ({ points: Float64Array.of(0, 0, 0, 1, 2, 0, 2, 0, 0), moves: 1 }));
    expect(points(0)).toEqual([0, 0, 0, 1, 2, 0, 2, 0, 0]);
    expect(points(1)).toEqual([0, 5, 0, 1, 5, 0]);
    // Not moved since (same count of moves): not rewritten.
    view.update(identity, () => ({ points: Float64Array.of(9, 9, 9, 9, 9, 9, 9, 9, 9), moves: 1 }));
    expect(points(0)).toEqual([0, 0, 0, 1, 2, 0, 2, 0, 0]);
    view.update(identity, () => ({ points: Float64Array.of(0, 0, 1, 1, 0, 1, 2, 0, 1), moves: 2 }));
    expect(points(0)).toEqual([0, 0, 1, 1, 0, 1, 2, 0, 1]);
  });
});
