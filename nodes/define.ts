// How a node kind is declared: sockets, params, docs and a kernel, in one record.
// The scheduler, compiler, editor and file loader read these records and never switch on a type name.
import type { DeformedMesh } from './math/deformed-mesh';
import type { DeformedSurface } from './math/deformed-surface';
import type { MeshInfo } from './math/mesh-info';
import type { HookedCurve } from './math/hooked-curve';
import type { CatalogEntry, JsonValue, ParamShape, SocketType } from '../graph/types';
import type { Params, ParamSpec, ParamSpecs, ParamsOf } from './params';

export { param, type ParamSpec, type ParamSpecs, type ParamsOf, type Params, type ParamValue } from './params';
import type { InheritScale } from './math/bone-parent';
import type { BasisChannels, RotationMode } from './math/basis';
import type { FCurveSource } from './math/fcurve/fcurve';
import type { DeltaChannels } from './math/object-basis';
import type { BBoneHandleType } from './math/bbone';

/** A socket: its type, an optional default for unconnected inputs, and one line of docs. */
export interface SocketSpec {
  type: SocketType;
  doc?: string;
  /** Value of an unconnected input (floats, bools, vectors, quaternions). Stored in the node's params. */
  default?: number | boolean | readonly number[];
  min?: number;
  max?: number;
  /** An unconnected required input makes the node inactive (it passes its owner through), as Blender does. */
  required?: boolean;
  /** Unit of the value, as for params: `rad` (an angle; the editor shows degrees), `m`, `frames`. */
  unit?: string;
  /**
   * On an owner node's socket: the owner's own matrix (`pre` or `final`) may stand in for the socket
   * (runtime/eval/owner-views.ts), so no copy is made each frame. An output so marked is the owner's
   * matrix itself; an input so marked is the matrix that the output wired to it writes straight into.
   * The kernel copies the matrix only when the socket is not that matrix (in a program with a
   * dependency cycle the runtime keeps copies: there a copy taken at the node's turn is not the live matrix).
   */
  ownerView?: 'pre' | 'final';
}

/** Views into the program's slot buffer, one per socket. A float is a view of length 1. */
export interface KernelIO {
  in: Record<string, Float64Array>;
  out: Record<string, Float64Array>;
}

/** What a bone owner exposes to kernels. Matrices are views that the runtime keeps current. */
export interface BoneInfo {
  armature: OwnerHandle;
  parent: OwnerHandle | undefined;
  /** Rest length, head to tail. */
  length: number;
  /** Rest matrix in armature space (Blender's `matrix_local`). */
  restMatrix: Float64Array;
  connected: boolean;
  /** The pose bone's IK settings (locks, limits in radians, stiffness, IK Stretch). */
  ik?: BoneIk;
  /** Its envelope, when the scene gives the radii (the Armature constraint's envelope weights). */
  envelope?: BoneEnvelope;
  /** Its B-Bone settings and shape, when it has more than one segment (Blender's `bbone_segments`). */
  bbone?: BBoneInfo;
}

/**
 * A B-Bone as the scene gives it, and the shape its B-Bone node (nodes/owner/bbone.ts) computes each
 * evaluation: the Armature constraint deforms by its segments, a constraint with Follow B-Bone reads
 * Head/Tail on its curve (Blender's `bbone_deform_mats`, `bbone_pose_mats`).
 */
export interface BBoneInfo {
  /** 2 to 32. */
  segments: number;
  /** The handle bones Blender picks (AUTO: the connected parent, the last connected child; else the custom handle), if any. */
  start: BBoneHandleInfo | undefined;
  end: BBoneHandleInfo | undefined;
  /** `use_endroll_as_inroll`, `use_scale_easing`. */
  addStartRollOut: boolean;
  scaleEasing: boolean;
  /** The scene's settings: edit-bone values, pose-bone values, the start handle's two Roll Outs (nodes/math/bbone.ts, BBONE_VALUES_SIZE). */
  values: Float64Array;
  shape: BBoneShape;
}

/** One handle of a B-Bone. */
export interface BBoneHandleInfo {
  owner: OwnerHandle;
  type: BBoneHandleType;
  /** `bbone_handle_use_scale_*` (X, Y, Z) and `bbone_handle_use_ease_*`. */
  useScale: readonly [boolean, boolean, boolean];
  useEase: boolean;
}

/** A B-Bone's shape, in views of the program's buffer, written by its B-Bone node each evaluation. */
export interface BBoneShape {
  /** segments + 1 joint matrices of the posed curve, in the bone's pose space (Blender's `bbone_pose_mats`). */
  pose: Float64Array;
  /** The same of the rest curve, in its rest space (`bbone_rest_mats`). */
  rest: Float64Array;
  /** pose[a] · rest[a]⁻¹ for each joint: how joint a moves what its rest frame holds. */
  deform: Float64Array;
  /** The node that writes it, once one is bound: a bone's shape has one writer. */
  writer: string | undefined;
}

/** A bone's envelope as Blender's `distfactor_to_bone` reads it, in armature space. */
export interface BoneEnvelope {
  head: readonly [number, number, number];
  tail: readonly [number, number, number];
  headRadius: number;
  tailRadius: number;
  distance: number;
  /** Blender's BONE_MULT_VG_ENV ("Multiply Vertex Group by Envelope"): an Armature constraint targeting the bone multiplies its weight by the envelope even with Use Envelopes off. */
  multiply: boolean;
}

/** A pose bone's IK settings, as Blender's legacy IK solver reads them. */
export interface BoneIk {
  lock: readonly [boolean, boolean, boolean];
  useLimit: readonly [boolean, boolean, boolean];
  min: readonly [number, number, number];
  max: readonly [number, number, number];
  stiffness: readonly [number, number, number];
  stretch: number;
}

/** A poly spline in the curve object's local space. */
export interface CurveInfo {
  points: Float64Array; // x, y, z per point
  radius: Float64Array;
  cyclic: boolean;
  /** Blender's path settings, used by Follow Path. */
  pathDuration: number;
  /** The Evaluation Time as authored. */
  evalTime: number;
  /**
   * The Evaluation Time now, in an array shared by all that read the curve: its keyed F-curve or a
   * driver (`driver/curve-time`) rewrites it each frame before anything reads the curve. Absent: `evalTime`.
   */
  time?: Float64Array;
  useClamp: boolean;
  twist: 'MINIMUM' | 'Z_UP' | 'TANGENT';
  /** TANGENT twist: each point's curvature direction, xyz per point (absent: zero). */
  tangents?: Float64Array;
  /** Tilt per point (radians), turning the path's frame about its direction there (Follow Path's Follow Curve). */
  tilt?: Float64Array;
  /** An open Bezier's end directions (first xyz, last xyz), which Blender takes from the end handles. */
  endDirections?: Float64Array;
  /** Smoothing passes over the path's frames (Blender's Smooth twist × resolution). */
  smoothIterations?: number;
  /** A 2D curve (its path: nodes/math/path.ts `PathShape.flat`). */
  flat?: boolean;
  /** Hook modifiers move the control points: the path is made again from them before each read (`updateHookedCurve`). Absent: the path as written. */
  hooked?: HookedCurve;
}

export type { MeshInfo };

/** An owner (object or bone) as compiled: ids and live views of its matrices. */
export interface OwnerHandle {
  id: string;
  kind: 'object' | 'bone';
  objectType: 'EMPTY' | 'ARMATURE' | 'CURVE' | 'BONE';
  /** Euler order of the owner's rotation mode; XYZ for quaternion and axis-angle, as Blender. */
  rotationOrder: 'XYZ' | 'XZY' | 'YXZ' | 'YZX' | 'ZXY' | 'ZYX';
  /** The owner's rotation mode (a bone's pose one); absent: XYZ, the scene's default. */
  rotationMode?: RotationMode;
  /** World matrix before constraints. */
  pre: Float64Array;
  /** World matrix after constraints (and after IK for chain bones). */
  final: Float64Array;
  /** Its own transform, T·R·S of its channels (a bone's pose basis), before constraints. */
  basis?: Float64Array;
  /**
   * Its Euler angles as this frame's action, clip or driven channels set them, written before its
   * pre step (Blender's `pchan->eul` / `ob->rot` once animation and drivers have run); undefined
   * when nothing sets them: they are as authored.
   */
  liveEuler?: Float64Array | undefined;
  /** Its action or NLA, when one animates it: what a driver reading one of its channels sees (runtime/rig/animation.ts). */
  played?: PlayedChannels | undefined;
  /** An object's parent (bones: see `bone.parent`). */
  parent?: OwnerHandle | undefined;
  /** An object's parent inverse (Blender's `matrix_parent_inverse`), when it has a parent. */
  parentInverse?: Float64Array;
  /**
   * An object's delta transform, live, when it has one (in the scene, or set by an action or a
   * driver): its basis is built with it (math/object-basis.ts). Undefined: it has none, and its
   * basis is built without (math/basis.ts). A node that sets delta channels creates it at bind.
   */
  deltas?: DeltaChannels;
  /**
   * When an action (or the NLA) poses the owner and a node sets some of its channels (a driver on a
   * keyed bone): the action's channels, handed to that node, which plays them, replaces the ones it
   * sets and builds the basis, as Blender runs animation, then drivers (runtime/rig/animation.ts).
   * Undefined otherwise: an action alone rebuilds the basis itself before the owner's pre step.
   */
  channelAnimation?: ChannelAnimation;
  /** A bone's inheritance (Blender's `use_inherit_rotation`, `use_local_location`, `inherit_scale`); absent: full. */
  inheritRotation?: boolean;
  localLocation?: boolean;
  inheritScale?: InheritScale;
  bone?: BoneInfo;
  curve?: CurveInfo;
  mesh?: MeshInfo;
  /** A mesh's grouped vertices as its Armature modifier moves them (the scene's `mesh.skin`); absent: the mesh stays as written. */
  meshSkin?: DeformedMesh;
  /** The whole surface as that modifier moves it, when a Shrinkwrap reads it (the skin's `surface`); absent: the surface stays as written. */
  meshSurface?: DeformedSurface;
}

/** A custom property's NLA playback (BindEnv.propertyAnimation). */
export interface PropertyAnimation {
  /** Writes the property's value at `frame[0]` into out[0]. Allocates nothing. */
  play(frame: Float64Array, out: Float64Array): void;
}

/** An owner's action or NLA as drivers read it (OwnerHandle.played). */
export interface PlayedChannels {
  /** The channels before any frame is played (the scene's values), the layout `playInto` writes. */
  initial: Float64Array;
  /** Where a property's element lands (`location`, 0), as the F-curve's data path and array index name it; undefined when it is not a channel. */
  slotOf(property: string, index: number): number | undefined;
  /** Writes the channels at `frame[0]` into `out` (a copy of `initial`). Allocates nothing. */
  playInto(frame: Float64Array, out: Float64Array): void;
}

/** An owner's animated channels (OwnerHandle.channelAnimation): views in the shape the basis is built from. */
export interface ChannelAnimation {
  /** Writes the channels' values at `frame[0]` (the keyed ones; the rest keep the scene's). Allocates nothing. */
  play(frame: Float64Array): void;
  basis: BasisChannels;
}

/** What a node may ask of the compiler when it is bound to a scene. */
export interface BindEnv {
  nodeId: string;
  owner(id: string): OwnerHandle | undefined;
  /** The owner whose matrix reaches this input through an owner node, if any. */
  sourceOwner(input: string): OwnerHandle | undefined;
  /**
   * The B-Bone whose shape an input may read: when it is wired straight from a node that computes
   * that bone's shape (`OwnerTraits.bboneShape`, the B-Bone node), which then runs before this node.
   */
  sourceShape(input: string): BBoneInfo | undefined;
  /** Whether an input has a link (whatever feeds it). */
  connected(input: string): boolean;
  /** The owner whose stack this node is in (traced along `owner` sockets), if any. */
  stackOwner(): OwnerHandle | undefined;
  /**
   * For a Blender IK node whose chain shares its root with other IK chains: the tree they form
   * (nodes/constraints/ik/tree-group.ts), solved by one of them, its leader. Undefined otherwise.
   */
  ikTree?(): IkTreeBinding | IkShadowBinding | undefined;
  /** Current frame, a view of length 1. */
  frame: Float64Array;
  /**
   * Whether the node may run its math on WebAssembly kernels (the compile's `wasm` option; undefined
   * counts as true). A kernel gives the JavaScript's bits, so this changes speed only.
   */
  wasm?: boolean;
  /**
   * The scene's animation time, a view of length 1: the frame times the scene's time remapping
   * (Blender's `frame_map_old / frame_map_new`), the frame itself when it has none. Whatever plays a
   * scene's keys (actions, NLA, keyed values) plays them at this time, as Blender plays them at its ctime.
   */
  sceneTime: Float64Array;
  /** The scene's action of that name (its `actions[]`), as a node reads it once at bind time; undefined when there is none. */
  action(name: string): ActionSource | undefined;
  /** Names of the scene's actions, for a message naming what there is. */
  actionNames(): string[];
  /**
   * A custom property of `holder` (an object, or a pose bone `Object/Bone`) as its object's NLA plays
   * it, blended from `fallback` (its default); undefined when that object plays no NLA keying it.
   */
  propertyAnimation?(holder: string, name: string, fallback: number): PropertyAnimation | undefined;
  /** The setting at `dataPath` (element `index`) of `object` as its NLA plays it, blended from `fallback`; undefined when no NLA of it keys that path. */
  pathAnimation?(object: string, dataPath: string, index: number, fallback: number): PropertyAnimation | undefined;
  /** Notes something the user should know that does not stop compilation (shown on the node). */
  warn(message: string): void;
  /** Stops compilation with an error naming this node. */
  fail(message: string, socketOrParam?: string): never;
}

/** One F-curve of an action: Blender's RNA path and index, its action group, and its keys. */
export interface ActionFCurve extends FCurveSource {
  data_path: string;
  array_index: number;
  /** The action group it is in (Blender groups a bone's curves under the bone's name); absent: none. */
  group?: string | null;
  mute?: boolean;
}

/** A Blender action as the scene holds it (`actions[]`), read by a node at bind time (the Action constraint). */
export interface ActionSource {
  name: string;
  fcurves: readonly ActionFCurve[];
  /** Its action groups in Blender's order (an empty group counts too); absent: the groups its curves name. */
  groups?: readonly ActionGroup[];
}

/** An action group: Blender puts a bone's curves in one named after the bone; a muted group's curves do not play. */
export interface ActionGroup {
  name: string;
  mute?: boolean;
}

/**
 * A Blender IK node after another one in the same bone's stack (BindEnv.ikTree): Blender's legacy
 * solver takes only a bone's first IK constraint with a target and an influence other than 0
 * (initialize_posetree), so this one acts only while every earlier one's influence is 0 (Rigify
 * switches a leg's pole this way, by driving which of two IKs is muted). It joins no tree.
 */
export interface IkShadowBinding {
  role: 'shadowed';
  /** The inputs of the earlier IK nodes with a target (their `influence` is read per frame). */
  earlier: Readonly<Record<string, Float64Array>>[];
}

/** One IK tree as the compiler hands it to its nodes (BindEnv.ikTree). */
export interface IkTreeBinding {
  /** `leader`: this node solves the whole tree; `member`: another does, this node passes its owner through. */
  role: 'leader' | 'member';
  /** Tree bones, parents first, and each one's parent index (−1 for the root). */
  bones: OwnerHandle[];
  parent: number[];
  /** Each IK constraint of the tree, in Blender's order: its tip's tree index, its params and inputs. */
  targets: { tip: number; params: Params; inputs: Readonly<Record<string, Float64Array>>; usePole: boolean }[];
  /** Each target's own chain, as tree indices from the root down (a tip is not always its chain's last bone in the tree). */
  chains: number[][];
  iterations: number;
  stretch: boolean;
}

/**
 * Runtime wrapping of a Blender-style constraint node. The space and Head/Tail settings are params
 * that `defineConstraint` (nodes/define-constraint.ts) adds when these traits ask for them.
 */
export interface ConstraintTraits {
  /** Inputs holding targets. */
  targets?: readonly string[];
  /** Whether the owner is converted into the `ownerSpace` param's space before the kernel and back after it. */
  ownerSpace?: boolean;
  /** Whether the targets are converted into the `targetSpace` param's space. */
  targetSpace?: boolean;
  /**
   * Whether a bone target is moved along its bone by the `headTail` param (and, by `useBBoneShape`,
   * along a B-Bone's curve).
   */
  headTail?: boolean;
  /**
   * What a target read on a B-Bone's curve gives: the bone's matrix moved to the point (false, most
   * constraints), or the whole matrix of the curve there (true: Copy Transforms, Blender's
   * `default_get_tarmat_full_bbone`), Head/Tail 0 included.
   */
  bboneMatrix?: boolean;
  /** `world`: the runtime blends by influence in world space; `self`: the kernel uses influence itself. */
  blend?: 'world' | 'self';
  /**
   * The input whose owner's geometry the kernel reads as other owners move it: a mesh its Armature
   * modifier deforms (`OwnerHandle.meshSurface`, Shrinkwrap's target), a curve its hooks move
   * (`CurveInfo.hooked`, the path Follow Path, Clamp To and Spline IK read). The node runs after
   * those owners.
   */
  deformedTargetOf?: string;
  /**
   * Whether this bound instance leaves its result in owner space, so the runtime does not convert it
   * back to world: Blender's CONSTRAINT_SPACEONCE where the kernel cannot undo the conversion itself
   * (Child Of on a bone in LOCAL space, whose result Blender then takes as the world matrix).
   */
  keepsOwnerSpace?: (state: unknown) => boolean;
  /**
   * Whether this bound instance runs its kernel even while its own influence is 0, which otherwise
   * skips it (Blender skips such a constraint): an IK tree's leader, which solves the tree's other
   * chains whatever its own influence (active-trees.ts).
   */
  runsAtZeroInfluence?: (state: unknown) => boolean;
  /**
   * Whether, with these params at influence 1, the kernel's result does not read the owner's matrix
   * (Copy Transforms replacing it) and is finite whenever its targets are: then an owner's matrix
   * before constraints that only such a constraint reads need not be made (runtime/eval/lazy-pre.ts).
   */
  ignoresOwner?: (params: Params) => boolean;
  /**
   * Whether, with these params, the kernel's result is its one target's matrix as it arrives (the
   * owner's where a number of it is not finite), so it reads nothing of the owner at influence 1:
   * Copy Transforms replacing it. Where no space converts and the target is not moved, the runtime
   * then copies it on the program's buffer without calling the kernel (runtime/eval/copy-target-step.ts).
   */
  copiesTarget?: (params: Params) => boolean;
  /**
   * A space the kernel reads directions in (Shrinkwrap's projection axis): before each run the
   * runtime writes into `frame(state)` what Blender's conversion of the identity from the owner's
   * LOCAL space into the space the `param` names gives (BKE_constraint_mat_convertspace with
   * keep_scale), the identity for LOCAL. Undefined `frame`: nothing to write.
   */
  axisSpace?: { param: string; frame: (state: unknown) => Float64Array | undefined };
}

/** How a node touches owners, so the scheduler can add the implicit edges. */
export interface OwnerTraits {
  /**
   * `pre`: reads the pre-constraint matrix; `read`: reads the final one; `write`: writes the stack
   * result; `basis`: writes the owner's own transform before its pre-constraint matrix is built;
   * `setting`: writes a setting of the owner that what reads it uses (a curve's Evaluation Time),
   * before its pre-constraint matrix is built, whatever animates the owner's transform.
   */
  role: 'pre' | 'read' | 'write' | 'basis' | 'setting';
  /** Param that names the owner. */
  param: string;
  /**
   * A `read` node that also computes its bone's B-Bone shape (BoneInfo.bbone.shape) each time it
   * runs: a node wired from it may read that shape (BindEnv.sourceShape).
   */
  bboneShape?: boolean;
  /**
   * A `read` node that reads the owner's mesh as its Armature modifier deforms it
   * (`OwnerHandle.meshSkin`): it runs after that armature and the bones deforming the mesh.
   */
  deformedMesh?: boolean;
}

/** How a Blender constraint of one RNA type maps onto this node, read by the Blender importer. */
export interface BlenderMapping {
  /** RNA type id, e.g. `COPY_LOCATION`. */
  type: string;
  /**
   * RNA property → param name, for values that carry over as they are. A property mapped onto an
   * `action` param names one of the file's actions: the importer checks it is there, and reports
   * and leaves out the constraint if not.
   */
  params: Record<string, string>;
  /** RNA properties that have no effect on the result here (explained in docs/fidelity.md). */
  ignore?: readonly string[];
  /** Property names whose *value* here is not supported (e.g. `use_rotation` when true): reported. */
  unsupported?(props: Record<string, JsonValue>): string[];
  /** Params computed from several properties, or with a changed value; merged after `params`. */
  convert?(props: Record<string, JsonValue>): Record<string, JsonValue>;
  /**
   * Owners that collection-valued properties name (an Armature constraint's `targets`), each wired by
   * the importer into `socket` from the owner `object` or `object/bone`; `target`/`pole_target`/
   * `space_object` are wired without this.
   */
  references?(props: Record<string, JsonValue>): { socket: string; object: string; bone: string }[];
}

/**
 * A node whose result depends on earlier frames (spring bones). Its state is `size` numbers the
 * program allocates at compile time, twice: the state after the frame before (`previous`) and after
 * this frame (`next`). Time moves in fixed ticks of one frame from the node's start frame:
 * at or before it the node resets, after it every frame is one `step`. The program reaches frame N
 * by replaying the frames from the start (docs/engineering.md, "Stateful nodes"), so any frame gives
 * the same result whether it was played to or jumped to, live, in `eval` and in `bake`.
 * The node's `kernel` is not called; `reset` and `step` write its outputs.
 */
export interface StateTraits<S = unknown, P extends ParamSpecs = ParamSpecs> {
  /** Numbers of state, from the params alone (the buffer is sized before any node binds). */
  size(params: ParamsOf<P>): number;
  /** Param holding the frame at which the node resets (frames at or before it show the reset). */
  startParam: string;
  /** Sets the state from this frame's inputs and writes the outputs the node has at its start frame. */
  reset(io: KernelIO, params: ParamsOf<P>, bound: S, state: Float64Array): void;
  /** One tick: `next` from `previous` and this frame's inputs, and the outputs. Allocates nothing. */
  step(io: KernelIO, params: ParamsOf<P>, bound: S, previous: Float64Array, next: Float64Array): void;
}

/**
 * A node with a list of inputs whose length an int param sets (Armature's bone targets). `inputs`
 * declares the longest list (`max` items); a node instance has the first `count` items, where
 * `count` is its param's value. What compiles and what the editor draws is the instance's
 * definition ({@link instanceDefinition}), so a socket past the count does not exist there.
 */
export interface VariadicTraits {
  /** The int param holding the count. */
  param: string;
  /** The list item an input belongs to (1-based), or 0 for an input every instance has. */
  itemOf(input: string): number;
}

/** A node kind; `P` its params, whose resolved values (`ParamsOf<P>`) its functions read. */
export interface NodeDefinition<S = unknown, P extends ParamSpecs = ParamSpecs> {
  type: string;
  label: string;
  category: string;
  doc: string;
  inputs: Record<string, SocketSpec>;
  outputs: Record<string, SocketSpec>;
  params: P;
  constraint?: ConstraintTraits;
  owner?: OwnerTraits;
  blender?: BlenderMapping;
  /** Owners this node writes besides its own outputs (an IK chain). */
  writes?(params: ParamsOf<P>, ownerOf: (id: string) => { parent?: string } | undefined, stackOwner: string | undefined): string[];
  /** The params `writes` reads: they decide the evaluation order, so a link cannot drive them. */
  scheduleParams?: readonly (keyof P & string)[];
  /**
   * A Blender IK node: its tree settings when it joins Blender's IK trees (chains sharing a root
   * solved together, `writes` giving the chain above its owner; `tipInChain` false when the owner
   * is not the chain's last bone, Blender's use_tail off), else undefined.
   */
  ikTree?(params: ParamsOf<P>): { iterations: number; stretch: boolean; tipInChain?: boolean } | undefined;
  /**
   * The kernel only copies and saturates (the owner nodes): it cannot throw, and finite inputs give
   * finite outputs, so the runtime runs it without the failure guard, whose copies and checks
   * would cost more than the kernel.
   */
  cannotFail?: boolean;
  /**
   * The kernel does nothing but copy its `ownerView` sockets (Owner In, Owner Out): when every one
   * of them is the owner's matrix itself, the node has no step at all.
   */
  copiesOnly?: boolean;
  /**
   * The kernel writes nothing but the node's outputs, from what it reads this frame (no state, no
   * owner written): when every output another node reads is an owner's matrix itself (an
   * `ownerView`), the node has no step, and runs only when a watch asks for one of its values.
   * An Owner read wired only by its transform: most of those in an imported rig.
   */
  outputsOnly?: boolean;
  /** Set for a node whose result carries from frame to frame (see {@link StateTraits}). */
  state?: StateTraits<S, P>;
  /**
   * Whether the bound node, with these params, keeps a value from one evaluation for the next
   * outside any `state` slots: Blender's write-backs, taken on the first evaluation (Child Of's Set
   * Inverse, a Limit Distance of 0, a Stretch To rest length of 0). Its program's results then
   * depend on which frames it evaluated before, so characters of a crowd cannot share one program
   * (`Program.history`).
   */
  remembers?(params: ParamsOf<P>): boolean;
  /** Set for a node whose number of inputs a param sets (see {@link VariadicTraits}). */
  variadic?: VariadicTraits;
  /** Runs once at compile time; what it returns is passed to every kernel call. */
  bind?(env: BindEnv, params: ParamsOf<P>): S;
  /** Runs every evaluation. Reads `io.in`, writes `io.out`; allocates nothing. */
  kernel(io: KernelIO, params: ParamsOf<P>, state: S): void;
}

/** Declares a node kind. An identity function that keeps the literal's types (its params' included). */
export function defineNode<S, P extends ParamSpecs>(definition: NodeDefinition<S, P>): NodeDefinition<S, P> {
  return definition;
}

const instances = new WeakMap<NodeDefinition, Map<number, NodeDefinition>>();

/** The count a variadic node's params ask for: the param's value if an int in range, else its default. */
export function variadicCount(def: NodeDefinition, params: Record<string, JsonValue> | undefined): number {
  const v = def.variadic;
  if (!v) return 0;
  const spec = def.params[v.param];
  const given = params !== undefined && Object.hasOwn(params, v.param) ? params[v.param] : spec.default;
  const min = spec.kind === 'int' ? spec.min ?? 0 : 0;
  const max = spec.kind === 'int' ? spec.max ?? Infinity : Infinity;
  return typeof given === 'number' && Number.isInteger(given) && given >= min && given <= max ? given : Number(spec.default);
}

/**
 * The definition one node instance has: for a variadic node, its inputs cut to the count its params
 * set; otherwise the definition itself. The same count gives the same object (the editor redraws a
 * node when its definition object changes).
 */
export function instanceDefinition<S, P extends ParamSpecs>(def: NodeDefinition<S, P>, params: Record<string, JsonValue> | undefined): NodeDefinition<S, P> {
  const v = def.variadic;
  if (!v) return def;
  const count = variadicCount(def, params);
  let byCount = instances.get(def);
  if (!byCount) instances.set(def, (byCount = new Map<number, NodeDefinition>()));
  const known = byCount.get(count);
  if (known) return known as unknown as NodeDefinition<S, P>;
  const inputs = Object.fromEntries(Object.entries(def.inputs).filter(([name]) => v.itemOf(name) <= count));
  const made: NodeDefinition<S, P> = { ...def, inputs };
  byCount.set(count, made);
  return made;
}

// Socket and param builders, so definitions read as declarations.
type SocketOptions = Omit<SocketSpec, 'type'>;
export const transform = (o: SocketOptions = {}): SocketSpec => ({ type: 'transform', ...o });
export const vector = (o: SocketOptions = {}): SocketSpec => ({ type: 'vector', default: [0, 0, 0], ...o });
export const quaternion = (o: SocketOptions = {}): SocketSpec => ({ type: 'quaternion', default: [0, 0, 0, 1], ...o });
export const float = (o: SocketOptions = {}): SocketSpec => ({ type: 'float', default: 0, ...o });
export const bool = (o: SocketOptions = {}): SocketSpec => ({ type: 'bool', default: false, ...o });
export const curve = (o: SocketOptions = {}): SocketSpec => ({ type: 'curve', ...o });

/** The influence input every constraint has. */
export const influence = (): SocketSpec => float({ default: 1, min: 0, max: 1, doc: 'How much of the result is applied, 0 to 1.' });


/** The slice of a definition the graph layer validates against. */
export function catalogEntryOf(def: NodeDefinition): CatalogEntry {
  const sockets = (r: Record<string, SocketSpec>) => Object.fromEntries(Object.entries(r).map(([k, s]) => [k, { type: s.type }]));
  const inputParams = Object.entries(def.inputs)
    .filter(([, s]) => s.default !== undefined)
    .map(([k, s]): [string, ParamShape] => [k, inputShape(s)]);
  return {
    inputs: sockets(def.inputs),
    outputs: sockets(def.outputs),
    params: { ...Object.fromEntries(inputParams), ...Object.fromEntries(Object.entries(def.params).map(([k, p]) => [k, shapeOf(p)])) },
  };
}

function inputShape(s: SocketSpec): ParamShape {
  switch (s.type) {
    case 'float': return { kind: 'float', min: s.min, max: s.max };
    case 'bool': return { kind: 'bool' };
    case 'vector': return { kind: 'vector', size: 3 };
    case 'quaternion': return { kind: 'vector', size: 4 };
    default: return { kind: 'string' };
  }
}

function shapeOf(p: ParamSpec): ParamShape {
  const { default: _d, doc: _doc, label: _l, unit: _u, ...shape } = p;
  return shape;
}
