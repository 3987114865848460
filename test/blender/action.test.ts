// Blender's Action constraint, round trip (rigs.py `action`): every mix mode on bones in several
// owner spaces, the frame picked by location, rotation and scale channels of an object and of bones
// in several target spaces (reversed ranges, a reversed frame range, a range of width 0 with the
// target on it), by Evaluation Time (one driven); Euler, quaternion and axis-angle bones, a bone
// whose action group holds part of its curves, use_bone_object_action, object owners (one in
// QUATERNION mode with a delta location, one parented, in LOCAL space), two Action constraints in
// one stack, influences below 1, muted action groups; the controls animated, four frames.
// `import-blender` then `eval` equals Blender's own matrices within 1e-4, and the import leaves
// nothing out.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: Action constraints and actions', () => {
  it('every mix mode, channel kinds, target spaces, Evaluation Time, object owners, use_bone_object_action', () => {
    const rt = roundTrip('action');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    expect(rt.importLog.join('\n')).toMatch(/constraints: 17 \(ACTION 16, COPY_ROTATION 1\)/);
    // Evaluation Time driven from the frame: a driver node wired into the node's evalTime param.
    expect(rt.importLog.join('\n')).toContain('1 wired live');
    const diffs = differences(rt);
    // 4 frames × (7 objects: the armature, Ctrl, OnZero, Plain, QuatOwner, Holder, Kid; 14 bones)
    expect(diffs.length).toBe(4 * (7 + 14));
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  // rigs.py `action_modifiers`: bone and object curves with Stepped, Limits, Generator (expanded,
  // factorised, additive), Built-In Function (sin, sqrt, ln) and Envelope modifiers, ranges, blends,
  // influence, one after a Cycles modifier and one muted, a constraint on top; six frames.
  it('F-curve modifiers on the actions of bones and objects', () => {
    const rt = roundTrip('action_modifiers');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(6 * 5); // the armature, A, B, C and the empty Spin
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  // rigs.py `action_noise`: Noise modifiers in every blend type on bone and object curves (depth,
  // scale, phase, offset; a range with blends, influence, after a Cycles modifier, one muted). Sinew
  // has no noise tables: the exporter samples each one's noise in Blender at each whole frame, which
  // the export notes; at whole frames the result is Blender's.
  it('Noise modifiers, from the noise Blender sampled', () => {
    const rt = roundTrip('action_noise');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    // Seven Noise modifiers sampled (the muted one is not), each named in a warning; nothing else left out.
    expect(log.match(/warning: exported approximately: [^\n]*Noise modifier sampled by Blender at each whole frame -9 to 260/g)?.length).toBe(7);
    expect(log).toContain('not carried: 7');
    expect(log).not.toContain('is not evaluated');
    const diffs = differences(rt);
    expect(diffs.length).toBe(5 * 5); // the armature, A, B, C and the empty Shaken
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  // rigs.py `action_cycles_ranges`: Cycles modifiers with a restricted range (blends) or an influence
  // in every mode, before and past the keys, one with a Stepped and a Generator after it, on bone and
  // object curves and on a driver's keyed curve; 14 frames. Blender runs such a Cycles in the stack:
  // outside its range the curve extrapolates, inside it the frame is folded by the influence there.
  it('Cycles modifiers with a restricted range or an influence', () => {
    const rt = roundTrip('action_cycles_ranges');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(14 * 6); // the armature, A, B, C, D and the empty Looped
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
