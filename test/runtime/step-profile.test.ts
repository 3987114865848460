// The runtime profiler: per-step time and run counts while attached, and no clock at all when not.
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type JsonValue } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneDocument } from '../../runtime/rig/scene/types';
import { nodeCosts, type Clock } from '../../runtime/eval/step-profile';

const scene: SceneDocument = {
  format: SCENE_FORMAT,
  version: 1,
  objects: [
    { name: 'A', type: 'EMPTY', location: [1, 1, 1] },
    { name: 'C', type: 'EMPTY', location: [9, 9, 9] },
  ],
};
const node = (id: string, type: string, params: Record<string, JsonValue> = {}) => ({ id, type, params, position: [0, 0] as [number, number] });
const link = (from: string, fs: string, to: string, ts: string) => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });

const graph: GraphDocument = {
  format: GRAPH_FORMAT,
  version: 1,
  nodes: [
    node('in', 'owner/input', { owner: 'C' }),
    node('a', 'owner/read', { owner: 'A' }),
    node('loc', 'constraint/copy-location', {}),
    node('time', 'value/time', { fps: 24 }),
    node('move', 'math/vector', { operation: 'scale', a: [1, 0, 0] }),
    node('out', 'owner/output', { owner: 'C' }),
  ],
  links: [
    link('in', 'transform', 'loc', 'owner'),
    link('a', 'transform', 'loc', 'target'),
    link('time', 'seconds', 'move', 'scale'),
    link('loc', 'owner', 'out', 'transform'),
  ],
};

/** A clock that moves only when told to, and counts how often it is read. */
class FakeClock implements Clock {
  t = 0;
  reads = 0;
  now(): number {
    this.reads++;
    return this.t;
  }
}

describe('step profile', () => {
  it('counts every step once per evaluation, matching the steps the program ran', () => {
    const program = compile(graph, scene);
    const clock = new FakeClock();
    const profile = program.startProfiling(clock);
    let ran = 0;
    for (const f of [1, 2, 3]) ran += program.evaluate(f).lastStepsRun;
    expect(profile.passes).toBe(3);
    expect(Array.from(profile.runs)).toEqual(program.steps.map(() => 3));
    expect(profile.runs.reduce((a, b) => a + b, 0)).toBe(ran);
    expect(clock.reads).toBe(2 * ran); // one read before and one after each step
  });

  it('counts only the steps an incremental update ran', () => {
    const program = compile(graph, scene);
    program.evaluate(1);
    const profile = program.startProfiling(new FakeClock());
    program.setParam('move', 'a', [2, 0, 0]);
    program.update(1);
    const ran = program.lastStepsRun;
    expect(ran).toBeGreaterThan(0);
    expect(ran).toBeLessThan(program.steps.length);
    expect(profile.runs.reduce((a, b) => a + b, 0)).toBe(ran);
    const moveIndex = program.steps.findIndex((s) => s.unit === program.units.ofNode('move'));
    expect(profile.runs[moveIndex]).toBe(1);
    expect(profile.runs[program.steps.findIndex((s) => s.unit === program.units.ofNode('loc'))]).toBe(0);
  });

  it('reads no clock when off, before starting and after stopping', () => {
    const program = compile(graph, scene);
    const clock = new FakeClock();
    program.evaluate(1);
    program.startProfiling(clock);
    program.evaluate(2);
    const reads = clock.reads;
    expect(reads).toBeGreaterThan(0);
    program.stopProfiling();
    expect(program.profile).toBeUndefined();
    program.evaluate(3);
    program.setParam('move', 'a', [3, 0, 0]);
    program.update(3);
    expect(clock.reads).toBe(reads);
  });

  it('puts the time of a slow step on its node, and owner steps on the owner nodes', () => {
    const program = compile(graph, scene);
    const clock = new FakeClock();
    // Every step costs 1 ms on the fake clock; the copy-location kernel costs 40.
    for (const step of program.steps) {
      const run = step.run;
      const cost = step.unit === program.units.ofNode('loc') ? 40 : 1;
      step.run = () => { run(); clock.t += cost; };
    }
    const profile = program.startProfiling(clock);
    program.evaluate(1);
    program.evaluate(2);
    const costs = nodeCosts(profile, graph);
    expect(costs[0]).toMatchObject({ nodeId: 'loc', totalMs: 80, msPerPass: 40, runs: 2 });
    const byId = new Map(costs.map((c) => [c.nodeId, c]));
    // Owner In carries C's pre step; Owner Out its stack and final steps.
    const units = new Set(program.steps.map((s) => program.units.label(s.unit)));
    // A node none of whose units has a step (an Owner Out whose input writes the owner's final matrix
    // itself, owner-views.ts) is listed at 0.
    expect(byId.get('in')!.runs).toBe(2 * ((units.has('node:in') ? 1 : 0) + (units.has('pre:C') ? 1 : 0)));
    expect(byId.get('out')!.runs).toBe(2 * ((units.has('node:out') ? 1 : 0) + (units.has('stack:C') ? 1 : 0) + (units.has('final:C') ? 1 : 0)));
    expect(byId.get('out')!.totalMs).toBe(0);
    expect(costs.map((c) => c.nodeId).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    expect(costs.map((c) => c.totalMs)).toEqual([...costs.map((c) => c.totalMs)].sort((x, y) => y - x));
    // Steps of owners no node stands for (A's) are nobody's.
    const attributed = costs.reduce((s, c) => s + c.runs, 0);
    const unowned = program.steps.filter((s) => program.units.kind(s.unit) !== 'node' && program.units.idOf(s.unit) === 'A').length * 2;
    expect(attributed + unowned).toBe(2 * program.steps.length);
  });
});
