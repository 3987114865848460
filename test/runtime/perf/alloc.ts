// Does `evaluate` allocate? Runs a rig for 100,000 frames and reports the bytes allocated per frame
// and the garbage collections seen (none when nothing is allocated). Run it with the young
// generation made large, so a measuring window is never collected:
//
//   node --max-semi-space-size=128 --min-semi-space-size=128 --import tsx test/runtime/perf/alloc.ts
//     [--rig humanoid|large|rigify|bones|runtime|actions|legacy-ik|clips|object-extras|bbone|crowd|nla|keyed-modes|KIND|kinds] [--params JSON] [--cases JSON] [--bones N]
//     [--frames N] [--warmup N] [--window N] [--max BYTES] [--sites] [--functions] [--json]
//     [--kinds [--only REGEX]]   one child process per node kind (a 20-bone chain where every
//                 bone has it), the kinds matching REGEX only
//
// `--rig bones` is a chain of bones with no node at all; `--rig runtime` the runtime's own work
// only (stacks, Owner In/Out, the constraint wrapper and its space conversions, kernels that do
// not allocate); `--rig constraint/copy-location` (any kind) the 20-bone chain with that
// constraint on every bone (`--params` gives its params); `--rig kinds` one program holding the
// chain of every [kind, params] of `--cases` (default KIND_CASES), `--bones` long (default 7);
// `--rig actions` every animated case of ../shared/conformance/actions, each its own program, at
// quarter frames from before the first key to past the last (extrapolation, cycles); `--rig
// legacy-ik` every case of test/nodes/constraints/ik/blender-legacy (Blender's IK solver with its
// locks, limits, stiffness, stretch, poles, rotation goals and trees), each its own program; `--rig clips`
// the mannequin playing each of its glTF clips; `--rig bbone` B-Bone shapes read every way
// (test/runtime/bbone-rig.ts: the shape, Armature segments, Follow B-Bone); `--rig rigify` Rigify's human rig of
// ../shared/conformance/rigify-human with a recorded pose of its controls written every frame;
// `--rig object-extras` keyed and driven delta transforms, Relative Parenting and a rest-position
// armature (object-extras-rig.ts).
// `--rig nla` the NLA strips made in Blender's NLA editor (test/blender/fixtures/nla_*: transitions,
// meta strips, strips' F-curve modifiers and their Noise; an action with Extrapolation Nothing, random
// NLAs), each its own program.
// `--rig crowd` a crowd's share (runtime/crowd/characters.ts) of 6 characters of the spring rig
// sharing one program, each at its own quarter frame, each jumping back (a reset and a replay) on
// its own frame, their matrices written into a SharedArrayBuffer.
// `--sites` adds what V8's sampling heap profiler saw allocated per frame, by source file of the
// allocating function (the median of 5 profiles of 1,000 frames). Exits 1 when the bytes per frame
// exceed `--max` (default 0). `--functions` does the same by allocating function (its file and
// name); `--site-frames N` profiles windows of N frames. `--only REGEX` keeps the fixture cases whose name
// matches (actions, legacy-ik).
import { spawnSync } from 'node:child_process';
import { defaultSpec, sinewRig } from '../../nodes/physics/spring-rig';
import { Session } from 'node:inspector/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GRAPH_FORMAT, type GraphDocument, type JsonValue } from '../../../graph/types';
import { defaultCatalog } from '../../../nodes/catalog';
import { readFileSync } from 'node:fs';
import { casesIn } from '../../../runtime/io/blender/conformance';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import { CrowdShare } from '../../../runtime/crowd/characters';
import { crowdBytes, framesView } from '../../../runtime/crowd/layout';
import { compile } from '../../../runtime/eval/compile';
import { readGltf } from '../../../runtime/io/gltf/container';
import { importGltf } from '../../../runtime/io/gltf/import';
import type { Program } from '../../../runtime/eval/program';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';
import { ALLOC_NODE_FLAGS, measureAllocation } from '../../bench/alloc';
import { humanoid, largeRig, restMatrix } from '../../bench/rigs';
import { bboneRig } from '../bbone-rig';
import { rigifyHuman, rigifyPoseCycle } from '../../bench/rigify';
import { SHARED_DIR } from '../../shared-path';
import { objectExtrasRig } from './object-extras-rig';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

/** Kinds checked by `--kinds`, with the params they are given. */
export const KIND_CASES: [string, Record<string, JsonValue>][] = [
  ['bones', {}],
  ['runtime', {}],
  ['owner/read', {}],
  ['constraint/copy-location', {}],
  ['constraint/copy-location', { influence: 0.5 }],
  ['constraint/copy-location', { ownerSpace: 'LOCAL', targetSpace: 'LOCAL' }],
  ['constraint/copy-rotation', {}],
  ['constraint/copy-rotation', { ownerSpace: 'LOCAL', targetSpace: 'LOCAL' }],
  ['constraint/copy-rotation', { ownerSpace: 'LOCAL', targetSpace: 'LOCAL', useX: false, mixMode: 'ADD', influence: 0.5 }],
  ['constraint/copy-scale', {}],
  ['constraint/copy-transforms', {}],
  ['constraint/copy-channels', {}],
  ['constraint/limit-location', { useMinZ: true, minZ: 0.2 }],
  ['constraint/limit-rotation', { useLimitX: true, minX: -0.1, maxX: 0.1, ownerSpace: 'LOCAL' }],
  ['constraint/limit-rotation', { useLimitX: true, minX: -0.05, maxX: 0.05, useLimitZ: true, minZ: -0.01, maxZ: 0.01, ownerSpace: 'LOCAL' }],
  ['constraint/limit-rotation', { useLimitX: true, minX: 2.5, maxX: 3.5, useLimitY: true, minY: -0.05, maxY: 0.05, legacy: false, ownerSpace: 'LOCAL' }],
  ['constraint/limit-scale', { useMaxX: true, maxX: 1.05 }],
  ['constraint/limit-scale', { useMinX: true, minX: 1.2, useMaxZ: true, maxZ: 0.9, ownerSpace: 'LOCAL' }],
  ['constraint/limit-distance', { distance: 0.3 }],
  ['constraint/limit-transform', { useLocationMinZ: true, locationMin: [0, 0, 0.2], useRotationMaxX: true, rotationMax: [0.05, 0, 0], useScaleMaxY: true, scaleMax: [1, 0.9, 1] }],
  ['constraint/maintain-volume', { volume: 2 }],
  ['constraint/transformation', { mapFrom: 'ROTATION', fromMaxXRot: 1, mapTo: 'LOCATION', toMaxX: 0.5 }],
  ['constraint/transformation', { mapFrom: 'LOCATION', fromMaxY: 2, mapTo: 'ROTATION', toMaxZRot: 0.5, mapToZFrom: 'Y', mixModeRot: 'AFTER' }],
  ['constraint/damped-track', {}],
  ['constraint/track-to', {}],
  ['constraint/locked-track', {}],
  ['constraint/look-at', {}],
  ['constraint/stretch-to', {}],
  ['constraint/clamp-to', {}],
  ['constraint/shrinkwrap', {}],
  ['constraint/shrinkwrap', { shrinkwrapType: 'PROJECT', projectAxis: 'NEG_Y', useProjectOpposite: true, cullFace: 'BACK', useInvertCull: true, useTrackNormal: true, wrapMode: 'ABOVE_SURFACE', distance: 0.1 }],
  ['constraint/shrinkwrap', { shrinkwrapType: 'NEAREST_VERTEX', distance: 0.05, influence: 0.5 }],
  ['constraint/shrinkwrap', { wrapMode: 'OUTSIDE', distance: 0.2, useTrackNormal: true, trackAxis: 'TRACK_NEGATIVE_Z' }],
  ['constraint/shrinkwrap', { shrinkwrapType: 'TARGET_PROJECT', wrapMode: 'INSIDE', distance: 0.1, useTrackNormal: true }],
  ['constraint/shrinkwrap', { shrinkwrapType: 'PROJECT', projectAxis: 'NEG_Z', projectAxisSpace: 'POSE', useProjectOpposite: true, ownerSpace: 'LOCAL' }],
  ['constraint/child-of', {}],
  ['constraint/floor', { useRotation: true, offset: 0.1 }],
  ['constraint/pivot', {}],
  ['constraint/armature', {}],
  ['constraint/follow-path', { useCurveFollow: true }],
  ['constraint/follow-path', { useFixedLocation: true, offsetFactor: 0.3 }],
  ['constraint/ik', { chainCount: 2 }],
  ['constraint/ik', { chainCount: 2, influence: 0.5 }],
  ['constraint/ik', { chainCount: 5 }],
  ['constraint/ik', { chainCount: 3, useStretch: true }],
  ['constraint/ik', { chainCount: 3, solver: 'BLENDER' }],
  ['constraint/ik', { chainCount: 2, solver: 'BLENDER', useStretch: true, useRotation: true, orientWeight: 0.5, influence: 0.5 }],
  ['constraint/ik', { chainCount: 3, solver: 'BLENDER' }],
  ['constraint/ik', { chainCount: 2, solver: 'BLENDER', useStretch: true, useRotation: true, orientWeight: 0.5, influence: 0.5 }],
  ['constraint/spline-ik', { chainCount: 3 }],
  ['constraint/spline-ik', { chainCount: 3, yScaleMode: 'BONE_ORIGINAL', xzScaleMode: 'VOLUME_PRESERVE', useBulgeMin: true, bulgeMin: 0.9, influence: 0.5 }],
  ['constraint/spline-ik', { chainCount: 3, yScaleMode: 'NONE', xzScaleMode: 'INVERSE_PRESERVE', useCurveRadius: false }],
  // Options that take other paths through the kernels.
  ['constraint/copy-location', { useOffset: true, invertX: true, useZ: false }],
  ['constraint/copy-rotation', { mixMode: 'BEFORE' }],
  ['constraint/copy-rotation', { mixMode: 'OFFSET', invertY: true }],
  ['constraint/copy-scale', { useMakeUniform: true }],
  ['constraint/copy-scale', { useOffset: true, power: 2, useY: false }],
  ['constraint/copy-transforms', { mixMode: 'AFTER_SPLIT' }],
  ['constraint/child-of', { useScaleX: false, useRotationZ: false }],
  ['constraint/stretch-to', { keepAxis: 'PLANE_X', volume: 'VOLUME_X', useBulgeMax: true, bulgeMax: 1.1, bulgeSmooth: 0.5 }],
  ['constraint/track-to', { trackAxis: 'TRACK_Y', upAxis: 'UP_Z', useTargetZ: true }],
  ['constraint/limit-distance', { distance: 0.3, limitMode: 'LIMITDIST_ONSURFACE' }],
  ['constraint/maintain-volume', { mode: 'UNIFORM', volume: 2 }],
  ['constraint/pivot', { rotationRange: 'X', offset: [0.1, 0, 0] }],
  ['constraint/armature', { useDeformPreserveVolume: true }],
  // More than the old eight slots, fractional weights (a weight merged with undefined was boxed).
  ['constraint/armature', { targets: 12, weight1: 0.7, weight12: 0.5 }],
  ['constraint/armature', { targets: 12, weight1: 0.3, weight12: 0.6, useDeformPreserveVolume: true }],
  ['constraint/armature', { targets: 12, weight1: 0.4, weight12: 0.9, useBoneEnvelopes: true }],
  ['constraint/armature', { targets: 12, weight12: 0.9, useBoneEnvelopes: true, useCurrentLocation: true, useDeformPreserveVolume: true }],
  ['constraint/transformation', { mapFrom: 'SCALE', fromMaxXScale: 2, mapTo: 'SCALE', toMaxXScale: 2, mixModeScale: 'MULTIPLY' }],
  ['constraint/look-at', { aimAxis: '-Z', upAxis: 'Y', worldUp: [0, 1, 0] }],
  ['constraint/clamp-to', { useCyclic: true, mainAxis: 'CLAMPTO_Y' }],
  ['constraint/floor', { floorLocation: 'FLOOR_NEGATIVE_Y' }],
  ['constraint/follow-path', { useCurveFollow: true, useCurveRadius: true, forwardAxis: 'TRACK_NEGATIVE_Z', upAxis: 'UP_Y' }],
  ['constraint/ik', { chainCount: 4, solver: 'FABRIK', influence: 0.5 }],
  // The scene's action KIND_ACTION sampled per bone (Bezier, linear, CYCLES), every mix mode.
  ['constraint/action', { action: 'Act', transformChannel: 'LOCATION_X', min: 0, max: 1, frameStart: 1, frameEnd: 20, mixMode: 'BEFORE_SPLIT', ownerSpace: 'LOCAL' }],
  ['constraint/action', { action: 'Act', transformChannel: 'ROTATION_Z', min: -90, max: 90, frameStart: 0, frameEnd: 10, mixMode: 'AFTER', useBoneObjectAction: true, influence: 0.5 }],
  ['constraint/action', { action: 'Act', transformChannel: 'SCALE_Y', min: 0.5, max: 1.5, frameStart: 12, frameEnd: 2, mixMode: 'BEFORE', targetSpace: 'LOCAL' }],
  ['constraint/action', { action: 'Act', useEvalTime: true, evalTime: 0.3, frameStart: 0, frameEnd: 10, mixMode: 'AFTER_SPLIT' }],
  ['constraint/action', { action: 'Act', transformChannel: 'LOCATION_Z', min: 0.3, max: 0.3, frameStart: 0, frameEnd: 10, mixMode: 'BEFORE_FULL' }],
  ['constraint/action', { action: 'Act', useEvalTime: true, evalTime: 0.6, frameStart: 0, frameEnd: 30, mixMode: 'AFTER_FULL', influence: 0.5 }],
  ['math/float', {}],
  ['math/vector', {}],
  ['math/matrix', {}],
  ['math/quaternion', {}],
  ['math/compare', {}],
  ['math/switch-float', {}],
  ['math/switch-vector', {}],
  ['math/switch-transform', {}],
];

/** A surface for Shrinkwrap on the empties T and P (other kinds read only their matrices): four smooth triangles. */
const TETRAHEDRON = {
  vertices: [0, 0, 0.6, 0.5, -0.3, -0.2, -0.5, -0.3, -0.2, 0, 0.6, -0.2],
  triangles: [0, 1, 3, 0, 3, 2, 0, 2, 1, 1, 2, 3],
  normals: [0, 0, 1, 0.8, -0.5, -0.3, 0, 0.9, -0.4, 0, 0, 1, 0, 0.9, -0.4, -0.8, -0.5, -0.3, 0, 0, 1, -0.8, -0.5, -0.3, 0.8, -0.5, -0.3, 0.8, -0.5, -0.3, -0.8, -0.5, -0.3, 0, 0.9, -0.4],
  vertex_normals: [0, 0, 1, 0.8, -0.5, -0.3, -0.8, -0.5, -0.3, 0, 0.9, -0.4],
};

/** Constraint kinds whose target is a curve (wired from the Owner node of curve C). */
const CURVE_TARGETS = /(follow-path|clamp-to|spline-ik)$/;
/** Constraint kinds without a target. */
const NO_TARGET = /(limit-(location|rotation|scale|transform)|maintain-volume)$/;
/** Kinds that solve a chain: on every sixth bone only. */
const CHAINS = /(\/ik|spline-ik)$/;

/**
 * A 20-bone chain (or `boneCount`), two empties, a curve, and `kind` on every bone (every sixth for IK kinds). A
 * math/value kind gets one node per operation (or one node), its inputs wired by socket type from
 * the time and the owners, so that they change every frame.
 */
export function kindRig(kind: string, params: Record<string, JsonValue>, boneCount = 20): { graph: GraphDocument; scene: SceneDocument } {
  const bones = [];
  for (let i = 0; i < boneCount; i++) {
    bones.push({
      name: `b${i}`, parent: i ? `b${i - 1}` : null, length: 0.1,
      matrix_local: restMatrix([0, 0.1 * i, 0], [0.01, 0.1 * i + 0.1, 0.005]),
      // Envelopes (read by the Armature constraint's Use Envelopes only).
      head_local: [0, 0.1 * i, 0], tail_local: [0.01, 0.1 * i + 0.1, 0.005], head_radius: 0.05, tail_radius: 0.03, envelope_distance: 0.2,
      pose: { rotation_mode: 'XYZ' as const, rotation_euler: [0.1, 0.05 * i, 0.02] },
    });
  }
  const scene: SceneDocument = {
    format: SCENE_FORMAT, version: 1,
    actions: [KIND_ACTION],
    objects: [
      { name: 'A', type: 'ARMATURE', bones },
      { name: 'T', type: 'EMPTY', location: [0.5, 1, 0.3], rotation_euler: [0.3, 0.2, 0.1], scale: [1.2, 0.9, 1.1], mesh: TETRAHEDRON },
      { name: 'P', type: 'EMPTY', location: [0.5, 0, 2], mesh: TETRAHEDRON },
      {
        name: 'C', type: 'CURVE', location: [0.2, 0, 0],
        curve: { splines: [{ type: 'POLY', points: [[0, 0, 0], [0.3, 0.5, 0.1], [0.1, 1, 0.3], [0.4, 1.5, 0.2], [0.2, 2, 0]], radius: [1, 1.2, 0.8, 1, 1] }], path_duration: 100, eval_time: 30 },
      },
    ],
  };
  const nodes: GraphDocument['nodes'] = [];
  const links: GraphDocument['links'] = [];
  const node = (id: string, type: string, p: Record<string, JsonValue> = {}) => nodes.push({ id, type, params: p, position: [0, 0] });
  const link = (a: string, b: string, c: string, d: string) => links.push({ from: { node: a, socket: b }, to: { node: c, socket: d } });
  if (kind === 'runtime') {
    // Only the runtime's own work: pre-constraint matrices, stacks, Owner In/Out, the constraint
    // wrapper with LOCAL space conversions both ways, targets from a constant (no owner read).
    node('v', 'value/transform', { value: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.2, 0.3, 0.1, 1] });
    for (let i = 1; i < boneCount; i++) {
      node(`i${i}`, 'owner/input', { owner: `A/b${i}` });
      node(`c${i}`, 'constraint/copy-location', { ownerSpace: 'LOCAL', targetSpace: 'WORLD', useOffset: true });
      node(`l${i}`, 'constraint/limit-location', { useMinZ: true, minZ: -0.1, ownerSpace: 'LOCAL_WITH_PARENT' });
      node(`o${i}`, 'owner/output', { owner: `A/b${i}` });
      link(`i${i}`, 'transform', `c${i}`, 'owner');
      link('v', 'transform', `c${i}`, 'target');
      link(`c${i}`, 'owner', `l${i}`, 'owner');
      link(`l${i}`, 'owner', `o${i}`, 'transform');
    }
  } else if (kind === 'owner/read') {
    for (let i = 0; i < boneCount; i++) node(`r${i}`, 'owner/read', { owner: i % 2 ? 'T' : `A/b${i}` });
  } else if (/^(math|value)\//.test(kind)) {
    // Sources of every socket type that change with the frame (floats within ±1, so that no
    // operation overflows every frame): the time, and a matrix built from it.
    node('time', 'value/time');
    node('wave', 'math/float', { operation: 'sin' });
    link('time', 'seconds', 'wave', 'a');
    node('t', 'owner/read', { owner: 'T' });
    node('spin', 'math/quaternion', { operation: 'from-axis-angle' });
    link('time', 'seconds', 'spin', 'angle');
    node('m', 'math/matrix', { operation: 'compose' });
    link('spin', 'quaternion', 'm', 'rotation');
    link('t', 'head', 'm', 'location');
    node('on', 'math/compare', { operation: 'greater' });
    link('time', 'frame', 'on', 'a');
    const source: Record<string, [string, string]> = {
      float: ['wave', 'value'], vector: ['m', 'location'], quaternion: ['m', 'rotation'], transform: ['m', 'transform'], bool: ['on', 'result'],
    };
    const def = defaultCatalog.get(kind)!;
    const operation = def.params.operation;
    const operations = operation?.kind === 'choice' ? operation.options : [undefined];
    operations.forEach((op, k) => {
      node(`n${k}`, kind, op === undefined ? params : { ...params, operation: op });
      for (const [name, socket] of Object.entries(def.inputs)) link(...source[socket.type], `n${k}`, name);
    });
  } else if (kind !== 'bones') {
    node('t', 'owner/read', { owner: 'T' });
    node('p', 'owner/read', { owner: 'P' });
    node('c', 'owner/read', { owner: 'C' });
    node('b0', 'owner/read', { owner: 'A/b0' });
    const chain = CHAINS.test(kind);
    for (let i = 1; i < boneCount; i += chain ? 6 : 1) {
      node(`i${i}`, 'owner/input', { owner: `A/b${i}` });
      node(`c${i}`, kind, params);
      node(`o${i}`, 'owner/output', { owner: `A/b${i}` });
      link(`i${i}`, 'transform', `c${i}`, 'owner');
      link(`c${i}`, 'owner', `o${i}`, 'transform');
      if (CURVE_TARGETS.test(kind)) link('c', 'curve', `c${i}`, 'target');
      else if (kind === 'constraint/armature') {
        link('b0', 'transform', `c${i}`, 'bone1');
        // Past the old eight slots too, when the case asks for more targets.
        if (typeof params.targets === 'number' && params.targets > 1) link(`i${i}`, 'transform', `c${i}`, `bone${params.targets}`);
      }
      else if (!NO_TARGET.test(kind)) link(chain || i % 2 ? 't' : 'p', 'transform', `c${i}`, 'target');
      if (kind === 'constraint/ik') link('p', 'transform', `c${i}`, 'pole');
    }
  }
  return { graph: { format: GRAPH_FORMAT, version: 1, nodes, links }, scene };
}

/**
 * The action the Action constraint cases play (played by no object): for every bone of the kind
 * rig a Bezier location, a linear rotation and a cycled scale; object channels for its object cases.
 */
const KIND_ACTION: NonNullable<SceneDocument['actions']>[number] = {
  name: 'Act',
  fcurves: [
    ...Array.from({ length: 20 }, (_, i) => [
      { data_path: `pose.bones["b${i}"].location`, array_index: i % 3, keyframes: [{ co: [0, 0] as [number, number], handle_left: [-2, 0] as [number, number], handle_right: [3, 0.1] as [number, number] }, { co: [10, 0.2] as [number, number], handle_left: [7, 0.3] as [number, number], handle_right: [13, 0.1] as [number, number] }], group: `b${i}` },
      { data_path: `pose.bones["b${i}"].rotation_euler`, array_index: 2, keyframes: [{ co: [0, 0] as [number, number], interpolation: 'LINEAR' as const }, { co: [10, 0.5] as [number, number] }], group: `b${i}` },
      { data_path: `pose.bones["b${i}"].scale`, array_index: 1, keyframes: [{ co: [0, 1] as [number, number], interpolation: 'LINEAR' as const }, { co: [4, 1.3] as [number, number], interpolation: 'LINEAR' as const }], modifiers: [{ type: 'CYCLES' }], group: `b${i}` },
    ]).flat(),
    { data_path: 'location', array_index: 1, keyframes: [{ co: [0, 0] as [number, number], interpolation: 'LINEAR' as const }, { co: [10, 0.4] as [number, number] }] },
    { data_path: 'rotation_euler', array_index: 0, keyframes: [{ co: [0, 0] as [number, number], interpolation: 'SINE' as const }, { co: [10, 0.7] as [number, number] }] },
    { data_path: 'scale', array_index: 2, keyframes: [{ co: [0, 1] as [number, number], interpolation: 'LINEAR' as const }, { co: [10, 1.2] as [number, number] }] },
  ],
};

/** Several kind rigs in one program: each case's objects and nodes renamed with its own prefix. */
export function kindsRig(cases: readonly [string, Record<string, JsonValue>][], boneCount = 7): { graph: GraphDocument; scene: SceneDocument } {
  const nodes: GraphDocument['nodes'] = [];
  const links: GraphDocument['links'] = [];
  const objects: SceneDocument['objects'] = [];
  cases.forEach(([kind, params], k) => {
    const pre = `k${k}_`;
    const rig = kindRig(kind, params, boneCount);
    for (const o of rig.scene.objects) objects.push({ ...o, name: pre + o.name });
    for (const n of rig.graph.nodes) {
      const owner = n.params.owner;
      nodes.push({ ...n, id: pre + n.id, params: typeof owner === 'string' ? { ...n.params, owner: pre + owner } : n.params });
    }
    for (const l of rig.graph.links) links.push({ from: { ...l.from, node: pre + l.from.node }, to: { ...l.to, node: pre + l.to.node } });
  });
  // Actions are named by nodes, not owners: one copy of each.
  return { graph: { format: GRAPH_FORMAT, version: 1, nodes, links }, scene: { format: SCENE_FORMAT, version: 1, objects, actions: [KIND_ACTION] } };
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * What V8's sampling heap profiler sees allocated per frame, by the repository file of the
 * allocating function (its own frame, after inlining is undone): `windows` profiles of `frames`
 * frames each, the median per file, so that V8 re-optimizing a function once during one of them
 * (a burst of boxed numbers, not a per-frame cost) does not count.
 */
export async function allocationSites(run: (frame: number) => void, frames: number, firstFrame: number, windows = 5, byFunction = false): Promise<Record<string, number>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  // Garbage too: the frames' allocations are dead by the time the profile is taken.
  // (Options newer than @types/node's HeapProfiler.StartSamplingParameterType.)
  const options = { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
  const perWindow: Record<string, number>[] = [];
  for (let w = 0; w < windows; w++) {
    await session.post('HeapProfiler.startSampling', options);
    for (let i = 0; i < frames; i++) run(firstFrame + w * frames + i);
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const sites: Record<string, number> = {};
    const walk = (n: typeof profile.head) => {
      const url = n.callFrame.url;
      if (n.selfSize > 0 && url.includes(ROOT)) {
        let file = relative(ROOT, url.startsWith("file:") ? fileURLToPath(url) : url);
        // The function and its first line (1-based) with `--functions`.
        if (byFunction) file += `:${n.callFrame.lineNumber + 1} ${n.callFrame.functionName || '(anonymous)'}`;
        sites[file] = (sites[file] ?? 0) + n.selfSize / frames;
      }
      n.children.forEach(walk);
    };
    walk(profile.head);
    perWindow.push(sites);
  }
  session.disconnect();
  const files = new Set(perWindow.flatMap((s) => Object.keys(s)));
  const out: Record<string, number> = {};
  for (const file of files) {
    const m = median(perWindow.map((s) => s[file] ?? 0));
    if (m > 0) out[file] = m;
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

async function one(): Promise<void> {
  const rigName = opt('--rig', 'humanoid');
  const frames = Number(opt('--frames', '100000'));
  const warmup = Number(opt('--warmup', '20000'));
  const max = Number(opt('--max', '0'));
  const cases = JSON.parse(opt('--cases', JSON.stringify(KIND_CASES.filter(([k]) => k !== 'bones' && k !== 'runtime')))) as [string, Record<string, JsonValue>][];
  if (rigName === 'rigify') {
    // Rigify's human rig of the shared cases, a recorded pose of its controls written each frame.
    const rigify = rigifyHuman();
    const program = compile(rigify.graph, rigify.scene);
    const { apply } = rigifyPoseCycle(program);
    return measure(rigName, [program], frames, warmup, max, apply);
  }
  const rig = rigName === 'humanoid' ? humanoid()
    : rigName === 'large' ? largeRig()
    : rigName === 'kinds' ? kindsRig(cases, Number(opt('--bones', '7')))
    : rigName === 'spring' || rigName === 'crowd' ? sinewRig(defaultSpec())
    : rigName === 'object-extras' ? objectExtrasRig()
    : rigName === 'bbone' ? bboneRig()
    : kindRig(rigName, JSON.parse(opt('--params', '{}')) as Record<string, JsonValue>);
  if (rigName === 'actions') return measure(rigName, fixturePrograms(join(SHARED_DIR, 'conformance/actions')), frames, warmup, max);
  if (rigName === 'legacy-ik') return measure(rigName, fixturePrograms(join(ROOT, 'test/nodes/constraints/ik/blender-legacy')), frames, warmup, max);
  if (rigName === 'clips') return measure(rigName, clipPrograms(), frames, warmup, max);
  if (rigName === 'nla') return measure(rigName, nlaPrograms(), frames, warmup, max);
  if (rigName === 'keyed-modes') {
    // Rotation modes keyed (keyed_rotation_modes), at frames 1 to 5.75, where no mode changes: the
    // mode curves, the basis and the constraints reading the owners' orders run every frame. A
    // frame that changes a mode allocates (runtime/rig/animation.ts playMode).
    const program = fixtureProgram('keyed_rotation_modes');
    return measure(rigName, [program], frames, warmup, max, undefined, (f) => {
      program.frameSlot[0] = (f % 20) * 0.25 + 1;
      program.evaluate();
    });
  }
  if (rigName === 'crowd') {
    const count = 6;
    const program = compile(rig.graph, rig.scene);
    const layout = { characters: count, owners: program.owners.length };
    const buffer = new SharedArrayBuffer(crowdBytes(layout));
    const share = new CrowdShare(rig.graph, rig.scene, buffer, layout, 0, count);
    const at = framesView(buffer, layout);
    return measure(rigName, [program], frames, warmup, max, undefined, (f) => {
      for (let c = 0; c < count; c++) at[c] = ((f + 61 * c) % 385) * 0.25 - 20;
      share.evaluate();
    });
  }
  const program = compile(rig.graph, rig.scene);
  return measure(rigName, [program], frames, warmup, max);
}

/** Every case of a fixture folder, compiled. */
function fixturePrograms(dir: string): Program[] {
  const only = new RegExp(opt('--only', '.'));
  return casesIn(dir).filter((c) => only.test(c.name)).map((c) => {
    const imported = importBlenderFixture(JSON.parse(readFileSync(c.file, 'utf8')) as Fixture);
    return compile(imported.graph, imported.scene);
  });
}

/**
 * The NLA editor's rigs of test/blender/fixtures (nla-editor-strips.test.ts) and exports of rigs.py's
 * `nla_action_nothing`, `random_nla16` (partly keyed quaternions), `random_nla_more42` (an
 * action's range opened by a modifier) and `nla_strip_times` (metas' and transitions' keyed strip
 * times), each compiled.
 */
function nlaPrograms(): Program[] {
  return ['nla_transitions', 'nla_metas', 'nla_strip_modifiers', 'nla_strip_noise', 'nla_action_nothing', 'random_nla16', 'random_nla_more42', 'nla_strip_times'].map(fixtureProgram);
}

/** A Blender export kept in test/blender/fixtures, compiled. */
function fixtureProgram(rig: string): Program {
  const imported = importBlenderFixture(JSON.parse(readFileSync(join(ROOT, 'test/blender/fixtures', `${rig}.export.json`), 'utf8')) as Fixture);
  return compile(imported.graph, imported.scene);
}

/** The mannequin playing each of its glTF clips (Walk, Wave), looped. */
function clipPrograms(): Program[] {
  const file = join(SHARED_DIR, 'assets/mannequin-anim.glb');
  const imported = importGltf(readGltf(new Uint8Array(readFileSync(file))));
  const graph: GraphDocument = { format: GRAPH_FORMAT, version: 1, nodes: [], links: [] };
  return (imported.scene.clips ?? []).map((c) => compile(graph, { ...imported.scene, playback: { clip: c.name } }));
}

async function measure(rigName: string, programs: Program[], frames: number, warmup: number, max: number, pose?: (k: number) => void, evaluate?: (k: number) => void): Promise<void> {
  const program = programs[0];
  // Quarter frames from −20 to 76: the frame is written to the program's slot, so no double crosses a call.
  const run = evaluate ?? ((f: number) => {
    if (pose) pose(f);
    for (let i = 0; i < programs.length; i++) {
      programs[i].frameSlot[0] = (f % 385) * 0.25 - 20;
      programs[i].evaluate();
    }
  });
  const report = await measureAllocation(run, frames, warmup, Number(opt('--window', '1000')));
  const byFunction = args.includes('--functions');
  const sites = args.includes('--sites') || byFunction ? await allocationSites(run, Number(opt('--site-frames', '1000')), 1e6, 5, byFunction) : undefined;
  const line = { rig: rigName, params: opt('--params', '{}'), steps: program.steps.length, ...report, sites };
  if (args.includes('--json')) console.log(JSON.stringify(line));
  else {
    console.log(`${rigName}: ${program.steps.length} steps; ${report.bytesPerFrame} bytes allocated per frame (raw ${report.rawBytesPerFrame.toFixed(2)}, ${report.windows} windows)`);
    console.log(`${report.frames} frames in one go: ${report.scavenges} scavenges, ${report.collections} collections in all`);
    if (sites) for (const [file, bytes] of Object.entries(sites)) console.log(`  ${bytes.toFixed(1).padStart(8)} bytes/frame  ${file}`);
  }
  if (report.bytesPerFrame > max) process.exitCode = 1;
}

function kinds(): void {
  const only = new RegExp(opt('--only', '.'));
  const rows = KIND_CASES.filter(([kind]) => only.test(kind)).map(([kind, params]) => {
    const r = spawnSync(process.execPath, [...process.execArgv, ...ALLOC_NODE_FLAGS, fileURLToPath(import.meta.url), '--rig', kind, '--params', JSON.stringify(params), '--frames', opt('--frames', '20000'), '--json', '--max', '1e9'], { encoding: 'utf8' });
    if (r.status !== 0) return { kind, params: JSON.stringify(params), 'bytes/frame': `failed: ${r.stderr.split('\n').find((l) => l.trim()) ?? ''}` };
    const j = JSON.parse(r.stdout.trim().split('\n').pop()!) as { steps: number; bytesPerFrame: number; scavenges: number };
    return { kind, params: JSON.stringify(params), steps: j.steps, 'bytes/frame': j.bytesPerFrame, scavenges: j.scavenges };
  });
  console.table(rows);
}

// Run only as a script: the test imports KIND_CASES from here.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (args.includes('--kinds')) kinds();
  else await one();
}
