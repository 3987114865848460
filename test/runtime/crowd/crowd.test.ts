// The crowd (runtime/crowd): characters evaluated in worker threads over shared memory give the
// same matrices, bit for bit, as each character's own Program evaluated here on the main thread, at
// the same frames in the same order (spring state included), with 1 and 2 workers and more
// characters than workers, each character on its own path through time (forward, fractional,
// jumping back and forth); each worker shares one program among its characters unless the graph's
// results depend on earlier evaluations (a dependency cycle here); and it stops its workers.
import { afterEach, describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import { createCrowd, type Crowd } from '../../../runtime/crowd/crowd';
import { partition } from '../../../runtime/crowd/layout';
import { openGraph } from '../../../runtime/io/files';
import { animatedHumanoid } from '../../bench/crowd-rig';
import type { GraphDocument } from '../../../graph/types';
import type { SceneDocument } from '../../../runtime/rig/scene/types';
import { fileURLToPath } from 'node:url';

const CHARACTERS = 5;
let open: Crowd | undefined;
afterEach(async () => { await open?.dispose(); open = undefined; });

/**
 * Frames per character per evaluation: every character at its own frame, some fractional; from step
 * 3 on, odd characters jump back (by 9.5 frames, then forward again by 14) while even ones play on.
 */
const framesAt = (step: number) => Array.from({ length: CHARACTERS }, (_, c) => {
  const played = 1 + step + c * 3.25;
  return c % 2 === 1 && step >= 3 ? played + (step % 2 === 1 ? -9.5 : 4.5) : played;
});

async function checkSame(graph: GraphDocument, scene: SceneDocument, workers: number, steps: number, shared = true) {
  const crowd = (open = await createCrowd(graph, scene, { characters: CHARACTERS, workers }));
  expect(crowd.workers).toBe(Math.min(workers, CHARACTERS));
  expect(crowd.sharedProgram).toBe(shared);
  expect(crowd.history.length === 0).toBe(shared);
  const local = Array.from({ length: CHARACTERS }, () => compile(graph, scene));
  expect(crowd.owners).toEqual(local[0].owners.map((o) => o.id));
  let differ = 0;
  for (let s = 0; s < steps; s++) {
    const frames = framesAt(s);
    await crowd.evaluate(frames);
    for (let c = 0; c < CHARACTERS; c++) {
      const p = local[c].evaluate(frames[c]);
      p.owners.forEach((o, i) => {
        const got = crowd.matrix(c, i);
        // Bit-identical: the same code on the same doubles (Object.is also tells -0 from 0).
        for (let k = 0; k < 16; k++) if (!Object.is(got[k], o.final[k])) throw new Error(`character ${c} owner ${o.id}[${k}] step ${s}: ${got[k]} in the crowd, ${o.final[k]} here`);
      });
    }
    // The characters hold different poses (else the test could not tell them apart).
    for (let c = 1; c < CHARACTERS; c++) if (crowd.matrix(c, 5).some((x, k) => x !== crowd.matrix(0, 5)[k])) differ++;
  }
  expect(differ).toBe((CHARACTERS - 1) * steps);
}

describe('createCrowd', () => {
  it('partitions characters into contiguous shares that cover them once', () => {
    for (const [n, w] of [[5, 2], [7, 3], [2, 2], [1, 1], [10, 4]]) {
      const shares = Array.from({ length: w }, (_, i) => partition(n, w, i));
      let next = 0;
      for (const s of shares) { expect(s.first).toBe(next); next += s.count; }
      expect(next).toBe(n);
      expect(Math.max(...shares.map((s) => s.count)) - Math.min(...shares.map((s) => s.count))).toBeLessThanOrEqual(1);
    }
  });

  it('gives the main thread\'s matrices bit for bit: the animated humanoid, 1 worker', async () => {
    const rig = animatedHumanoid();
    await checkSame(rig.graph, rig.scene, 1, 3);
  });

  it('gives the main thread\'s matrices bit for bit: the mannequin walking (clip, IK, spring bones), 2 workers, characters jumping back and forth', async () => {
    const opened = openGraph(fileURLToPath(new URL('../../../examples/mannequin-walk.sinew.json', import.meta.url)));
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    await checkSame(opened.graph, opened.scene, 2, 6);
  });

  it('gives the main thread\'s matrices bit for bit with a dependency cycle (a program per character), 2 workers', async () => {
    const rig = animatedHumanoid();
    // Two math nodes feeding each other into a constraint's influence: the value carries from one
    // evaluation to the next through the link set aside, so each character needs its own program.
    const target = rig.graph.nodes.find((n) => n.type.startsWith('constraint/') && n.type !== 'constraint/ik')!;
    const graph: GraphDocument = {
      ...rig.graph,
      nodes: [...rig.graph.nodes, { id: 'f1', type: 'math/float', params: { operation: 'add', b: 0.25 }, position: [0, 0] }, { id: 'f2', type: 'math/float', params: { operation: 'multiply', b: 0.5 }, position: [0, 0] }],
      links: [
        ...rig.graph.links.filter((l) => !(l.to.node === target.id && l.to.socket === 'influence')),
        { from: { node: 'f1', socket: 'value' }, to: { node: 'f2', socket: 'a' } },
        { from: { node: 'f2', socket: 'value' }, to: { node: 'f1', socket: 'a' } },
        { from: { node: 'f1', socket: 'value' }, to: { node: target.id, socket: 'influence' } },
      ],
    };
    await checkSame(graph, rig.scene, 2, 3, false);
  });

  it('refuses bad counts and frames with clear errors, and cannot evaluate once disposed', async () => {
    const rig = animatedHumanoid();
    await expect(createCrowd(rig.graph, rig.scene, { characters: 0, workers: 1 })).rejects.toThrow(/characters must be a whole number ≥ 1, got 0/);
    await expect(createCrowd(rig.graph, rig.scene, { characters: 2, workers: 1.5 })).rejects.toThrow(/workers must be a whole number/);
    const crowd = (open = await createCrowd(rig.graph, rig.scene, { characters: 2, workers: 2 }));
    await expect(crowd.evaluate([1])).rejects.toThrow(/1 frames given for 2 characters/);
    await expect(crowd.evaluate([1, NaN])).rejects.toThrow(/frame 1 is not a number/);
    await crowd.dispose();
    await expect(crowd.evaluate([1, 2])).rejects.toThrow(/disposed/);
  });
});
