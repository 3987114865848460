// Which chains of an IK tree Blender solves this frame. Blender builds its IK trees anew at every
// evaluation (BKE_pose_eval_init_ik → initialize_posetree) from the IK constraints that are on and
// whose influence is not 0, so a chain muted or keyed to 0 is not in the tree at all: its bones are
// neither held nor moved by the solve, and keep the pose they had before it (the one they computed
// from their parents' poses before IK, as the depsgraph orders a chain's bones). The tree the
// compiler grouped holds every chain; this gives the trees of the chains active now — Blender's
// grouping of them (tree-group.ts), one or several solved in turn — each as its own solver over a
// subset of the tree's bones, built the first time a set of active chains is met and kept.
import { BlenderIkTree, type BlenderIkTreeSpec } from '../../math/ik-blender/tree';
import { groupIkTrees } from './tree-group';

/** One tree of the active chains, over some of the full tree's bones. */
export interface ActiveTree {
  tree: BlenderIkTree;
  /** Full-tree index of each of its bones. */
  bones: Int32Array;
  /** Its bones' poses before and after the solve (armature space). */
  pre: Float64Array[];
  post: Float64Array[];
  /** The full tree's goal, pole and weights views of each of its targets. */
  goal: Float64Array[];
  pole: Float64Array[];
  weights: Float64Array[];
}

/** A chain of the full tree: its bones from the root down, and the settings it brings to a tree. */
export interface TreeChain {
  bones: number[];
  iterations: number;
  stretch: boolean;
}

/** Chains beyond this many are always solved together (a mask is one 32-bit integer). */
export const MAX_SWITCHED_CHAINS = 31;

export class ActiveTrees {
  private readonly cache = new Map<number, ActiveTree[]>();

  constructor(
    private readonly spec: BlenderIkTreeSpec,
    private readonly chains: readonly TreeChain[],
    private readonly goal: Float64Array[],
    private readonly pole: Float64Array[],
    private readonly weights: Float64Array[],
  ) {}

  /** The trees of the chains in `mask` (bit k: target k is active), in the order Blender solves them. */
  of(mask: number): ActiveTree[] {
    let trees = this.cache.get(mask);
    if (!trees) this.cache.set(mask, (trees = this.build(mask)));
    return trees;
  }

  private build(mask: number): ActiveTree[] {
    const active = this.chains.flatMap((c, k) => ((mask >>> k) & 1 ? [{ node: String(k), bones: c.bones.map(String), iterations: c.iterations, stretch: c.stretch }] : []));
    return groupIkTrees(active).map((t) => {
      const bones = Int32Array.from(t.bones, Number);
      const targets = t.targets.map((g) => Number(g.node));
      const spec: BlenderIkTreeSpec = {
        bones: Array.from(bones, (i) => this.spec.bones[i]),
        parent: t.parent,
        hasArmatureParent: Array.from(bones, (i) => this.spec.hasArmatureParent[i]),
        stretch: t.stretch,
        targets: t.targets.map((g, j) => ({ ...this.spec.targets[targets[j]], tip: g.tip })),
        iterations: t.iterations,
        kernel: this.spec.kernel,
      };
      return {
        tree: new BlenderIkTree(spec),
        bones,
        pre: Array.from(bones, () => new Float64Array(16)),
        post: Array.from(bones, () => new Float64Array(16)),
        goal: targets.map((k) => this.goal[k]),
        pole: targets.map((k) => this.pole[k]),
        weights: targets.map((k) => this.weights[k]),
      };
    });
  }
}
