// What every conformance category test does: run a category's Blender fixtures through the
// conformance runner and require each case to pass at the manifest's tolerance and scope; and, for
// cases Blender wrote a value back into, evaluate the authored props and compare everything.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { invertMat4, multiplyMat4 } from '../../nodes/math/matrix';
import { casesIn, runConformance, type CaseResult } from '../../runtime/io/blender/conformance';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../runtime/io/blender/import';
import { compile } from '../../runtime/eval/compile';
import type { Program } from '../../runtime/eval/program';
import { FIXTURES_DIR } from '../shared-path';

export const FIXTURES = FIXTURES_DIR;

/** The category of a case: its name without the trailing number (`copy_location_03` → `copy_location`). */
export const categoryOf = (name: string) => name.replace(/_\d+$/, '');

/** The manifest's cases of one category. */
export const casesOf = (category: string) => casesIn(FIXTURES).filter((c) => categoryOf(c.name) === category);

/** One line for a failing case: its error, or its largest difference and where, and any unsupported properties. */
export const describeFailure = (r: CaseResult) =>
  `${r.name}: ${r.error ?? `max error ${r.maxError} at ${r.where} (tolerance ${r.tolerance}, scope ${r.scope})`}${r.unsupported.length ? `; unsupported: ${r.unsupported.join(', ')}` : ''}`;

/**
 * Runs every case of `category` through the conformance runner: all the manifest lists (and
 * `count` of them, when given) are found, and every one passes.
 */
export function expectCategoryPasses(category: string, count?: number): void {
  const expected = casesOf(category);
  expect(expected.length, `cases listed for ${category}`).toBeGreaterThan(0);
  const { results } = runConformance([FIXTURES], { only: [`${category}_`] });
  // The runner matches by prefix: keep exactly this category's cases.
  const mine = results.filter((r) => categoryOf(r.name) === category);
  if (count !== undefined) expect(mine.length, `cases found for ${category}`).toBe(count);
  expect(mine.map((r) => r.name).sort()).toEqual(expected.map((c) => c.name).sort());
  const failures = mine.filter((r) => !r.passed).map(describeFailure);
  expect(failures, failures.join('\n')).toEqual([]);
}

/** Reads one fixture of the shared set. */
export function readFixture(file: string): Fixture {
  return JSON.parse(readFileSync(file.includes('/') ? file : join(FIXTURES, file), 'utf8')) as Fixture;
}

/** Every object matrix and bone matrix/head/tail against Blender's, as "label[i] got vs expected" lines beyond tol. */
export function differences(fx: Fixture, program: Program, tol: number): string[] {
  const bad: string[] = [];
  const owners = new Map(program.owners.map((o) => [o.id, o]));
  const check = (label: string, got: ArrayLike<number> | undefined, want: number[]) => {
    want.forEach((x, i) => {
      const g = got ? got[i] : NaN;
      if (!(Math.abs(g - x) <= tol)) bad.push(`${label}[${i}] ${g} vs ${x}`);
    });
  };
  for (const [name, m] of Object.entries(fx.expected.objects)) check(name, owners.get(name)?.final, m);
  for (const [id, b] of Object.entries(fx.expected.bones)) {
    const o = owners.get(id);
    if (!o || o.kind !== 'bone') { bad.push(`${id} missing`); continue; }
    const arm = o.armatureOwner.final;
    const f = o.final;
    const len = o.bone!.length;
    // pose = armature⁻¹ · world; head/tail in world space.
    const pose = new Float64Array(16);
    invertMat4(pose, arm);
    multiplyMat4(pose, pose, f);
    check(`${id} matrix`, pose, b.matrix);
    check(`${id} head`, [f[12], f[13], f[14]], b.head);
    check(`${id} tail`, [f[12] + f[4] * len, f[13] + f[5] * len, f[14] + f[6] * len], b.tail);
  }
  return bad;
}

/**
 * Imports a fixture with its authored props (Blender's write-back not applied, so Sinew computes
 * what Blender wrote back) and evaluates it `passes` times: one line per evaluation that differs
 * from Blender's result beyond `tol` (objects and bones), or for unsupported properties.
 */
export function authoredPropsFailures(name: string, fx: Fixture, tol: number, passes: number): string[] {
  const imported = importBlenderFixture(fx, { applyAfterEval: false });
  if (imported.unsupported.length) return [`${name}: unsupported ${imported.unsupported.join('; ')}`];
  const program = compile(imported.graph, imported.scene);
  const failures: string[] = [];
  for (let pass = 1; pass <= passes; pass++) {
    program.evaluate(1);
    const bad = differences(fx, program, tol);
    if (bad.length) failures.push(`${name} (evaluation ${pass}): ${bad.length} numbers off, first ${bad[0]}`);
  }
  return failures;
}
