// IK and Spline IK settings the shared fixtures leave at their defaults, against cases recorded from
// Blender 3.4.1 by ./blender/gen-extra.py (same format and runner as the shared fixtures; each
// case's tolerance and scope are in ./blender/manifest.json).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesIn, runConformance } from '../../../../runtime/io/blender/conformance';

const dir = join(__dirname, 'blender');

describe('IK and Spline IK beyond the default settings, against Blender 3.4.1', () => {
  const categories = [...new Set(casesIn(dir).map((c) => c.category))];
  it('has cases', () => { expect(categories.length).toBeGreaterThan(10); });
  for (const category of categories) {
    it(category, () => {
      const names = casesIn(dir).filter((c) => c.category === category).map((c) => c.name);
      const { results } = runConformance([dir], { only: names });
      const mine = results.filter((r) => names.includes(r.name));
      expect(mine.length).toBe(names.length);
      const failed = mine.filter((r) => !r.passed).map((r) => `${r.name}: ${r.error ?? `max error ${r.maxError} at ${r.where} (tolerance ${r.tolerance}, scope ${r.scope})`}${r.unsupported.length ? `; unsupported: ${r.unsupported.join(', ')}` : ''}`);
      expect(failed, failed.join('\n')).toEqual([]);
    });
  }
});
