// Every kind of object a production scene holds, built in Blender 3.4 (rigs.py `object_types`): a
// camera, a spot light, a text, a NURBS surface, a metaball, a grease pencil, a speaker, a light
// probe, a volume, point cloud and hair curves where Blender has them, an image empty and a force
// field, in one parent chain across kinds, each constrained (influence 0.6) to an object earlier in
// it; Follow Path on the text and on the surface (neither has a path: Blender marks both invalid),
// a bone tracking the grease pencil and scaled by the metaball, an armature with no bones; keyed.
// The exporter writes each as an object of its kind, the import evaluates them as Blender does.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: every object type', () => {
  it('parents, constrains and targets objects of every kind as Blender does', () => {
    const rt = roundTrip('object_types');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('skipped as Blender skips them: 2');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(57); // 18 objects and a bone, 3 frames
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  // rigs.py `instanced`: a collection instance holding an armature and a constrained empty (a linked
  // character in a shot file) is named, since its objects are not the scene's own and are not exported;
  // one holding only a mesh is not. Before, the export left the character out without a word.
  it('names a collection instance holding a rig, which it does not export', () => {
    const rt = roundTrip('instanced');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('exported approximately: CharacterInstance: instances collection "Character", whose "CharProp", "CharRig" are not exported');
    expect(log).not.toContain('DressingInstance:');
    expect(failures(differences(rt), 1e-4)).toEqual([]);
  });
});
