// Random graphs with cycles: the cycle is reported, evaluation finishes, and every owner off the
// cycle evaluates exactly as in the same graph without it. The cycle is added to a random rig
// through two new objects: they mirror each other (each constraint targets the other), target
// themselves, or take an influence from math nodes that feed each other; they hang from and aim at
// owners of the rig, so the cycle reads the rest of the graph while nothing in the rest reads it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GraphDocument, GraphLink, GraphNode } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import type { Program } from '../../runtime/eval/program';
import { loadScene } from '../../runtime/io/scene/load';
import type { SceneDocument, SceneObject } from '../../runtime/rig/scene/types';
import { degenerateRig, ownerIds } from './rigs';

type Variant = 'mirror' | 'self' | 'math';

const node = (id: string, type: string, params: GraphNode['params'] = {}): GraphNode => ({ id, type, params, position: [0, 0] });
const link = (from: string, fs: string, to: string, ts: string): GraphLink => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });

/** The rig with the cycle added: two new objects X and Y, their stacks, and the nodes that close the loop. */
function withCycle(scene: SceneDocument, graph: GraphDocument, variant: Variant, hangFrom: string | undefined, aimAt: string, kind: string): { scene: SceneDocument; graph: GraphDocument } {
  const objects: SceneObject[] = [
    ...scene.objects,
    { name: 'CycX', type: 'EMPTY', location: [1, 2, 3], ...(hangFrom !== undefined && !hangFrom.includes('/') && { parent: hangFrom }) },
    { name: 'CycY', type: 'EMPTY', location: [-1, 0, 2] },
  ];
  const nodes = [...graph.nodes];
  const links = [...graph.links];
  const stack = (owner: string, target: string) => {
    nodes.push(node(`in_${owner}`, 'owner/input', { owner }), node(`c_${owner}`, kind), node(`out_${owner}`, 'owner/output', { owner }), node(`read_${owner}_${target}`, 'owner/read', { owner: target }));
    links.push(
      link(`in_${owner}`, 'transform', `c_${owner}`, 'owner'),
      link(`read_${owner}_${target}`, 'transform', `c_${owner}`, 'target'),
      link(`c_${owner}`, 'owner', `out_${owner}`, 'transform'),
    );
  };
  if (variant === 'mirror') {
    stack('CycX', 'CycY');
    stack('CycY', 'CycX');
  } else if (variant === 'self') {
    stack('CycX', 'CycX');
  } else {
    stack('CycX', aimAt);
    nodes.push(node('f1', 'math/float', { operation: 'add', b: 0.25 }), node('f2', 'math/float', { operation: 'multiply', b: 0.5 }));
    links.push(link('f1', 'value', 'f2', 'a'), link('f2', 'value', 'f1', 'a'), link('f1', 'value', 'c_CycX', 'influence'));
  }
  // Y also aims at an owner of the rig, so the cycle reads the rest of the graph.
  if (variant !== 'mirror') stack('CycY', aimAt);
  return { scene: { ...scene, objects }, graph: { ...graph, nodes, links } };
}

function compiled(graph: GraphDocument, scene: SceneDocument): Program | undefined {
  try {
    return compile(graph, scene);
  } catch (e) {
    if (e instanceof CompileFailure) return undefined;
    throw e;
  }
}

const finals = (p: Program, ids: readonly string[]) => ids.map((id) => Array.from(p.ownerMatrix(id)!));

describe('cycles', () => {
  it('are reported, evaluation finishes, and owners off the cycle evaluate exactly as without it', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        degenerateRig(),
        fc.constantFrom<Variant>('mirror', 'self', 'math'),
        fc.nat(),
        fc.constantFrom('constraint/copy-location', 'constraint/copy-transforms', 'constraint/damped-track', 'constraint/child-of', 'constraint/limit-distance'),
        ({ scene, graph }, variant, pick, kind) => {
          const base = compiled(graph, scene);
          fc.pre(base !== undefined && base.schedule.cycles.length === 0);
          const owners = ownerIds(scene);
          const cyc = withCycle(scene, graph, variant, pick % 2 === 0 ? owners[pick % owners.length] : undefined, owners[(pick >> 1) % owners.length], kind);
          const program = compiled(cyc.graph, cyc.scene);
          if (program === undefined) throw new Error('the graph with the cycle does not compile');
          // Reported: a cycle through the new nodes or owners, with a warning that says so.
          const onCycle = program.schedule.cycles.flatMap((c) => [...c.nodes, ...c.owners]);
          expect(program.schedule.cycles.length).toBeGreaterThan(0);
          expect(onCycle.some((x) => x.includes('CycX') || x.includes('CycY') || x === 'f1' || x === 'f2')).toBe(true);
          expect(program.warnings.some((w) => w.code === 'cycle' && w.message.startsWith('dependency cycle detected through'))).toBe(true);
          // Evaluation finishes, every frame, and owners off the cycle match the graph without it exactly.
          for (const frame of [0, 1, 24]) {
            base.evaluate(frame);
            program.evaluate(frame);
            expect(finals(program, owners)).toEqual(finals(base, owners));
            for (const id of ['CycX', 'CycY']) expect(Array.from(program.ownerMatrix(id)!).every(Number.isFinite)).toBe(true);
          }
          checked++;
        },
      ),
      { numRuns: 150 },
    );
    expect(checked).toBeGreaterThan(50);
  });

  it('a cycle in the scene parenting is refused at load, not evaluated', () => {
    const r = loadScene({ format: 'sinew-scene', version: 1, objects: [{ name: 'A', type: 'EMPTY', parent: 'B' }, { name: 'B', type: 'EMPTY', parent: 'A' }] });
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'parent-loop' }] });
  });
});
