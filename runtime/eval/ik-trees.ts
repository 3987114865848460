// Blender's IK trees: chains that share a root are solved at once by one of their nodes, the
// leader, which writes every tree bone; the others pass their owner through (tree-group.ts). The
// leader is a tip no tree bone hangs from, so its stack can wait for every other tree bone's.
import type { IkShadowBinding, IkTreeBinding } from '../../nodes/define';
import { groupIkTrees, type IkTree } from '../../nodes/constraints/ik/tree-group';
import { parentOwnerOf, type RigOwner } from '../rig/rig';
import type { Owners } from './build-owners';
import type { CompiledNode } from './compiled-node';

export interface IkTreeGroup {
  tree: IkTree;
  leader: CompiledNode;
  /** The tree's nodes, one per target, in the tree's order. */
  nodes: CompiledNode[];
  /** Each node's chain (bone ids from the root down), in the same order. */
  chains: (readonly string[])[];
}

/** A bone's parent bone id, as a node's `writes` asks for it (undefined for an id that is not a bone). */
export type BoneParentLookup = (id: string) => { parent: string | undefined } | undefined;

export function boneParentLookup(byId: ReadonlyMap<string, RigOwner>): BoneParentLookup {
  return (id) => {
    const r = byId.get(id);
    // An object has no chain, even under a bone parent: IK on it binds no chain (gatherChain), so
    // the scheduler must not see one either (it once saw the parent bone, and ordered by it).
    if (r?.kind !== 'bone') return undefined;
    const p = parentOwnerOf(r);
    return { parent: p?.kind === 'bone' ? p.id : undefined };
  };
}

export interface IkGrouping {
  /** Node → the IK tree it shares with other chains (nodes of single-chain trees are left out). */
  treeOf: Map<CompiledNode, IkTreeGroup>;
  /**
   * Node → the earlier IK nodes of its bone with a target: Blender takes a bone's first IK with a
   * target (initialize_posetree); a later one is shadowed by it and joins no tree.
   */
  shadowOf: Map<CompiledNode, IkShadowBinding>;
  /**
   * Roots where Blender makes more than one tree (a chain that holds every target of the root's
   * trees starts another): Blender solves them one after the other, each from the last one's result
   * (schedule-units.ts orders them so). Per root, its trees in that order and the node that solves
   * each (undefined where no node of a tree can lead it).
   */
  sequences: IkSequence[];
}

export interface IkSequence {
  root: string;
  trees: IkTree[];
  solvers: (CompiledNode | undefined)[];
  /** Every IK node of the root's trees. */
  nodes: CompiledNode[];
}

export function groupIkNodes(live: readonly CompiledNode[], owners: Owners, stackOwner: (c: CompiledNode) => RigOwner | undefined, boneParent: BoneParentLookup): IkGrouping {
  const treeOf = new Map<CompiledNode, IkTreeGroup>();
  const shadowOf = new Map<CompiledNode, IkShadowBinding>();
  const candidates = live.filter((c) => c.def.writes && c.def.ikTree?.(c.params) && stackOwner(c)?.kind === 'bone');
  candidates.sort((a, b) => owners.index.get(stackOwner(a)!)! - owners.index.get(stackOwner(b)!)! || a.index - b.index);
  const joining = candidates.filter((c, k) => {
    const earlier = candidates.filter((e, j) => j < k && stackOwner(e) === stackOwner(c) && e.sources.has('target'));
    if (earlier.length) shadowOf.set(c, { role: 'shadowed', earlier: earlier.map((e) => e.io.in) });
    return earlier.length === 0;
  });
  const byNode = new Map(joining.map((c) => [c.node.id, c]));
  const refs = joining.map((c) => {
    const t = c.def.ikTree!(c.params)!, tip = stackOwner(c)!.id;
    const above = c.def.writes!(c.params, boneParent, tip);
    return { node: c.node.id, bones: t.tipInChain === false ? above : [...above, tip], iterations: t.iterations, stretch: t.stretch };
  });
  const ownerId = (t: { node: string }) => stackOwner(byNode.get(t.node)!)!.id;
  const trees = groupIkTrees(refs);
  const solverOf = new Map<IkTree, CompiledNode | undefined>();
  for (const tree of trees) {
    if (tree.targets.length < 2) { solverOf.set(tree, byNode.get(tree.targets[0].node)); continue; }
    const parents = new Set(tree.parent);
    // A use_tail-off chain's owner hangs below the tree: it can lead too (its stack waits for the
    // tree bones' stacks like a tip's), when no chain tip can.
    const lead = [...tree.targets].reverse().find((t) => !parents.has(t.tip) && tree.bones[t.tip] === ownerId(t))
      ?? [...tree.targets].reverse().find((t) => !tree.bones.includes(ownerId(t)));
    if (!lead) { solverOf.set(tree, undefined); continue; }
    const g = { tree, leader: byNode.get(lead.node)!, nodes: tree.targets.map((t) => byNode.get(t.node)!), chains: tree.targets.map((t) => refs.find((r) => r.node === t.node)!.bones) };
    for (const c of g.nodes) treeOf.set(c, g);
    solverOf.set(tree, g.leader);
  }
  const byRoot = new Map<string, IkTree[]>();
  for (const tree of trees) byRoot.set(tree.bones[0], [...(byRoot.get(tree.bones[0]) ?? []), tree]);
  const sequences = [...byRoot].filter(([, list]) => list.length > 1).map(([root, list]) => ({
    root, trees: list, solvers: list.map((t) => solverOf.get(t)), nodes: list.flatMap((t) => t.targets.map((g) => byNode.get(g.node)!)),
  }));
  return { treeOf, shadowOf, sequences };
}

/**
 * The tree members whose goals the leader reads although they run after it: a member whose owner is
 * a tree bone runs before the leader anyway (in that bone's stack); one whose owner hangs below the
 * tree (use_tail off) runs after it, so its goal inputs (not its owner, which waits for the tree) go first.
 */
export function lateMembers(g: IkTreeGroup, stackOwner: (c: CompiledNode) => RigOwner | undefined): CompiledNode[] {
  return g.nodes.filter((m) => m !== g.leader && !g.tree.bones.includes(stackOwner(m)!.id));
}

/** What a node of an IK tree is handed when it binds (its inputs' slots must be allocated). */
export function ikTreeBinding(g: IkTreeGroup, c: CompiledNode, byId: ReadonlyMap<string, RigOwner>): IkTreeBinding {
  return {
    role: g.leader === c ? 'leader' : 'member',
    bones: g.tree.bones.map((id) => byId.get(id)!),
    parent: g.tree.parent,
    targets: g.tree.targets.map((t, k) => ({ tip: t.tip, params: g.nodes[k].params, inputs: g.nodes[k].io.in, usePole: g.nodes[k].sources.has('pole') })),
    chains: g.chains.map((ids) => ids.map((id) => g.tree.bones.indexOf(id))),
    iterations: g.tree.iterations,
    stretch: g.tree.stretch,
  };
}
