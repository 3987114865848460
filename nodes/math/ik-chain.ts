// The chain every IK solver works on (ik-two-bone, ik-fabrik, and the one-bone aim here): joints in
// armature space, the rotation each bone turns by (applied on the left of its pre-IK pose matrix,
// about its head) and the joints rebuilt from those rotations, so bone lengths hold exactly whatever
// the solver's own precision.
// Joints: the head of every chain bone, then the tail of the last one. Bones that are not
// connected are rigid segments from one head to the next, as in Blender's solver.
// Everything is allocated by `createChainWork` at compile time; solving allocates nothing.
import { multiplyMat3, multiplyMat3Vec3 } from './matrix';
import { safeRotationBetweenToMat3 } from './rotation-between';
import { sub3 } from './vector';
import { hypot3Into } from './hypot';

export interface ChainWork {
  /** Number of bones. */
  n: number;
  /** Pre-IK joints (n + 1 views of 3 numbers). */
  joints: Float64Array[];
  /** Working positions of the iterative solver (n + 1). */
  solved: Float64Array[];
  /** Joints rebuilt from the solved rotations (n + 1). */
  rebuilt: Float64Array[];
  /** Rest distance of each segment, joint i to joint i + 1. */
  seg: Float64Array;
  /** Unit direction of each pre-rotated segment, the fallback when a direction vanishes. */
  dir0: Float64Array[];
  /** Rotation (3x3, column-major) each bone turns by, about its own head (n views of 9). */
  rot: Float64Array[];
  /** Iterations the last FABRIK solve took (0 for the closed forms). */
  iterationsUsed: number;
  /** Distance from the rebuilt chain end to the goal after the last FABRIK solve. */
  endError: number;
  // The node's settings, set at bind (a param change binds again). Solvers read them here rather
  // than take them as arguments: V8 boxes a double passed to a call it does not inline.
  /** Pole Angle (radians), for `polePreRotation`. */
  poleAngle: number;
  /** Most FABRIK passes (at least 1). */
  iterations: number;
  /** FABRIK stops once the chain end is this close to the goal. */
  tolerance: number;
}

/** Allocates the work record of an n-bone chain (compile time, not per frame). */
export function createChainWork(n: number): ChainWork {
  const vecs = (k: number) => Array.from({ length: k }, () => new Float64Array(3));
  return {
    n,
    joints: vecs(n + 1),
    solved: vecs(n + 1),
    rebuilt: vecs(n + 1),
    seg: new Float64Array(n),
    dir0: vecs(n),
    rot: Array.from({ length: n }, () => new Float64Array(9)),
    iterationsUsed: 0,
    endError: 0,
    poleAngle: 0,
    iterations: 500,
    tolerance: 1e-6,
  };
}

const d = new Float64Array(3);

/** Fills `seg` from `joints`. */
export function measureSegments(wk: ChainWork): void {
  for (let i = 0; i < wk.n; i++) hypot3Into(wk.seg, i, sub3(d, wk.joints[i + 1], wk.joints[i]));
}

const va = new Float64Array(3);
const vb = new Float64Array(3);
const m3 = new Float64Array(9);

/** Rebuilds joints from rotations: joint 0 stays, joint i + 1 = joint i + rot_i·(pre-IK segment i). */
export function rebuildJoints(wk: ChainWork): void {
  const { joints, rebuilt, rot } = wk;
  rebuilt[0].set(joints[0]);
  for (let i = 0; i < wk.n; i++) {
    multiplyMat3Vec3(va, rot[i], sub3(va, joints[i + 1], joints[i]));
    const r = rebuilt[i + 1], p = rebuilt[i];
    r[0] = p[0] + va[0]; r[1] = p[1] + va[1]; r[2] = p[2] + va[2];
  }
}

/** One bone: its tip swung onto the goal G, after the pre-rotation `pre` (3x3). */
export function solveAim(wk: ChainWork, G: ArrayLike<number>, pre: ArrayLike<number>): void {
  const { joints, rot } = wk;
  multiplyMat3Vec3(va, pre, sub3(va, joints[1], joints[0]));
  safeRotationBetweenToMat3(m3, va, sub3(vb, G, joints[0]));
  multiplyMat3(rot[0], m3, pre);
  rebuildJoints(wk);
  wk.iterationsUsed = 0;
}
