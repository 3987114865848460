// A rig that reads B-Bone shapes every way the runtime does, for the runtime's B-Bone tests and the
// allocation test: a B-Bone of 8 segments (AUTO start handle, a custom ABSOLUTE end handle whose
// local scale and ease it reads, curve, roll, ease and scale settings), posed by an action, two of
// its settings linked to a wave (one of the pose's, one of the rest's: the rest shape recomputed each
// frame); Armature owners linear and Preserve Volume with a second, plain target; a stack of Follow
// B-Bone constraints (a point, the whole matrix, in LOCAL target space).
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import { SCENE_FORMAT, type SceneBone, type SceneDocument } from '../../runtime/rig/scene/types';
import { restMatrix } from '../bench/rigs';

type V3 = [number, number, number];

/** A bone from head to tail (rest roll from restMatrix), with extra scene keys. */
export function bone(name: string, head: V3, tail: V3, extra: Partial<SceneBone> = {}): SceneBone {
  const length = Math.hypot(tail[0] - head[0], tail[1] - head[1], tail[2] - head[2]);
  return { name, head_local: head, tail_local: tail, matrix_local: restMatrix(head, tail), length, ...extra };
}

/** The rig; `linked` false leaves the wave out (every setting the scene's). */
export function bboneRig(linked = true): { graph: GraphDocument; scene: SceneDocument } {
  const key = (f: number, v: number) => ({ co: [f, v] as [number, number], interpolation: 'LINEAR' as const });
  const scene: SceneDocument = {
    format: SCENE_FORMAT, version: 1,
    objects: [{
      name: 'Arm', type: 'ARMATURE', location: [0.2, 0.1, 0], rotation_euler: [0.1, 0.2, 0.3], animation_data: { action: 'Move' },
      bones: [
        bone('P', [0, 0, 0], [0, 0, 1], { pose: { rotation_mode: 'XYZ', rotation_euler: [0.2, 0, 0.1] } }),
        bone('B', [0, 0, 1], [0, 0.2, 3], {
          parent: 'P', use_connect: true, bbone_segments: 8,
          bbone_handle_type_end: 'ABSOLUTE', bbone_custom_handle_end: 'H', bbone_handle_use_scale_end: [true, true, false], bbone_handle_use_ease_end: true,
          bbone_curveinx: 0.2, bbone_rollin: 0.3, bbone_easein: 1.2, bbone_scaleout: [1.1, 1.2, 0.9],
          pose: { rotation_mode: 'XYZ', rotation_euler: [0.1, -0.2, 0.3], bbone_curveoutz: -0.2, bbone_easeout: 0.3 },
        }),
        bone('C', [0, 0.2, 3], [0, 0.3, 4], { parent: 'B', use_connect: true }),
        bone('H', [0.4, 0.3, 3.2], [0.5, 0.4, 4], { pose: { scale: [1.2, 0.8, 1.1] } }),
        bone('O1', [0.2, 0.1, 1.5], [0.2, 0.1, 2]),
        bone('O2', [-0.2, 0.1, 2.5], [-0.2, 0.1, 3]),
        bone('O3', [1, 1, 0], [1, 1, 0.5]),
      ],
    }],
    actions: [{
      name: 'Move',
      fcurves: [
        { data_path: 'pose.bones["P"].rotation_euler', array_index: 0, keyframes: [key(-30, -0.4), key(90, 0.6)] },
        { data_path: 'pose.bones["B"].rotation_euler', array_index: 2, keyframes: [key(-30, 0.5), key(90, -0.3)] },
        { data_path: 'pose.bones["H"].location', array_index: 0, keyframes: [key(-30, -0.2), key(90, 0.3)] },
      ],
    }],
  };
  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const node = (id: string, type: string, params: Record<string, JsonValue> = {}) => nodes.push({ id, type, params, position: [0, 0] });
  const link = (a: string, b: string, c: string, d: string) => links.push({ from: { node: a, socket: b }, to: { node: c, socket: d } });
  for (const b of ['P', 'H']) node(`read:${b}`, 'owner/read', { owner: `Arm/${b}` });
  node('bb', 'owner/bbone', { owner: 'Arm/B' });
  link('read:P', 'transform', 'bb', 'start');
  link('read:H', 'transform', 'bb', 'end');
  if (linked) {
    node('time', 'value/time');
    node('wave', 'math/float', { operation: 'sin' });
    link('time', 'seconds', 'wave', 'a');
    link('wave', 'value', 'bb', 'easeIn');
    link('wave', 'value', 'bb', 'restCurveOutX');
  }
  const stack = (owner: string, chain: [string, string, Record<string, JsonValue>, Record<string, string>][]) => {
    node(`in:${owner}`, 'owner/input', { owner: `Arm/${owner}` });
    let prev = `in:${owner}`;
    let socket = 'transform';
    chain.forEach(([id, type, params, wires]) => {
      node(id, type, params);
      link(prev, socket, id, 'owner');
      for (const [input, from] of Object.entries(wires)) link(from, 'transform', id, input);
      prev = id;
      socket = 'owner';
    });
    node(`out:${owner}`, 'owner/output', { owner: `Arm/${owner}` });
    link(prev, socket, `out:${owner}`, 'transform');
  };
  stack('O1', [['a1', 'constraint/armature', { targets: 1 }, { bone1: 'bb' }]]);
  stack('O2', [['a2', 'constraint/armature', { targets: 2, useDeformPreserveVolume: true, weight1: 0.6, weight2: 0.4 }, { bone1: 'bb', bone2: 'read:P' }]]);
  stack('O3', [
    ['f1', 'constraint/copy-location', { useBBoneShape: true, headTail: 0.4 }, { target: 'bb' }],
    ['f2', 'constraint/copy-transforms', { useBBoneShape: true, headTail: 0.7, influence: 0.5 }, { target: 'bb' }],
    ['f3', 'constraint/damped-track', { useBBoneShape: true, headTail: 0.2, targetSpace: 'LOCAL' }, { target: 'bb' }],
  ]);
  return { graph: { format: GRAPH_FORMAT, version: 1, nodes, links }, scene };
}
