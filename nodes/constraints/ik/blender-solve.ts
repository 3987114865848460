// The IK node with Solver = BLENDER: the chain as a Blender IK tree (nodes/math/ik-blender), bound
// at compile time, solved in armature space from the chain bones' stack results, into `post`.
import type { IkTreeBinding, OwnerHandle } from '../../define';
import { carriedOwnerOf, carryOwner, type CarriedOwner } from './carried-owner';
import { BlenderIkTree, type BlenderIkBone } from '../../math/ik-blender/tree';
import { invert3, mul3 } from '../../math/ik-blender/math';
import { copyMat4, multiplyMat4 } from '../../math/matrix';
import { finishOrPass } from '../finite-result';
import { ActiveTrees, MAX_SWITCHED_CHAINS, type ActiveTree } from './active-trees';
import { influenceInto } from '../param-values';
import { readChainPoses, type BoundChain, type ChainState } from './chain';
import type { IkParams } from './ik-params';

export interface BlenderIkState {
  tree: BlenderIkTree;
  /** The root's armature parent (outside the chain), if any. */
  rootParent: Float64Array | undefined;
  rootParentWorld: Float64Array | undefined;
  goal: Float64Array[];
  pole: Float64Array[];
  /** [weight, orient weight, influence, pole angle]. */
  weights: Float64Array[];
}

const NO_IK = { lock: [false, false, false], useLimit: [false, false, false], min: [-Math.PI, -Math.PI, -Math.PI], max: [Math.PI, Math.PI, Math.PI], stiffness: [0, 0, 0], stretch: 0 } as const;

/** `kernel`: whether the solver may invert its Jacobian on the WebAssembly kernel (BindEnv.wasm). */
export function bindBlenderIk(chain: BoundChain, p: IkParams, usePole: boolean, kernel: boolean): BlenderIkState {
  const n = chain.bones.length;
  const bones = chain.bones.map(ikBoneOf);
  const rootParentHandle = chain.bones[0].bone!.parent;
  const tree = new BlenderIkTree({
    bones,
    parent: bones.map((_, i) => i - 1),
    hasArmatureParent: chain.bones.map((h) => h.bone!.parent !== undefined),
    stretch: p.useStretch,
    targets: [{ tip: n - 1, position: p.useLocation, rotation: p.useRotation && p.orientWeight !== 0, pole: usePole }],
    iterations: Math.max(0, p.iterations),
    kernel,
  });
  const w = weightsOf(p);
  return {
    tree,
    rootParent: rootParentHandle ? new Float64Array(16) : undefined,
    rootParentWorld: rootParentHandle?.final,
    goal: [new Float64Array(16)],
    pole: [new Float64Array(16)],
    weights: [w],
  };
}

/** A tree target's params: the tree's constraints are IK nodes, so their params are the IK node's. */
function ikParams(target: IkTreeBinding['targets'][number]): IkParams {
  return target.params as IkParams;
}

function ikBoneOf(h: OwnerHandle): BlenderIkBone {
  const info = h.bone!;
  const ik = info.ik ?? NO_IK;
  return { ...ik, length: info.length, boneMat: boneMatOf(info.restMatrix, info.parent?.bone?.restMatrix) };
}

/** [weight, orient weight, influence, pole angle]: the plugin hands the weights to the solver as floats (IK_SolverAddGoal, IK_SolverAddGoalOrientation). */
function weightsOf(p: IkParams): Float64Array {
  return Float64Array.of(Math.fround(p.weight), Math.fround(p.orientWeight), 1, Math.fround(p.poleAngle));
}

/**
 * bone_mat: the rest rotation relative to the parent's rest (column-major 3x3). Blender composes a
 * bone's rest (arm_mat) as parent arm_mat · bone_mat, in float32, and its bone_mat is orthonormal
 * only to ~1e-5 (vec_roll_to_mat3), so a parent rest is not either: bone_mat is recovered with the
 * parent's true inverse, not its transpose, or the solver starts from a basis 1e-5 off its own.
 */
function boneMatOf(rest: Float64Array, parentRest: Float64Array | undefined): Float64Array {
  const out = new Float64Array(9);
  const r3 = new Float64Array(9);
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) r3[r * 3 + c] = rest[c * 4 + r];
  if (parentRest) {
    const p3 = new Float64Array(9);
    for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) p3[r * 3 + c] = parentRest[c * 4 + r];
    invert3(p3, p3);
    // A degenerate parent rest (no finite inverse) falls back to its transpose.
    if (!p3.every(Number.isFinite)) for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) p3[r * 3 + c] = parentRest[r * 4 + c];
    mul3(r3, p3, r3);
  }
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) out[c * 3 + r] = r3[r * 3 + c];
  return out;
}

/** Solves into `s.post`; `armInv` is the armature's inverse world matrix, `influence` the constraint's. */
export function solveBlenderIk(b: BlenderIkState, s: ChainState & { tipInChain: boolean }, owner: Float64Array, target: Float64Array, pole: Float64Array, armInv: Float64Array, influence: number): void {
  readChainPoses(s.pre, armInv, s.bones, s.tipInChain ? owner : undefined);
  if (b.rootParent && b.rootParentWorld) multiplyMat4(b.rootParent, armInv, b.rootParentWorld);
  multiplyMat4(b.goal[0], armInv, target);
  multiplyMat4(b.pole[0], armInv, pole);
  b.weights[0][2] = influence;
  b.tree.solve(s.pre, b.rootParent, b.goal, b.pole, b.weights, s.post);
}

/** A whole IK tree, solved by its leader node (BindEnv.ikTree): every tree bone and every target. */
export interface BlenderTreeState {
  tree: BlenderIkTree;
  armature: OwnerHandle;
  bones: OwnerHandle[];
  /** Tree index of the leader's own owner (its output, not its final view); −1 when it hangs below the tree (use_tail off). */
  self: number;
  /** With `self` −1: the tree index of the owner's parent, which carries it. */
  carrier: number;
  /** With `self` −1: the owner, as the carry needs it (undefined when its parent is not in the tree). */
  carried: CarriedOwner | undefined;
  rootParent: Float64Array | undefined;
  rootParentWorld: Float64Array | undefined;
  pre: Float64Array[];
  post: Float64Array[];
  goal: Float64Array[];
  pole: Float64Array[];
  weights: Float64Array[];
  /** Per target, its node's inputs (target, pole, influence). */
  inputs: Readonly<Record<string, Float64Array>>[];
  /** The trees of the chains active in a frame where some are not (active-trees.ts); undefined past MAX_SWITCHED_CHAINS targets. */
  activeTrees: ActiveTrees | undefined;
  /** Per tree bone, whether this frame's solve moved it, and its pose as the active trees solved so far left it. */
  moved: Uint8Array;
  current: Float64Array[];
}

export function bindBlenderTree(t: IkTreeBinding, self: OwnerHandle, kernel: boolean): BlenderTreeState {
  const rootParentHandle = t.bones[0].bone!.parent;
  const tree = new BlenderIkTree({
    bones: t.bones.map(ikBoneOf),
    parent: t.parent,
    hasArmatureParent: t.bones.map((h) => h.bone!.parent !== undefined),
    stretch: t.stretch,
    targets: t.targets.map((g) => ({
      tip: g.tip,
      position: ikParams(g).useLocation,
      rotation: ikParams(g).useRotation && ikParams(g).orientWeight !== 0,
      pole: g.usePole,
    })),
    iterations: Math.max(0, t.iterations),
    kernel,
  });
  const n = t.bones.length;
  const selfIndex = t.bones.indexOf(self);
  const carrier = self.bone!.parent ? t.bones.indexOf(self.bone!.parent) : -1;
  const goal = t.targets.map(() => new Float64Array(16));
  const pole = t.targets.map(() => new Float64Array(16));
  const weights = t.targets.map((g) => weightsOf(ikParams(g)));
  const chains = t.chains.map((bones, k) => ({ bones, iterations: Math.max(0, ikParams(t.targets[k]).iterations), stretch: ikParams(t.targets[k]).useStretch }));
  return {
    tree,
    armature: self.bone!.armature,
    bones: t.bones,
    self: selfIndex,
    carrier,
    carried: selfIndex < 0 && carrier >= 0 ? carriedOwnerOf(self, t.bones[carrier]) : undefined,
    rootParent: rootParentHandle ? new Float64Array(16) : undefined,
    rootParentWorld: rootParentHandle?.final,
    pre: Array.from({ length: n }, () => new Float64Array(16)),
    post: Array.from({ length: n }, () => new Float64Array(16)),
    goal,
    pole,
    weights,
    inputs: t.targets.map((g) => g.inputs),
    activeTrees: t.targets.length <= MAX_SWITCHED_CHAINS ? new ActiveTrees(tree.spec, chains, goal, pole, weights) : undefined,
    moved: new Uint8Array(n),
    current: Array.from({ length: n }, () => new Float64Array(16)),
  };
}

const m4t = new Float64Array(16);
const infT = new Float64Array(1);

/**
 * Solves the tree: `own` is the leader's owner (its stack so far), `out` its output, `armInv` and
 * `arm` the armature's inverse and world matrices. Every other tree bone's final view is written.
 * An owner below the tree (use_tail off) moves with the bone that carries it, as a single
 * use_tail-off chain's does. A result past the double range leaves everything as it was, the
 * owner passed through.
 */
export function solveBlenderTree(b: BlenderTreeState, own: Float64Array, out: Float64Array, armInv: Float64Array, arm: Float64Array): void {
  const { bones, pre, post, self, carrier, moved } = b;
  const n = bones.length;
  for (let i = 0; i < n; i++) multiplyMat4(pre[i], armInv, i === self ? own : bones[i].final);
  if (b.rootParent && b.rootParentWorld) multiplyMat4(b.rootParent, armInv, b.rootParentWorld);
  let mask = 0;
  for (let k = 0; k < b.inputs.length; k++) {
    const io = b.inputs[k];
    multiplyMat4(b.goal[k], armInv, io.target);
    multiplyMat4(b.pole[k], armInv, io.pole);
    const influence = influenceInto(infT, io.influence)[0];
    b.weights[k][2] = influence;
    if (influence !== 0) mask |= 1 << k;
  }
  const all = b.inputs.length >= 32 ? -1 : (1 << b.inputs.length) - 1;
  if (mask === all || b.activeTrees === undefined) {
    b.tree.solve(pre, b.rootParent, b.goal, b.pole, b.weights, post);
    moved.fill(1);
  } else solveActive(b.activeTrees.of(mask), b);
  for (let i = 0; i < n; i++) {
    if (moved[i] && !finishOrPass(multiplyMat4(m4t, arm, post[i]), own)) { out.set(own); return; }
  }
  if (self < 0) {
    // The owner hangs from the bone that carries it (carried-owner.ts), if the solve moved it.
    if (!moved[carrier]) out.set(own);
    else if (!b.carried || !carryOwner(out, own, b.carried, pre[carrier], post[carrier], arm, armInv)) { out.set(own); return; }
    if (!finishOrPass(out, own)) return;
  } else if (!moved[self]) out.set(own);
  // A bone no active chain holds keeps its matrix: the one it had before the solve.
  for (let i = 0; i < n; i++) if (moved[i]) multiplyMat4(i === self ? out : bones[i].final, arm, post[i]);
}

/**
 * The active chains' trees, each from the last one's result (Blender solves a root's trees in turn):
 * a bone's pose after one tree is its pose before the next. Marks the bones they moved.
 */
function solveActive(trees: ActiveTree[], b: BlenderTreeState): void {
  const { pre, post, moved, current } = b;
  moved.fill(0);
  for (let i = 0; i < pre.length; i++) copyMat4(current[i], pre[i]);
  for (let t = 0; t < trees.length; t++) {
    const a = trees[t], idx = a.bones;
    for (let j = 0; j < idx.length; j++) copyMat4(a.pre[j], current[idx[j]]);
    a.tree.solve(a.pre, b.rootParent, a.goal, a.pole, a.weights, a.post);
    for (let j = 0; j < idx.length; j++) {
      const i = idx[j];
      copyMat4(post[i], a.post[j]);
      copyMat4(current[i], a.post[j]);
      moved[i] = 1;
    }
  }
}

