// Blender's Relationship constraints (Child Of, Floor, Follow Path, Pivot; Child Of on bones) against
// the recorded fixtures: every case must pass at the manifest's tolerance, both as the runner imports
// them (Blender's write-back applied) and with the authored props (Set Inverse still pending).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invertMat4, mat4Multiply } from '../../nodes/math/matrix';
import { casesIn, runConformance } from '../../runtime/blender/conformance';
import type { Fixture } from '../../runtime/blender/fixture';
import { importBlenderFixture } from '../../runtime/blender/import';
import { compile } from '../../runtime/compile';
import type { Program } from '../../runtime/program';

const dir = join(__dirname, '../../../shared/conformance/fixtures');
const CATEGORIES = ['child_of', 'floor', 'follow_path', 'pivot', 'bone_child_of'];

const caseNames = (category: string) =>
  casesIn(dir).filter((c) => c.name.replace(/_\d+$/, '') === category);

/** Every object matrix and bone matrix/head/tail against Blender's, as "label[i] got vs expected" lines beyond tol. */
function differences(fx: Fixture, program: Program, tol: number): string[] {
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
    mat4Multiply(pose, pose, f);
    check(`${id} matrix`, pose, b.matrix);
    check(`${id} head`, [f[12], f[13], f[14]], b.head);
    check(`${id} tail`, [f[12] + f[4] * len, f[13] + f[5] * len, f[14] + f[6] * len], b.tail);
  }
  return bad;
}

describe('Relationship constraints match Blender 3.4', () => {
  it.each(CATEGORIES)('%s (runner, Blender\'s write-back applied)', (category) => {
    const { results } = runConformance([dir], [`${category}_`]);
    const mine = results.filter((r) => r.name.replace(/_\d+$/, '') === category);
    expect(mine.length, `cases found for ${category}`).toBe(12);
    const failures = mine
      .filter((r) => !r.passed)
      .map((r) => `${r.name}: ${r.error ?? (r.unsupported.length ? `unsupported ${r.unsupported.join('; ')}` : `error ${r.maxError.toExponential(2)} at ${r.where} > ${r.tolerance}`)}`);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it.each(CATEGORIES)('%s (authored props: Set Inverse computed by Sinew, evaluated twice)', (category) => {
    const failures: string[] = [];
    for (const c of caseNames(category)) {
      const fx = JSON.parse(readFileSync(c.file, 'utf8')) as Fixture;
      const imported = importBlenderFixture(fx, { applyAfterEval: false });
      if (imported.unsupported.length) { failures.push(`${c.name}: unsupported ${imported.unsupported.join('; ')}`); continue; }
      const program = compile(imported.graph, imported.scene);
      for (let pass = 1; pass <= 2; pass++) {
        program.evaluate(1);
        const bad = differences(fx, program, c.tolerance);
        if (bad.length) failures.push(`${c.name} (evaluation ${pass}): ${bad.length} numbers off, first ${bad[0]}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('the pending cases really are pending in the authored props', () => {
    for (const category of ['child_of', 'bone_child_of']) {
      const pending = caseNames(category)
        .map((c) => JSON.parse(readFileSync(c.file, 'utf8')) as Fixture)
        .filter((fx) => fx.constraints.some((k) => k.type === 'CHILD_OF' && k.props.set_inverse_pending === true));
      expect(pending.length, category).toBeGreaterThanOrEqual(3);
    }
  });
});
