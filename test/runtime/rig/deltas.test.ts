// Delta transforms on objects (Blender's BKE_object_to_mat4: T(loc + dloc) · Rdelta · R ·
// S(scale ⊙ dscale)), checked through the rig's own parenting rather than against the formula: an
// object with deltas lands where a chain of two objects without deltas lands — a parent holding the
// summed location and the delta rotation, a child holding the rotation and the product scale. Any
// parent above (an object, with a parent inverse) and every rotation mode. Keyed by an action, the
// deltas at a frame place the object where those values, authored, place it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneFCurve } from '../../../runtime/rig/scene/types';
import type { RotationMode, SceneObject } from '../../../runtime/rig/scene/types';
import { euler, expectClose, unitQuat, vec3 } from '../../nodes/math/helpers';
import { finals, rigid } from './arbitraries';

const MODES: RotationMode[] = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'];
const scale = fc.tuple(fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: -3, max: -0.2, noNaN: true })).map((v) => [...v]);
const list = (a: fc.Arbitrary<Float64Array>) => a.map((v) => [...v]);
const axisAngle = fc.tuple(fc.double({ min: -7, max: 7, noNaN: true }), unitQuat).map(([a, q]) => [a, q[0], q[1], q[2]]);

const object = fc.record({
  rotation_mode: fc.constantFrom(...MODES), location: list(vec3), rotation_euler: list(euler), rotation_quaternion: list(unitQuat), rotation_axis_angle: axisAngle, scale,
  delta_location: list(vec3), delta_rotation_euler: list(euler), delta_rotation_quaternion: list(unitQuat), delta_scale: scale,
});
const parent = fc.record({ location: list(vec3), rotation_euler: list(euler), scale, inverse: rigid });

describe('delta transforms (BKE_object_to_mat4)', () => {
  it('an object with deltas lands where a delta parent and a child without deltas land, in every rotation mode, under a parent', () => {
    fc.assert(fc.property(object, parent, (o, p) => {
      const mode = o.rotation_mode;
      const inverse = p.inverse;
      const top: SceneObject = { name: 'P', type: 'EMPTY', location: p.location, rotation_euler: p.rotation_euler, scale: p.scale };
      const withDeltas: SceneObject = { name: 'O', type: 'EMPTY', parent: 'P', matrix_parent_inverse: inverse, ...o };
      // The same without deltas: the delta rotation (in the object's mode; none for axis-angle) and
      // summed location on a parent, the rotation and product scale on its child.
      const loc = o.location.map((x, i) => x + o.delta_location[i]);
      const deltaRotation = mode === 'QUATERNION' ? { rotation_mode: mode, rotation_quaternion: o.delta_rotation_quaternion } : mode === 'AXIS_ANGLE' ? {} : { rotation_mode: mode, rotation_euler: o.delta_rotation_euler };
      const d: SceneObject = { name: 'D', type: 'EMPTY', parent: 'P', matrix_parent_inverse: inverse, location: loc, ...deltaRotation };
      const r: SceneObject = {
        name: 'R', type: 'EMPTY', parent: 'D', rotation_mode: mode, rotation_euler: o.rotation_euler, rotation_quaternion: o.rotation_quaternion, rotation_axis_angle: o.rotation_axis_angle,
        scale: o.scale.map((s, i) => s * o.delta_scale[i]),
      };
      const m = finals([top, withDeltas, d, r]);
      expectClose(m.get('O')!, m.get('R')!, 1e-9, `mode ${mode}`);
    }));
  });

  it('a delta of another mode, or identity deltas, leave the object as it is without', () => {
    fc.assert(fc.property(object, (o) => {
      const { delta_location: _l, delta_rotation_euler: dr, delta_rotation_quaternion: dq, delta_scale: _s, ...plain } = o;
      const other = o.rotation_mode === 'QUATERNION' ? { delta_rotation_euler: dr } : { delta_rotation_quaternion: dq, ...(o.rotation_mode === 'AXIS_ANGLE' && { delta_rotation_euler: dr }) };
      const identity = { delta_location: [0, 0, 0], delta_scale: [1, 1, 1] };
      const m = finals([{ name: 'A', type: 'EMPTY', ...plain }, { name: 'B', type: 'EMPTY', ...plain, ...other, ...identity }]);
      expectClose(m.get('B')!, m.get('A')!, 0, `mode ${o.rotation_mode}`);
    }));
  });
});

const DELTA_PATHS = [['delta_location', 3], ['delta_rotation_euler', 3], ['delta_rotation_quaternion', 4], ['delta_scale', 3]] as const;
/** The scene's [x, y, z, w] index of Blender's array index (quaternions count W first). */
const sceneIndex = (path: string, i: number) => (path === 'delta_rotation_quaternion' ? [3, 0, 1, 2][i] : i);

describe('delta transforms keyed by an action', () => {
  it('at any frame between two LINEAR keys, the object is where the deltas of that frame, authored, put it', () => {
    fc.assert(fc.property(object, object, fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.subarray(DELTA_PATHS.map(([p]) => p), { minLength: 1 }), fc.boolean(), (a, b, t, keyed, sceneDeltas) => {
      // Object "A" keyed from a's deltas (frame 1) to b's (frame 11); what is not keyed keeps a's (or none).
      // (Not within 1e-4 frames of a key, where Blender takes the key's value as it is.)
      const { delta_location: _1, delta_rotation_euler: _2, delta_rotation_quaternion: _3, delta_scale: _4, ...own } = a;
      const start: SceneObject = sceneDeltas ? { name: 'A', type: 'EMPTY', ...a } : { name: 'A', type: 'EMPTY', ...own };
      const fcurves: SceneFCurve[] = DELTA_PATHS.filter(([p]) => keyed.includes(p)).flatMap(([path, n]) => Array.from({ length: n }, (_, i) => ({
        data_path: path, array_index: i,
        keyframes: [{ co: [1, a[path][sceneIndex(path, i)]] as [number, number], interpolation: 'LINEAR' as const }, { co: [11, b[path][sceneIndex(path, i)]] as [number, number], interpolation: 'LINEAR' as const }],
      })));
      const program = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, {
        format: SCENE_FORMAT, version: 1, objects: [{ ...start, animation_data: { action: 'act' } }], actions: [{ name: 'act', fcurves }],
      });
      const frame = 1 + 10 * t;
      const got = Float64Array.from(program.evaluate(frame).owners.find((o) => o.id === 'A')!.final);
      // The same frame's values written into the scene (a key's value is read back as float32 by the curve).
      const at = (path: (typeof DELTA_PATHS)[number][0], k: number) => {
        const f32 = (x: number) => Math.fround(x);
        return keyed.includes(path) ? f32(a[path][k]) + (f32(b[path][k]) - f32(a[path][k])) * t : sceneDeltas ? a[path][k] : path === 'delta_scale' ? 1 : k === 3 && path === 'delta_rotation_quaternion' ? 1 : 0;
      };
      const authored: SceneObject = { name: 'A', type: 'EMPTY', ...own };
      for (const [path, n] of DELTA_PATHS) authored[path] = Array.from({ length: n }, (_, k) => at(path, k));
      expectClose(got, finals([authored]).get('A')!, 1e-6, `frame ${frame}, keyed ${keyed.join(', ')}`);
    }));
  });

  it("delta curves of a pose bone name no Blender channel: each is reported and ignored", () => {
    const program = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, {
      format: SCENE_FORMAT, version: 1,
      objects: [{ name: 'Arm', type: 'ARMATURE', animation_data: { action: 'act' }, bones: [{ name: 'B', matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], length: 1 }] }],
      actions: [{ name: 'act', fcurves: [{ data_path: 'pose.bones["B"].delta_location', array_index: 0, keyframes: [{ co: [1, 5] }] }] }],
    });
    expect(program.warnings.map((w) => w.message)).toEqual(['action "act": animating "pose.bones["B"].delta_location" is not supported; the curve is ignored']);
    expect(program.evaluate(1).owners.find((o) => o.id === 'Arm/B')!.final[12]).toBe(0);
  });

  it('Program.setOwnerBasis with location/rotation/scale keeps the object\'s deltas, as a scene holding those values does', () => {
    fc.assert(fc.property(object, object, (o, moved) => {
      const graph: GraphDocument = { format: GRAPH_FORMAT, version: 1, nodes: [], links: [] };
      const channels = { rotation_mode: o.rotation_mode, location: moved.location, rotation_euler: moved.rotation_euler, rotation_quaternion: moved.rotation_quaternion, rotation_axis_angle: moved.rotation_axis_angle, scale: moved.scale };
      const live = compile(graph, { format: SCENE_FORMAT, version: 1, objects: [{ name: 'O', type: 'EMPTY', ...o }] }).update(1);
      live.setOwnerBasis('O', channels).update();
      const fresh = compile(graph, { format: SCENE_FORMAT, version: 1, objects: [{ name: 'O', type: 'EMPTY', ...o, ...channels }] }).evaluate(1);
      expect(Array.from(live.owner('O')!.final)).toEqual(Array.from(fresh.owner('O')!.final));
    }));
  });
});
