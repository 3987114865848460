// NLA transition strips against Blender 3.4's own matrices. Blender makes a transition only through
// the NLA editor's operator, which needs a window, so the rig (rigs.py `nla_transitions`: a
// transition between two strips keying different channels, one from an ADD strip blending out to a
// COMBINE strip on a quaternion object above a REPLACE track, a reversed one on a bone) was built
// with `xvfb-run blender --factory-startup --python test/blender/rigs.py -- nla_transitions DIR` and
// its export and Blender's matrices kept in test/blender/fixtures/. Played as strips without the
// transition (before runtime/rig/nla.ts played them), owners were 0.10-0.80 off inside them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

const FIXTURES = join(import.meta.dirname, '..', '..', 'blender', 'fixtures');
const read = (file: string): unknown => JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));

describe('NLA transitions as Blender plays them', () => {
  it('nla_transitions: every owner at every frame within 1e-4 of Blender, the transitions carried', () => {
    const imported = importBlenderFixture(read('nla_transitions.export.json') as Fixture);
    expect(imported.unsupported).toEqual([]);
    const scene = imported.scene;
    // The strips the export holds: three transitions, one reversed.
    const transitions = (scene.objects ?? []).flatMap((o) => o.animation_data?.nla?.tracks.flatMap((t) => t.strips.filter((s) => s.type === 'TRANSITION')) ?? []);
    expect(transitions.map((s) => s.use_reverse === true)).toEqual([false, false, true]);
    const program = compile(imported.graph, scene);
    const expected = (read('nla_transitions.expected.json') as { frames: Record<string, Record<string, number[]>> }).frames;
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
    expect(compared).toBe(32);
  });
});
