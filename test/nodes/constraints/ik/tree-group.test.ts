// groupIkTrees against initialize_posetree's rules (iksolver_plugin.c); the legacy-IK fixtures
// (lk_tree2, lk_tree3, lk_weight) check the solved trees against Blender itself.
import { describe, expect, it } from 'vitest';
import { groupIkTrees } from '../../../../nodes/constraints/ik/tree-group';

const chain = (node: string, bones: string[], stretch = false, iterations = 500) => ({ node, bones, stretch, iterations });

describe('groupIkTrees', () => {
  it('joins chains on the same root: the common run from the root once, the rest appended under it', () => {
    const [t, ...rest] = groupIkTrees([chain('a', ['T0', 'T1', 'A0', 'A1']), chain('b', ['T0', 'T1', 'B0'], false, 40)]);
    expect(rest).toEqual([]);
    expect(t.bones).toEqual(['T0', 'T1', 'A0', 'A1', 'B0']);
    expect(t.parent).toEqual([-1, 0, 1, 2, 1]);
    expect(t.targets).toEqual([{ node: 'a', tip: 3 }, { node: 'b', tip: 4 }]);
    expect(t.iterations).toBe(500);
  });

  it('keeps chains on different roots apart, and starts a new tree for a chain holding every target of the root\'s trees', () => {
    const trees = groupIkTrees([chain('a', ['T0', 'A0']), chain('c', ['X0', 'X1']), chain('b', ['T0', 'A0', 'A1'])]);
    expect(trees.map((t) => t.targets.map((g) => g.node))).toEqual([['a'], ['b'], ['c']]);
  });

  it("lists a root's trees in Blender's solve order: a tree a chain joins moves after the trees made since", () => {
    // a: the first tree; b holds a's target, so it starts a second; c misses a's target and joins a's tree.
    const trees = groupIkTrees([chain('a', ['T0', 'A0']), chain('b', ['T0', 'A0', 'A1']), chain('c', ['T0', 'C0'])]);
    expect(trees.map((t) => t.targets.map((g) => g.node))).toEqual([['b'], ['a', 'c']]);
    expect(trees[1].bones).toEqual(['T0', 'A0', 'C0']);
  });

  it("walks the tree as Blender does: a chain through a branch appended earlier skips the branches before it", () => {
    const [t] = groupIkTrees([chain('a', ['T0', 'A0', 'A1']), chain('b', ['T0', 'B0', 'B1']), chain('c', ['T0', 'B0', 'B1', 'C0'])]);
    expect(t.bones).toEqual(['T0', 'A0', 'A1', 'B0', 'B1', 'C0']);
    expect(t.parent).toEqual([-1, 0, 1, 0, 3, 4]);
    expect(t.targets).toEqual([{ node: 'a', tip: 2 }, { node: 'b', tip: 4 }, { node: 'c', tip: 5 }]);
  });

  it('gives a chain that adds no bone the tree\'s last bone as its tip, as Blender computes it', () => {
    // A use_tail-off chain over the trunk alone: Blender's target->tip = totchannel − 1.
    const [t] = groupIkTrees([chain('a', ['T0', 'T1', 'A0']), chain('b', ['T0', 'T1'])]);
    expect(t.bones).toEqual(['T0', 'T1', 'A0']);
    expect(t.targets).toEqual([{ node: 'a', tip: 2 }, { node: 'b', tip: 2 }]);
  });

  it("takes Blender's stretch rule as written: on while the joining chains do not stretch", () => {
    expect(groupIkTrees([chain('a', ['T', 'A'], true), chain('b', ['T', 'B'], true)])[0].stretch).toBe(false);
    expect(groupIkTrees([chain('a', ['T', 'A'], true), chain('b', ['T', 'B'], false)])[0].stretch).toBe(true);
  });
});
