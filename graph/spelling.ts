// "Did you mean …?" for a misspelt name: the known name nearest by edit distance, when one is close
// enough to be a typo rather than a different word. A transposition counts as one edit ("infleunce").

/**
 * The candidate nearest to `name`, or undefined when none is close. Close: the same letters in
 * another case, or at most a third of the name's length in edits (at least one). Ties go to the
 * candidate listed first, so the answer does not depend on anything but the lists.
 */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  const folded = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    if (candidate.toLowerCase() === folded) return candidate;
    // Lengths further apart than the best so far cannot beat it: skip the table.
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const d = editDistance(name, candidate, bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein without edits of an edited substring):
 * insertions, deletions, substitutions and swaps of two neighbours each cost one. Stops early
 * and answers `cap` once every path is at least `cap` long, so a long foreign key costs little.
 */
export function editDistance(a: string, b: string, cap = Infinity): number {
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0); // row i - 2
  let previous = Array.from({ length: n + 1 }, (_, j) => j); // row i - 1
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin >= cap) return cap;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[n], cap);
}
