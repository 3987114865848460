// Rigify's quadruped rigs (wolf: 823 bones, horse: 454), generated and posed in Blender 3.4.1 by
// ./rigify-quadruped/gen-rigify-quadruped.py: every bone within the case's tolerance, the
// IK-affected ones too. What they add to the human rig, each checked to be in the recording: leg
// chains whose tip is hinge-locked (lock_ik_y/z), two IK constraints on one bone (with and without a
// pole, a driver muting one: Blender solves only the first that acts), chains without a pole, a
// chain targeting the bone another chain is solved for, and the horse's 4-bone neck IK.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesIn, runCase } from '../../../../runtime/io/blender/conformance';
import type { Fixture } from '../../../../runtime/io/blender/fixture';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Fixture;
type Con = Fixture['constraints'][number];
const iks = (fx: Fixture) => fx.constraints.filter((c) => c.type === 'IK');
const boneOf = (c: Con) => (c.owner as { bone?: string }).bone ?? '';

for (const rig of ['wolf', 'horse']) {
  const dir = join(__dirname, 'rigify-quadruped', rig);
  const cases = casesIn(dir);

  describe(`Rigify ${rig} rig (Blender 3.4.1), every bone`, () => {
    it('records the quadruped IK features', () => {
      expect(cases.length).toBeGreaterThanOrEqual(4);
      const fx = read(cases[0].file);
      const bones = new Map(fx.objects.flatMap((o) => (o.bones ?? []).map((b) => [b.name, b] as const)));
      const ik = iks(fx);
      const perBone = new Map<string, Con[]>();
      for (const c of ik) perBone.set(boneOf(c), [...(perBone.get(boneOf(c)) ?? []), c]);
      // Hinge-locked chain tips, bones with two IKs (one with a pole), chains without a pole.
      expect(ik.filter((c) => { const p = bones.get(boneOf(c))?.pose as Record<string, unknown> | undefined; return p?.lock_ik_y === true && p?.lock_ik_z === true; }).length).toBeGreaterThanOrEqual(8);
      expect([...perBone.values()].filter((l) => l.length === 2 && l.some((c) => !!c.props.pole_target) && l.some((c) => !c.props.pole_target)).length).toBeGreaterThanOrEqual(4);
      // One chain aims at the bone another chain is solved for (MCH-*_ik2_target).
      const targets = new Set(ik.map((c) => c.props.subtarget));
      expect([...perBone.keys()].some((b) => perBone.get(b)!.every((c) => targets.has(c.props.subtarget)) && ik.filter((c) => c.props.subtarget === perBone.get(b)![0].props.subtarget).length > 2)).toBe(true);
      if (rig === 'horse') expect(ik.some((c) => c.props.chain_count === 4 && boneOf(c).includes('neck'))).toBe(true);
    });

    for (const c of cases) {
      it(`${c.name}: every bone, the ik_affected ones too, within the case's tolerance`, () => {
        const fx = read(c.file);
        expect((fx.ik_affected ?? []).length).toBeGreaterThan(100);
        const r = runCase(fx, { ...c, tolerance_scope: 'all' });
        expect(r.unsupported).toEqual([]);
        expect(r.error).toBeUndefined();
        expect(r.maxError, `largest error at ${r.where}`).toBeLessThanOrEqual(c.tolerance);
        expect(r.passed).toBe(true);
      });
    }
  });
}
