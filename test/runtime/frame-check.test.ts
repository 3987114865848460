// Frames evaluated with the node guards off and checked at once (runtime/eval/frame-check.ts): the
// same bits and the same warnings, counts included, as a program whose guards are always on, on
// random degenerate rigs (nodes failing, matrices overflowing); and a sound rig never runs guarded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import type { Program } from '../../runtime/eval/program';
import type { GraphDocument } from '../../graph/types';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { humanoid } from '../bench/rigs';
import { degenerateRig } from '../reliability/rigs';

/** Every owner's final matrix as the bits of its doubles, and the warnings with their counts. */
function state(p: Program): { owners: string[]; warnings: string[] } {
  return {
    owners: p.owners.map((o) => `${o.id} ${[...new BigUint64Array(Float64Array.from(o.final).buffer)].map((b) => b.toString(16)).join(' ')}`),
    warnings: p.warnings.map((w) => `${w.code} ${w.message} ×${w.count ?? ''}`),
  };
}

function run(graph: GraphDocument, scene: SceneDocument, frameCheck: boolean) {
  let p: Program;
  try {
    p = compile(graph, scene, { frameCheck });
  } catch (e) {
    if (e instanceof CompileFailure) return { refused: true };
    throw e;
  }
  const frames = [1, 2, 2, 3.5, 1].map((f) => state(p.evaluate(f)));
  return { frames, guarded: p.guardedPasses };
}

describe('frames checked at once', () => {
  it('random rigs: the same bits and warnings (with their counts) as with every guard on, frame after frame', () => {
    let fellBack = 0;
    let unguarded = 0;
    fc.assert(
      fc.property(degenerateRig(), ({ scene, graph }) => {
        const checked = run(graph, scene, true);
        const guarded = run(graph, scene, false);
        expect(checked.frames).toEqual(guarded.frames);
        if (checked.guarded !== undefined && guarded.guarded !== undefined) {
          // With every guard on, every pass is guarded (five frames, more with spring bones' replays).
          expect(guarded.guarded).toBeGreaterThanOrEqual(5);
          if (checked.guarded > 0) fellBack++;
          if (checked.guarded < guarded.guarded) unguarded++;
        }
      }),
      { numRuns: 150 },
    );
    // Both ways are taken: frames that failed their check and ran again, and frames that passed.
    expect(fellBack).toBeGreaterThan(5);
    expect(unguarded).toBeGreaterThan(5);
  });

  it('a pass with the guards off runs each step bare, never through its guard (bare-step.ts)', () => {
    const rig = humanoid();
    const p = compile(rig.graph, rig.scene);
    // Each step's `run` (its guard, for a guarded node) counted from now on; `bare` left as it is.
    let throughGuard = 0;
    for (const s of p.steps) {
      const run = s.run;
      s.run = () => { throughGuard++; run(); };
    }
    for (let f = 0; f < 5; f++) p.evaluate(f);
    expect(p.guardedPasses).toBe(0);
    expect(throughGuard).toBe(0);
    // A guarded pass goes through them all (so the count above could have counted).
    p.startProfiling();
    p.evaluate(6);
    expect(throughGuard).toBeGreaterThan(0);
  });

  it('a sound rig runs no frame with its guards on; profiling does', () => {
    const rig = humanoid();
    const p = compile(rig.graph, rig.scene);
    for (let f = 0; f < 20; f++) p.evaluate(f);
    expect(p.guardedPasses).toBe(0);
    p.startProfiling();
    p.evaluate(21);
    expect(p.guardedPasses).toBe(1);
  });

  it('a node that keeps a value from its first evaluation keeps the guards on (a failed unguarded pass could leave it its value)', () => {
    const node = (id: string, type: string, params: Record<string, number> | Record<string, string> = {}) => ({ id, type, params, position: [0, 0] as [number, number] });
    const link = (from: string, fs: string, to: string, ts: string) => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });
    const graph = (restLength: number): GraphDocument => ({
      format: 'sinew-graph', version: 1,
      nodes: [node('in', 'owner/input', { owner: 'A' }), node('t', 'owner/read', { owner: 'T' }), node('stretch', 'constraint/stretch-to', { restLength }), node('out', 'owner/output', { owner: 'A' })],
      links: [link('in', 'transform', 'stretch', 'owner'), link('t', 'transform', 'stretch', 'target'), link('stretch', 'owner', 'out', 'transform')],
    });
    const scene: SceneDocument = { format: 'sinew-scene', version: 1, objects: [{ name: 'A', type: 'EMPTY' }, { name: 'T', type: 'EMPTY', location: [0, 2, 0] }] };
    const remembering = compile(graph(0), scene);
    for (let f = 0; f < 3; f++) remembering.evaluate(f);
    expect(remembering.guardedPasses).toBe(3);
    const plain = compile(graph(1), scene);
    for (let f = 0; f < 3; f++) plain.evaluate(f);
    expect(plain.guardedPasses).toBe(0);
    // A param that makes the node remember turns the guards on from the next frame.
    expect(plain.setParam('stretch', 'restLength', 0)).toBe('applied');
    plain.evaluate(4);
    expect(plain.guardedPasses).toBe(1);
  });
});
