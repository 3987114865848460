// A glTF 2.0 file as a Sinew scene (see docs/gltf.md):
//
// - One ARMATURE object (named "Armature" unless told otherwise) stands for the glTF scene space: its
//   rotation of +90° about X turns the file's Y-up into Sinew's Z-up, and its bones keep the file's
//   own coordinates, so `matrix_local` is a joint's rest matrix in the glTF scene.
// - Every joint of every skin becomes a bone, named as the node (names made unique Blender's way,
//   "name.001"). Its parent is the nearest ancestor that is a joint. Rest = the node's own
//   transforms (the file's rest pose); inverse bind matrices are left to the skinned meshes.
// - A bone's Y axis runs along the bone, towards its child: when a child joint lies on the joint's
//   own +Y axis (Blender's exports, most rigs) the bone keeps the joint's axes exactly; otherwise Y is
//   turned by the smallest rotation towards the first child, or kept for Blender-made files, leaves
//   and joints that VRMC_node_constraint names (so its axes keep their meaning). The joint's frame
//   relative to the bone's (`offset`) is what bake multiplies back.
// - Every other node becomes an EMPTY, parented as in the file: to its parent node's object, to its
//   parent joint's bone (parent_type BONE), or to the armature for top-level nodes.
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument } from '../../../graph/types';
import { rotationBetweenToMat3 } from '../../../nodes/math/rotation-between';
import type { SceneBone, SceneDocument, SceneObject } from '../../rig/scene/types';
import { ARMATURE_ROTATION } from './axes';
import type { GltfBinding } from './binding';
import { gltfClips } from './clips';
import { hierarchy } from './hierarchy';
import type { GltfLimits } from './limits';
import { decompose, identity4, inverse, mul, type M4 } from './mat';
import type { GltfAsset, GltfJson } from './types';
import { readVrmConstraints, vrmConstraintGraph, type VrmConstraint } from './vrm';
import { readVrmSprings, vrmSpringGraph, type VrmSprings } from './vrm-spring';

export interface GltfImportOptions {
  /** Name of the armature object; graphs name bones "<armature>/<bone>". Default "Armature". */
  armature?: string;
  /** Limits for reading the file, in place of DEFAULT_GLTF_LIMITS (limits.ts). */
  limits?: Partial<GltfLimits>;
  /** Frames per second of the spring bones' ticks (one tick per frame); default 24, bake's default. */
  springFps?: number;
}

export interface GltfImport {
  scene: SceneDocument;
  /** Index = glTF node index. */
  bindings: GltfBinding[];
  armature: string;
  /** VRMC_node_constraint constraints as nodes, with the scene inline (empty nodes when there are none). */
  graph: GraphDocument;
  constraints: VrmConstraint[];
  /** VRMC_springBone springs and colliders as read (their nodes are in `graph`). */
  springs: VrmSprings;
  /** Things the import changed or could not carry over, one sentence each. */
  notes: string[];
}

/** Angle (rad) within which a child counts as lying on the joint's Y axis. */
const ON_AXIS = 1e-3;

export function importGltf(asset: GltfAsset, options: GltfImportOptions = {}): GltfImport {
  const json = asset.json;
  const nodes = json.nodes ?? [];
  const notes: string[] = [];
  const armature = options.armature ?? 'Armature';
  const h = hierarchy(json);

  const isJoint = new Uint8Array(nodes.length);
  for (const [si, skin] of (json.skins ?? []).entries()) {
    for (const j of skin.joints ?? []) {
      if (!Number.isInteger(j) || j < 0 || j >= nodes.length) notes.push(`skin ${si} lists joint ${j}, which is not a node; skipped`);
      else isJoint[j] = 1;
    }
  }
  const constraints = readVrmConstraints(json, notes);
  const keepAxes = new Set<number>(constraints.flatMap((c) => [c.node, c.source]));
  const fromBlender = /blender/i.test(json.asset.generator ?? '');

  // Names: bones unique within the armature, objects unique among objects (the armature included).
  const boneNames = new Set<string>();
  const objectNames = new Set<string>([armature]);
  const unique = (taken: Set<string>, wanted: string) => {
    let name = wanted;
    for (let k = 1; taken.has(name); k++) name = `${wanted}.${String(k).padStart(3, '0')}`;
    taken.add(name);
    return name;
  };
  const nameOf = (i: number) => (typeof nodes[i].name === 'string' && nodes[i].name.length ? nodes[i].name : `node${i}`).slice(0, 200);

  const jointParent = (i: number): number => {
    for (let p = h.parent[i]; p >= 0; p = h.parent[p]) if (isJoint[p]) return p;
    return -1;
  };
  const jointChildren = new Map<number, number[]>();
  for (const i of h.order) {
    if (!isJoint[i]) continue;
    const p = jointParent(i);
    if (p >= 0) jointChildren.set(p, [...(jointChildren.get(p) ?? []), i]);
  }
  const heads = h.order.filter((i) => isJoint[i]).map((i) => h.world[i]);
  const defaultLength = Math.max(1e-3, 0.1 * extent(heads)) || 0.1;

  const bindings = new Array<GltfBinding>(nodes.length);
  const rests = new Map<number, M4>();
  const bones: SceneBone[] = [];
  const boneOf = new Map<number, SceneBone>();
  const objects: SceneObject[] = [];
  for (const i of h.order) {
    if (isJoint[i]) {
      const name = unique(boneNames, nameOf(i));
      if (name !== nameOf(i)) notes.push(`node ${i}: joint name "${nameOf(i)}" is used twice; the bone is "${name}"`);
      const p = jointParent(i);
      const parentBone = p >= 0 ? boneOf.get(p) : undefined;
      const { rest, length } = boneRest(h.world[i], (jointChildren.get(i) ?? []).map((c) => h.world[c]), {
        keep: fromBlender || keepAxes.has(i),
        leafLength: parentBone?.length ?? defaultLength,
      });
      const offset = mul(inverse(rest), h.world[i]);
      rests.set(i, rest);
      const bone: SceneBone = {
        name,
        parent: parentBone?.name ?? null,
        head_local: [rest[12], rest[13], rest[14]],
        tail_local: [rest[12] + rest[4] * length, rest[13] + rest[5] * length, rest[14] + rest[6] * length],
        matrix_local: Array.from(rest),
        length,
        use_connect: false,
        pose: { rotation_mode: 'QUATERNION' },
      };
      // An extra key (the runtime does not read it): the node the bone came from, so a scene file
      // can be baked onto its glTF file again (bindingsFromScene).
      (bone as SceneBone & { gltf_node?: number }).gltf_node = i;
      bones.push(bone);
      boneOf.set(i, bone);
      bindings[i] = { node: i, owner: `${armature}/${name}`, joint: true, offset };
    } else {
      const name = unique(objectNames, nameOf(i));
      if (name !== nameOf(i)) notes.push(`node ${i}: name "${nameOf(i)}" is taken; the object is "${name}"`);
      const p = h.parent[i];
      const { t, r, s } = decompose(h.local[i]);
      const object: SceneObject = {
        name,
        type: 'EMPTY',
        location: Array.from(t),
        rotation_mode: 'QUATERNION',
        rotation_quaternion: Array.from(r),
        scale: Array.from(s),
      };
      if (p < 0) {
        object.parent = armature;
      } else if (isJoint[p]) {
        const bone = boneOf.get(p)!;
        object.parent = armature;
        object.parent_type = 'BONE';
        object.parent_bone = bone.name;
        // Sinew hangs a bone child from the bone's tail; undo that and the bone-to-joint offset.
        const tailInverse = identity4();
        tailInverse[13] = -bone.length;
        object.matrix_parent_inverse = Array.from(mul(tailInverse, bindings[p].offset));
      } else {
        object.parent = bindings[p].owner;
      }
      (object as SceneObject & { gltf_node?: number }).gltf_node = i;
      if (nodes[i].skin !== undefined) (object as SceneObject & { gltf_skin?: number }).gltf_skin = nodes[i].skin;
      objects.push(object);
      bindings[i] = { node: i, owner: name, joint: false, offset: identity4() };
    }
  }

  const armatureObject: SceneObject = {
    name: armature,
    type: 'ARMATURE',
    location: [0, 0, 0],
    rotation_mode: 'XYZ',
    rotation_euler: [...ARMATURE_ROTATION],
    scale: [1, 1, 1],
    bones,
  };
  const scene: SceneDocument = { format: 'sinew-scene', version: 1, objects: [armatureObject, ...objects] };
  const clips = gltfClips({ asset, h, bindings, restOf: (n) => rests.get(n), jointParent }, notes);
  if (clips.length) scene.clips = clips;
  const isBone = (n: number) => bindings[n]?.joint;
  for (const c of constraints) {
    if (!isBone(c.node) && c.kind !== 'aim' && Math.abs(Math.abs(decompose(h.local[c.node]).r[3]) - 1) > 1e-9) {
      notes.push(`node ${c.node}: ${c.kind} constraint on an object with a rest rotation; Sinew's LOCAL space of an object is relative to its parent, not to its rest, so the result differs from VRM's`);
    }
  }
  const graphPart = vrmConstraintGraph(constraints, (n) => bindings[n].owner, isBone);
  const springs = readVrmSprings(json, notes);
  const springPart = vrmSpringGraph(springs, {
    ownerOf: (n) => bindings[n].owner,
    world: (n) => h.world[n],
    offset: (n) => bindings[n].offset,
    parent: (n) => h.parent[n],
    stacked: new Set(constraints.map((c) => bindings[c.node].owner)),
    fps: options.springFps ?? 24,
  }, notes);
  for (const n of springPart.nodes) n.position = [n.position?.[0] ?? 0, (n.position?.[1] ?? 0) + 200 * constraints.length];
  // The current version: a graph written as version 1 is migrated when opened, so a saved import
  // and the same file reopened would differ in their version line.
  const graph: GraphDocument = {
    format: GRAPH_FORMAT,
    version: GRAPH_VERSION,
    nodes: [...graphPart.nodes, ...springPart.nodes],
    links: [...graphPart.links, ...springPart.links],
    scene: scene as unknown as GraphDocument['scene'],
  };
  return { scene, bindings, armature, graph, constraints, springs, notes };
}

interface RestOptions {
  /** Keep the joint's own axes even when no child lies on its Y axis. */
  keep: boolean;
  /** Length of a bone with no child joints. */
  leafLength: number;
}

/** A bone's rest matrix (orthonormal, Y along the bone) and length, from its joint's and children's rest. */
export function boneRest(joint: ArrayLike<number>, children: ArrayLike<number>[], o: RestOptions): { rest: M4; length: number } {
  const head = [joint[12], joint[13], joint[14]];
  const axes = orthonormalY(joint);
  const y = [axes[3], axes[4], axes[5]];
  const offsets = children
    .map((c) => [c[12] - head[0], c[13] - head[1], c[14] - head[2]])
    .filter((v) => Math.hypot(v[0], v[1], v[2]) > 1e-6 * (1 + Math.hypot(head[0], head[1], head[2])));
  const onAxis = offsets.find((v) => angle(v, y) < ON_AXIS);
  let length: number;
  if (onAxis) {
    length = Math.hypot(onAxis[0], onAxis[1], onAxis[2]);
  } else if (!offsets.length) {
    length = o.leafLength;
  } else if (o.keep) {
    const along = Math.max(...offsets.map((v) => v[0] * y[0] + v[1] * y[1] + v[2] * y[2]));
    length = along > 1e-6 ? along : o.leafLength;
  } else {
    const d = offsets[0];
    length = Math.hypot(d[0], d[1], d[2]);
    const turn = rotationBetweenToMat3(new Float64Array(9), y, d);
    const turned = new Float64Array(9);
    for (let c = 0; c < 3; c++) {
      for (let r = 0; r < 3; r++) turned[3 * c + r] = turn[r] * axes[3 * c] + turn[3 + r] * axes[3 * c + 1] + turn[6 + r] * axes[3 * c + 2];
    }
    axes.set(turned);
  }
  const rest = identity4();
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) rest[4 * c + r] = axes[3 * c + r];
  rest[12] = head[0]; rest[13] = head[1]; rest[14] = head[2];
  return { rest, length };
}

/** Right-handed orthonormal axes (3x3, column-major) of a 4x4, keeping its Y direction, then X as close as can be. */
function orthonormalY(m: ArrayLike<number>): Float64Array {
  const out = new Float64Array(9);
  let y = norm([m[4], m[5], m[6]]);
  let x = [m[0], m[1], m[2]];
  if (!y) y = [0, 1, 0];
  const d = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
  let xn = norm([x[0] - d * y[0], x[1] - d * y[1], x[2] - d * y[2]]);
  if (!xn) {
    // X along Y (or zero): take any axis perpendicular to Y.
    x = Math.abs(y[0]) < 0.9 ? [1, 0, 0] : [0, 0, 1];
    const e = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    xn = norm([x[0] - e * y[0], x[1] - e * y[1], x[2] - e * y[2]])!;
  }
  const z = [xn[1] * y[2] - xn[2] * y[1], xn[2] * y[0] - xn[0] * y[2], xn[0] * y[1] - xn[1] * y[0]];
  out.set(xn, 0); out.set(y, 3); out.set(z, 6);
  return out;
}

function norm(v: number[]): number[] | undefined {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 1e-12 && Number.isFinite(l) ? [v[0] / l, v[1] / l, v[2] / l] : undefined;
}

function angle(a: number[], b: number[]): number {
  const cx = a[1] * b[2] - a[2] * b[1], cy = a[2] * b[0] - a[0] * b[2], cz = a[0] * b[1] - a[1] * b[0];
  return Math.atan2(Math.hypot(cx, cy, cz), a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
}

function extent(ms: ArrayLike<number>[]): number {
  if (ms.length < 2) return 0;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (const m of ms) for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], m[12 + k]); hi[k] = Math.max(hi[k], m[12 + k]); }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

/** The generator line of a file, for messages. */
export function generatorOf(json: GltfJson): string {
  return json.asset.generator ?? 'unknown generator';
}
