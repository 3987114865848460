// Stateful nodes (spring bones): frame N gives the same numbers, to the bit, however it is reached —
// played frame by frame, jumped to, reached backwards, through `update` after param changes, or
// by `bake` — and the cost of a jump is the ticks between the state and the frame, counted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/eval/compile';
import { assetFromScene, bakeAnimation } from '../../runtime/io/gltf/bake';
import { MAX_REPLAY_TICKS, type Program } from '../../runtime/eval/program';
import { defaultSpec, sinewRig } from '../nodes/physics/spring-rig';

const spec = { ...defaultSpec(), frames: 48 };
const rig = sinewRig(spec);
const fresh = (params: Record<string, number> = {}): Program => {
  const r = Object.keys(params).length ? sinewRig(spec, params) : rig;
  return compile(r.graph, r.scene);
};

/** The first index where two programs' owners differ in any bit, or undefined. */
function firstDifference(a: Program, b: Program): string | undefined {
  for (const o of a.owners) {
    const m = b.ownerMatrix(o.id)!;
    for (let i = 0; i < 16; i++) if (!Object.is(o.final[i], m[i])) return `${o.id}[${i}]: ${o.final[i]} vs ${m[i]}`;
  }
  return undefined;
}

/** Whole frames and quarter frames (a subframe shares its tick with the whole frame after it). */
const frame = fc.oneof(fc.integer({ min: -3, max: 40 }), fc.integer({ min: -12, max: 160 }).map((q) => q / 4));

describe('stateful nodes: jump equals play', () => {
  it('any sequence of frames gives, at each, what a fresh program gives jumping straight there (bit-identical)', () => {
    fc.assert(fc.property(fc.array(frame, { minLength: 1, maxLength: 8 }), (frames) => {
      const played = fresh();
      for (const f of frames) {
        played.evaluate(f);
        const jumped = fresh().evaluate(f);
        const d = firstDifference(played, jumped);
        if (d) throw new Error(`frame ${f} after ${frames.join(', ')}: ${d}`);
      }
    }), { numRuns: 40 });
  });

  it('update() after frame and param changes equals a program compiled with those params, at that frame', () => {
    fc.assert(fc.property(
      fc.array(fc.oneof(
        frame.map((f) => ({ frame: f })),
        fc.record({ stiffness: fc.double({ min: 0, max: 4, noNaN: true }) }),
      ), { minLength: 1, maxLength: 8 }),
      (changes) => {
        const p = fresh().evaluate(0);
        let f = 0;
        let stiffness: number | undefined;
        for (const c of changes) {
          if ('frame' in c) { f = c.frame; p.update(f); } else {
            stiffness = c.stiffness;
            for (const n of rig.graph.nodes) if (n.type === 'physics/spring-bone') p.setParam(n.id, 'stiffness', stiffness);
            p.update(f);
          }
          const ref = stiffness === undefined ? fresh() : fresh({ stiffness });
          ref.evaluate(f);
          const d = firstDifference(p, ref);
          if (d) throw new Error(`after ${JSON.stringify(changes)}: ${d}`);
        }
      },
    ), { numRuns: 25 });
  });

  it('counts its work in ticks: forward N − M, backwards a reset and N − start, the same frame once', () => {
    const p = fresh();
    p.evaluate(10);
    expect(p.lastTicksRun).toBe(11); // the reset at frame 0, then 1 … 10
    p.evaluate(15);
    expect(p.lastTicksRun).toBe(5);
    p.evaluate(15);
    expect(p.lastTicksRun).toBe(1);
    p.evaluate(14.5); // the same tick (14, 15], from the same state
    expect(p.lastTicksRun).toBe(1);
    p.evaluate(16); // tick 15 again at its own frame, then 16
    expect(p.lastTicksRun).toBe(2);
    p.evaluate(3);
    expect(p.lastTicksRun).toBe(4);
    p.evaluate(-7); // before the start: the reset only
    expect(p.lastTicksRun).toBe(1);
    expect(p.lastStepsRun).toBe(p.steps.length);
  });

  it('a spring changes the pose after the start frame and not at it', () => {
    const noSpring = compile({ ...rig.graph, nodes: [], links: [] }, rig.scene);
    const p = fresh();
    expect(firstDifference(p.evaluate(0), noSpring.evaluate(0))).toBeUndefined();
    expect(firstDifference(p.evaluate(20), noSpring.evaluate(20))).toBeDefined();
  });

  it('refuses a jump of more ticks than it replays, with a sentence', () => {
    const p = fresh();
    expect(() => p.evaluate(MAX_REPLAY_TICKS + 10)).toThrow(/replays at most/);
    expect(() => p.evaluate(Number.NaN)).toThrow(/not a number/);
    expect(firstDifference(p.evaluate(5), fresh().evaluate(5))).toBeUndefined();
  });

  it('bake evaluates each baked frame as eval does, every frame or every other one', () => {
    for (const step of [1, 2]) {
      const p = fresh();
      const seen = new Map<number, Float64Array[]>();
      const evaluate = p.evaluate.bind(p);
      p.evaluate = (f?: number) => {
        evaluate(f);
        seen.set(p.frameSlot[0], p.owners.map((o) => Float64Array.from(o.final)));
        return p;
      };
      const result = bakeAnimation(p, assetFromScene(rig.scene), { start: 0, end: 30, step });
      expect(result.frames.length).toBe(step === 1 ? 31 : 16);
      for (const f of result.frames) {
        const ref = fresh().evaluate(f);
        const got = seen.get(f)!;
        ref.owners.forEach((o, k) => { for (let i = 0; i < 16; i++) expect(Object.is(got[k][i], o.final[i]), `${o.id} at ${f}`).toBe(true); });
      }
    }
  });
});
