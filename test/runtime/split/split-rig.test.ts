// A rig's frame on worker threads (runtime/split/split-rig.ts): the same matrices as one program,
// bit for bit, posed or animated, however its steps are shared out; a frame whose steps fail runs
// again guarded on every thread, and the warnings (and their counts) are the one program's; a
// program that cannot be split runs on the main thread; a disposed rig refuses to evaluate.
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Program } from '../../../runtime/eval/program';
import { createSplitRig, type SplitRig } from '../../../runtime/split/split-rig';
import { animatedHumanoid } from '../../bench/crowd-rig';
import { rigifyHuman, rigifyPoseCycle } from '../../bench/rigify';
import { humanoid } from '../../bench/rigs';
import { defaultSpec, sinewRig } from '../../nodes/physics/spring-rig';
import { randomThreads } from './interleave';

const rigs: SplitRig[] = [];
afterAll(async () => { await Promise.all(rigs.map((r) => r.dispose())); });
async function split(...args: Parameters<typeof createSplitRig>): Promise<SplitRig> {
  const r = await createSplitRig(...args);
  rigs.push(r);
  return r;
}

/** The first number where the two programs' final matrices differ, or undefined. */
function difference(a: Program, b: Program, what: string): string | undefined {
  for (let o = 0; o < b.owners.length; o++) {
    for (let i = 0; i < 16; i++) {
      if (!Object.is(a.owners[o].final[i], b.owners[o].final[i])) return `${what}: ${b.owners[o].id}[${i}] split ${a.owners[o].final[i]}, one program ${b.owners[o].final[i]}`;
    }
  }
  return undefined;
}


describe('a rig split across worker threads', () => {
  // Two threads, the machine's cores, and three, as a 4-core machine's default (its workers compile
  // one after another: two compiling at once once set a rig up wrong, docs/performance.md,
  // "twenty-second session"; plan.test.ts's interleavings and test/bench/split-stress.ts check more).
  it('Rigify\'s human rig: shared out by measured costs, and at random, on two and three threads; posed each frame', async () => {
    const rig = rigifyHuman();
    const one = compile(rig.graph, rig.scene);
    const steps = one.steps.length;
    const byIndex = (threads: number) => Int8Array.from({ length: steps }, (_, i) => i % threads);
    for (const options of [{ threads: 2, crossCost: 0.02 }, { threads: 2, threadOf: randomThreads(steps, 3) }, { threads: 2, threadOf: byIndex(2) }, { threads: 3, threadOf: byIndex(3) }]) {
      const r = await split(rig.graph, rig.scene, options);
      expect(r.threads).toBe(options.threads);
      expect(r.shares.reduce((a, b) => a + b, 0)).toBe(steps);
      const poseSplit = rigifyPoseCycle(r.program).apply, poseOne = rigifyPoseCycle(one).apply;
      for (let k = 0; k < 6; k++) {
        poseSplit(k); poseOne(k);
        r.evaluate(k); one.evaluate(k);
        expect(difference(r.program, one, `${JSON.stringify(options.threads)} threads, frame ${k}`)).toBeUndefined();
      }
    }
  }, 120_000);

  it('the animated humanoid, frames back and forth, with the ways of sharing out tried first', async () => {
    const rig = animatedHumanoid();
    const r = await split(rig.graph, rig.scene, { threads: 2 });
    const one = compile(rig.graph, rig.scene);
    for (const f of [1, 13.5, 2, -4, 24, 7.25]) {
      r.evaluate(f); one.evaluate(f);
      expect(difference(r.program, one, `frame ${f}`)).toBeUndefined();
    }
  }, 120_000);

  it('a frame that fails its check runs again guarded on every thread: the same matrices and warnings as one program', async () => {
    // The humanoid beside an empty scaled by 1e200 under another scaled so: its matrix before
    // constraints overflows every frame (an `owner-overflow`, counted per evaluation), which fails
    // the unguarded pass on whichever thread makes it.
    const base = humanoid();
    const scene = {
      ...base.scene,
      objects: [...base.scene.objects,
        { name: 'Huge', type: 'EMPTY' as const, scale: [1e200, 1e200, 1e200] as [number, number, number] },
        { name: 'Huger', type: 'EMPTY' as const, parent: 'Huge', location: [1, 0, 0] as [number, number, number], scale: [1e200, 1e200, 1e200] as [number, number, number] },
      ],
    };
    const one = compile(base.graph, scene);
    const failing = one.units.ofOwner('Huger', 'pre');
    expect(failing).toBeDefined();
    const said = (p: Program) => p.warnings.filter((w) => w.code === 'owner-overflow').map((w) => `${w.message} ×${w.count}`).sort();
    // The overflowing step on the worker, the rest on the main thread; then the other way round.
    for (const worker of [1, 0]) {
      const threadOf = Int8Array.from(one.steps, (s) => (s.unit === failing ? worker : 1 - worker));
      const r = await split(base.graph, scene, { threads: 2, threadOf });
      const mine = compile(base.graph, scene);
      for (const f of [0, 3, 10, 2]) {
        r.evaluate(f); mine.evaluate(f);
        expect(difference(r.program, mine, `the overflow on thread ${worker}, frame ${f}`)).toBeUndefined();
      }
      expect(said(mine)).toEqual([expect.stringMatching(/Huger.* ×4$/)]);
      expect(said(r.program), `the overflow on thread ${worker}`).toEqual(said(mine));
    }
  }, 120_000);

  it('a node that keeps a value from its first evaluation keeps the first frame the rig is asked for, not one it was timed on', async () => {
    // The humanoid and an empty stretched to its jaw's tail (time turns the jaw), Rest Length 0: Stretch
    // To takes the distance of its first evaluation.
    const base = humanoid();
    const scene = { ...base.scene, objects: [...base.scene.objects, { name: 'S', type: 'EMPTY' as const, location: [0.5, -1, 1.2] as [number, number, number] }] };
    const at = [0, 0] as [number, number];
    const graph = {
      ...base.graph,
      nodes: [...base.graph.nodes,
        { id: 's-in', type: 'owner/input', params: { owner: 'S' }, position: at },
        { id: 's-jaw', type: 'owner/read', params: { owner: 'Rig/jaw' }, position: at },
        { id: 's-stretch', type: 'constraint/stretch-to', params: { restLength: 0, headTail: 1 }, position: at },
        { id: 's-out', type: 'owner/output', params: { owner: 'S' }, position: at },
      ],
      links: [...base.graph.links,
        { from: { node: 's-in', socket: 'transform' }, to: { node: 's-stretch', socket: 'owner' } },
        { from: { node: 's-jaw', socket: 'transform' }, to: { node: 's-stretch', socket: 'target' } },
        { from: { node: 's-stretch', socket: 'owner' }, to: { node: 's-out', socket: 'transform' } },
      ],
    };
    const one = compile(graph, scene);
    expect(one.playbackDependence.join()).toMatch(/node "s-stretch" keeps a value from its first evaluation/);
    const r = await split(graph, scene, { threads: 2 });
    expect(r.threads).toBe(2);
    for (const f of [7, 1, 13]) {
      r.evaluate(f); one.evaluate(f);
      expect(difference(r.program, one, `frame ${f}`)).toBeUndefined();
    }
  }, 120_000);

  it('a program that cannot be split runs on the main thread, and says why', async () => {
    const rig = sinewRig(defaultSpec());
    const r = await split(rig.graph, rig.scene, { threads: 2 });
    expect(r.threads).toBe(1);
    expect(r.whyNotSplit).toMatch(/stateful/);
    const one = compile(rig.graph, rig.scene);
    for (const f of [1, 2, 3]) { r.evaluate(f); one.evaluate(f); }
    expect(difference(r.program, one, 'spring rig')).toBeUndefined();
  });

  it('refuses bad options and a disposed rig', async () => {
    const rig = humanoid();
    await expect(createSplitRig(rig.graph, rig.scene, { threads: 0 })).rejects.toThrow(/threads must be a whole number/);
    await expect(createSplitRig(rig.graph, rig.scene, { threads: 2, threadOf: [0] })).rejects.toThrow(/threadOf gives 1 threads for \d+ steps/);
    const r = await createSplitRig(rig.graph, rig.scene, { threads: 2, crossCost: 0.01 });
    await r.dispose();
    expect(() => { r.evaluate(1); }).toThrow(/disposed/);
  });
});
