import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MIN_TITLE_PX, titleSize } from '../../ui/editor/level-of-detail';

describe('titleSize', () => {
  it('keeps a node title at least MIN_TITLE_PX on screen, and no larger than one step above it', () => {
    fc.assert(fc.property(fc.double({ min: 0.05, max: 4, noNaN: true }), (k) => {
      const onScreen = titleSize(k) * k;
      expect(onScreen).toBeGreaterThanOrEqual(MIN_TITLE_PX - 1e-9);
      // Grown only when 12.5 px would be too small, and then by one 1.25 step at most.
      if (titleSize(k) > 12.5) expect(onScreen).toBeLessThan(MIN_TITLE_PX * 1.25 + 1e-9);
    }));
  });

  it('changes a few times over a zoom gesture from 0.15 to 1, not at every wheel step', () => {
    const sizes = new Set<number>();
    for (let k = 0.15; k <= 1; k *= 1.1) sizes.add(titleSize(k));
    expect(sizes.size).toBeLessThanOrEqual(10);
    expect(sizes.size).toBeGreaterThan(1);
  });
});
