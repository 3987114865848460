// The Action constraint's pieces against Blender 3.4's definitions (constraint.c actcon_get_tarmat
// and actcon_evaluate, action.c what_does_obaction, math_matrix.c) and against numbers measured in
// Blender 3.4.1; test/blender/action.test.ts checks whole rigs through Blender itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../../graph/types';
import { action, actionTime, channelIndex, mixAction, ACTION_MIX_MODES } from '../../../../nodes/constraints/relationship/action';
import { bindActionPose, sampleActionPose } from '../../../../nodes/constraints/relationship/action-pose';
import type { ActionFCurve, ActionSource } from '../../../../nodes/define';
import { basisMatrix, type RotationMode } from '../../../../nodes/math/basis';
import { EULER_ORDERS } from '../../../../nodes/math/euler';
import { CompileFailure } from '../../../../runtime/eval/errors';
import { compile } from '../../../../runtime/eval/compile';
import type { SceneDocument } from '../../../../runtime/rig/scene/types';
import { armatureObject, IDENTITY, maxAbs, maxDiff, mul, oneNodeGraph, positiveScaled, quaternion, resolveParams, scene, sceneObject, trs, vec3 } from '../../harness';

const params = (given: Record<string, JsonValue> = {}) => resolveParams(action, given) as Parameters<typeof actionTime>[2];
/** The action frame the node plays for `target` . */
const frameOf = (target: ArrayLike<number>, p: ReturnType<typeof params>) => actionTime(new Float64Array(2), target, p, channelIndex(p.transformChannel))[1];
/** A curve of constant keys (one key: the value at every frame), or linear from key to key. */
const curve = (data_path: string, array_index: number, keys: [number, number][], extra: Partial<ActionFCurve> = {}): ActionFCurve => ({
  data_path, array_index, keyframes: keys.map(([f, v]) => ({ co: [f, v], interpolation: 'LINEAR' as const })), ...extra,
});
const sample = (src: ActionSource, bone: string | null, mode: RotationMode, frame: number) => {
  const { pose } = bindActionPose(src, bone, mode);
  return sampleActionPose(new Float64Array(16), pose, Float64Array.of(frame));
};
const positiveUniform = fc.tuple(vec3, quaternion, fc.double({ min: 0.2, max: 3, noNaN: true })).map(([t, q, s]) => trs(t, q, [s, s, s]));

describe('Action: mixing the sampled action with the owner (actcon_evaluate)', () => {
  it('*_FULL are the plain products: BEFORE_FULL action·owner, AFTER_FULL owner·action', () => {
    fc.assert(fc.property(positiveScaled, positiveScaled, (owner, act) => {
      expect(maxDiff(mixAction(new Float64Array(16), owner, act, 'BEFORE_FULL'), mul(act, owner))).toBe(0);
      expect(maxDiff(mixAction(new Float64Array(16), owner, act, 'AFTER_FULL'), mul(owner, act))).toBe(0);
    }));
  });

  it('BEFORE and AFTER (aligned scale) equal the plain products when both scales are uniform (no shear to remove)', () => {
    fc.assert(fc.property(positiveUniform, positiveUniform, (owner, act) => {
      const tol = 1e-12 * (1 + maxAbs(owner)) * (1 + maxAbs(act));
      expect(maxDiff(mixAction(new Float64Array(16), owner, act, 'BEFORE'), mul(act, owner))).toBeLessThan(tol);
      expect(maxDiff(mixAction(new Float64Array(16), owner, act, 'AFTER'), mul(owner, act))).toBeLessThan(tol);
    }));
  });

  it('*_SPLIT adds the locations, multiplies the column lengths and the rotations (action first for BEFORE)', () => {
    fc.assert(fc.property(positiveScaled, positiveScaled, (owner, act) => {
      for (const [mode, first, second] of [['BEFORE_SPLIT', act, owner], ['AFTER_SPLIT', owner, act]] as const) {
        const r = mixAction(new Float64Array(16), owner, act, mode);
        for (let k = 0; k < 3; k++) {
          expect(r[12 + k]).toBeCloseTo(owner[12 + k] + act[12 + k], 12);
          const len = (m: ArrayLike<number>) => Math.hypot(m[4 * k], m[4 * k + 1], m[4 * k + 2]);
          expect(len(r)).toBeCloseTo(len(owner) * len(act), 10);
        }
        // The rotation part: unit columns of r are those of first·second's unit columns.
        const unitCols = (m: ArrayLike<number>) => {
          const u = new Float64Array(16);
          for (let c = 0; c < 3; c++) { const l = Math.hypot(m[4 * c], m[4 * c + 1], m[4 * c + 2]); for (let i = 0; i < 3; i++) u[4 * c + i] = m[4 * c + i] / l; }
          u[15] = 1;
          return u;
        };
        expect(maxDiff(unitCols(r), mul(unitCols(first), unitCols(second)))).toBeLessThan(1e-12);
      }
    }));
  });

  it('an identity action leaves the owner as it is in every mode', () => {
    fc.assert(fc.property(positiveScaled, fc.constantFrom(...ACTION_MIX_MODES), (owner, mode) => {
      expect(maxDiff(mixAction(new Float64Array(16), owner, IDENTITY, mode), owner)).toBeLessThan(1e-12 * (1 + maxAbs(owner)));
    }));
  });
});

describe('Action: the frame a target picks (actcon_get_tarmat)', () => {
  const range = fc.tuple(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: 0.01, max: 10, noNaN: true })).map(([lo, w]) => [lo, lo + w] as const);
  const frames = fc.tuple(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 }));

  it('a location inside [min, max] maps linearly onto [start, end]; outside, it is clamped to the nearer end', () => {
    fc.assert(fc.property(range, frames, fc.double({ min: -30, max: 30, noNaN: true }), fc.constantFrom(0, 1, 2), ([lo, hi], [start, end], v, axis) => {
      const p = params({ transformChannel: (['LOCATION_X', 'LOCATION_Y', 'LOCATION_Z'] as const)[axis], min: lo, max: hi, frameStart: start, frameEnd: end });
      const target = Float64Array.from(IDENTITY);
      target[12 + axis] = v;
      const t = frameOf(target, p);
      const s = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
      // float32 steps, as Blender's floats: within a few float32 ulps of the frame range.
      expect(Math.abs(t - (start + s * (end - start)))).toBeLessThan(1e-5 * (1 + Math.abs(start) + Math.abs(end)) / Math.min(1, hi - lo));
      if (v <= lo) expect(t).toBe(start);
      if (v >= hi) expect(t).toBe(end);
    }));
  });

  it('a rotation channel is the target\'s XYZ Euler angle in degrees; a scale channel its column length', () => {
    fc.assert(fc.property(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: 0.1, max: 4, noNaN: true }), (angle, size) => {
      const rotZ = trs([0, 0, 0], [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], [1, 1, 1]);
      const deg = params({ transformChannel: 'ROTATION_Z', min: -180, max: 180, frameStart: 0, frameEnd: 360 });
      expect(frameOf(rotZ, deg)).toBeCloseTo((angle * 180) / Math.PI + 180, 3);
      const scaled = trs([0, 0, 0], [0.2, 0.1, 0, 0.97], [1, size, 1]);
      const sc = params({ transformChannel: 'SCALE_Y', min: 0, max: 4, frameStart: 0, frameEnd: 400 });
      expect(frameOf(scaled, sc)).toBeCloseTo(size * 100, 3);
    }));
  });

  it('Evaluation Time replaces the target, clamped to [0, 1]', () => {
    fc.assert(fc.property(fc.double({ min: -2, max: 3, noNaN: true }), frames, (e, [start, end]) => {
      const p = params({ useEvalTime: true, evalTime: e, frameStart: start, frameEnd: end });
      const s = Math.min(1, Math.max(0, e));
      expect(frameOf(IDENTITY, p)).toBeCloseTo(start + s * (end - start), 4);
    }));
  });

  it('a range of zero width: beyond it an end, on it NaN (0/0, which Blender 3.4 does not guard)', () => {
    const p = params({ min: 0.5, max: 0.5, frameStart: 3, frameEnd: 9 });
    const at = (x: number) => { const m = Float64Array.from(IDENTITY); m[12] = x; return frameOf(m, p); };
    expect(at(0.7)).toBe(9);
    expect(at(0.2)).toBe(3);
    expect(at(0.5)).toBeNaN();
  });
});

describe('Action: the action sampled for the owner (what_does_obaction)', () => {
  const euler = fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }));
  const size = fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }));

  it("a bone's channels give the pose basis the runtime builds from the same numbers, in every rotation mode (float32 keys)", () => {
    fc.assert(fc.property(vec3, euler, quaternion, size, fc.constantFrom<RotationMode>(...EULER_ORDERS, 'QUATERNION', 'AXIS_ANGLE'), (loc, eul, q, scl, mode) => {
      const f32 = (v: readonly number[]) => v.map(Math.fround);
      const p = 'pose.bones["B"].';
      const quatWxyz = [q[3], q[0], q[1], q[2]];
      const axisAngle = [eul[0], ...q.slice(0, 3)];
      const src: ActionSource = {
        name: 'A',
        fcurves: [
          ...loc.map((v, i) => curve(`${p}location`, i, [[1, v]])),
          ...eul.map((v, i) => curve(`${p}rotation_euler`, i, [[1, v]])),
          ...quatWxyz.map((v, i) => curve(`${p}rotation_quaternion`, i, [[1, v]])),
          ...axisAngle.map((v, i) => curve(`${p}rotation_axis_angle`, i, [[1, v]])),
          ...scl.map((v, i) => curve(`${p}scale`, i, [[1, v]])),
        ],
      };
      const want = basisMatrix(new Float64Array(16), { location: f32(loc), rotation_mode: mode, rotation_euler: f32(eul), rotation_quaternion: f32(q), rotation_axis_angle: f32(axisAngle), scale: f32(scl) });
      expect(maxDiff(sample(src, 'B', mode, 7), want)).toBeLessThan(1e-12 * (1 + maxAbs(want)));
    }));
  });

  it('a bone reads only its own pose channels; object channels read only the object paths', () => {
    const src: ActionSource = {
      name: 'A',
      fcurves: [curve('pose.bones["B"].location', 0, [[0, 1]]), curve('pose.bones["C"].location', 1, [[0, 2]]), curve('location', 2, [[0, 3]]), curve('["prop"]', 0, [[0, 4]]), curve('pose.bones["B"].constraints["X"].influence', 0, [[0, 0.5]])],
    };
    expect(Array.from(sample(src, 'B', 'XYZ', 0).slice(12, 15))).toEqual([1, 0, 0]);
    expect(Array.from(sample(src, 'C', 'XYZ', 0).slice(12, 15))).toEqual([0, 2, 0]);
    expect(Array.from(sample(src, null, 'XYZ', 0).slice(12, 15))).toEqual([0, 0, 3]);
  });

  it("a group named after the bone is read alone (an empty one too, when the action lists its groups); a muted group or curve does not play", () => {
    const fcurves = [curve('pose.bones["B"].location', 0, [[0, 1]], { group: 'B' }), curve('pose.bones["B"].location', 1, [[0, 2]], { group: 'Other' }), curve('pose.bones["B"].location', 2, [[0, 3]])];
    expect(Array.from(sample({ name: 'A', fcurves }, 'B', 'XYZ', 0).slice(12, 15))).toEqual([1, 0, 0]);
    // No group of its name: every curve.
    const ungrouped = fcurves.map((f) => ({ ...f, group: f.group === 'B' ? 'Misc' : f.group }));
    expect(Array.from(sample({ name: 'A', fcurves: ungrouped }, 'B', 'XYZ', 0).slice(12, 15))).toEqual([1, 2, 3]);
    expect(Array.from(sample({ name: 'A', fcurves: ungrouped, groups: [{ name: 'Misc' }, { name: 'Other' }, { name: 'B' }] }, 'B', 'XYZ', 0).slice(12, 15))).toEqual([0, 0, 0]);
    expect(Array.from(sample({ name: 'A', fcurves: ungrouped, groups: [{ name: 'Misc', mute: true }, { name: 'Other' }] }, 'B', 'XYZ', 0).slice(12, 15))).toEqual([0, 2, 3]);
    const muted = ungrouped.map((f, i) => (i === 2 ? { ...f, mute: true } : f));
    expect(Array.from(sample({ name: 'A', fcurves: muted }, 'B', 'XYZ', 0).slice(12, 15))).toEqual([1, 2, 0]);
  });

  it('an object in QUATERNION mode: its cleared quaternions flip by 180° about X each (measured in Blender 3.4.1), so both unanimated cancel', () => {
    const quat = [[1, 0.8], [0, 0.6], [0, 0], [0, 0]].map(([a, b], i) => curve('rotation_quaternion', i, [[0, a], [10, b]]));
    const src: ActionSource = { name: 'A', fcurves: [...quat, curve('delta_location', 2, [[0, 0], [10, 3]])] };
    // Blender's matrix_world of an unparented empty with this constraint (eval time 1, frames 0–10, AFTER_FULL).
    const blender = [1, 0, 0, 0, 0, -0.28, -0.96, 0, 0, 0.96, -0.28, 0, 0, 0, 3, 1];
    expect(maxDiff(sample(src, null, 'QUATERNION', 10), blender)).toBeLessThan(1e-6);
    const noRotation: ActionSource = { name: 'A', fcurves: [curve('location', 0, [[0, 0.5]])] };
    expect(maxDiff(sample(noRotation, null, 'QUATERNION', 10), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5, 0, 0, 1])).toBeLessThan(1e-15);
  });

  it('a NaN frame gives each curve its first key (Blender\'s key search on NaN)', () => {
    const src: ActionSource = { name: 'A', fcurves: [curve('pose.bones["B"].location', 0, [[10, 0.7], [0, 0.3], [20, 2]])] };
    expect(sample(src, 'B', 'XYZ', Number.NaN)[12]).toBeCloseTo(0.3, 7);
  });
});

describe('Action: the node in a program', () => {
  const sceneWith = (actions: SceneDocument['actions']): SceneDocument => ({
    ...scene([armatureObject('Arm', [0, 0, 0], [0, 0, 0, 1], [1, 1, 1], { Bone: { rotation_mode: 'XYZ' } }), sceneObject('T', [0.5, 0, 0], [0, 0, 0, 1], [1, 1, 1])]),
    actions,
  });
  const act = [{ name: 'Act', fcurves: [curve('pose.bones["Bone"].location', 2, [[0, 0], [10, 1]])] }];
  const graph = (p: Record<string, JsonValue>, target = true) => oneNodeGraph(action, 'Arm/Bone', { transformChannel: 'LOCATION_X', min: 0, max: 1, frameStart: 0, frameEnd: 10, ...p }, target ? { target: 'T' } : {});

  it("plays the bone's curves at the frame the target picks", () => {
    const program = compile(graph({ action: 'Act' }), sceneWith(act)).evaluate(1);
    expect(program.owners.find((o) => o.id === 'Arm/Bone')!.final[14]).toBeCloseTo(0.5, 6);
    expect(program.warnings).toEqual([]);
  });

  it('an action the scene lacks is an error naming it and the actions there are', () => {
    expect(() => compile(graph({ action: 'Nope' }), sceneWith(act))).toThrow(CompileFailure);
    try {
      compile(graph({ action: 'Nope' }), sceneWith(act));
    } catch (e) {
      expect((e as CompileFailure).errors[0]).toMatchObject({ code: 'bind-failed', pointer: '/nodes/1/params/action', nodeId: 'c' });
      expect((e as CompileFailure).errors[0].message).toContain('action "Nope" is not in the scene\'s actions (it has "Act")');
    }
  });

  it('no action, no target without Evaluation Time, no curve for the owner: each a warning, and the owner passes through', () => {
    const cases: [Record<string, JsonValue>, boolean, string][] = [
      [{ action: '' }, true, 'names no action'],
      [{ action: 'Act' }, false, 'has no target and Use Evaluation Time is off'],
      [{ action: 'Other' }, true, 'action "Other" has no F-curve for bone "Bone"'],
    ];
    for (const [p, target, message] of cases) {
      const program = compile(graph(p, target), sceneWith([...act, { name: 'Other', fcurves: [curve('pose.bones["Else"].location', 0, [[0, 1]])] }])).evaluate(1);
      expect(program.warnings.map((w) => w.message).join('\n')).toContain(message);
      expect(Array.from(program.owners.find((o) => o.id === 'Arm/Bone')!.final)).toEqual(IDENTITY);
    }
  });

  it('a live program takes a new Evaluation Time or action by rebinding; an action the scene lacks asks for a recompile', () => {
    const other = { name: 'Other', fcurves: [curve('pose.bones["Bone"].location', 0, [[0, 0], [10, 2]])] };
    const program = compile(graph({ action: 'Act', useEvalTime: true, evalTime: 0.25 }, false), sceneWith([...act, other])).evaluate(1);
    const bone = () => Array.from(program.owners.find((o) => o.id === 'Arm/Bone')!.final.slice(12, 15)).map((x) => +x.toFixed(6));
    expect(bone()).toEqual([0, 0, 0.25]);
    expect(program.setParam('c', 'evalTime', 0.5)).toBe('applied');
    program.update(1);
    expect(bone()).toEqual([0, 0, 0.5]);
    expect(program.setParam('c', 'action', 'Other')).toBe('applied');
    program.update(1);
    expect(bone()).toEqual([1, 0, 0]);
    expect(program.setParam('c', 'action', 'Nope')).toBe('recompile');
  });

  it('with Evaluation Time it needs no target', () => {
    const program = compile(graph({ action: 'Act', useEvalTime: true, evalTime: 0.25 }, false), sceneWith(act)).evaluate(1);
    expect(program.owners.find((o) => o.id === 'Arm/Bone')!.final[14]).toBeCloseTo(0.25, 6);
    expect(program.warnings).toEqual([]);
  });
});
