// NLA transition and meta strips against Blender 3.4's own matrices. Blender makes them only through
// the NLA editor's operators, which need a window, so each rig was built with `xvfb-run -a blender
// --factory-startup --python test/blender/rigs.py -- RIG DIR` and its export and Blender's matrices
// kept in test/blender/fixtures/:
// - `nla_transitions`: a transition between two strips keying different channels, one from an ADD
//   strip blending out to a COMBINE strip on a quaternion object above a REPLACE track, a reversed
//   one on a bone. Played without the transitions (as before), owners were 0.10-0.80 off in them.
// - `nla_metas`: a meta strip of two strips with a gap (one held forward, one ADD) before a plain
//   strip, a reversed meta, a bone keyed inside a meta, a custom property keyed inside a meta that a
//   driver reads. Played without the metas, 0.3-2.0 off; with a reversed meta read forwards, 0.6.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import type { SceneDocument, SceneNlaStrip } from '../../../runtime/rig/scene/types';

const FIXTURES = join(import.meta.dirname, '..', '..', 'blender', 'fixtures');
const read = (file: string): unknown => JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));

/** The strips of a given type in the scene's NLAs (inside meta strips too), by whether each is reversed. */
function stripsOfType(scene: SceneDocument, type: SceneNlaStrip['type']): boolean[] {
  const all = (strips: SceneNlaStrip[]): SceneNlaStrip[] => strips.flatMap((s) => [s, ...all(s.strips ?? [])]);
  return scene.objects.flatMap((o) => all(o.animation_data?.nla?.tracks.flatMap((t) => t.strips) ?? [])).filter((s) => s.type === type).map((s) => s.use_reverse === true);
}

/** Imports `rig`'s export, evaluates every frame Blender recorded, and returns how many owner-frames were compared (each within 1e-4). */
function expectAsBlender(rig: string): { scene: SceneDocument; compared: number } {
  const imported = importBlenderFixture(read(`${rig}.export.json`) as Fixture);
  expect(imported.unsupported).toEqual([]);
  const program = compile(imported.graph, imported.scene);
  const expected = (read(`${rig}.expected.json`) as { frames: Record<string, Record<string, number[]>> }).frames;
  let compared = 0;
  for (const [frame, owners] of Object.entries(expected)) {
    program.evaluate(Number(frame));
    for (const [id, m] of Object.entries(owners)) {
      const got = program.ownerMatrix(id)!;
      const worst = Math.max(...m.map((x, i) => Math.abs(x - got[i])));
      expect(worst, `${id} at frame ${frame}`).toBeLessThanOrEqual(1e-4);
      compared++;
    }
  }
  return { scene: imported.scene, compared };
}

describe('NLA strips made in the NLA editor, as Blender plays them', () => {
  it('nla_transitions: every owner at every frame within 1e-4 of Blender, the transitions carried', () => {
    const { scene, compared } = expectAsBlender('nla_transitions');
    expect(stripsOfType(scene, 'TRANSITION')).toEqual([false, false, true]);
    expect(compared).toBe(32);
  });

  it('nla_metas: every owner at every frame within 1e-4 of Blender, the meta strips carried', () => {
    const { scene, compared } = expectAsBlender('nla_metas');
    expect(stripsOfType(scene, 'META')).toEqual([false, true, false]);
    expect(compared).toBe(40);
  });
});
