// Blender's IK trees: chains that share a root are solved at once by one of their nodes, the
// leader, which writes every tree bone; the others pass their owner through (tree-group.ts). The
// leader is a tip no tree bone hangs from, so its stack can wait for every other tree bone's.
import type { IkTreeBinding } from '../../nodes/define';
import { groupIkTrees, type IkTree } from '../../nodes/constraints/ik/tree-group';
import { parentOwnerOf, type RigOwner } from '../rig/rig';
import type { Owners } from './build-owners';
import type { CompiledNode } from './compiled-node';

export interface IkTreeGroup {
  tree: IkTree;
  leader: CompiledNode;
  /** The tree's nodes, one per target, in the tree's order. */
  nodes: CompiledNode[];
}

/** A bone's parent bone id, as a node's `writes` asks for it (undefined for an unknown id). */
export type BoneParentLookup = (id: string) => { parent: string | undefined } | undefined;

export function boneParentLookup(byId: ReadonlyMap<string, RigOwner>): BoneParentLookup {
  return (id) => {
    const r = byId.get(id);
    if (!r) return undefined;
    const p = parentOwnerOf(r);
    return { parent: p?.kind === 'bone' ? p.id : undefined };
  };
}

/** Node → the IK tree it shares with other chains (nodes of single-chain trees are left out). */
export function groupIkNodes(live: readonly CompiledNode[], owners: Owners, stackOwner: (c: CompiledNode) => RigOwner | undefined, boneParent: BoneParentLookup): Map<CompiledNode, IkTreeGroup> {
  const treeOf = new Map<CompiledNode, IkTreeGroup>();
  const joining = live.filter((c) => c.def.writes && c.def.ikTree?.(c.params) && stackOwner(c)?.kind === 'bone');
  joining.sort((a, b) => owners.index.get(stackOwner(a)!)! - owners.index.get(stackOwner(b)!)! || a.index - b.index);
  const byNode = new Map(joining.map((c) => [c.node.id, c]));
  const refs = joining.map((c) => {
    const t = c.def.ikTree!(c.params)!, tip = stackOwner(c)!.id;
    return { node: c.node.id, bones: [...c.def.writes!(c.params, boneParent, tip), tip], iterations: t.iterations, stretch: t.stretch };
  });
  for (const tree of groupIkTrees(refs)) {
    if (tree.targets.length < 2) continue;
    const parents = new Set(tree.parent);
    const lead = [...tree.targets].reverse().find((t) => !parents.has(t.tip) && tree.bones[t.tip] === stackOwner(byNode.get(t.node)!)!.id);
    if (!lead) continue;
    const g = { tree, leader: byNode.get(lead.node)!, nodes: tree.targets.map((t) => byNode.get(t.node)!) };
    for (const c of g.nodes) treeOf.set(c, g);
  }
  return treeOf;
}

/** What a node of an IK tree is handed when it binds (its inputs' slots must be allocated). */
export function ikTreeBinding(g: IkTreeGroup, c: CompiledNode, byId: ReadonlyMap<string, RigOwner>): IkTreeBinding {
  return {
    role: g.leader === c ? 'leader' : 'member',
    bones: g.tree.bones.map((id) => byId.get(id)!),
    parent: g.tree.parent,
    targets: g.tree.targets.map((t, k) => ({ tip: t.tip, params: g.nodes[k].params, inputs: g.nodes[k].io.in, usePole: g.nodes[k].sources.has('pole') })),
    iterations: g.tree.iterations,
    stretch: g.tree.stretch,
  };
}
