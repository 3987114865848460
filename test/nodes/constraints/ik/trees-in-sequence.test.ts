// IK chains on one chain of bones that reach the same root: Blender keeps them in separate trees
// (a chain holding every target of the root's trees starts another) and solves them one after the
// other, each from the last one's result; a tree another chain joins moves after the trees made
// since (initialize_posetree). The compiler orders the solvers so, and starts a bone that joins in a
// later tree from its parent as the trees before left it. Blender's own results for such rigs are
// checked in test/blender/nested-ik.test.ts; this checks the order itself.
import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../../../../graph/types';
import { compile } from '../../../../runtime/eval/compile';
import type { SceneDocument } from '../../../../runtime/rig/scene/types';
import { chainScene, empty, restMatrix, stackGraph } from './rig';

/** Arm: B0 … B3 in a chain, and a branch C0 → C1 from B0. */
function branchedScene(): SceneDocument {
  const scene = chainScene({ joints: [[0, 0, 0], [0, 0, 1], [0, 0.2, 2], [0, 0.4, 3], [0, 0.4, 4]] }, [empty('Goal', [1, 0, 2])]);
  const bones = scene.objects[0].bones!;
  bones.push({ name: 'C0', parent: 'B0', matrix_local: restMatrix([0, 0, 1], [1, 0, 1.5]), length: Math.hypot(1, 0.5), use_connect: true });
  bones.push({ name: 'C1', parent: 'C0', matrix_local: restMatrix([1, 0, 1.5], [2, 0, 1.5]), length: 1, use_connect: true });
  return scene;
}

/** One graph holding an IK (solver BLENDER, chain to the root) on each of the given bones, nodes c0, c1, …; a bone written `C1-tail` has Use Tail off. */
function iksOn(bones: string[]): GraphDocument {
  const scene = branchedScene();
  const graphs = bones.map((b) => stackGraph(scene, `Arm/${b.replace('-tail', '')}`, 'constraint/ik', { solver: 'BLENDER', chainCount: 0, useTail: !b.endsWith('-tail') }, { target: { owner: 'Goal' } }));
  const renamed = graphs.map((g, k) => ({
    nodes: g.nodes.map((n) => ({ ...n, id: n.id.startsWith('read:') ? n.id : `${n.id}${k}` })),
    links: g.links.map((l) => ({ from: { ...l.from, node: l.from.node.startsWith('read:') ? l.from.node : `${l.from.node}${k}` }, to: { ...l.to, node: `${l.to.node}${k}` } })),
  }));
  return { ...graphs[0], nodes: [...renamed[0].nodes, ...renamed.slice(1).flatMap((g) => g.nodes.filter((n) => !n.id.startsWith('read:')))], links: renamed.flatMap((g) => g.links) };
}

function compiled(bones: string[]) {
  const graph = iksOn(bones);
  const program = compile(graph, graph.scene as never);
  const order = program.schedule.order;
  const at = (label: string) => {
    const k = order.indexOf(label);
    if (k < 0) throw new Error(`no unit ${label} in ${order.join(', ')}`);
    return k;
  };
  return { program, at, warned: program.warnings.filter((w) => w.code === 'ik-trees-in-sequence') };
}

describe('IK trees Blender solves one after the other', () => {
  it('solve in the order Blender makes them, a bone of the later tree starting from the earlier result', () => {
    // c0 on B1: the tree B0-B1; c1 on B3 holds B1, so it starts a second tree B0-B3.
    const { at, warned } = compiled(['B1', 'B3']);
    expect(warned).toEqual([]);
    expect(at('node:c0')).toBeLessThan(at('node:c1'));
    expect(at('node:c0')).toBeLessThan(at('pre:Arm/B2'));
  });

  it('solve a tree another chain joined after the trees made since', () => {
    // c0 on B1 (tree 1), c1 on B3 (tree 2: it holds B1), c2 on C1 joins tree 1 (it misses B1), which
    // then moves after tree 2: Blender solves B0-B3 first, then B0-B1 and the branch together.
    const { at, warned } = compiled(['B1', 'B3', 'C1']);
    expect(warned).toEqual([]);
    expect(at('node:c1')).toBeLessThan(at('node:c2'));
    // The branch starts from the root as tree 2 left it; B2 from B1 before tree 1 moves it again.
    expect(at('node:c1')).toBeLessThan(at('pre:Arm/C0'));
    expect(at('pre:Arm/B2')).toBeLessThan(at('node:c2'));
  });

  it('are named where a dependency cycle keeps them from that order', () => {
    // c2 (Use Tail off on C1: the chain B0-C0) joins tree 1 of c0, which moves after c1's tree; its
    // only possible solver is c0, in B1's stack, whose result B2 and so c1 start from.
    const { warned } = compiled(['B1', 'B3', 'C1-tail']);
    expect(warned).toHaveLength(1);
    expect(warned[0].message).toContain('root bone "Arm/B0"');
    expect(warned[0].message).toContain('approximate');
  });

  it('are not claimed for one chain', () => {
    expect(compiled(['B3']).warned).toEqual([]);
  });
});
