// Parent types whose matrix is more than the parent's (rigs.py `rig_object_parents`, Blender's
// BKE_object_get_parent_matrix): children of curves with Path Animation — placed at the curve's
// Evaluation Time (keyed, and past the path's end), turned by Follow with each child's track and up
// axes, scaled by Curve Radius; a grandchild, a constrained child and an armature on a path — and
// vertex parents of a mesh (keyed to turn), a Bezier and a NURBS curve and a lattice (one vertex,
// three vertices, a vertex index past the mesh's end), and the LATTICE
// and ARMATURE parent types. `import-blender` then `eval` equals Blender within 1e-4 at four frames.
// Vertex parents on a mesh an Armature modifier deforms (rigs.py `skinned_parents`): the points move
// with the bones as Blender's armature_deform_coords moves them (runtime/rig/parent-skin.ts).
// And a curve's Evaluation Time driven (rigs.py `driven_path`): a `driver/curve-time` node.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: objects on paths and on vertices', () => {
  it('path children, vertex and triangle parents, LATTICE and ARMATURE parent types', () => {
    const rt = roundTrip('object_parents');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(36 * 4); // 34 objects and 2 bones at 4 frames
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  it('vertex parents on a mesh an Armature modifier deforms follow the deformed vertices (rigs.py skinned_parents)', () => {
    const rt = roundTrip('skinned_parents');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    // The children on meshes whose Subdivision modifiers make new vertices are written where Blender
    // puts them at the exported frame (read from the child's own matrices; a triangle child as three
    // points making the same frame), and noted: on the still mesh that is exact at every frame; the
    // one whose mesh the armature also deforms is off later.
    const notes = rt.importLog.filter((l) => l.includes('warning: exported approximately'));
    expect(notes.length).toBe(3);
    expect(notes.filter((l) => l.includes('OnSmooth:')).length).toBe(1);
    expect(notes.filter((l) => l.includes('OnBumpy:')).length).toBe(1);
    expect(notes.filter((l) => l.includes('OnBumpyTriangle:')).length).toBe(1);
    const diffs = differences(rt);
    expect(diffs.length).toBe(17 * 3); // 13 objects and 4 bones at 3 frames
    expect(failures(diffs.filter((d) => d.owner !== 'OnSmooth'), 1e-4)).toEqual([]);
    expect(failures(diffs.filter((d) => d.owner === 'OnSmooth' && d.frame === '1'), 1e-4)).toEqual([]);
    expect(diffs.filter((d) => d.owner === 'OnSmooth' && d.error > 1e-3).length).toBeGreaterThan(0);
  });

  it('a driven Evaluation Time moves Follow Path and the path\'s children (rigs.py driven_path)', () => {
    const rt = roundTrip('driven_path');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('1 wired live');
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 * 3); // Lane, Ctl, Walker, Follower at 3 frames
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
