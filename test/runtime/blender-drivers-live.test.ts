// The imported drivers are live: with every driven constraint setting of a Rigify case scrambled
// in the file (influences and Armature weights set to 0.5, driven mutes flipped), the graph's
// driver nodes set them back from the custom properties, and the case still matches Blender.
// Then a custom property changed in the running program moves the bones its drivers reach.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCase } from '../../runtime/io/blender/conformance';
import { importBlenderFixture } from '../../runtime/io/blender/import';
import type { Fixture, Manifest } from '../../runtime/io/blender/fixture';
import { compile } from '../../runtime/eval/compile';
import { SHARED_DIR } from '../shared-path';

const dir = join(SHARED_DIR, 'conformance/rigify-human');
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture & { drivers: { data_path: string }[] };

function scramble(fx: Fixture & { drivers: { data_path: string }[] }): number {
  let changed = 0;
  for (const d of fx.drivers) {
    const m = /^pose\.bones\["([^"]+)"\]\.constraints\["([^"]+)"\]\.(?:targets\[(\d+)\]\.)?(influence|weight|mute)$/.exec(d.data_path);
    if (!m) continue;
    const c = fx.constraints.find((x) => x.owner.bone === m[1] && x.name === m[2])!;
    if (m[4] === 'mute') c.props.mute = !c.props.mute;
    else if (m[3] !== undefined) (c.props.targets as { weight: number }[])[Number(m[3])].weight = 0.5;
    else c.props.influence = 0.5;
    changed++;
  }
  return changed;
}

describe('Rigify drivers in the graph', () => {
  for (const c of manifest.cases.filter((x) => ['rigify_human_01', 'rigify_human_06'].includes(x.name))) {
    it(`${c.name}: scrambled driven settings are driven back (scope not_ik_affected)`, () => {
      const fx = read(c.file);
      expect(scramble(fx)).toBe(86);
      const r = runCase(fx, { ...c, tolerance_scope: 'not_ik_affected', tolerance: c.tolerance_not_ik_affected ?? c.tolerance });
      expect(r.error).toBeUndefined();
      expect(r.unsupported).toEqual([]);
      expect(r.passed, `${r.maxError} at ${r.where}`).toBe(true);
    });
  }

  it('a custom property set in the program moves what its drivers drive, and setting it back restores it', () => {
    const fx = read('rigify_human_01.json');
    const imported = importBlenderFixture(fx);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    const id = 'rig/MCH-eyes_parent';
    const before = Array.from(program.ownerMatrix(id)!);
    // eyes_follow (default 1) drives the influence of MCH-eyes_parent's Copy Transforms.
    expect(program.setParam('prop:rig/eyes:eyes_follow', 'value', 0)).toBe('applied');
    program.update(1);
    const moved = Array.from(program.ownerMatrix(id)!);
    expect(Math.max(...moved.map((v, i) => Math.abs(v - before[i])))).toBeGreaterThan(1e-3);
    expect(program.setParam('prop:rig/eyes:eyes_follow', 'value', 1)).toBe('applied');
    program.update(1);
    expect(Array.from(program.ownerMatrix(id)!)).toEqual(before);
  });
});
