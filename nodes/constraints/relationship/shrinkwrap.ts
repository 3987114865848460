// Shrinkwrap (Blender's SHRINKWRAP): moves the owner onto a mesh's surface — to its nearest point,
// its nearest vertex, or where a ray along one of the owner's axes hits it — then keeps it inside,
// outside or at a distance from it, and can turn one axis along the surface's normal. Blender's
// `shrinkwrap_get_tarmat` with BKE_shrinkwrap_find_nearest_surface (Target Normal Project in
// math/mesh-target-project.ts), BKE_shrinkwrap_project_normal,
// BKE_shrinkwrap_snap_point_to_surface and BKE_shrinkwrap_compute_smooth_normal, in double precision.
// Blender works in two frames, and so does this: the owner's matrix (`local`, the owner in its owner
// space) and the mesh object's (`target`); nearest searches measure the distance in the target's
// units, a projection in the owner's.
import { param, transform, type MeshInfo } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { trackAxisIndex } from '../../math/aim';
import { FLT_EPSILON } from '../../math/float32';
import { hypot3Into } from '../../math/hypot';
import { identityMat4, invertMat4, multiplyMat4 } from '../../math/matrix';
import { updateSurface, type DeformedSurface } from '../../math/deformed-surface';
import { meshBvh, type MeshBvh } from '../../math/mesh-bvh';
import { nearestSurface, nearestVertex, rayCast, smoothNormal, surfaceHit, type SurfaceHit } from '../../math/mesh-surface';
import { targetProject, targetProjectData, type TargetProjectData } from '../../math/mesh-target-project';
import { dampedTrack } from '../../math/track';
import { normalize3 } from '../../math/vector';
import { finishOrPass } from '../finite-result';
import { trackAxisParam } from '../tracking/aim';

const SHRINKWRAP_TYPES = ['NEAREST_SURFACE', 'PROJECT', 'NEAREST_VERTEX', 'TARGET_PROJECT'] as const;
const WRAP_MODES = ['ON_SURFACE', 'INSIDE', 'OUTSIDE', 'OUTSIDE_SURFACE', 'ABOVE_SURFACE'] as const;
const PROJECT_AXES = ['POS_X', 'POS_Y', 'POS_Z', 'NEG_X', 'NEG_Y', 'NEG_Z'] as const;
const CULL_FACES = ['OFF', 'FRONT', 'BACK'] as const;
type WrapMode = (typeof WRAP_MODES)[number];

/** What a Shrinkwrap node binds: the target's surface, and for Target Normal Project its open edges. */
export interface ShrinkwrapState {
  mesh: MeshInfo;
  /** The surface as an Armature modifier moves it, brought up to date before each query; absent: `mesh` stays as written. */
  surface: DeformedSurface | undefined;
  bvh: MeshBvh;
  project: TargetProjectData | undefined;
  /** The Project Axis Space's frame: the owner's LOCAL identity converted into it, written by the runtime each run. */
  axisFrame: Float64Array;
}

/** Blender's BVH_RAYCAST_DIST_MAX (FLT_MAX / 2): how far a projection without a limit reaches. */
const RAYCAST_DIST_MAX = 3.4028234663852886e38 / 2;

const localToTarget = new Float64Array(16);
const targetToLocal = new Float64Array(16);
const inverseTarget = new Float64Array(16);
const axisInverse = new Float64Array(16);
const co = new Float64Array(3);
const dir = new Float64Array(3);
const rayOrigin = new Float64Array(3);
const rayDir = new Float64Array(3);
const trackNo = new Float64Array(3);
const snapNo = new Float64Array(3);
const delta = new Float64Array(3);
const world = new Float64Array(3);
const len = new Float64Array(1);
// The distance to keep, passed in an array: V8 boxes a double passed to a call it does not inline.
const goalDistance = new Float64Array(1);
const hit = surfaceHit();
const ray = surfaceHit();

/** p ← the point m·p (m a column-major 4×4). */
function applyPoint(m: ArrayLike<number>, p: Float64Array): void {
  const x = p[0], y = p[1], z = p[2];
  p[0] = m[0] * x + m[4] * y + m[8] * z + m[12];
  p[1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  p[2] = m[2] * x + m[6] * y + m[10] * z + m[14];
}

/** v ← m's 3×3 times v, normalized (Blender's BLI_space_transform_apply_normal / _invert_normal). */
function applyNormal(m: ArrayLike<number>, v: Float64Array): void {
  const x = v[0], y = v[1], z = v[2];
  v[0] = m[0] * x + m[4] * y + m[8] * z;
  v[1] = m[1] * x + m[5] * y + m[9] * z;
  v[2] = m[2] * x + m[6] * y + m[10] * z;
  normalize3(v, v);
}

/** Blender's shrinkwrap_snap_with_side: `point` put the goal distance from the surface at `h` (normal `n`), on the side `sign` (0: the side it is on). */
function snapWithSide(out: Float64Array, point: Float64Array, h: Float64Array, n: Float64Array, sign: number, force: boolean): void {
  const goal = goalDistance[0];
  delta[0] = point[0] - h[0]; delta[1] = point[1] - h[1]; delta[2] = point[2] - h[2];
  hypot3Into(len, 0, delta);
  const dist = len[0];
  if (dist < FLT_EPSILON) {
    if (force || goal > 0) for (let k = 0; k < 3; k++) out[k] = h[k] + n[k] * goal * sign;
    else out.set(h);
    return;
  }
  const side = delta[0] * n[0] + delta[1] * n[1] + delta[2] * n[2] < 0 ? -1 : 1;
  if (sign === 0) sign = side;
  if (!(force || side * dist * sign < goal)) { out.set(point); return; }
  for (let k = 0; k < 3; k++) delta[k] *= side / dist;
  // Very close to the surface, the direction leans on the hit normal (Blender's stabilizing blend).
  const epsilon = (Math.abs(goal) + Math.abs(h[0]) + Math.abs(h[1]) + Math.abs(h[2])) * 1e-4;
  if (dist < epsilon) {
    const t = dist / epsilon;
    for (let k = 0; k < 3; k++) delta[k] = n[k] + (delta[k] - n[k]) * t;
  }
  for (let k = 0; k < 3; k++) out[k] = h[k] + delta[k] * goal * sign;
}

/**
 * Blender's BKE_shrinkwrap_snap_point_to_surface: `point` (in the frame `h` and `n` are in) moved per
 * the wrap mode and the distance in `goalDistance`; `smooth` is the smooth normal at `h` in that frame (ABOVE_SURFACE reads it).
 */
function snapToSurface(out: Float64Array, mode: WrapMode, point: Float64Array, h: Float64Array, n: Float64Array, smooth: Float64Array): void {
  const goal = goalDistance[0];
  switch (mode) {
    case 'ON_SURFACE':
      if (goal !== 0) snapWithSide(out, point, h, n, 0, true);
      else out.set(h);
      break;
    case 'INSIDE':
      snapWithSide(out, point, h, n, -1, false);
      break;
    case 'OUTSIDE':
      snapWithSide(out, point, h, n, 1, false);
      break;
    case 'OUTSIDE_SURFACE':
      if (goal !== 0) snapWithSide(out, point, h, n, 1, true);
      else out.set(h);
      break;
    case 'ABOVE_SURFACE':
      if (goal !== 0) for (let k = 0; k < 3; k++) out[k] = h[k] + smooth[k] * goal;
      else out.set(h);
      break;
  }
}

/**
 * Blender's BKE_shrinkwrap_project_normal from the local origin along local `d`: the nearest triangle
 * the ray hits closer than `best.dist` (in the target's units), unless its face is culled, written
 * into `best` with its point and normal in the local frame. A culled nearest hit stops the search.
 */
function project(best: SurfaceHit, mesh: MeshInfo, bvh: MeshBvh, d: Float64Array, cull: 'OFF' | 'FRONT' | 'BACK'): void {
  rayOrigin[0] = localToTarget[12]; rayOrigin[1] = localToTarget[13]; rayOrigin[2] = localToTarget[14];
  rayDir.set(d);
  applyNormal(localToTarget, rayDir);
  ray.index = -1;
  ray.dist = best.dist;
  rayCast(ray, mesh, bvh, rayOrigin, rayDir);
  if (ray.index < 0) return;
  applyNormal(targetToLocal, ray.no);
  const facing = d[0] * ray.no[0] + d[1] * ray.no[1] + d[2] * ray.no[2];
  if ((cull === 'FRONT' && facing <= 0) || (cull === 'BACK' && facing >= 0)) return;
  applyPoint(targetToLocal, ray.co);
  best.index = ray.index;
  best.dist = ray.dist;
  best.co.set(ray.co);
  best.no.set(ray.no);
}

export const shrinkwrap = defineConstraint({
  type: 'constraint/shrinkwrap',
  label: 'Shrinkwrap',
  category: 'Relationship',
  doc: "Moves the owner onto a mesh's surface (nearest point, nearest vertex, or a projection along one of its axes), keeps it inside, outside or at a distance, and can align an axis with the surface normal.",
  inputs: {
    target: transform({ doc: "The mesh object to wrap onto (its world matrix; the surface is the object's mesh, bound at compile time).", required: true }),
  },
  outputs: { owner: transform({ doc: 'The owner after Shrinkwrap (world matrix).' }) },
  params: {
    shrinkwrapType: {
      ...param.choice(SHRINKWRAP_TYPES, 'NEAREST_SURFACE', "How the surface point is found: the nearest point of the surface, a ray along an axis (PROJECT), the nearest vertex, or the point whose smooth vertex normal points at the owner (TARGET_PROJECT)."),
      label: 'Mode',
    },
    wrapMode: {
      ...param.choice(WRAP_MODES, 'ON_SURFACE', 'Where the owner goes relative to the surface point: on it, kept inside, kept outside, outside at Distance, or Distance along the smooth normal. No effect for NEAREST_VERTEX.'),
      label: 'Snap Mode',
    },
    distance: { ...param.float(0, 'Distance kept from the surface (in the target\'s units for nearest modes, the owner\'s for PROJECT).'), label: 'Distance' },
    projectAxis: { ...param.choice(PROJECT_AXES, 'POS_Z', "PROJECT: the owner's axis the ray goes along."), label: 'Project Axis' },
    projectAxisSpace: {
      ...param.choice(['LOCAL', 'WORLD', 'POSE', 'LOCAL_WITH_PARENT', 'CUSTOM'] as const, 'LOCAL', "PROJECT: the space the axis is read in: the owner's own axes (LOCAL), or another space's, as Blender converts it (for a parent-less object LOCAL is WORLD with its own rotation and scale)."),
      label: 'Project Axis Space',
    },
    projectLimit: { ...param.float(0, 'PROJECT: the farthest hit accepted (0: no limit), in the target\'s units.', { min: 0 }), label: 'Distance Limit' },
    useProjectOpposite: { ...param.bool(false, 'PROJECT: also cast the ray the opposite way; the nearer hit wins.'), label: 'Project Opposite' },
    cullFace: { ...param.choice(CULL_FACES, 'OFF', 'PROJECT: ignore a nearest hit on a face turned towards (FRONT) or away from (BACK) the ray.'), label: 'Cull Faces' },
    useInvertCull: { ...param.bool(false, 'PROJECT with Project Opposite: the opposite ray culls the other side.'), label: 'Invert Cull' },
    useTrackNormal: { ...param.bool(false, "Turn the Track Axis along the surface's smooth normal at the point (not for NEAREST_VERTEX)."), label: 'Align to Normal' },
    trackAxis: trackAxisParam('TRACK_X', 'Align to Normal: the axis turned along the normal.'),
  },
  constraint: { ownerSpace: true, deformedTargetOf: 'target', axisSpace: { param: 'projectAxisSpace', frame: (state) => (state as ShrinkwrapState | undefined)?.axisFrame } },
  blender: {
    type: 'SHRINKWRAP',
    params: {
      shrinkwrap_type: 'shrinkwrapType', wrap_mode: 'wrapMode', distance: 'distance', project_axis: 'projectAxis', project_axis_space: 'projectAxisSpace',
      project_limit: 'projectLimit', use_project_opposite: 'useProjectOpposite', cull_face: 'cullFace', use_invert_cull: 'useInvertCull',
      use_track_normal: 'useTrackNormal', track_axis: 'trackAxis',
    },
    // Blender's Shrinkwrap reads the mesh object's world matrix itself (shrinkwrap_get_tarmat): the
    // target space never reaches the evaluation.
    ignore: ['target_space'],
  },
  bind(env, p): ShrinkwrapState | undefined {
    const target = env.sourceOwner('target');
    const surface = target?.meshSurface;
    const mesh = surface?.mesh ?? target?.mesh;
    if (!mesh) {
      env.warn('the target is not a mesh with a surface (a Blender mesh object exported for Shrinkwrap): the owner stays where it is');
      return undefined;
    }
    // Found whatever the mode, so that a mode changed while the program runs (a driver) finds it.
    const project = surface ? surface.project : targetProjectData(mesh);
    if (p.shrinkwrapType === 'TARGET_PROJECT' && !project) env.warn("the target's mesh has no vertex normals (an export older than Target Normal Project): the owner stays where it is");
    return { mesh, surface, bvh: surface?.bvh ?? meshBvh(mesh), project, axisFrame: new Float64Array(16) };
  },
  kernel(io, p, state) {
    const o = io.in.owner;
    const m = io.out.owner;
    m.set(o);
    if (!state) return;
    const { mesh, bvh, project: surfaceData, axisFrame, surface } = state;
    if (surface) updateSurface(surface, io.in.target);
    // Blender needs a vertex for NEAREST_VERTEX and a face for the others (BKE_shrinkwrap_init_tree).
    if (mesh.vertices.length < 3 || (p.shrinkwrapType !== 'NEAREST_VERTEX' && mesh.triangles.length < 3)) return;
    if (p.shrinkwrapType === 'TARGET_PROJECT' && !surfaceData) return;
    // BLI_space_transform_from_matrices(local = owner, target = mesh object).
    if (!invertMat4(inverseTarget, io.in.target)) return;
    multiplyMat4(localToTarget, inverseTarget, o);
    if (!invertMat4(targetToLocal, localToTarget)) return;

    goalDistance[0] = p.distance;
    let fail = false;
    let track = false;
    co[0] = co[1] = co[2] = 0;
    if (p.shrinkwrapType === 'PROJECT') {
      dir[0] = dir[1] = dir[2] = 0;
      const axis = PROJECT_AXES.indexOf(p.projectAxis);
      dir[axis % 3] = axis < 3 ? 1 : -1;
      // The axis read in its space: Blender inverts that space's frame and turns the axis by it.
      if (p.projectAxisSpace !== 'LOCAL') {
        if (!invertMat4(axisInverse, axisFrame)) identityMat4(axisInverse);
        const x = dir[0], y = dir[1], z = dir[2];
        for (let k = 0; k < 3; k++) dir[k] = axisInverse[k] * x + axisInverse[4 + k] * y + axisInverse[8 + k] * z;
      }
      // Blender: a direction shorter than FLT_EPSILON fails the projection, the owner stays.
      if (!normalize3(dir, dir, len) || !(len[0] >= FLT_EPSILON)) return;
      hit.index = -1;
      hit.dist = p.projectLimit === 0 ? RAYCAST_DIST_MAX : p.projectLimit;
      project(hit, mesh, bvh, dir, p.cullFace);
      if (p.useProjectOpposite) {
        dir[0] = -dir[0]; dir[1] = -dir[1]; dir[2] = -dir[2];
        const cull = p.useInvertCull && p.cullFace !== 'OFF' ? (p.cullFace === 'FRONT' ? 'BACK' : 'FRONT') : p.cullFace;
        project(hit, mesh, bvh, dir, cull);
      }
      if (hit.index < 0) fail = true;
      else {
        // The smooth normal, found in the target's frame and brought to the local one.
        world.set(hit.co);
        applyPoint(localToTarget, world);
        smoothNormal(snapNo, mesh, hit.index, world);
        applyNormal(targetToLocal, snapNo);
        if (p.useTrackNormal) { track = true; trackNo.set(snapNo); }
        snapToSurface(co, p.wrapMode, co, hit.co, hit.no, snapNo);
      }
    } else {
      // The owner's origin in the target's frame.
      co[0] = localToTarget[12]; co[1] = localToTarget[13]; co[2] = localToTarget[14];
      if (p.shrinkwrapType === 'NEAREST_VERTEX') {
        nearestVertex(hit, mesh, co);
        const dist = Math.sqrt(hit.dist);
        if (dist !== 0) {
          const t = (dist - p.distance) / dist;
          for (let k = 0; k < 3; k++) co[k] += (hit.co[k] - co[k]) * t;
        }
      } else {
        if (p.shrinkwrapType === 'TARGET_PROJECT' && surfaceData) targetProject(hit, mesh, bvh, surfaceData, co);
        else nearestSurface(hit, mesh, bvh, co);
        if (hit.index < 0) fail = true;
        else {
          smoothNormal(snapNo, mesh, hit.index, hit.co);
          if (p.useTrackNormal) {
            track = true;
            trackNo.set(snapNo);
            applyNormal(targetToLocal, trackNo);
          }
          snapToSurface(co, p.wrapMode, co, hit.co, hit.no, snapNo);
        }
      }
      applyPoint(targetToLocal, co);
    }
    if (fail) co[0] = co[1] = co[2] = 0;
    // From the local frame to the owner's space: the owner's matrix applied to the point.
    world.set(co);
    applyPoint(o, world);
    m[12] = world[0]; m[13] = world[1]; m[14] = world[2];
    if (track) {
      const x = trackNo[0], y = trackNo[1], z = trackNo[2];
      dir[0] = o[0] * x + o[4] * y + o[8] * z;
      dir[1] = o[1] * x + o[5] * y + o[9] * z;
      dir[2] = o[2] * x + o[6] * y + o[10] * z;
      const axis = trackAxisIndex(p.trackAxis);
      if (axis >= 0) dampedTrack(m, m, dir, axis);
    }
    finishOrPass(m, o);
  },
});
