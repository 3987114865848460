// Two IK chains on one chain of bones that reach the same root: Blender keeps them in two trees
// (the second chain holds every target of the first tree) and solves them one after the other, each
// from the last one's result. Sinew does not chain them so yet, and says so when it compiles such a
// rig; chains that Blender joins into one tree get no such warning.
import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../../../../graph/types';
import { compile } from '../../../../runtime/eval/compile';
import { chainScene, empty, stackGraph } from './rig';

/** One graph holding an IK (solver BLENDER, chain to the root) on each of the given bones. */
function iksOn(bones: string[]): GraphDocument {
  const scene = chainScene({ joints: [[0, 0, 0], [0, 0, 1], [0, 0.2, 2], [0, 0.4, 3]] }, [empty('Goal', [1, 0, 2])]);
  const graphs = bones.map((b) => stackGraph(scene, `Arm/${b}`, 'constraint/ik', { solver: 'BLENDER', chainCount: 0 }, { target: { owner: 'Goal' } }));
  const renamed = graphs.map((g, k) => ({
    nodes: g.nodes.map((n) => ({ ...n, id: n.id.startsWith('read:') ? n.id : `${n.id}${k}` })),
    links: g.links.map((l) => ({ from: { ...l.from, node: l.from.node.startsWith('read:') ? l.from.node : `${l.from.node}${k}` }, to: { ...l.to, node: `${l.to.node}${k}` } })),
  }));
  return { ...graphs[0], nodes: [...renamed[0].nodes, ...renamed.slice(1).flatMap((g) => g.nodes.filter((n) => !n.id.startsWith('read:')))], links: renamed.flatMap((g) => g.links) };
}

const warned = (bones: string[]) => {
  const graph = iksOn(bones);
  return compile(graph, graph.scene as never).warnings.filter((w) => w.code === 'ik-trees-in-sequence');
};

describe('IK trees Blender solves one after the other', () => {
  it('are named when a chain holds every target of the tree before it', () => {
    const w = warned(['B1', 'B2']);
    expect(w).toHaveLength(1);
    expect(w[0].message).toContain('"c0", "c1"');
    expect(w[0].message).toContain('root bone "Arm/B0"');
  });

  it('are not claimed for one chain', () => {
    expect(warned(['B2'])).toEqual([]);
  });
});
