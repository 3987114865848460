// The IK node with Solver = BLENDER: the chain as a Blender IK tree (nodes/math/ik-blender), bound
// at compile time, solved in armature space from the chain bones' stack results, into `post`.
import type { Params } from '../../define';
import { BlenderIkTree, type BlenderIkBone } from '../../math/ik-blender/tree';
import { mat4Multiply } from '../../math/matrix';
import { integerParam, numberParam } from '../param-values';
import { readChainPoses, type BoundChain, type ChainState } from './chain';

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

export function bindBlenderIk(chain: BoundChain, p: Params, usePole: boolean): BlenderIkState {
  const n = chain.bones.length;
  const bones: BlenderIkBone[] = chain.bones.map((h) => {
    const info = h.bone!;
    const ik = info.ik ?? NO_IK;
    return { ...ik, length: info.length, boneMat: boneMatOf(info.restMatrix, info.parent?.bone?.restMatrix) };
  });
  const rootParentHandle = chain.bones[0].bone!.parent;
  const tree = new BlenderIkTree({
    bones,
    parent: bones.map((_, i) => i - 1),
    hasArmatureParent: chain.bones.map((h) => h.bone!.parent !== undefined),
    stretch: p.useStretch === true,
    targets: [{ tip: n - 1, position: p.useLocation !== false, rotation: p.useRotation === true && numberParam(p.orientWeight, 1) !== 0, pole: usePole }],
    iterations: Math.max(1, integerParam(p.iterations, 500)),
  });
  // The plugin hands the weights to the solver as floats (IK_SolverAddGoal, IK_SolverAddGoalOrientation).
  const w = Float64Array.of(Math.fround(numberParam(p.weight, 1)), Math.fround(numberParam(p.orientWeight, 1)), 1, Math.fround(numberParam(p.poleAngle, 0)));
  return {
    tree,
    rootParent: rootParentHandle ? new Float64Array(16) : undefined,
    rootParentWorld: rootParentHandle?.final,
    goal: [new Float64Array(16)],
    pole: [new Float64Array(16)],
    weights: [w],
  };
}

/** bone_mat: the rest rotation relative to the parent's rest (column-major 3x3). */
function boneMatOf(rest: Float64Array, parentRest: Float64Array | undefined): Float64Array {
  const out = new Float64Array(9);
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) {
    if (!parentRest) { out[c * 3 + r] = rest[c * 4 + r]; continue; }
    // (parent3ᵀ · rest3)(r, c): parent rests are orthonormal.
    out[c * 3 + r] = parentRest[r * 4] * rest[c * 4] + parentRest[r * 4 + 1] * rest[c * 4 + 1] + parentRest[r * 4 + 2] * rest[c * 4 + 2];
  }
  return out;
}

/** Solves into `s.post`; `armInv` is the armature's inverse world matrix, `influence` the constraint's. */
export function solveBlenderIk(b: BlenderIkState, s: ChainState & { tipInChain: boolean }, owner: Float64Array, target: Float64Array, pole: Float64Array, armInv: Float64Array, influence: number): void {
  readChainPoses(s.pre, armInv, s.bones, s.tipInChain ? owner : undefined);
  if (b.rootParent && b.rootParentWorld) mat4Multiply(b.rootParent, armInv, b.rootParentWorld);
  mat4Multiply(b.goal[0], armInv, target);
  mat4Multiply(b.pole[0], armInv, pole);
  b.weights[0][2] = influence;
  b.tree.solve(s.pre, b.rootParent, b.goal, b.pole, b.weights, s.post);
}
