// The Distance and Rotational Difference driver variables against Blender 3.4.1: 40 random poses
// of two empties each (one under a rotated, scaled parent), recorded by record_differences.py.
// Blender evaluates them in float32, so within 2e-6 (relative for distances).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { driverDifference } from '../../../nodes/drivers/difference';
import { run } from '../harness';

const recorded: { blender: string; cases: { mode: 'LOC_DIFF' | 'ROTATION_DIFF'; a: number[]; b: number[]; value: number }[] } = JSON.parse(readFileSync(new URL('./blender-differences.json', import.meta.url), 'utf8'));

describe('driver/difference against Blender 3.4.1', () => {
  for (const mode of ['LOC_DIFF', 'ROTATION_DIFF'] as const) {
    it(mode, () => {
      const cases = recorded.cases.filter((c) => c.mode === mode);
      expect(cases.length).toBe(40);
      const wrong: string[] = [];
      for (const c of cases) {
        const v = run(driverDifference, { a: c.a, b: c.b }, { mode }).out.value[0];
        if (!(Math.abs(v - c.value) <= 2e-6 * Math.max(1, Math.abs(c.value)))) wrong.push(`${v} vs Blender ${c.value}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
