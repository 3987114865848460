// Vertex-group targets through Blender (rigs.py `rig_vertex_groups`): a bumpy grid, scaled unevenly
// and keyed to turn and move, with a weighted corner, a weighted strip, a group with no vertices, one
// whose weights are all 0 and a name the mesh lacks, read by Copy Location, Copy Transforms, Child
// Of, Damped Track, Copy Rotation in LOCAL spaces, a CUSTOM owner space on a group and a bone's
// Track To. The export writes the groups with the mesh; `import-blender` reads each through a
// Vertex Group node; `eval` equals Blender for every owner within 1e-4 at every frame.
// And the same targets on a mesh an Armature modifier deforms (rigs.py `rig_skinned_groups`): the
// export writes the grouped vertices' skin (`mesh.skin`), and the node reads them where the bones
// put them each frame, with the normals Blender makes on the moved mesh (nodes/math/deformed-mesh.ts).
// And a lattice's groups (rigs.py `rig_lattice_groups`): Blender's plain mean of the points, each
// counted once per group it is in, at the lattice's own rotation; one lattice an Armature deforms.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: vertex-group targets', () => {
  it('every owner as Blender has it, at every frame', () => {
    const rt = roundTrip('vertex_groups');
    // 9 empties, the plate, the armature and its 2 bones, at 3 frames.
    expectAsBlender(rt, 13 * 3);
  });

  it('on a mesh an Armature modifier deforms, the groups follow the bones (rigs.py skinned_groups)', () => {
    const rt = roundTrip('skinned_groups');
    // 6 empties, the mesh, two armatures and their 4 + 2 bones, at 3 frames (the bones keyed apart).
    expectAsBlender(rt, 15 * 3);
  });

  it("a lattice's groups, as Blender reads them, on a keyed lattice and on one an Armature deforms (rigs.py lattice_groups)", () => {
    const rt = roundTrip('lattice_groups');
    // 6 empties, two lattices, two armatures and their 2 + 2 bones, at 3 frames. Read as plain means
    // (no counts) and without the skin, four of them were 0.22-0.73 off at frame 5.
    expectAsBlender(rt, 14 * 3);
  });
});
