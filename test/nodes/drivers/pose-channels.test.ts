// driver/pose-channels: a driven channel replaces the owner's own transform before its parent and
// constraints apply. Checked by compiling a rig two ways: the channel driven by a value node, and the
// same value authored in the scene (the runtime's own basis and pose path); both must agree, and
// differ from the undriven rig. On an animated owner the action plays first and the driven channels
// replace theirs (Blender's order); a clip track with driven channels is refused by name.
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
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
  it('refuses a clip track with driven channels by name', () => {
    const s = rig({});
    s.clips = [{ name: 'C', tracks: [{ owner: 'Arm/Child', factors: [{ translation: [0, 1, 0] }] }] }];
    s.playback = { clip: 'C' };
    expect(() => compile(graph({}), s)).toThrow(/owner "Arm\/Child" plays a clip track and also has its channels set by node "p"/);
  });
});
