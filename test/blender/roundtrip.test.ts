// `sinew import-blender RIG.blend` then `sinew eval --frame N` equals Blender's own evaluated world
// matrices within 1e-4, for rigs built by script in Blender 3.4 (rigs.py): a hand-made rig (IK with
// a pole, a three-target Armature constraint, custom-property switches, Damped Track, Limit
// Rotation, Copy Rotation/Location, Stretch To, Copy Transforms, Track To, Floor, Limit Location,
// Transformation, a bone-parented object, connected bones with a location set, a mesh target and a
// target linked to no scene), an animated rig
// (bone and object actions: Euler, quaternion, location, scale; Bezier, SINE in-out, LINEAR, BACK;
// a CYCLES modifier and LINEAR extrapolation; integer and fractional frames before, inside and after
// the keys), Rigify's generated human rig and its basic quadruped (its IK legs are three-bone chains
// that share roots: Blender's IK trees), every bone. Needs Blender on PATH (.ci/run installs it).
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

const TOLERANCE = 1e-4;

describe('Blender round trip: .blend → import-blender → eval equals Blender', () => {
  it('a hand-made rig: every object and bone', () => {
    const rt = roundTrip('handmade', { viaBlend: true });
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const diffs = differences(rt);
    expect(diffs.length).toBe(18); // 9 objects and 9 bones, each compared
    expect(failures(diffs, TOLERANCE)).toEqual([]);
  });

  it('an animated rig: every object and bone at every frame', () => {
    const rt = roundTrip('animated', { viaBlend: true });
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    // The IK chain (two bones, a pole) is Blender's legacy solver now (the importer's default), so
    // every owner is held to the same 1e-4 as the rest, not to the anim_ik fixtures' 5e-4.
    const diffs = differences(rt);
    expect(diffs.length).toBe(6 * 8); // 6 frames × (4 objects + 4 bones)
    expect(failures(diffs, TOLERANCE)).toEqual([]);
  });

  it('Rigify\'s human rig: every bone, the IK chains (stretch, poles) included', () => {
    const rt = roundTrip('rigify', { viaBlend: true });
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const diffs = differences(rt);
    expect(diffs.length).toBeGreaterThan(700);
    expect(diffs.filter((d) => rt.ikAffected.has(d.owner)).length).toBeGreaterThan(100);
    expect(failures(diffs, TOLERANCE).slice(0, 20)).toEqual([]);
  });

  it('Rigify\'s basic quadruped, every control posed a little: every bone, its IK legs included', () => {
    const rt = roundTrip('quadruped', { viaBlend: true });
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const diffs = differences(rt);
    expect(diffs.length).toBe(284);
    expect(diffs.filter((d) => rt.ikAffected.has(d.owner)).length).toBe(152);
    expect(failures(diffs, TOLERANCE)).toEqual([]);
  });
});
