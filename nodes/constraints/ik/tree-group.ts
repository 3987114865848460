// Blender's IK trees (iksolver_plugin.c initialize_posetree): IK chains are gathered into trees by
// their root bone, tip by tip in pose-channel order. A chain joins the root's last tree that has a
// target outside it; its bones below the part it shares with the tree (the runs Blender's walk finds)
// are appended, and its target's tip is the tree's last bone after that (as Blender computes it).
// A chain with use_tail off is the bones above its owner: it joins like any other.
// A chain all of whose tree's targets lie in it starts a new tree. One tree is solved at once, its
// targets as several goals of one solver; a root's trees are solved one after the other, in the order
// of the root's list (a tree a chain joined moves to its end), each from the last one's result.

/** One IK constraint's chain, in Blender's order (tips by pose channel, constraints by stack). */
export interface IkChainRef {
  node: string;
  /** Chain bone ids from the root down to the tip. */
  bones: readonly string[];
  iterations: number;
  stretch: boolean;
}

export interface IkTree {
  /** Bone ids, parents first. */
  bones: string[];
  /** Tree index of each bone's parent, −1 for the root. */
  parent: number[];
  /** Each constraint of the tree with the tree index of its tip, in Blender's order. */
  targets: { node: string; tip: number }[];
  iterations: number;
  stretch: boolean;
}

/** The trees of every root, each root's in the order Blender solves them (roots by first chain). */
export function groupIkTrees(chains: readonly IkChainRef[]): IkTree[] {
  const byRoot = new Map<string, IkTree[]>();
  for (const c of chains) {
    const n = c.bones.length;
    if (n === 0) continue;
    const root = c.bones[0];
    // Blender's POSE_CHAIN flags: the chain's bones, a flag cleared as a target tip is met in it.
    const inChain = new Set(c.bones);
    const list = byRoot.get(root) ?? [];
    let tree: IkTree | undefined;
    for (const t of list) {
      let outside = false;
      for (const target of t.targets) {
        const tipBone = t.bones[target.tip];
        if (inChain.has(tipBone)) inChain.delete(tipBone);
        else { outside = true; break; }
      }
      if (outside) { tree = t; break; }
    }
    if (!tree) {
      tree = { bones: [...c.bones], parent: c.bones.map((_, i) => i - 1), targets: [{ node: c.node, tip: n - 1 }], iterations: c.iterations, stretch: c.stretch };
      list.push(tree);
      byRoot.set(root, list);
      continue;
    }
    tree.iterations = Math.max(tree.iterations, c.iterations);
    // As Blender writes it: stretch stays on only while the joining chains do not stretch (read as
    // "all chains stretch", 10 of the legacy tree cases stop matching).
    tree.stretch = tree.stretch && !c.stretch;
    // Blender's walk over the common channels: each run of the chain found in the tree, searched
    // from where the last run ended (a chain through a branch appended earlier skips the branches
    // before it), the first bone not found ending it.
    const total = tree.bones.length;
    const size = Math.min(n, total);
    let a = 0, t = 0;
    while (a < size && t < total) {
      while (t < total && tree.bones[t] !== c.bones[a]) t++;
      if (t >= total) break;
      while (a < size && t < total && tree.bones[t] === c.bones[a]) { a++; t++; }
    }
    const rest = n - a;
    // The first new bone's parent: its armature parent, searched from the tree's a−1st bone.
    let parent = a - 1;
    if (rest > 0 && a > 0) {
      while (parent < total && tree.bones[parent] !== c.bones[a - 1]) parent++;
      if (parent === total) parent = a - 1;
    }
    for (let k = 0; k < rest; k++) {
      tree.bones.push(c.bones[a + k]);
      tree.parent.push(k === 0 ? parent : total + k - 1);
    }
    tree.targets.push({ node: c.node, tip: total + rest - 1 });
    // Moved to the end of the root's list (Blender's evaluation order).
    list.splice(list.indexOf(tree), 1);
    list.push(tree);
  }
  return [...byRoot.values()].flat();
}
