// The playback clock: every whole frame a play, step or scrub passes is shown once, in order; a
// playing clock follows display time at its fps, loops or stops at the end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FRAMES_PASSED, Playback } from '../../ui/model/playback';

const recorder = () => {
  const shown: number[] = [];
  return { shown, show: (f: number) => shown.push(f) };
};

describe('Playback', () => {
  it('a jump shows every whole frame it passes, then the frame, forwards and back', () => {
    fc.assert(fc.property(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 }), fc.constantFrom(0, 0.25, 0.5), (a, b, frac) => {
      const r = recorder();
      const p = new Playback({ start: -100, end: 100, fps: 24, loop: true }, r.show, a);
      p.goTo(b + frac);
      const target = b + frac;
      const whole = r.shown.slice(0, -1);
      expect(r.shown.at(-1)).toBe(target);
      for (const f of whole) expect(Number.isInteger(f)).toBe(true);
      // Strictly between the two frames, in order, none missing.
      const lo = Math.min(a, target), hi = Math.max(a, target);
      const expected: number[] = [];
      for (let k = Math.floor(lo) + 1; k < hi; k++) if (k > lo) expected.push(k);
      if (target < a) expected.reverse();
      expect(whole).toEqual(expected);
    }));
  });

  it('a long scrub evaluates at most MAX_FRAMES_PASSED frames on its way', () => {
    const r = recorder();
    new Playback({ start: 0, end: 1e6, fps: 24, loop: false }, r.show, 0).goTo(1e6);
    expect(r.shown.length).toBe(MAX_FRAMES_PASSED + 1);
  });

  it('playing follows display time at its fps and shows every frame it passes', () => {
    const r = recorder();
    const p = new Playback({ start: 1, end: 48, fps: 24, loop: false }, r.show, 1);
    p.play(1000);
    p.tick(1000 + 250); // 6 frames later
    expect(p.frame).toBe(7);
    expect(r.shown).toEqual([2, 3, 4, 5, 6, 7]);
    p.tick(1000 + 10_000);
    expect(p.frame).toBe(48);
    expect(p.playing).toBe(false);
  });

  it('a looping clock wraps past the end to the start, showing the end and the start on its way', () => {
    const r = recorder();
    const p = new Playback({ start: 1, end: 11, fps: 10, loop: true }, r.show, 9);
    p.play(0);
    p.tick(350); // 9 + 3.5 = 12.5 → 1 + (11.5 % 10) = 2.5
    expect(p.frame).toBeCloseTo(2.5, 12);
    expect(r.shown).toEqual([10, 11, 1, 2, 2.5]);
    expect(p.playing).toBe(true);
  });

  it('step moves whole frames within the range', () => {
    const r = recorder();
    const p = new Playback({ start: 1, end: 5, fps: 24, loop: false }, r.show, 4.5);
    p.step(1);
    expect(p.frame).toBe(5);
    p.step(1);
    expect(p.frame).toBe(5);
    p.step(-1);
    expect(p.frame).toBe(4);
  });
});
