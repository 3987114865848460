// The scene file: objects, armatures, bones and curves with rest and pose, and the actions that
// animate them. Its keys follow the scene part of Blender's fixture format one to one (actions:
// README-action-additions.md), so a Blender export maps without translation.
import type { ActionGroup } from '../../../nodes/define';
import type { CyclesModifier, Keyframe } from '../../../nodes/math/fcurve/fcurve';
import type { BBoneHandleType } from '../../../nodes/math/bbone';

export const SCENE_FORMAT = 'sinew-scene';
export const SCENE_VERSION = 1;

import type { RotationMode } from '../../../nodes/math/basis';
export type { RotationMode };
export const EULER_ORDERS = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX'] as const;
export type EulerOrder = (typeof EULER_ORDERS)[number];
export type InheritScale = 'FULL' | 'FIX_SHEAR' | 'ALIGNED' | 'AVERAGE' | 'NONE' | 'NONE_LEGACY';

/** Location, rotation and scale, as Blender stores them on objects and pose bones. */
export interface TransformProps {
  location?: number[];
  rotation_mode?: RotationMode;
  rotation_euler?: number[];
  /** [x, y, z, w]; normalized before use. */
  rotation_quaternion?: number[];
  /** [angle, x, y, z]. */
  rotation_axis_angle?: number[];
  scale?: number[];
}

/**
 * An object's delta transform (Blender's `delta_location`, …, quaternion as [x, y, z, w]): composed
 * with its own as BKE_object_to_mat4 does (nodes/math/object-basis.ts). Absent: identity.
 */
export interface DeltaTransformProps {
  delta_location?: number[];
  /** Read in the object's rotation mode (Euler modes only). */
  delta_rotation_euler?: number[];
  /** Read when the object rotates by quaternion. */
  delta_rotation_quaternion?: number[];
  delta_scale?: number[];
}

export interface SceneBone extends BBoneProps {
  name: string;
  parent?: string | null;
  head_local?: number[];
  tail_local?: number[];
  /** Rest matrix in armature space: Y runs head to tail. Column-major. */
  matrix_local: number[];
  length: number;
  use_connect?: boolean;
  use_inherit_rotation?: boolean;
  use_local_location?: boolean;
  /**
   * Blender's Relative Parenting: an object parented to this bone follows the bone's pose relative
   * to its rest (pose · inverse(rest)) instead of hanging from its tail.
   */
  use_relative_parent?: boolean;
  inherit_scale?: InheritScale;
  /** Envelope (Blender's rad_head, rad_tail, dist and BONE_MULT_VG_ENV): read by the Armature constraint. */
  head_radius?: number;
  tail_radius?: number;
  envelope_distance?: number;
  use_envelope_multiply?: boolean;
  /**
   * B-Bone segments (1: a plain bone; at most 32). With more, the Armature constraint deforms by the
   * segments and Follow B-Bone reads the curve (both through the bone's B-Bone node).
   */
  bbone_segments?: number;
  /** How each end's handle is found: AUTO (the connected parent / last connected child), or the custom handle bone, read as ABSOLUTE, RELATIVE or TANGENT. */
  bbone_handle_type_start?: BBoneHandleType;
  bbone_handle_type_end?: BBoneHandleType;
  /** The custom handle bones (names in the same armature); none: no handle at that end. */
  bbone_custom_handle_start?: string | null;
  bbone_custom_handle_end?: string | null;
  /** Whether the handle's local X, Y, Z scale multiplies Scale In (start) / Scale Out (end). */
  bbone_handle_use_scale_start?: boolean[];
  bbone_handle_use_scale_end?: boolean[];
  /** Whether the handle's local Y scale multiplies Ease and Curve In / Out. */
  bbone_handle_use_ease_start?: boolean;
  bbone_handle_use_ease_end?: boolean;
  /** Adds the start handle's Roll Out to Roll In. */
  use_endroll_as_inroll?: boolean;
  /** Multiplies Ease and Curve In / Out by Scale In / Out Y. */
  use_scale_easing?: boolean;
  pose?: TransformProps & BoneIkProps & BBoneProps;
}

/**
 * A bone's B-Bone shape settings, Blender's names: on the bone itself the rest shape (edit-bone
 * values), on its pose (`pose`) what the pose adds (curves, rolls and ease added, scales multiplied).
 */
export interface BBoneProps {
  bbone_curveinx?: number;
  bbone_curveinz?: number;
  bbone_curveoutx?: number;
  bbone_curveoutz?: number;
  bbone_rollin?: number;
  bbone_rollout?: number;
  bbone_easein?: number;
  bbone_easeout?: number;
  /** [x, y, z]. */
  bbone_scalein?: number[];
  bbone_scaleout?: number[];
}

/** A pose bone's IK settings (Blender's legacy solver reads them); absent ones are Blender's defaults. */
export interface BoneIkProps {
  lock_ik_x?: boolean;
  lock_ik_y?: boolean;
  lock_ik_z?: boolean;
  use_ik_limit_x?: boolean;
  use_ik_limit_y?: boolean;
  use_ik_limit_z?: boolean;
  ik_min_x?: number;
  ik_max_x?: number;
  ik_min_y?: number;
  ik_max_y?: number;
  ik_min_z?: number;
  ik_max_z?: number;
  ik_stiffness_x?: number;
  ik_stiffness_y?: number;
  ik_stiffness_z?: number;
  ik_stretch?: number;
}

export interface SceneSpline {
  type?: 'POLY';
  points: number[][];
  cyclic?: boolean;
  radius?: number[];
  tilt?: number[];
  /** An open Bezier's direction at its first and last point (from its end handles, as Blender's path takes them). */
  end_directions?: number[][];
  /**
   * For a curve of TANGENT twist: each point's curvature direction (a Bezier's normalized second
   * derivative there, Blender's forward_diff_bezier_cotangent; zero where Blender has none). Absent: zero.
   */
  tangents?: number[][];
  /**
   * The spline's control points, written when Hook modifiers move them (`SceneCurve.hooks`): the
   * path is then made again from them each time their hooks move, and `points`, `tangents` and
   * `end_directions` are only the path as authored. `radius` and `tilt` stay as written: they follow
   * the control points' own values, not where the points are.
   */
  control?: SceneSplineControl;
}

/** Blender's Bezier handle types (a curve's; AUTO_CLAMPED is an F-curve's). */
export const BEZIER_HANDLE_TYPES = ['FREE', 'AUTO', 'VECTOR', 'ALIGNED'] as const;
export type BezierHandleType = (typeof BEZIER_HANDLE_TYPES)[number];

/**
 * A spline's control points in the curve's local space. A Bezier spline has three deform points
 * a control point (left handle, point, right handle, in that order: what a hook's indices count),
 * which Blender's handle types then set again; a POLY or NURBS spline has its points alone.
 */
export interface SceneSplineControl {
  co: number[][];
  /** A Bezier's; absent: a POLY spline. */
  handle_left?: number[][];
  handle_right?: number[][];
  /** Left and right handle type per point: AUTO and VECTOR handles are set again once the hooks have moved the points. */
  handle_types?: [BezierHandleType, BezierHandleType][];
  /** Path points per segment (Blender's resolution_u). */
  resolution?: number;
  /**
   * A NURBS spline's: each path point as [control point, weight] pairs. Blender's path over a NURBS
   * spline is linear in its control points (its knots, basis and point weights do not move), so the
   * exporter measures these weights once and the path is their sums as the points move.
   */
  nurbs_basis?: [number, number][][];
}

/** How a hook's pull fades with distance from its center (Blender's falloff_type; CURVE is not carried). */
export const HOOK_FALLOFFS = ['NONE', 'CONSTANT', 'LINEAR', 'SHARP', 'SMOOTH', 'ROOT', 'SPHERE', 'INVERSE_SQUARE'] as const;
export type HookFalloff = (typeof HOOK_FALLOFFS)[number];

/**
 * A Hook modifier moving control points of a curve's first spline with an object or a bone
 * (Blender's MOD_hook.cc): each point goes toward (curve world)⁻¹ · target world · `matrix_inverse`
 * times itself, by `strength` and the falloff.
 */
export interface SceneCurveHook {
  /** The modifier's name (for messages). */
  name?: string;
  object: string;
  /** A bone of `object` (an armature): the hook follows the bone. Absent: the object. */
  bone?: string;
  /** 16 numbers, column-major: the target's matrix in the curve's space when the hook was set (Blender's Reset). */
  matrix_inverse: number[];
  /** Where the falloff is measured from, in the curve's space. Absent: the origin. */
  center?: number[];
  /** Absent: 1. */
  strength?: number;
  /** Absent: NONE. */
  falloff_type?: HookFalloff;
  falloff_radius?: number;
  /** Measure the falloff in the target's space at Reset rather than the curve's. */
  use_falloff_uniform?: boolean;
  /** The deform points it moves (see `SceneSplineControl`). */
  indices: number[];
}

export interface SceneCurve {
  splines: SceneSpline[];
  /** Path Animation: a child (parent type OBJECT) is placed on the path at the Evaluation Time (Blender's ob_parcurve). Absent: off. */
  use_path?: boolean;
  /** Follow: such a child turns with the path (its `track_axis` along it, its `up_axis` up). */
  use_path_follow?: boolean;
  /** Curve Radius: such a child is scaled by the path's radius there. */
  use_radius?: boolean;
  path_duration?: number;
  eval_time?: number;
  use_path_clamp?: boolean;
  twist_mode?: 'MINIMUM' | 'Z_UP' | 'TANGENT';
  /** The curve datablock's own F-curve of `eval_time` (Animate Path), played into Follow Path by the Blender import. */
  eval_time_fcurve?: SceneFCurve;
  /** Smoothing passes over the path's frames: Blender's int(resolution_u × twist_smooth); 0 for a 2D curve. */
  twist_smooth_iterations?: number;
  /**
   * 2D: a cyclic first spline winding counter-clockwise runs the other way round, and its frames take no
   * tilt unless it has two points (Blender's make_bevel_list_2D). Absent: 3D.
   */
  dimensions?: '2D' | '3D';
  /** Hook modifiers moving the first spline's control points (`control`), in modifier order. */
  hooks?: SceneCurveHook[];
}

/**
 * A mesh's evaluated surface in the object's local space: what Blender's Shrinkwrap reads. Flat
 * lists: x, y, z per vertex; three vertex indices per triangle; per triangle the normal at each of
 * its three corners (nine numbers), which Shrinkwrap's smooth normal interpolates (a flat face has
 * its face normal at every corner), or none when every corner's is its vertex's normal.
 */
export interface SceneMesh {
  vertices: number[];
  triangles: number[];
  /** Absent: each corner's normal is its vertex's (`vertex_normals`), as on a smooth mesh without split normals. */
  normals?: number[];
  /** x, y, z per vertex: its normal whatever the shading (Target Normal Project reads these); optional. */
  vertex_normals?: number[];
  /**
   * Vertex groups a constraint targets (a vertex-group subtarget), by name: each vertex in it and its
   * weight; on a lattice also `counts`, per vertex the number of groups it is in.
   */
  vertex_groups?: Record<string, { indices: number[]; weights: number[]; counts?: number[] }>;
  /**
   * A lattice's points rather than a mesh (no triangles): its groups read as Blender's
   * contarget_get_lattice_mat reads them — the plain mean of the group's points of weight > 0, each
   * counted once for every group it is in (`counts`), the object's own rotation and scale.
   */
  lattice?: boolean;
  /**
   * When an Armature modifier alone deforms the mesh: what Sinew needs to deform the vertices of
   * `vertex_groups` each frame as Blender does, and their normals as Blender recomputes them on the
   * deformed mesh. Else the groups read `vertices` and `vertex_normals` as written.
   */
  skin?: SceneMeshSkin;
}

/**
 * The armature deformation of a mesh's grouped vertices (Blender's armature_deform_coords, linear
 * blending by vertex groups): the vertices of the groups constraints read and of every polygon
 * around them, each undeformed, with its deforming bones and their weights, and those polygons
 * (each a loop of mesh vertex indices, all among `vertices`), from which the normals are made.
 */
export interface SceneMeshSkin {
  armature: string;
  /** Mesh vertex indices, ascending. */
  vertices: number[];
  /** x, y, z per entry of `vertices`: the mesh's own, undeformed position (the mesh's local space). */
  rest: number[];
  /** Per entry of `vertices`: the bones of `armature` whose vertex groups hold it, and their weights. */
  points: { bones: string[]; weights: number[] }[];
  /** The polygons with a grouped vertex, as loops of mesh vertex indices. */
  polygons: number[][];
  /**
   * Written when a Shrinkwrap reads the mesh's surface: the skin then moves all of it. `vertices` is
   * every vertex and `polygons` every polygon, in the mesh's order; this gives, per triangle of
   * `triangles`, the polygon it is part of, and the polygons drawn flat (their corners take the
   * polygon's normal, the others their vertices').
   */
  surface?: { triangle_polygons: number[]; flat_polygons: number[] };
}

export interface SceneObject extends TransformProps, DeltaTransformProps {
  name: string;
  type: 'EMPTY' | 'ARMATURE' | 'CURVE';
  parent?: string | null;
  /**
   * How the object hangs from its parent (Blender's BKE_object_get_parent_matrix): OBJECT (a curve
   * with Path Animation places it on its path, `SceneCurve.use_path`), ARMATURE and LATTICE (the
   * parent's matrix alone, even on such a curve), BONE (`parent_bone`), VERTEX (at one point of the
   * parent, unturned) or VERTEX_3 (on a triangle of three), the points in `parent_vertices`.
   * Absent: OBJECT.
   */
  parent_type?: 'OBJECT' | 'ARMATURE' | 'LATTICE' | 'BONE' | 'VERTEX' | 'VERTEX_3';
  parent_bone?: string | null;
  /**
   * VERTEX and VERTEX_3: the parent's points the object hangs from (one, or three), in the parent's
   * local space, as Blender reads them (give_parvert: a mesh's evaluated vertex, a curve's control
   * point, a lattice point; (0, 0, 0) for an index the parent does not have).
   */
  parent_vertices?: number[][];
  /**
   * VERTEX and VERTEX_3 on a mesh that an Armature modifier deforms: the armature object and, per
   * point of `parent_vertices` (then the mesh's own, undeformed), the deforming bones whose vertex
   * groups hold it and their weights; Sinew deforms the points each frame as Blender's
   * armature_deform_coords does (linear blending by vertex groups).
   */
  parent_skin?: { armature: string; points: { bones: string[]; weights: number[] }[] };
  /** The axis that points along a path it is parented to when the curve's Follow is on (Blender's `track_axis`). Absent: POS_Y. */
  track_axis?: TrackAxis;
  /** The axis that points up along such a path (Blender's `up_axis`). Absent: Z. */
  up_axis?: 'X' | 'Y' | 'Z';
  matrix_parent_inverse?: number[];
  bones?: SceneBone[];
  /** An armature's Pose Position: REST shows its bones at rest (pose and bone constraints ignored). Absent: POSE. */
  pose_position?: 'POSE' | 'REST';
  curve?: SceneCurve;
  /** A mesh's surface, for the Shrinkwrap constraints that target it (the object is written as an EMPTY). */
  mesh?: SceneMesh;
  /** The action that animates the object (and, for an armature, its pose bones). */
  animation_data?: { action: string | null; nla?: SceneNla };
}

/** An object's track axis (Blender's `track_axis`), in the order of its `trackflag`. */
export const TRACK_AXES = ['POS_X', 'POS_Y', 'POS_Z', 'NEG_X', 'NEG_Y', 'NEG_Z'] as const;
export type TrackAxis = (typeof TRACK_AXES)[number];

/** One animated property: Blender's RNA path and index, and its keys (handles as Blender computed them). */
export interface SceneFCurve {
  /** `location`, `rotation_euler`, `rotation_quaternion`, `rotation_axis_angle`, `scale`, `pose.bones["B"].<same>`, or `["prop"]`. */
  data_path: string;
  /** Blender's index: x, y, z; W, X, Y, Z for quaternions; angle, x, y, z for axis-angle. */
  array_index: number;
  extrapolation?: 'CONSTANT' | 'LINEAR';
  /** Blender's FCURVE_INT_VALUES (a curve keyed on an int property): its value is rounded to a whole number. */
  int_values?: boolean;
  /** Blender's FCURVE_DISCRETE_VALUES (keyed on a bool or enum property): no interpolation between keys nor past the ends. */
  discrete_values?: boolean;
  mute?: boolean;
  /**
   * Read by a node the import linked into a setting (`driver/nla-value`: a constraint setting a strip
   * of the object's NLA keys), not a transform channel: the pose animation leaves it to that node.
   */
  read_by_node?: boolean;
  /** Blender's RNA default of the setting the curve keys, which the NLA blends from (a constraint setting's). */
  default?: number;
  /** Blender's action group (informative for playback; the Action constraint reads a bone's curves from the group named after it when there is one). */
  group?: string | null;
  keyframes: Keyframe[];
  modifiers?: (CyclesModifier | { type: string })[];
}

/** A Blender action: F-curves an object's animation data points at by name. */
export interface SceneAction {
  name: string;
  fcurves: SceneFCurve[];
  /** Its action groups, in Blender's order (the Action constraint reads a bone's curves from the group named after it). */
  groups?: ActionGroup[];
}

/** A glTF animation sampler: key times in seconds and their values (CUBICSPLINE: in-tangent, value, out-tangent per key). */
export interface SceneSampler {
  interpolation?: 'STEP' | 'LINEAR' | 'CUBICSPLINE';
  input: number[];
  output: number[];
}

/**
 * One factor of a clip track: a fixed matrix, or a glTF node's local transform (its rest TRS, with
 * the parts its samplers animate replaced at each time).
 */
export interface SceneClipFactor {
  matrix?: number[];
  translation?: number[];
  /** [x, y, z, w]. */
  rotation?: number[];
  scale?: number[];
  samplers?: { translation?: SceneSampler; rotation?: SceneSampler; scale?: SceneSampler };
}

/** What a clip does to one owner: its basis is the product of the factors, left to right. */
export interface SceneClipTrack {
  owner: string;
  factors: SceneClipFactor[];
}

/** An animation clip (a glTF animation, imported): tracks that write owners' bases over time. */
export interface SceneClip {
  name: string;
  tracks: SceneClipTrack[];
}

/** Which clip plays under the constraints, and how frames map to its time. */
export interface ScenePlayback {
  clip: string;
  /** Frames per second (default 24). */
  fps?: number;
  /** Clip seconds per second (default 1). */
  speed?: number;
  /** Clip time at the start frame, in seconds (default 0). */
  offset?: number;
  /** Whether the clip repeats (default true); otherwise it holds its ends. */
  loop?: boolean;
  /** The frame at which the clip time is `offset` (default 1). */
  start_frame?: number;
}

export interface SceneDocument {
  format: typeof SCENE_FORMAT;
  version: number;
  objects: SceneObject[];
  actions?: SceneAction[];
  clips?: SceneClip[];
  playback?: ScenePlayback;
  /** The frame the scene was saved at (a Blender import: the file's current frame): `sinew eval` evaluates it unless `--frame` says otherwise. */
  frame_current?: number;
  /**
   * Blender's time remapping (Output › Time Stretching): the scene's animation (actions, NLA, clips,
   * keyed values, drivers' `frame`) plays at frame · time_scale, Blender's frame_map_old ÷
   * frame_map_new as a float32. Default 1.
   */
  time_scale?: number;
}

/** An object's NLA as Blender plays it (runtime/rig/nla.ts): its tracks bottom to top, and the active action's blending on top. */
export interface SceneNla {
  tracks: SceneNlaTrack[];
  action_blend_type?: NlaBlendType;
  action_influence?: number;
  /**
   * The frames the active action plays over inside ([start, end]): set when its Extrapolation is
   * Nothing (Blender's action track strip then keeps its frame range); unset, it plays at every frame.
   */
  action_range?: [number, number];
}

export type NlaBlendType = 'REPLACE' | 'ADD' | 'SUBTRACT' | 'MULTIPLY' | 'COMBINE';

export interface SceneNlaTrack {
  name?: string;
  mute?: boolean;
  is_solo?: boolean;
  strips: SceneNlaStrip[];
}

/** An action strip: its place on the timeline, the part of the action it plays, and how it blends. */
export interface SceneNlaStrip {
  name?: string;
  /**
   * TRANSITION: no action of its own; it plays the strips either side of it, mixed across its length.
   * META: it plays the strips inside it (`strips`), as a track of its own over its range. Default: an action clip.
   */
  type?: 'CLIP' | 'TRANSITION' | 'META';
  /** A meta strip's strips, in order. */
  strips?: SceneNlaStrip[];
  action: string | null;
  frame_start: number;
  frame_end: number;
  action_frame_start: number;
  action_frame_end: number;
  scale?: number;
  repeat?: number;
  use_reverse?: boolean;
  extrapolation?: 'HOLD' | 'HOLD_FORWARD' | 'NOTHING';
  blend_type?: NlaBlendType;
  influence?: number;
  use_animated_influence?: boolean;
  /** Its influence keyed (with `use_animated_influence`): the strip's `influence` F-curve. */
  influence_curve?: SceneFCurve;
  use_animated_time?: boolean;
  use_animated_time_cyclic?: boolean;
  /**
   * Plays at every frame at the scene's frame itself, its range, holds and time mapping ignored, its
   * blend in and out still ramped from its ends (Blender's NLASTRIP_FLAG_NO_TIME_MAP: how it plays a
   * strip tweaked not in place, the exporter's tweak.py).
   */
  global_time?: boolean;
  /** Its action frame keyed (with `use_animated_time`): the strip's `strip_time` F-curve. */
  time_curve?: SceneFCurve;
  blend_in?: number;
  blend_out?: number;
  mute?: boolean;
  /**
   * Its F-curve modifiers, every setting as an action curve's (a Noise one with its `noise_samples`):
   * they remap the strip's time and change its action's values, joined with those of the meta strips
   * and transition it plays inside (runtime/rig/nla-modifiers.ts).
   */
  modifiers?: { type: string }[];
}
