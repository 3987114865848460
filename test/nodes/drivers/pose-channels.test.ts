// driver/pose-channels: a driven channel replaces the owner's own transform before its parent and
// constraints apply. Checked by compiling a rig two ways: the channel driven by a value node, and the
// same value authored in the scene (the runtime's own basis and pose path); both must agree, and
// differ from the undriven rig. On an animated owner the action plays first and the driven channels
// replace theirs (Blender's order); under a glTF clip the clip plays as channels, which the driven
// ones replace.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { axisAngleToQuat, eulerToQuat } from '../../../nodes/math/quaternion';
import { SCENE_FORMAT, type SceneBone, type SceneDocument } from '../../../runtime/rig/scene/types';

const rest = (x: number, z: number) => [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, x, 0, z, 1];
function rig(pose: NonNullable<SceneBone['pose']>): SceneDocument {
  return {
    format: SCENE_FORMAT, version: 1,
    objects: [{
      name: 'Arm', type: 'ARMATURE', location: [0.5, 0, 0], rotation_euler: [0, 0, 0.3], scale: [1, 1, 1],
      bones: [
        { name: 'Root', matrix_local: rest(0, 0), length: 1, pose: { rotation_mode: 'XYZ', rotation_euler: [0.2, 0, 0] } },
        { name: 'Child', parent: 'Root', matrix_local: rest(0.2, 1), length: 1, pose },
      ],
    }],
  };
}
const graph = (channels: Record<string, number>, rotationMode = 'ZXY'): GraphDocument => ({
  format: GRAPH_FORMAT, version: 1,
  nodes: [
    { id: 'v', type: 'value/float', position: [0, 0], params: { value: channels.rotZ ?? 0 } },
    { id: 'p', type: 'driver/pose-channels', position: [200, 0], params: { owner: 'Arm/Child', rotationMode, ...channels } },
  ],
  links: [{ from: { node: 'v', socket: 'value' }, to: { node: 'p', socket: 'rotZ' } }],
});
const child = (g: GraphDocument, s: SceneDocument) => Array.from(compile(g, s).evaluate(1).owners.find((o) => o.id === 'Arm/Child')!.final);
const EMPTY: GraphDocument = { format: GRAPH_FORMAT, version: 1, nodes: [], links: [] };

describe('driver/pose-channels', () => {
  it('sets the bone\u2019s channels before its pose is built (Euler, quaternion)', () => {
    const driven = child(graph({ locX: 0.1, locY: -0.2, locZ: 0.3, rotX: 0.4, rotY: -0.5, rotZ: 0.6, scaleX: 1.2, scaleY: 0.9, scaleZ: 1.1 }), rig({}));
    const authored = child(EMPTY, rig({ location: [0.1, -0.2, 0.3], rotation_mode: 'ZXY', rotation_euler: [0.4, -0.5, 0.6], scale: [1.2, 0.9, 1.1] }));
    driven.forEach((v, i) => { expect(v).toBeCloseTo(authored[i], 12); });
    expect(Math.max(...child(EMPTY, rig({})).map((v, i) => Math.abs(v - authored[i])))).toBeGreaterThan(0.1);
    const q = [0.9, 0.1, -0.3, 0.2]; // W, X, Y, Z as RNA indexes them
    const dq = child(graph({ rotW: q[0], rotX: q[1], rotY: q[2], rotZ: q[3] }, 'QUATERNION'), rig({}));
    const aq = child(EMPTY, rig({ rotation_mode: 'QUATERNION', rotation_quaternion: [q[1], q[2], q[3], q[0]] }));
    dq.forEach((v, i) => { expect(v).toBeCloseTo(aq[i], 12); });
  });
  it('on an animated owner: the action plays, the driven channels replace theirs, frame after frame', () => {
    // The action keys the child's location X (0 at frame 1 to 1 at frame 10) and its rotation Z; the
    // graph drives rotation Z (replacing the keyed one) and scale Y. Blender's order: action, drivers, pose.
    const animated = (s: SceneDocument) => {
      s.objects[0].animation_data = { action: 'A' };
      s.actions = [{ name: 'A', fcurves: [
        { data_path: 'pose.bones["Child"].location', array_index: 0, keyframes: [{ co: [1, 0], interpolation: 'LINEAR' }, { co: [10, 1] }] },
        { data_path: 'pose.bones["Child"].rotation_euler', array_index: 2, keyframes: [{ co: [1, -1], interpolation: 'LINEAR' }, { co: [10, 2] }] },
      ] }];
      return s;
    };
    const g = graph({ rotZ: 0.6, scaleY: 1.3 });
    g.nodes.push({ id: 's', type: 'value/float', position: [0, 100], params: { value: 1.3 } });
    g.links.push({ from: { node: 's', socket: 'value' }, to: { node: 'p', socket: 'scaleY' } });
    const program = compile(g, animated(rig({ rotation_mode: 'ZXY', rotation_euler: [0.1, 0, 0] })));
    // One program, frames in turn: a frame change alone must run the node again.
    // Both ways: evaluated whole, and updated incrementally.
    for (const [frame, how] of [[1, 'evaluate'], [5.5, 'update'], [10, 'evaluate'], [3, 'update']] as const) {
      const driven = Array.from(program[how](frame).owners.find((o) => o.id === 'Arm/Child')!.final);
      const x = (frame - 1) / 9;
      const authored = child(EMPTY, rig({ location: [x, 0, 0], rotation_mode: 'ZXY', rotation_euler: [0.1, 0, 0.6], scale: [1, 1.3, 1] }));
      driven.forEach((v, i) => { expect(v, `frame ${frame}, element ${i}`).toBeCloseTo(authored[i], 12); });
    }
  });
  it('under a glTF clip: the clip plays as channels in the node\u2019s rotation mode, the driven ones replaced (property)', () => {
    // The clip's rest TRS (its rotation made from Euler angles each within ±1.5, which Blender's
    // mat3_normalized_to_eulO gives back rather than their twin, or from an axis and an angle
    // between 0.05 and 1.5, so the channels it splits into are unique) with its
    // translation sampled linearly; any subset of the mode's inputs driven. Expected: the bone
    // authored with the clip's channels at that time, the driven ones replaced.
    const modes = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'] as const;
    const n = (min: number, max: number) => fc.double({ min, max, noNaN: true });
    const v3 = (min: number, max: number) => fc.tuple(n(min, max), n(min, max), n(min, max));
    fc.assert(fc.property(
      fc.constantFrom(...modes), v3(-2, 2), v3(-2, 2), fc.tuple(fc.oneof(n(-1.5, -0.05), n(0.05, 1.5)), n(-1.5, 1.5), n(-1.5, 1.5)), v3(0.3, 2),
      fc.uniqueArray(fc.constantFrom('locX', 'locY', 'locZ', 'rotW', 'rotX', 'rotY', 'rotZ', 'scaleX', 'scaleY', 'scaleZ')), fc.array(n(-1, 1.5), { minLength: 10, maxLength: 10 }),
      n(1, 24),
      (mode, t0, t1, angles, scale, drivenAll, values, frame) => {
        const euler = mode !== 'QUATERNION' && mode !== 'AXIS_ANGLE';
        // Axis-angle and quaternion: the axis from the angles, the angle |angles[0]| (below π).
        const axisLength = Math.hypot(...angles) || 1;
        const axisAngle = [Math.abs(angles[0]), angles[0] / axisLength, angles[1] / axisLength, angles[2] / axisLength];
        const q = euler ? eulerToQuat(new Float64Array(4), angles, mode) : axisAngleToQuat(new Float64Array(4), axisAngle);
        const driven = drivenAll.filter((c) => c !== 'rotW' || !euler);
        const s = rig({ rotation_mode: mode });
        s.clips = [{ name: 'C', tracks: [{ owner: 'Arm/Child', factors: [{ rotation: Array.from(q), scale, samplers: { translation: { input: [0, 1], output: [...t0, ...t1] } } }] }] }];
        s.playback = { clip: 'C' };
        const g = graph({}, mode);
        g.nodes = g.nodes.filter((x) => x.id === 'p');
        g.links = [];
        driven.forEach((c, k) => {
          g.nodes.push({ id: `v${k}`, type: 'value/float', position: [0, 100 * k], params: { value: values[k] } });
          g.links.push({ from: { node: `v${k}`, socket: 'value' }, to: { node: 'p', socket: c } });
        });
        const time = (frame - 1) / 24;
        const channel: Record<string, number> = {
          locX: t0[0] + (t1[0] - t0[0]) * time, locY: t0[1] + (t1[1] - t0[1]) * time, locZ: t0[2] + (t1[2] - t0[2]) * time,
          scaleX: scale[0], scaleY: scale[1], scaleZ: scale[2],
          // Euler X, Y, Z; quaternion W, X, Y, Z (W ≥ 0 here); axis-angle angle, X, Y, Z.
          ...(euler ? { rotX: angles[0], rotY: angles[1], rotZ: angles[2] }
            : mode === 'QUATERNION' ? { rotW: q[3], rotX: q[0], rotY: q[1], rotZ: q[2] }
            : { rotW: axisAngle[0], rotX: axisAngle[1], rotY: axisAngle[2], rotZ: axisAngle[3] }),
        };
        driven.forEach((c, k) => { channel[c] = values[k]; });
        // A quaternion or an axis driven to near zero has no direction: the last bits decide it.
        if (!euler) fc.pre(Math.hypot(channel.rotX, channel.rotY, channel.rotZ, mode === 'QUATERNION' ? channel.rotW : 0) > 0.1);
        const rotation = euler ? { rotation_euler: [channel.rotX, channel.rotY, channel.rotZ] }
          : mode === 'QUATERNION' ? { rotation_quaternion: [channel.rotX, channel.rotY, channel.rotZ, channel.rotW] }
          : { rotation_axis_angle: [channel.rotW, channel.rotX, channel.rotY, channel.rotZ] };
        const authored = child(EMPTY, rig({ location: [channel.locX, channel.locY, channel.locZ], rotation_mode: mode, ...rotation, scale: [channel.scaleX, channel.scaleY, channel.scaleZ] }));
        // Evaluated at the clip's start first, then updated to the frame: a frame change alone runs the node again.
        const program = compile(g, s);
        program.evaluate(1);
        const got = Array.from(program.update(frame).owners.find((o) => o.id === 'Arm/Child')!.final);
        got.forEach((x, i) => { expect(Math.abs(x - authored[i]), `element ${i}`).toBeLessThan(1e-9); });
      },
    ), { numRuns: 200 });
  });
});
