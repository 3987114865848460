// Blender 3.4.1's legacy IK solver, setting by setting, against 216 cases recorded by
// ./blender-legacy/gen-legacy.py (same fixture format and runner as the shared fixtures). Every case is
// compared at scope `all` — every object and every bone, chain bones included — at the case's
// tolerance in ./blender-legacy/manifest.json: twice the float32 noise measured in Blender, at least 1e-5.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesIn, runConformance } from '../../../../runtime/blender/conformance';

const dir = join(__dirname, 'blender-legacy');

describe("Blender's legacy IK solver, every bone, against Blender 3.4.1", () => {
  const cases = casesIn(dir);
  const categories = [...new Set(cases.map((c) => c.category))];
  it('has the recorded design: at least 200 cases, all at scope all', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(cases.filter((c) => c.tolerance_scope !== 'all')).toEqual([]);
    expect(categories.length).toBeGreaterThanOrEqual(18);
  });
  for (const category of categories) {
    it(category, () => {
      const names = cases.filter((c) => c.category === category).map((c) => c.name);
      const { results } = runConformance([dir], { only: names, scope: 'all' });
      const mine = results.filter((r) => names.includes(r.name));
      expect(mine.length).toBe(names.length);
      const failed = mine.filter((r) => !r.passed).map((r) => `${r.name}: ${r.error ?? `max error ${r.maxError} at ${r.where} (tolerance ${r.tolerance})`}${r.unsupported.length ? `; unsupported: ${r.unsupported.join(', ')}` : ''}`);
      expect(failed, failed.join('\n')).toEqual([]);
    });
  }
});
