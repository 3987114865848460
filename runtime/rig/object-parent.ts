// Where an object hangs from its parent object beyond the parent's world matrix (Blender's
// BKE_object_get_parent_matrix): on a curve's path when the curve has Path Animation (ob_parcurve),
// at one point of the parent, unturned (PARVERT1), or on a triangle of three (ob_parvert3). Any
// other parent object, and the ARMATURE and LATTICE parent types (PARSKEL), give the parent's matrix
// alone; a bone parent is pose.ts's. Built once per object; placing allocates nothing.
import type { CurveInfo } from '../../nodes/define';
import { saturateN, safeMultiplyMat4 } from '../../nodes/math/finite';
import { identityMat4, transformPointByMat4Of } from '../../nodes/math/matrix';
import { pathPointMatrix, preparePath, samplePathAt, type PreparedPath } from '../../nodes/math/path';
import { normalizeQuatTo } from '../../nodes/math/quaternion';
import { applyTrackToQuat } from '../../nodes/math/track';
import { triangleRotation } from '../../nodes/math/triangle-frame';
import { deformPoints } from '../../nodes/math/skin';
import { updateHookedCurve, type HookedCurve } from '../../nodes/math/hooked-curve';
import type { ParentSkin } from './parent-skin';
import { TRACK_AXES, type SceneObject } from './scene/types';

/** On a curve's path, at its Evaluation Time now (`evalTime[0]`: the curve's `CurveInfo.time`, shared). */
export interface PathPlacement {
  kind: 'path';
  path: PreparedPath;
  /** The curve's hooks, when they move its points: the path is made again from them before each placing. */
  hooked?: HookedCurve;
  evalTime: Float64Array;
  pathDuration: number;
  /** The curve's Clamp: the path parameter is held within the path (cyclic or not). */
  clamp: boolean;
  follow: boolean;
  useRadius: boolean;
  /** The child's track axis (0..5) and up axis (0..2), read when `follow`. */
  track: number;
  up: number;
}

/** At a point of the parent (parent local), unturned. */
export interface VertexPlacement {
  kind: 'vertex';
  /** The point, xyz (as authored when a skin deforms it). */
  points: Float64Array;
  /** The armature deformation of the parent mesh, when it has one (parent-skin.ts), and where it puts the point now. */
  skin: ParentSkin | undefined;
  deformed: Float64Array;
}

/** On a triangle of the parent's points: its frame at its centre, in parent local space. */
export interface TrianglePlacement {
  kind: 'triangle';
  /** The three points, xyz each. */
  points: Float64Array;
  skin: ParentSkin | undefined;
  deformed: Float64Array;
  /** The frame (constant without a skin, made each frame with one). */
  matrix: Float64Array;
}

export type ParentPlacement = PathPlacement | VertexPlacement | TrianglePlacement;

/** How `child` hangs from its parent object `parent` (of curve `curve`, if a curve), or undefined for the parent's matrix alone. */
export function parentPlacement(child: SceneObject, parent: SceneObject, curve: CurveInfo | undefined): ParentPlacement | undefined {
  const given = child.parent_vertices ?? [];
  const pointsOf = (n: number) => Float64Array.from({ length: 3 * n }, (_, i) => given[Math.floor(i / 3)]?.[i % 3] ?? 0);
  if (child.parent_type === 'VERTEX') return { kind: 'vertex', points: pointsOf(1), skin: undefined, deformed: new Float64Array(3) };
  if (child.parent_type === 'VERTEX_3') {
    const points = pointsOf(3);
    return { kind: 'triangle', points, skin: undefined, deformed: new Float64Array(9), matrix: triangleFrame(new Float64Array(16), points) };
  }
  if ((child.parent_type ?? 'OBJECT') !== 'OBJECT' || !curve || parent.curve?.use_path !== true) return undefined;
  // ob_parcurve needs a path: a curve without points has none, and the child then hangs from the curve's matrix.
  if (curve.points.length < 3) return undefined;
  return {
    kind: 'path',
    path: preparePath(curve.points, curve.radius, curve.cyclic, curve.twist, curve),
    evalTime: curve.time ?? Float64Array.of(curve.evalTime),
    pathDuration: curve.pathDuration,
    clamp: curve.useClamp,
    follow: parent.curve.use_path_follow === true,
    useRadius: parent.curve.use_radius === true,
    track: Math.max(0, TRACK_AXES.indexOf(child.track_axis ?? 'POS_Y')),
    up: Math.max(0, ['X', 'Y', 'Z'].indexOf(child.up_axis ?? 'Z')),
  };
}

const local = new Float64Array(16);
const ta = new Float64Array(3);
const tb = new Float64Array(3);
const tc = new Float64Array(3);
const pos = new Float64Array(3);
const quat = new Float64Array(4);
const radius = new Float64Array(1);
const time = new Float64Array(1);

/** ob_parvert3's matrix: the triangle's frame (`tri_to_quat`) at its centre, from its points (xyz each). */
function triangleFrame(out: Float64Array, points: Float64Array): Float64Array {
  for (let i = 0; i < 3; i++) { ta[i] = points[i]; tb[i] = points[3 + i]; tc[i] = points[6 + i]; }
  // The points are Blender's floats (a mesh's, curve's or lattice's): its frame as its float makes it.
  triangleRotation(out, ta, tb, tc, true);
  for (let r = 0; r < 3; r++) out[12 + r] = (points[r] + points[3 + r] + points[6 + r]) / 3;
  return out;
}

/** Turns `out`, which holds the parent's world matrix, into the matrix the child hangs from. */
export function placeOnParent(out: Float64Array, p: ParentPlacement): Float64Array {
  if (p.kind === 'triangle') {
    if (p.skin) triangleFrame(p.matrix, deformPoints(p.deformed, p.points, p.skin, out));
    return safeMultiplyMat4(out, out, p.matrix);
  }
  if (p.kind === 'vertex') {
    // PARVERT1: the identity moved to where the parent's matrix takes the point.
    saturateN(transformPointByMat4Of(pos, out, p.skin ? deformPoints(p.deformed, p.points, p.skin, out) : p.points), 3);
    identityMat4(out);
    out[12] = pos[0]; out[13] = pos[1]; out[14] = pos[2];
    return out;
  }
  if (p.hooked) p.path = updateHookedCurve(p.hooked, out);
  return safeMultiplyMat4(out, out, pathMatrix(local, p));
}

/**
 * ob_parcurve's matrix: the path's point at Evaluation Time ÷ Path Duration (held within the path
 * by the curve's Clamp, a cyclic path too, unlike Follow Path; else past an open path's ends it goes
 * on straight, round a cyclic one), turned with Follow as the child's track and up axes ask, its
 * axes scaled by the path's radius with Curve Radius.
 */
function pathMatrix(out: Float64Array, p: PathPlacement): Float64Array {
  const t = p.pathDuration !== 0 ? p.evalTime[0] / p.pathDuration : p.evalTime[0];
  time[0] = p.clamp ? (t < 0 ? 0 : t > 1 ? 1 : t) : t;
  samplePathAt(pos, quat, radius, p.path, time);
  if (p.follow) normalizeQuatTo(quat, applyTrackToQuat(quat, quat, p.track, p.up));
  return pathPointMatrix(out, pos, p.follow ? quat : undefined, p.useRadius ? radius : undefined);
}
