// The scene turned into owners: objects and bones with their rest data, parents and live matrix views.
import { mat4 } from 'gl-matrix';
import type { BoneEnvelope, BoneIk, CurveInfo, MeshInfo, OwnerHandle } from '../../nodes/define';
import { invertOrIdentity } from '../../nodes/math/bone-parent';
import { createParentFrame, type ParentFrame } from './parent-frame';
import { basisMatrix } from '../../nodes/math/basis';
import { createDeltaChannels, hasDeltas, objectBasisMatrix, type DeltaChannels } from '../../nodes/math/object-basis';
import { bboneSegments, buildBBone } from './bbone';
import { parentPlacement, type ParentPlacement } from './object-parent';
import { parentSkin, skinReads } from './parent-skin';
import { bindMeshSkin } from './mesh-skin';
import { bindHookedCurve } from './hooked-curves';
import { deformedSurface } from '../../nodes/math/deformed-surface';
import { EULER_ORDERS, type EulerOrder, type BoneIkProps, type InheritScale, type RotationMode, type SceneBone, type SceneDocument, type SceneMesh, type SceneObject } from './scene/types';

export interface ObjectOwner extends OwnerHandle {
  kind: 'object';
  source: SceneObject;
  /** T·R·S of the object's own transform. */
  basis: Float64Array;
  parentInverse: Float64Array;
  /** The owner whose final matrix the object hangs from (an object, or a bone's tail). */
  parent: RigOwner | undefined;
  /** Whether `parent` is a bone, so the object hangs from its tail (or, relative, its pose · inverse rest). */
  parentIsBone: boolean;
  /**
   * For a bone parent with Relative Parenting (`use_relative_parent`): the inverse of the bone's
   * rest matrix, so the object follows pose · inverse(rest) — Blender's chan_mat once the pose is
   * evaluated (ob_parbone, BKE_pose_bone_done) — instead of hanging from the tail. Else undefined.
   */
  parentRestInverse: Float64Array | undefined;
  /** For an object parent: where on it the object hangs when not from its matrix alone (a path, a vertex, a triangle; object-parent.ts). */
  placement: ParentPlacement | undefined;
  /** Owners besides the parent whose final matrices the pre step reads: the armature and bones deforming the vertices it hangs from (parent-skin.ts). */
  readsBeforePre: RigOwner[];
  /**
   * The owners whose finals move its geometry: the armature and bones deforming its mesh's grouped
   * vertices (`meshSkin`, `meshSurface`), or its curve's hook targets (`curve.hooked`). What reads
   * that geometry runs after these.
   */
  deformers: RigOwner[];
  deltas: DeltaChannels | undefined;
}

export interface BoneOwner extends OwnerHandle {
  kind: 'bone';
  source: SceneBone;
  armatureOwner: ObjectOwner;
  parentBone: BoneOwner | undefined;
  /** Blender's `offs_bone`: rest matrix relative to the parent's tail (or `arm_mat` for a root). */
  offset: Float64Array;
  /** The pose basis (`chan_mat`): T·R·S of the pose location, rotation and scale. */
  basis: Float64Array;
  inheritRotation: boolean;
  localLocation: boolean;
  inheritScale: InheritScale;
  /** Its parent frame in world space, kept current by runtime/rig/parent-frame.ts. */
  parentFrame: ParentFrame;
  /** `inheritsFully` and `parentFrame.wanted` again, in the buffer where its pre step reads them (pre-flags.ts; written when the step is bound). */
  preFlags: Float64Array;
  /**
   * Its armature is in rest position (`pose_position` REST): Blender then sets every pose matrix to
   * the rest matrix (BKE_pose_eval_bone), whatever the pose channels and constraints say.
   */
  atRest: boolean;
}

export type RigOwner = ObjectOwner | BoneOwner;

export interface Rig {
  /** Every owner, parents before children, in scene order. */
  owners: RigOwner[];
  byId: Map<string, RigOwner>;
}

/**
 * Why two owners cannot both be in a rig: the same bone twice in an armature, or names that make the
 * same owner id (an object "A/B" and armature "A"'s bone "B": ids are `Object/Bone`, and Blender
 * lets a name hold "/").
 */
function sameId(added: RigOwner, existing: RigOwner): string {
  const what = (o: RigOwner) => (o.kind === 'bone' ? `bone "${o.source.name}" of "${o.armatureOwner.id}"` : `object "${o.id}"`);
  if (added.kind === 'bone' && existing.kind === 'bone' && added.armatureOwner === existing.armatureOwner) {
    return `bone name "${added.source.name}" is used twice in "${added.armatureOwner.id}"`;
  }
  return `${what(added)} and ${what(existing)} would both be "${added.id}" (Sinew names a bone "Object/Bone"): rename one of them`;
}

/** A problem in the scene, with the JSON pointer of what is wrong. */
export class SceneError extends Error {
  /** `detail`: what is wrong, without the pointer (the message has both). */
  constructor(readonly pointer: string, readonly detail: string) {
    super(`${pointer}: ${detail}`);
  }
}

/**
 * Builds the owners of a scene; `alloc` hands out every matrix an owner keeps (views of the
 * program's one buffer: a typed array of its own costs ~1 µs to create, a view a tenth of that),
 * `allocCold` those a frame rarely touches (a bone's rest matrix and parent frame: slots.ts).
 */
export function buildRig(scene: SceneDocument, alloc: (size: number) => Float64Array, allocCold: (size: number) => Float64Array = alloc): Rig {
  const owners: RigOwner[] = [];
  const byId = new Map<string, RigOwner>();
  /** Adds an owner; `pointer` is where its name is, for the error when another owner has its id. */
  const add = (o: RigOwner, pointer: string) => {
    const clash = byId.get(o.id);
    if (clash) throw new SceneError(pointer, sameId(o, clash));
    owners.push(o);
    byId.set(o.id, o);
  };
  const objects = scene.objects;
  const byName = new Map(objects.map((o, i) => [o.name, i] as const));
  const built = new Map<string, ObjectOwner>();

  // Objects may be listed in any order; visit parents first and refuse parenting loops.
  const visiting = new Set<string>();
  const visit = (index: number): ObjectOwner => {
    const so = objects[index];
    const done = built.get(so.name);
    if (done) return done;
    const pointer = `/objects/${index}`;
    if (visiting.has(so.name)) throw new SceneError(`${pointer}/parent`, `object "${so.name}" is its own ancestor (a parenting loop)`);
    visiting.add(so.name);
    let parent: RigOwner | undefined;
    let parentIsBone = false;
    let parentRestInverse: Float64Array | undefined;
    let placement: ParentPlacement | undefined;
    if (so.parent) {
      const pi = byName.get(so.parent);
      if (pi === undefined) throw new SceneError(`${pointer}/parent`, `parent object "${so.parent}" is not in the scene`);
      const parentObject = visit(pi);
      if (so.parent_type === 'BONE') {
        const boneId = `${so.parent}/${so.parent_bone ?? ''}`;
        parent = byId.get(boneId);
        if (!parent) throw new SceneError(`${pointer}/parent_bone`, `parent bone "${so.parent_bone}" is not a bone of "${so.parent}"`);
        parentIsBone = true;
        // Its own array, not a buffer slot: few objects have one, and capacity() counts four matrices an object.
        if (parent.kind === 'bone' && parent.source.use_relative_parent === true) parentRestInverse = invertOrIdentity(Float64Array.from(parent.bone!.restMatrix));
      } else {
        parent = parentObject;
        placement = parentPlacement(so, parentObject.source, parentObject.curve);
      }
    }
    // Deltas only for an object that has them: every other object's basis is built as before.
    const deltas = hasDeltas(so) ? createDeltaChannels(so) : undefined;
    const owner: ObjectOwner = {
      id: so.name,
      kind: 'object',
      objectType: so.type,
      rotationOrder: eulerOrderOf(so.rotation_mode),
      rotationMode: so.rotation_mode ?? 'XYZ',
      source: so,
      pre: alloc(16),
      final: identity(alloc(16)),
      basis: deltas ? objectBasisMatrix(alloc(16), so, deltas) : basisMatrix(alloc(16), so),
      // Keys on every owner (set at compile for animated or driven ones): one shape for the per-frame code.
      liveEuler: undefined,
      played: undefined,
      parentInverse: matrixOrIdentity(alloc(16), so.matrix_parent_inverse),
      parent,
      parentIsBone,
      parentRestInverse,
      placement,
      readsBeforePre: [],
      deformers: [],
      // Always a key (undefined when none), so every object owner has one shape for the per-frame code.
      deltas,
      curve: so.type === 'CURVE' ? curveInfo(so) : undefined,
      mesh: so.mesh ? meshInfo(so.mesh) : undefined,
      meshSkin: undefined,
      meshSurface: undefined,
    };
    built.set(so.name, owner);
    add(owner, `/objects/${index}/name`);
    visiting.delete(so.name);
    if (so.type === 'ARMATURE') addBones(owner, index);
    return owner;
  };

  const addBones = (armature: ObjectOwner, objectIndex: number) => {
    const bones = armature.source.bones ?? [];
    bones.forEach((sb, bi) => {
      const pointer = `/objects/${objectIndex}/bones/${bi}`;
      const id = `${armature.id}/${sb.name}`;
      const parentBone = sb.parent ? byId.get(`${armature.id}/${sb.parent}`) : undefined;
      if (sb.parent && (!parentBone || parentBone.kind !== 'bone')) {
        throw new SceneError(`${pointer}/parent`, `parent bone "${sb.parent}" must be listed before "${sb.name}" in "${armature.id}"`);
      }
      const rest = matrixOrIdentity(allocCold(16), sb.matrix_local);
      const offset = alloc(16);
      if (parentBone && parentBone.kind === 'bone') {
        // offs_bone = inverse(parent rest) · rest: the bone's rest relative to its parent's head frame.
        offset.set(parentBone.bone!.restMatrix);
        invertOrIdentity(offset);
        mat4.multiply(offset, offset, rest);
      } else {
        offset.set(rest);
      }
      const owner: BoneOwner = {
        id,
        kind: 'bone',
        objectType: 'BONE',
        rotationOrder: eulerOrderOf(sb.pose?.rotation_mode),
        rotationMode: sb.pose?.rotation_mode ?? 'XYZ',
        source: sb,
        pre: alloc(16),
        final: identity(alloc(16)),
        // What every pre step and LOCAL conversion reads (inheritsFully, the parent frame), side by
        // side in the record (V8 lays an object literal's fields out in order): a frame of a large
        // rig reads them for every bone, and its time goes mostly to bringing data into the cache.
        parentBone: parentBone as BoneOwner | undefined,
        inheritRotation: sb.use_inherit_rotation ?? true,
        localLocation: sb.use_local_location ?? true,
        inheritScale: sb.inherit_scale ?? 'FULL',
        parentFrame: createParentFrame(allocCold),
        atRest: armature.source.pose_position === 'REST',
        armatureOwner: armature,
        offset,
        basis: basisMatrix(alloc(16), sb.pose ?? {}),
        // Right after the basis, which the pre step's kernel reads next to it.
        preFlags: alloc(1),
        liveEuler: undefined,
        played: undefined,
        bone: {
          armature,
          parent: parentBone,
          length: sb.length,
          restMatrix: rest,
          connected: sb.use_connect ?? false,
          ik: boneIkOf(sb.pose ?? {}),
          ...envelopeOf(sb),
        },
      };
      add(owner, `${pointer}/name`);
    });
    // B-Bones once every bone is there: a handle may be a child (AUTO's end) or any other bone.
    bones.forEach((sb, bi) => {
      if (bboneSegments(sb) < 2) return;
      const owner = byId.get(`${armature.id}/${sb.name}`)!;
      owner.bone!.bbone = buildBBone(bones, bi, alloc, (name) => byId.get(`${armature.id}/${name}`));
    });
  };

  objects.forEach((so, i) => {
    if (byName.get(so.name) !== i) throw new SceneError(`/objects/${i}/name`, `object name "${so.name}" is used twice`);
  });
  objects.forEach((_, i) => visit(i));
  // Vertex parents on a mesh an armature deforms: the armature and its bones, now that every owner is there.
  for (const o of owners) {
    const p = o.kind === 'object' ? o.placement : undefined;
    if (o.kind !== 'object' || !p || p.kind === 'path' || !o.source.parent_skin) continue;
    const skin = parentSkin(o.source, (id) => byId.get(id));
    p.skin = skin;
    o.readsBeforePre = skin ? skinReads(skin) : [];
  }
  // Curves whose points hooks move, and the objects on their paths.
  for (const o of owners) {
    const curve = o.kind === 'object' ? o.source.curve : undefined;
    if (o.kind !== 'object' || !curve?.hooks || !o.curve) continue;
    const bound = bindHookedCurve(curve, (id) => byId.get(id));
    o.curve.hooked = bound?.hooked;
    o.deformers = bound?.reads ?? [];
  }
  for (const o of owners) {
    const p = o.kind === 'object' ? o.placement : undefined;
    if (o.kind !== 'object' || p?.kind !== 'path' || o.parent?.kind !== 'object' || !o.parent.curve?.hooked) continue;
    p.hooked = o.parent.curve.hooked;
    o.readsBeforePre = o.parent.deformers;
  }
  // Meshes whose grouped vertices an armature deforms, likewise.
  for (const o of owners) {
    const mesh = o.kind === 'object' ? o.source.mesh : undefined;
    if (o.kind !== 'object' || !mesh?.skin) continue;
    const bound = bindMeshSkin(mesh, (id) => byId.get(id));
    o.meshSkin = bound?.deformed;
    o.deformers = bound?.reads ?? [];
    const surface = mesh.skin.surface;
    if (bound && surface && o.mesh && everyVertexInOrder(mesh)) o.meshSurface = deformedSurface(bound.deformed, o.mesh, surface.triangle_polygons, surface.flat_polygons);
  }
  return { owners, byId };
}

/** Whether a mesh's skin holds each of its vertices, in order (what a surface skin is; the scene loader checks it). */
function everyVertexInOrder(mesh: SceneMesh): boolean {
  const v = mesh.skin?.vertices ?? [];
  return 3 * v.length === mesh.vertices.length && v.every((x, k) => x === k);
}

/** The owner a given owner's pre-constraint matrix depends on: parent object, parent bone or armature. */
export function parentOwnerOf(o: RigOwner): RigOwner | undefined {
  return o.kind === 'object' ? o.parent : (o.parentBone ?? o.armatureOwner);
}

function eulerOrderOf(mode: RotationMode | undefined): EulerOrder {
  return mode && (EULER_ORDERS as readonly string[]).includes(mode) ? (mode as EulerOrder) : 'XYZ';
}

/** Finals start as identity, so an owner read across a set-aside cycle edge is never a zero matrix. */
function identity(m: Float64Array): Float64Array {
  mat4.identity(m);
  return m;
}

function matrixOrIdentity(out: Float64Array, m: number[] | undefined): Float64Array {
  if (m && m.length === 16) out.set(m);
  else mat4.identity(out);
  return out;
}

/**
 * A scene mesh as typed arrays, for Shrinkwrap: one per scene mesh, kept across compiles, so that
 * what is found from it once (its BVH, nodes/math/mesh-bvh.ts) is not found again on every recompile.
 */
function meshInfo(mesh: SceneMesh): MeshInfo {
  let info = meshInfos.get(mesh);
  if (!info) {
    info = newMeshInfo(mesh);
    meshInfos.set(mesh, info);
  }
  return info;
}

const meshInfos = new WeakMap<SceneMesh, MeshInfo>();

/** Each triangle corner's normal as its vertex's, for a mesh written without corner normals (a smooth one). */
function cornerNormals(mesh: SceneMesh): Float64Array {
  const out = new Float64Array(mesh.triangles.length * 3);
  const n = mesh.vertex_normals ?? [];
  mesh.triangles.forEach((v, k) => { for (let c = 0; c < 3; c++) out[k * 3 + c] = n[v * 3 + c] ?? 0; });
  return out;
}

function newMeshInfo(mesh: SceneMesh): MeshInfo {
  return {
    vertices: Float64Array.from(mesh.vertices),
    triangles: Uint32Array.from(mesh.triangles),
    normals: mesh.normals ? Float64Array.from(mesh.normals) : cornerNormals(mesh),
    ...(mesh.vertex_normals ? { vertexNormals: Float64Array.from(mesh.vertex_normals) } : {}),
    ...(mesh.vertex_groups ? { groups: new Map(Object.entries(mesh.vertex_groups).map(([name, g]) => [name, { indices: Uint32Array.from(g.indices), weights: Float64Array.from(g.weights), ...(g.counts ? { counts: Float64Array.from(g.counts) } : {}) }])) } : {}),
    ...(mesh.lattice ? { lattice: true } : {}),
  };
}

function curveInfo(so: SceneObject): CurveInfo {
  const spline = so.curve?.splines[0];
  const pts = spline?.points ?? [];
  return {
    points: Float64Array.from(pts.flatMap((p) => [p[0], p[1], p[2]])),
    radius: Float64Array.from(spline?.radius ?? pts.map(() => 1)),
    tilt: Float64Array.from(spline?.tilt ?? pts.map(() => 0)),
    smoothIterations: so.curve?.twist_smooth_iterations ?? 0,
    flat: so.curve?.dimensions === '2D',
    ...(spline?.end_directions ? { endDirections: Float64Array.from(spline.end_directions.flatMap((d) => [d[0], d[1], d[2]])) } : {}),
    ...(spline?.tangents ? { tangents: Float64Array.from(spline.tangents.flatMap((d) => [d[0], d[1], d[2]])) } : {}),
    cyclic: spline?.cyclic ?? false,
    pathDuration: so.curve?.path_duration ?? 100,
    evalTime: so.curve?.eval_time ?? 0,
    time: Float64Array.of(so.curve?.eval_time ?? 0),
    useClamp: so.curve?.use_path_clamp ?? true,
    twist: so.curve?.twist_mode ?? 'MINIMUM',
  };
}

/** The pose bone's IK settings, Blender's defaults for the ones not given. */
function boneIkOf(p: BoneIkProps): BoneIk {
  const num = (v: number | undefined, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    lock: [p.lock_ik_x === true, p.lock_ik_y === true, p.lock_ik_z === true],
    useLimit: [p.use_ik_limit_x === true, p.use_ik_limit_y === true, p.use_ik_limit_z === true],
    min: [num(p.ik_min_x, -Math.PI), num(p.ik_min_y, -Math.PI), num(p.ik_min_z, -Math.PI)],
    max: [num(p.ik_max_x, Math.PI), num(p.ik_max_y, Math.PI), num(p.ik_max_z, Math.PI)],
    stiffness: [num(p.ik_stiffness_x, 0), num(p.ik_stiffness_y, 0), num(p.ik_stiffness_z, 0)],
    stretch: num(p.ik_stretch, 0),
  };
}

/** A bone's envelope, when the scene has all of it (head, tail, both radii, distance). */
function envelopeOf(sb: SceneBone): { envelope?: BoneEnvelope } {
  const h = sb.head_local;
  const t = sb.tail_local;
  if (!h || !t || h.length !== 3 || t.length !== 3 || sb.head_radius === undefined || sb.tail_radius === undefined || sb.envelope_distance === undefined) return {};
  return { envelope: { head: [h[0], h[1], h[2]], tail: [t[0], t[1], t[2]], headRadius: sb.head_radius, tailRadius: sb.tail_radius, distance: sb.envelope_distance, multiply: sb.use_envelope_multiply === true } };
}
