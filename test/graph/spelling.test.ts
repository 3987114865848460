import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from '../../graph/spelling';

/** The textbook full-table optimal string alignment distance, to hold the fast one to. */
function referenceDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('editDistance', () => {
  it.each([
    ['influnce', 'influence', 1], // a letter left out
    ['infleunce', 'influence', 1], // two neighbours swapped
    ['inflence', 'influence', 1],
    ['trackaxis', 'trackAxis', 1],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3], // optimal string alignment: a swapped pair is not edited again
    ['__proto__', 'owner', 8], // only one "o" lines up
  ])('%j → %j is %d', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it('equals the full table for any two short strings, and a cap only ever lowers it to the cap', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'X'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, fc.nat(9), (a, b, cap) => {
        const d = referenceDistance(a, b);
        expect(editDistance(a, b)).toBe(d);
        expect(editDistance(a, b, cap)).toBe(Math.min(d, cap));
      }),
    );
  });
});

describe('nearestName', () => {
  const ik = ['owner', 'target', 'pole', 'influence', 'chainCount', 'useTail', 'poleAngle', 'iterations', 'tolerance', 'useStretch'];

  it.each([
    ['influnce', 'influence'],
    ['infleunce', 'influence'],
    ['Influence', 'influence'], // case alone never hides the answer
    ['INFLUENCE', 'influence'],
    ['chaincount', 'chainCount'],
    ['chain_count', 'chainCount'],
    ['poleAngel', 'poleAngle'],
    ['iteration', 'iterations'],
  ])('%j → %j', (typo, known) => {
    expect(nearestName(typo, ik)).toBe(known);
  });

  it.each(['__proto__', 'constructor', 'prototype', 'x', 'mixMode', 'color', 'a much longer key than any name'])('%j is close to nothing', (key) => {
    expect(nearestName(key, ik)).toBeUndefined();
  });

  it('breaks a tie by the order the names are listed in', () => {
    expect(nearestName('ab', ['ax', 'ay'])).toBe('ax');
    expect(nearestName('ab', ['ay', 'ax'])).toBe('ay');
  });

  it('answers a name within a third of its length in edits, or nothing', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(word, fc.uniqueArray(word, { maxLength: 6 }), (name, names) => {
        const candidates = names.filter((n) => n !== name);
        const found = nearestName(name, candidates);
        const limit = Math.max(1, Math.floor(name.length / 3));
        const best = Math.min(Infinity, ...candidates.map((c) => referenceDistance(name, c)));
        if (best > limit) expect(found).toBeUndefined();
        else expect(found !== undefined && referenceDistance(name, found)).toBe(best);
      }),
    );
  });
});
