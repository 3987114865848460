// The F-curve evaluator with its Bezier numbers made at pack time and its timings shared
// (nodes/math/fcurve/timing.ts) gives, bit for bit, what it gave before (a frozen copy in
// fcurve-reference/): for any curve (every interpolation and easing, handles reaching past their
// segment, flat segments, keys on one frame, CYCLES of every mode and count, either
// extrapolation) at any frame (on keys, between, outside, ±0, fractional, NaN), curves evaluated in
// any order at any sequence of frames, alone or sharing a timing with others keyed at the same frames.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CYCLE_MODES, EASINGS, evaluateFCurve, evaluateFCurvesTogether, INTERPOLATIONS, keysAlone, packFCurve, type FCurveSource, type Keyframe } from '../../../nodes/math/fcurve/fcurve';
import { IN_SEGMENT, WHERE, type FCurveTiming } from '../../../nodes/math/fcurve/timing';
import { evaluateFCurve as referenceEvaluate, packFCurve as referencePack } from './fcurve-reference/fcurve';

/** Frames on a coarse grid (so curves meet on them and keys can coincide), some fractional. */
const keyFrame = fc.oneof(fc.integer({ min: -12, max: 12 }).map((x) => x * 2), fc.double({ min: -30, max: 30, noNaN: true }));
const value = fc.oneof(fc.double({ min: -10, max: 10, noNaN: true }), fc.constantFrom(0, -0, 1, -0.5));
/** A handle's x offset from its key: mostly within the segment, sometimes far past it (Blender pulls those back). */
const reach = fc.oneof(fc.double({ min: 0, max: 3, noNaN: true }), fc.double({ min: 3, max: 60, noNaN: true }), fc.constant(0));

/** What decides a curve's timing: its key frames and handle x, and its CYCLES modifier. */
interface Timing { frames: number[]; left: number[]; right: number[]; modifiers: FCurveSource['modifiers'] }

const cyclesModifier = fc.option(fc.record({
  type: fc.constant('CYCLES' as const),
  mode_before: fc.constantFrom(...CYCLE_MODES),
  mode_after: fc.constantFrom(...CYCLE_MODES),
  cycles_before: fc.integer({ min: 0, max: 3 }),
  cycles_after: fc.integer({ min: 0, max: 3 }),
  mute: fc.boolean(),
}), { nil: undefined });

const timing: fc.Arbitrary<Timing> = fc.array(keyFrame, { minLength: 0, maxLength: 7 }).chain((frames) => fc.record({
  frames: fc.constant(frames),
  left: fc.array(reach, { minLength: frames.length, maxLength: frames.length }),
  right: fc.array(reach, { minLength: frames.length, maxLength: frames.length }),
  modifiers: cyclesModifier.map((m) => (m ? [m] : undefined)),
}));

/** A curve on a timing: its own values, handle y, interpolations, easings and dynamic settings; flat sometimes. */
function curveOn(t: Timing): fc.Arbitrary<FCurveSource> {
  const n = t.frames.length;
  const key = fc.record({ y: value, ly: value, ry: value, interpolation: fc.oneof(fc.constant('BEZIER' as const), fc.constantFrom(...INTERPOLATIONS)), easing: fc.constantFrom(...EASINGS), back: fc.double({ min: 0, max: 3, noNaN: true }), amplitude: fc.double({ min: 0, max: 3, noNaN: true }), period: fc.double({ min: 0, max: 3, noNaN: true }) });
  return fc.record({ keys: fc.array(key, { minLength: n, maxLength: n }), flat: fc.boolean(), linear: fc.boolean() }).map(({ keys, flat, linear }) => ({
    keyframes: keys.map((k, i): Keyframe => {
      // A flat curve: every value and handle y the same, so its Bezier segments take the flat path.
      const y = flat ? keys[0].y : k.y;
      const x = t.frames[i];
      return { co: [x, y], handle_left: [x - t.left[i], flat ? y : k.ly], handle_right: [x + t.right[i], flat ? y : k.ry], interpolation: k.interpolation, easing: k.easing, back: k.back, amplitude: k.amplitude, period: k.period };
    }),
    extrapolation: linear ? 'LINEAR' as const : 'CONSTANT' as const,
    modifiers: t.modifiers,
  }));
}

/**
 * Times to evaluate at: the keys' frames themselves, around them, far outside (cycles), NaN; then
 * 0 and −0 in turn (another frame to the timing: at a key of frame 0 with value −0, −0 gives −0).
 */
const times = (t: Timing) => fc.array(fc.oneof(
  t.frames.length ? fc.constantFrom(...t.frames) : fc.constant(0),
  fc.double({ min: -80, max: 80, noNaN: true }),
  fc.constantFrom(NaN, 1e-5, -24.00001),
), { minLength: 1, maxLength: 12 }).map((ts) => [...ts, 0, -0, 0]);

const time = new Float64Array(1);
const out = new Float64Array(1);

/** The curve's value at `t` now. */
function valueAt(curve: ReturnType<typeof packFCurve>, t: number): number {
  time[0] = t;
  evaluateFCurve(curve, time, out, 0);
  return out[0];
}

/** What the evaluator before gave for the curve at `t` (through arrays of its own). */
function referenceAt(source: FCurveSource, t: number): number {
  const at = Float64Array.of(t), value = new Float64Array(1);
  referenceEvaluate(referencePack(source), at, value, 0);
  return value[0];
}

describe('F-curve evaluation, bit for bit as before its numbers were made at pack time', () => {
  it('any curve at any frames, evaluated in turn', () => {
    fc.assert(fc.property(timing.chain((t) => fc.tuple(curveOn(t), times(t))), ([source, ts]) => {
      const curve = packFCurve(source);
      for (const t of ts) {
        const got = valueAt(curve, t), want = referenceAt(source, t);
        if (!Object.is(got, want)) throw new Error(`at ${t}: ${got}, before ${want}`);
      }
    }), { numRuns: 3000 });
  });

  it('curves sharing timings (keyed at the same frames), evaluated in any order at any frames', () => {
    const group = timing.chain((t) => fc.array(curveOn(t), { minLength: 1, maxLength: 4 }));
    fc.assert(fc.property(fc.array(group, { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.nat(), fc.double({ min: -80, max: 80, noNaN: true })), { minLength: 1, maxLength: 20 }), (groups, visits) => {
      const sources = groups.flat();
      const timings: FCurveTiming[] = [];
      const curves = sources.map((s) => packFCurve(s, timings));
      // Each group shares one timing (groups keyed alike may share too): fewer timings than curves whenever a group has two.
      expect(timings.length).toBeLessThanOrEqual(groups.length);
      for (const [pick, t] of visits) {
        // The same frame twice in a row (kept), or another (located again), for one curve of the lot.
        const i = pick % curves.length;
        const got = valueAt(curves[i], t), want = referenceAt(sources[i], t);
        if (!Object.is(got, want)) throw new Error(`curve ${i} at ${t}: ${got}, before ${want}`);
        const j = (pick >> 3) % curves.length;
        const gotJ = valueAt(curves[j], t), wantJ = referenceAt(sources[j], t);
        if (!Object.is(gotJ, wantJ)) throw new Error(`curve ${j} after curve ${i} at ${t}: ${gotJ}, before ${wantJ}`);
      }
    }), { numRuns: 1500 });
  });

  it('curves sharing a timing evaluated together give what each gives alone, at any sequence of frames', () => {
    // An owner's channels keyed together (runtime/rig/animation.ts evaluates them so when all share
    // one timing and each is its keys alone; the other draws are skipped).
    const group = timing.chain((t) => fc.tuple(fc.array(curveOn(t), { minLength: 1, maxLength: 5 }), times(t)));
    let together = 0, inSegment = 0;
    fc.assert(fc.property(group, ([sources, ts]) => {
      const timings: FCurveTiming[] = [];
      const curves = sources.map((s) => packFCurve(s, timings));
      fc.pre(timings.length === 1 && curves.every(keysAlone));
      together++;
      // The curves' values go to scattered slots of one array, as an owner's channels.
      const slots = Int32Array.from(curves, (_, k) => 2 * k + 1);
      const all = new Float64Array(2 * curves.length + 1);
      const alone = new Float64Array(1);
      for (const t of ts) {
        time[0] = t;
        evaluateFCurvesTogether(curves, slots, timings[0], time, all);
        if (timings[0].located[WHERE] === IN_SEGMENT) inSegment++;
        curves.forEach((c, k) => {
          // Alone on a fresh pack: its timing located anew, whatever the group's left.
          const fresh = packFCurve(sources[k]);
          evaluateFCurve(fresh, time, alone, 0);
          if (!Object.is(all[slots[k]], alone[0])) throw new Error(`curve ${k} at ${t}: together ${all[slots[k]]}, alone ${alone[0]}`);
        });
      }
    }), { numRuns: 1500 });
    expect(together).toBeGreaterThan(500);
    expect(inSegment).toBeGreaterThan(1000);
  });

  it('shares a timing between curves keyed at the same frames with the same handle x and cycles, and only then', () => {
    const at = (frames: number[], hx = 1, cycles = false): FCurveSource => ({
      keyframes: frames.map((x, i) => ({ co: [x, i * 0.3], handle_left: [x - hx, 5], handle_right: [x + hx, -5] })),
      modifiers: cycles ? [{ type: 'CYCLES' }] : undefined,
    });
    const timings: FCurveTiming[] = [];
    const a = packFCurve(at([0, 4, 9]), timings);
    const b = packFCurve({ ...at([0, 4, 9]), keyframes: at([0, 4, 9]).keyframes.map((k) => ({ ...k, co: [k.co[0], -k.co[1]] as [number, number], interpolation: 'LINEAR' as const })) }, timings);
    const c = packFCurve(at([0, 4, 9.5]), timings);
    const d = packFCurve(at([0, 4, 9], 2), timings);
    const e = packFCurve(at([0, 4, 9], 1, true), timings);
    const f = packFCurve(at([0, 4, 9]));
    expect(b.timing).toBe(a.timing); // other values and interpolations, the same frames and handle x
    expect([c, d, e].map((x) => x.timing === a.timing)).toEqual([false, false, false]);
    expect(f.timing).not.toBe(a.timing); // packed without the list: a timing of its own
    expect(timings.length).toBe(4);
  });
});
