// A rig using every object extra of issue 14, for the allocation test: delta transforms in all
// eight rotation modes keyed by an action (under a parent with deltas), a parent-less object with
// deltas under a LOCAL-space constraint, deltas set by driver/pose-channels and read by a Distance
// and a Transform Channel in transform space, objects on bones with and without Relative Parenting
// (the bones animated), an armature in rest position with an object on it; and objects on curves'
// paths (one curve's Evaluation Time keyed, the other's set by a driver/curve-time node each frame),
// on a vertex and on a triangle of a moving parent, and on a triangle its animated bones deform;
// and a Copy Transforms of a vertex group on a mesh those bones deform (its normals made each frame),
// and a Shrinkwrap onto that mesh's whole surface as they deform it (normals, BVH and edge frames made again);
// and a Bezier curve whose points hooks move with those bones and an animated empty, its path made
// again each frame for a rider on it, Follow Path and Clamp To.
import type { GraphDocument, GraphLink, GraphNode } from '../../../graph/types';
import type { Keyframe } from '../../../nodes/math/fcurve/fcurve';
import { SCENE_FORMAT, type RotationMode, type SceneDocument, type SceneFCurve, type SceneObject } from '../../../runtime/rig/scene/types';

const MODES: RotationMode[] = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'];
const REST = (x: number, z: number) => [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, x, 0, z, 1];

/** Bezier keys at frames 1, 10 and 20 (handles a third of the way), past which the curve extrapolates. */
function keys(a: number, b: number, c: number): Keyframe[] {
  const key = (f: number, v: number): Keyframe => ({ co: [f, v], handle_left: [f - 3, v], handle_right: [f + 3, v], interpolation: 'BEZIER' });
  return [key(1, a), key(10, b), key(20, c)];
}
const curve = (data_path: string, array_index: number, k: Keyframe[]): SceneFCurve => ({ data_path, array_index, keyframes: k, extrapolation: 'LINEAR' });

export function objectExtrasRig(): { graph: GraphDocument; scene: SceneDocument } {
  const objects: SceneObject[] = [
    { name: 'P', type: 'EMPTY', location: [0.2, 0, 0], delta_location: [0.1, 0.2, 0], delta_rotation_euler: [0, 0.3, 0], delta_scale: [1, 1.2, 1] },
    ...MODES.map((m, i): SceneObject => ({
      name: `E_${m}`, type: 'EMPTY', parent: 'P', rotation_mode: m, location: [0.1 * i, 0, 0], rotation_euler: [0.1, 0.2, 0.3], rotation_quaternion: [0.1, 0.2, 0.3, 0.9],
      delta_location: [0, 0.1, 0], delta_rotation_euler: [0.2, 0, 0.1], delta_rotation_quaternion: [0.2, 0, 0, 0.9], delta_scale: [1.1, 1, 1],
      animation_data: { action: `a_${m}` },
    })),
    { name: 'Q', type: 'EMPTY', rotation_euler: [0.3, 0, 0.2], delta_rotation_euler: [0, 0.4, 0], delta_location: [1, 0, 0] },
    { name: 'W', type: 'EMPTY', location: [0, 1, 0] },
    {
      name: 'Arm', type: 'ARMATURE', animation_data: { action: 'arm' },
      bones: [
        { name: 'R', matrix_local: REST(0, 0), length: 1, use_relative_parent: true, pose: { rotation_mode: 'XYZ' } },
        { name: 'T', parent: 'R', matrix_local: REST(0, 1), length: 1, pose: { rotation_mode: 'XYZ' } },
      ],
    },
    { name: 'OnR', type: 'EMPTY', parent: 'Arm', parent_type: 'BONE', parent_bone: 'R', location: [0.1, 0, 0] },
    { name: 'OnT', type: 'EMPTY', parent: 'Arm', parent_type: 'BONE', parent_bone: 'T', location: [0.1, 0, 0] },
    { name: 'Rest', type: 'ARMATURE', pose_position: 'REST', location: [-1, 0, 0], bones: [{ name: 'A', matrix_local: REST(0, 0), length: 1, pose: { rotation_mode: 'XYZ', rotation_euler: [0.5, 0, 0] } }] },
    { name: 'OnRest', type: 'EMPTY', parent: 'Rest', parent_type: 'BONE', parent_bone: 'A' },
    ...['Keyed', 'Driven'].flatMap((name, i): SceneObject[] => [
      {
        name, type: 'CURVE', location: [0, 2 + i, 0],
        curve: {
          splines: [{ points: [[0, 0, 0], [1, 0.5, 0], [2, 0, 1]], radius: [1, 2, 0.5] }], use_path: true, use_path_follow: true, use_radius: true,
          path_duration: 20, eval_time: 0, ...(i === 0 && { eval_time_fcurve: curve('eval_time', 0, keys(0, 12, 25)) }),
        },
      },
      { name: `${name}Rider`, type: 'EMPTY', parent: name, track_axis: 'NEG_Z', up_axis: 'X', location: [0, 0, 0.1] },
    ]),
    {
      // A Bezier of TANGENT twist whose points hooks move with the animated bones and an animated
      // empty (one with a falloff): its path is made again each frame, for a rider and Follow Path.
      name: 'Hooked', type: 'CURVE', location: [0, -2, 0],
      curve: {
        splines: [{
          points: [[0, 0, 0], [0.5, 0.2, 0], [1, 0.5, 0], [1.5, 0.2, 0.5], [2, 0, 1]], radius: [1, 1.5, 2, 1, 0.5], tilt: [0, 0.1, 0.2, 0.3, 0.4],
          end_directions: [[0.3, 0.2, 0], [0.3, -0.2, 0.3]], tangents: Array.from({ length: 5 }, () => [0, 0, 1]),
          control: {
            co: [[0, 0, 0], [1, 0.5, 0], [2, 0, 1]], handle_left: [[-0.3, -0.2, 0], [0.7, 0.5, -0.2], [1.7, 0.2, 0.7]], handle_right: [[0.3, 0.2, 0], [1.3, 0.5, 0.2], [2.3, -0.2, 1.3]],
            handle_types: [['AUTO', 'AUTO'], ['VECTOR', 'ALIGNED'], ['FREE', 'AUTO']], resolution: 2,
          },
        }],
        use_path: true, use_path_follow: true, path_duration: 20, eval_time: 7, twist_mode: 'TANGENT', twist_smooth_iterations: 2,
        hooks: [
          { object: 'Arm', bone: 'R', matrix_inverse: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [0, 1, 2] },
          { object: 'Arm', bone: 'T', matrix_inverse: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1], indices: [3, 4, 5], strength: 0.6 },
          { object: 'E_XYZ', matrix_inverse: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [6, 7, 8], falloff_type: 'SMOOTH', falloff_radius: 3, use_falloff_uniform: true, center: [2, 0, 1] },
        ],
      },
    },
    { name: 'HookedRider', type: 'EMPTY', parent: 'Hooked', location: [0, 0, 0.1] },
    { name: 'OnHooked', type: 'EMPTY' },
    { name: 'OnVertex', type: 'EMPTY', parent: 'E_XYZ', parent_type: 'VERTEX', parent_vertices: [[0.3, 0.1, 0]] },
    { name: 'OnTriangle', type: 'EMPTY', parent: 'E_XYZ', parent_type: 'VERTEX_3', parent_vertices: [[0, 0, 0], [1, 0, 0.2], [0, 1, 0.1]] },
    {
      name: 'OnSkin', type: 'EMPTY', parent: 'E_XYZ', parent_type: 'VERTEX_3', parent_vertices: [[0, 0, 0], [1, 0, 0.2], [0, 1, 0.1]],
      parent_skin: { armature: 'Arm', points: [{ bones: ['R'], weights: [1] }, { bones: ['R', 'T'], weights: [0.3, 0.6] }, { bones: [], weights: [] }] },
    },
    {
      // A quad and a triangle; the group holds vertices 0 and 1, the skin them and their polygons'.
      name: 'Body', type: 'EMPTY', parent: 'Arm', location: [0, 0.5, 0],
      mesh: {
        vertices: [0, 0, 0, 1, 0, 0.2, 1, 1, 0, 0, 1, 0.1, 2, 0, 0], triangles: [0, 1, 2, 0, 2, 3, 1, 4, 2], vertex_normals: Array(15).fill(0),
        vertex_groups: { G: { indices: [0, 1], weights: [1, 0.5] } },
        skin: {
          armature: 'Arm', vertices: [0, 1, 2, 3, 4], rest: [0, 0, 0, 1, 0, 0.2, 1, 1, 0, 0, 1, 0.1, 2, 0, 0],
          points: [{ bones: ['R'], weights: [1] }, { bones: ['R', 'T'], weights: [0.4, 0.6] }, { bones: ['T'], weights: [1] }, { bones: [], weights: [] }, { bones: ['T'], weights: [0.5] }],
          polygons: [[0, 1, 2, 3], [1, 4, 2]],
          // The skin moves the whole surface (every vertex is in it), which a Shrinkwrap reads.
          surface: { triangle_polygons: [0, 0, 1], flat_polygons: [1] },
        },
      },
    },
    { name: 'OnGroup', type: 'EMPTY' },
    { name: 'OnBody', type: 'EMPTY', location: [0.6, 0.8, 1] },
  ];
  const actions = [
    ...MODES.map((m) => ({
      name: `a_${m}`,
      fcurves: [
        curve('delta_location', 0, keys(0, 0.5, -0.2)), curve('delta_rotation_euler', 1, keys(0, 0.7, 0.1)),
        curve('delta_rotation_quaternion', 2, keys(0, 0.3, -0.1)), curve('delta_scale', 2, keys(1, 1.4, 0.8)), curve('location', 1, keys(0, 1, 0)),
      ],
    })),
    { name: 'arm', fcurves: [curve('pose.bones["R"].rotation_euler', 0, keys(0, 0.6, -0.3)), curve('pose.bones["T"].rotation_euler', 2, keys(0, -0.4, 0.2))] },
  ];
  const node = (id: string, type: string, params: GraphNode['params'] = {}): GraphNode => ({ id, type, params, position: [0, 0] });
  const link = (a: string, b: string, c: string, d: string): GraphLink => ({ from: { node: a, socket: b }, to: { node: c, socket: d } });
  const nodes: GraphNode[] = [
    node('time', 'value/time'), node('wave', 'math/float', { operation: 'sin' }),
    node('w', 'driver/pose-channels', { owner: 'W', locY: 1 }),
    node('readE', 'owner/read', { owner: 'E_XYZ' }), node('readP', 'owner/read', { owner: 'P' }), node('readQ', 'owner/read', { owner: 'E_QUATERNION' }),
    node('dist', 'driver/difference', { mode: 'LOC_DIFF', spaceA: 'TRANSFORM_SPACE', spaceB: 'TRANSFORM_SPACE' }),
    node('rot', 'driver/transform', { channel: 'ROT_Y', space: 'TRANSFORM_SPACE', rotationMode: 'QUATERNION' }),
    node('rotAuto', 'driver/transform', { channel: 'ROT_X', space: 'TRANSFORM_SPACE', rotationMode: 'AUTO', euler: '0.1, 0.2, 0.3' }),
    node('twist', 'driver/transform', { channel: 'ROT_Y', space: 'TRANSFORM_SPACE', rotationMode: 'SWING_TWIST_Y' }),
    node('scale', 'driver/transform', { channel: 'SCALE_X', space: 'TRANSFORM_SPACE' }),
    node('volume', 'driver/transform', { channel: 'SCALE_AVG', space: 'LOCAL_SPACE' }),
    // Evaluated matrices a Single Property variable reads (nodes/drivers/evaluated-read.ts): E_XYZ has parent P.
    node('evWorld', 'driver/evaluated', { read: 'matrix_world', element: 13 }), node('evLocal', 'driver/evaluated', { read: 'matrix_local', element: 12 }),
    node('evBasis', 'driver/evaluated', { read: 'matrix_basis', element: 4 }), node('readT', 'owner/read', { owner: 'Arm/T' }),
    ...(['pose_matrix', 'pose_head', 'pose_tail', 'pose_length'] as const).map((read) => node(`ev_${read}`, 'driver/evaluated', { read, element: read === 'pose_matrix' ? 14 : 0 })),
    // A driver in Python mode (an expression Blender hands to Python): **, %, // and Python's round, inline.
    node('pyDriver', 'driver/driver', { type: 'SCRIPTED', expression: 'v ** 2 % 0.7 + v // 0.3 - (2 * v) ** 0.5 + round(v * 2.5) + frame % 24', variables: 'v' }),
    node('pathTime', 'math/float', { operation: 'multiply', b: 20 }), node('drivenTime', 'driver/curve-time', { owner: 'Driven' }),
    node('group', 'owner/vertex-group', { owner: 'Body', group: 'G' }), node('inG', 'owner/input', { owner: 'OnGroup' }),
    node('copyG', 'constraint/copy-transforms', {}), node('outG', 'owner/output', { owner: 'OnGroup' }),
    node('readBody', 'owner/read', { owner: 'Body' }), node('inB', 'owner/input', { owner: 'OnBody' }), node('outB', 'owner/output', { owner: 'OnBody' }),
    node('wrap', 'constraint/shrinkwrap', { shrinkwrapType: 'TARGET_PROJECT', useTrackNormal: true, trackAxis: 'TRACK_Z' }),
    node('readHooked', 'owner/read', { owner: 'Hooked' }), node('inH', 'owner/input', { owner: 'OnHooked' }), node('outH', 'owner/output', { owner: 'OnHooked' }),
    node('follow', 'constraint/follow-path', { useCurveFollow: true, useCurveRadius: true }), node('clamp', 'constraint/clamp-to', {}),
    node('inQ', 'owner/input', { owner: 'Q' }), node('copy', 'constraint/copy-location', { ownerSpace: 'LOCAL', targetSpace: 'WORLD', influence: 0.5 }), node('outQ', 'owner/output', { owner: 'Q' }),
  ];
  const links: GraphLink[] = [
    link('time', 'seconds', 'wave', 'a'), link('wave', 'value', 'w', 'dlocX'), link('wave', 'value', 'w', 'drotZ'), link('wave', 'value', 'w', 'dscaleY'),
    link('readE', 'transform', 'dist', 'a'), link('readP', 'transform', 'dist', 'b'), link('readQ', 'transform', 'rot', 'target'),
    ...['rotAuto', 'twist', 'scale', 'volume', 'evWorld', 'evLocal', 'evBasis'].map((n) => link('readE', 'transform', n, 'target')),
    ...['pose_matrix', 'pose_head', 'pose_tail', 'pose_length'].map((read) => link('readT', 'transform', `ev_${read}`, 'target')),
    link('wave', 'value', 'pathTime', 'a'), link('wave', 'value', 'pyDriver', 'var1'), link('time', 'frame', 'pyDriver', 'frame'), link('pathTime', 'value', 'drivenTime', 'value'),
    link('inG', 'transform', 'copyG', 'owner'), link('group', 'transform', 'copyG', 'target'), link('copyG', 'owner', 'outG', 'transform'),
    link('inB', 'transform', 'wrap', 'owner'), link('readBody', 'transform', 'wrap', 'target'), link('wrap', 'owner', 'outB', 'transform'),
    link('inH', 'transform', 'follow', 'owner'), link('readHooked', 'curve', 'follow', 'target'), link('follow', 'owner', 'clamp', 'owner'),
    link('readHooked', 'curve', 'clamp', 'target'), link('clamp', 'owner', 'outH', 'transform'),
    link('inQ', 'transform', 'copy', 'owner'), link('readE', 'transform', 'copy', 'target'), link('copy', 'owner', 'outQ', 'transform'),
  ];
  return { graph: { format: 'sinew-graph', version: 1, nodes, links }, scene: { format: SCENE_FORMAT, version: 1, objects, actions } };
}
