// Every driver of the Rigify human rig, evaluated from the case's custom properties and pose
// channels, equals Blender 3.4.1's evaluated value (`expected.driven`): floats within 1e-6 (the
// README's bound), booleans exactly.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateFixtureDrivers, importDrivers } from '../../runtime/blender/drivers';
import type { Fixture } from '../../runtime/blender/fixture';
import { SHARED_DIR } from '../shared-path';

const dir = join(SHARED_DIR, 'conformance/rigify-human');
const files = readdirSync(dir).filter((f) => /^rigify_human_\d+\.json$/.test(f));

describe('Rigify human rig drivers against Blender', () => {
  it('has cases', () => expect(files.length).toBeGreaterThanOrEqual(4));
  for (const file of files) {
    it(file, () => {
      const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture & { expected: { driven: Record<string, number | boolean> } };
      const imported = importDrivers(fx);
      expect(imported.unsupported).toEqual([]);
      expect(imported.drivers.length).toBe(198);
      const { values, errors } = evaluateFixtureDrivers(fx, imported);
      expect(errors).toEqual([]);
      const wrong: string[] = [];
      for (const [key, want] of Object.entries(fx.expected.driven)) {
        const got = values.get(key);
        if (typeof want === 'boolean' ? got !== want : typeof got !== 'number' || !(Math.abs(got - want) <= 1e-6)) wrong.push(`${key}: ${String(got)}, Blender ${String(want)}`);
      }
      expect(wrong).toEqual([]);
      expect(values.size).toBe(Object.keys(fx.expected.driven).length);
    });
  }
});
