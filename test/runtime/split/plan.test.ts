// plan.ts: any assignment of a program's steps to two threads, run in any order the waits allow,
// gives the matrices one program gives, bit for bit (interleave.ts runs the threads' programs on one
// shared memory, taking turns as a random stream picks). Rigs: the bench humanoid and large rig, the
// animated humanoid, Rigify's human rig with its recorded poses, and the example graphs.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openGraph } from '../../../runtime/io/files';
import { balancedThreads, refinedThreads, simulatedFrame, splitPlan, stepReads } from '../../../runtime/split/plan';
import { whyNotSplit } from '../../../runtime/split/splittable';
import { compile } from '../../../runtime/eval/compile';
import { casesIn } from '../../../runtime/io/blender/conformance';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import { SHARED_DIR } from '../../shared-path';
import { animatedHumanoid } from '../../bench/crowd-rig';
import { rigifyHuman, rigifyPoseCycle } from '../../bench/rigify';
import { humanoid, largeRig } from '../../bench/rigs';
import { misplacedWrites, randomThreads, splitDifference, type Rig } from './interleave';

const ROOT = join(import.meta.dirname, '../../..');

function example(file: string): Rig {
  const opened = openGraph(join(ROOT, 'examples', file));
  if (!opened.ok) throw new Error(`${file}: ${opened.errors.map((e) => e.message).join('; ')}`);
  return { name: `examples/${file}`, graph: opened.graph, scene: opened.scene };
}

/** Each step on thread 0 or 1 at random from `seed`, for however many steps the program has. */
const randomly = (seed: number) => (steps: number) => randomThreads(steps, seed);

describe('a frame split across threads', () => {
  const rigs: Rig[] = [
    { ...humanoid(), name: 'humanoid' },
    { ...animatedHumanoid(), name: 'animated humanoid' },
  ];
  it.each(rigs.map((r) => [r.name, r] as const))('%s: random assignments, random interleavings', (_, rig) => {
    fc.assert(fc.property(fc.nat(), fc.nat(), fc.array(fc.double({ min: -30, max: 60, noNaN: true }), { minLength: 1, maxLength: 3 }), (assign, order, frames) => {
      expect(splitDifference(rig, frames, randomly(assign), order)).toBeUndefined();
    }), { numRuns: 12 });
  });

  it('Rigify\'s human rig, balanced as the split rig balances it, at random, and on three threads', () => {
    const rig = { ...rigifyHuman(), name: 'rigify' };
    const pose = (() => {
      const cycles = new Map<unknown, (k: number) => void>();
      return (p: Parameters<typeof rigifyPoseCycle>[0], k: number) => {
        if (!cycles.has(p)) cycles.set(p, rigifyPoseCycle(p).apply);
        cycles.get(p)!(k);
      };
    })();
    const balanced = (steps: number) => {
      const p = compile(rig.graph, rig.scene);
      expect(p.steps.length).toBe(steps);
      return balancedThreads(stepReads(p), p.steps.map(() => 1), 2);
    };
    expect(splitDifference(rig, [0, 1, 2, 3], balanced, 7, pose)).toBeUndefined();
    expect(splitDifference(rig, [0, 1, 2, 3], randomly(11), 8, pose)).toBeUndefined();
    expect(splitDifference(rig, [0, 1, 2], (n) => Array.from({ length: n }, (_, i) => i % 3), 9, pose, 3)).toBeUndefined();
  });

  it('the large rig and the example graphs', () => {
    expect(splitDifference({ ...largeRig(), name: 'large' }, [0, 5], randomly(3), 4)).toBeUndefined();
    const rigs = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.sinew.json')).map(example);
    // Those with spring bones stay on one thread (splittable.ts).
    const split = rigs.filter((r) => whyNotSplit(compile(r.graph, r.scene)) === undefined);
    expect(split.length).toBeGreaterThan(5);
    split.forEach((rig, i) => { expect(splitDifference(rig, [0, 12.5, 3], randomly(5 + i), 6 + i)).toBeUndefined(); });
  });

  it("a step writes no slot another step may write at once, nor another thread's own region: the bench rigs and the example graphs", () => {
    const rigs = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.sinew.json')).map(example)
      .filter((r) => whyNotSplit(compile(r.graph, r.scene)) === undefined);
    expect(misplacedWrites({ ...humanoid(), name: 'humanoid' }, [0, 3], randomly(21))).toEqual([]);
    expect(misplacedWrites({ ...animatedHumanoid(), name: 'animated humanoid' }, [1, 7.4], randomly(22))).toEqual([]);
    expect(misplacedWrites({ ...largeRig(), name: 'large' }, [0], randomly(23))).toEqual([]);
    rigs.forEach((rig, i) => { expect(misplacedWrites(rig, [0, 12.5], randomly(24 + i))).toEqual([]); });
  });

  it('a plan waits on every step another thread writes before it, and only publishes what is waited on', () => {
    const p = compile(humanoid().graph, humanoid().scene);
    const units = p.steps.map((s) => s.unit);
    const threadOf = randomThreads(units.length, 9);
    const plan = splitPlan(stepReads(p), threadOf, 2);
    expect(plan.shares[0].length + plan.shares[1].length).toBe(units.length);
    for (const t of [0, 1]) {
      plan.waits[t].count.forEach((c, w) => {
        const u = plan.waits[t].thread[w];
        // A count of the whole share is published as the pass ends (share.ts), after what the thread reports.
        expect(plan.publish[u][c - 1]).toBe(c === plan.shares[u].length ? 0 : 1);
      });
    }
  });
});

describe('a frame split across threads, on the shared Blender cases', () => {
  const cases = (folder: string): Rig[] => casesIn(join(SHARED_DIR, 'conformance', folder)).map((c) => {
    const imported = importBlenderFixture(JSON.parse(readFileSync(c.file, 'utf8')) as Fixture);
    return { name: `${folder}/${c.name}`, graph: imported.graph, scene: imported.scene };
  });
  it.each(['fixtures', 'actions'])('every case of %s that can be split, at random', (folder) => {
    const rigs = cases(folder).filter((r) => whyNotSplit(compile(r.graph, r.scene)) === undefined);
    expect(rigs.length).toBeGreaterThan(folder === 'fixtures' ? 300 : 20);
    const differences = rigs.map((rig, i) => splitDifference(rig, [1, 7.25, 3], randomly(101 + i), 202 + i)).filter((d) => d !== undefined);
    expect(differences).toEqual([]);
  });
});

describe('programs whose steps hand values over in owners\' records', () => {
  it('are not split, and would differ if they were: a driven Inherit Rotation', () => {
    // The humanoid, its left forearm's Inherit Rotation off while floor(seconds) is 0 (frames < 24).
    const base = humanoid();
    const graph = {
      ...base.graph,
      nodes: [...base.graph.nodes,
        { id: 'clock', type: 'value/time', params: { fps: 24 }, position: [0, 0] as [number, number] },
        { id: 'whole', type: 'math/float', params: { operation: 'floor' }, position: [0, 0] as [number, number] },
        { id: 'inherit', type: 'driver/bone-inheritance', params: { owner: 'Rig/forearm.L' }, position: [0, 0] as [number, number] },
      ],
      links: [...base.graph.links,
        { from: { node: 'clock', socket: 'seconds' }, to: { node: 'whole', socket: 'a' } },
        { from: { node: 'whole', socket: 'value' }, to: { node: 'inherit', socket: 'inheritRotation' } },
      ],
    };
    const rig = { name: 'humanoid, driven inheritance', graph, scene: base.scene };
    const p = compile(graph, base.scene);
    expect(whyNotSplit(p)).toMatch(/node "inherit" \(Bone inheritance\) writes its owner's settings/);
    // Split anyway, the node on one thread and every other step on the other.
    const node = p.units.ofNode('inherit');
    expect(splitDifference(rig, [3, 30, 5], () => p.steps.map((s) => (s.unit === node ? 1 : 0)), 1)).toMatch(/frame 3 .*owner Rig\/(upperarm|forearm|hand)/);
  });
});

describe('sharing out on a simulated frame', () => {
  // A random program's reads: each step reads some of the steps before it; costs in [0, 1].
  const program = fc.integer({ min: 1, max: 40 }).chain((n) => fc.record({
    reads: fc.tuple(...Array.from({ length: n }, (_, s) => fc.uniqueArray(fc.nat({ max: Math.max(0, s - 1) }), { maxLength: s === 0 ? 0 : Math.min(s, 4) }))),
    cost: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
    threadOf: fc.array(fc.nat({ max: 2 }), { minLength: n, maxLength: n }),
    latency: fc.double({ min: 0, max: 0.5, noNaN: true }),
  })).map((r) => ({ ...r, reads: r.reads.map((x) => Int32Array.from(x)) }));

  it('one thread takes every cost in turn; a thread per step, without latency, the critical path', () => {
    fc.assert(fc.property(program, ({ reads, cost }) => {
      const n = reads.length;
      expect(simulatedFrame(reads, cost, new Int8Array(n), 1, 1)).toBe(cost.reduce((a, b) => a + b, 0));
      const longest = new Float64Array(n);
      reads.forEach((r, s) => { longest[s] = Math.max(0, ...Array.from(r, (p) => longest[p])) + cost[s]; });
      expect(simulatedFrame(reads, cost, Array.from({ length: n }, (_, s) => s), n, 0)).toBe(Math.max(...longest));
    }));
  });

  it('a read across threads comes the latency later', () => {
    const reads = [Int32Array.of(), Int32Array.of(0)];
    expect(simulatedFrame(reads, [2, 3], [0, 1], 2, 0.25)).toBe(5.25);
    expect(simulatedFrame(reads, [2, 3], [1, 1], 2, 0.25)).toBe(5);
  });

  it('refining keeps every step on a thread there is and never makes the simulated frame longer', () => {
    fc.assert(fc.property(program, ({ reads, cost, threadOf, latency }) => {
      const refined = refinedThreads(reads, cost, threadOf, 3, latency);
      expect(refined.length).toBe(reads.length);
      expect(refined.every((t) => t >= 0 && t < 3)).toBe(true);
      expect(simulatedFrame(reads, cost, refined, 3, latency)).toBeLessThanOrEqual(simulatedFrame(reads, cost, threadOf, 3, latency));
      expect(splitPlan(reads, refined, 3).shares.reduce((k, share) => k + share.length, 0)).toBe(reads.length);
    }));
  });

  it('on Rigify\'s human rig, refining the list schedule shortens the simulated frame', () => {
    const p = compile(rigifyHuman().graph, rigifyHuman().scene, { lazyPre: false });
    const reads = stepReads(p);
    // Fixed, uneven costs (1 to 7 by position): enough for the list schedule to leave the threads uneven.
    const cost = p.steps.map((_, s) => 1 + (s % 7));
    const list = balancedThreads(reads, cost, 2, 20);
    const refined = refinedThreads(reads, cost, list, 2, 5);
    expect(simulatedFrame(reads, cost, refined, 2, 5)).toBeLessThan(simulatedFrame(reads, cost, list, 2, 5));
  });
});
