// Every driver of the Rigify human rig, evaluated from the case's custom properties and pose
// channels, equals Blender 3.4.1's evaluated value (`expected.driven`): floats within 1e-6 (the
// README's bound), booleans exactly.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateFixtureDrivers, importDrivers } from '../../runtime/io/blender/drivers';
import { compileDriver, evaluateDriver, type DrivenKind, type DriverSource } from '../../nodes/drivers/driver-program';
import type { JsonValue } from '../../graph/types';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { SHARED_DIR } from '../shared-path';

const dir = join(SHARED_DIR, 'conformance/rigify-human');
const files = readdirSync(dir).filter((f) => /^rigify_human_\d+\.json$/.test(f));

describe('Rigify human rig drivers against Blender', () => {
  it('has cases', () => { expect(files.length).toBeGreaterThanOrEqual(4); });
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

// Blender's own experiments behind the rules (experiments.json → drivers): a SUM driver of one
// variable x, through each F-curve setup, into a float or boolean property.
describe('driver rules against experiments.json', () => {
  const ex = JSON.parse(readFileSync(join(dir, 'experiments.json'), 'utf8')).drivers as Record<string, { x: number[]; value: (number | boolean)[]; coefficients?: number[]; use_additive?: boolean }>;
  const run = (name: string, modifiers: Record<string, JsonValue>[], kind: DrivenKind = { kind: 'float', min: -Infinity, max: Infinity }) => {
    const e = ex[name];
    const p = compileDriver({ type: 'SUM', variables: ['x'], modifiers: modifiers as DriverSource['modifiers'] }, kind);
    const got = e.x.map((x) => {
      p.params[1] = Math.fround(x);
      const v = evaluateDriver(p);
      return kind.kind === 'bool' ? v === 1 : v;
    });
    expect(got.map((v) => (typeof v === 'number' ? Math.fround(v) : v))).toEqual(e.value.map((v) => (typeof v === 'number' ? Math.fround(v) : v)));
  };
  const gen = (name: string, extra: Record<string, JsonValue> = {}) => ({ type: 'GENERATOR', mode: 'POLYNOMIAL', poly_order: ex[name].coefficients!.length - 1, coefficients: ex[name].coefficients!, use_additive: ex[name].use_additive === true, ...extra });
  it('no modifier', () => { run('no_modifier', []); });
  it('[0, 1]', () => { run('generator_0_1', [gen('generator_0_1')]); });
  it('[1, -1]', () => { run('generator_1_m1', [gen('generator_1_m1')]); });
  it('order 2', () => { run('generator_order2', [gen('generator_order2')]); });
  it('order 2 additive', () => { run('generator_order2_additive', [gen('generator_order2_additive')]); });
  it('restricted range', () => { run('generator_restricted_range_0_1', [gen('generator_restricted_range_0_1', { use_restricted_range: true, frame_start: 0, frame_end: 1 })]); });
  it('boolean property', () => { run('bool_property', [], { kind: 'bool' }); });
  it('hard range', () => { run('float_property_hard_range', [], { kind: 'float', min: 0, max: 1 }); });
});
