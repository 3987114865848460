// A shot file as studios keep them (rigs.py `linked_shot`): Rigify's human rig saved in a library
// file of its own, linked into the shot as a collection and made local by a library override, twice
// (the second character's objects named rig.001 and so on), each animated through its controls (far
// poses keyed at frames 1, 6 and 11, evaluated at five frames), and a prop held in the second's hand
// by a Child Of with its inverse set. `import-blender SHOT.blend` (Blender run on the shot,
// which reads the library) then `eval` equals Blender for every bone, within 1e-4 or twice Blender's
// own float32 noise (the rule of rigify-wild.test.ts). The override objects carry the library's names
// beside the linked objects they override; only the scene's own are exported.
// When the library is not where the shot says (the shot sent alone), Blender opens the shot with the
// override's own copy of the rig and nothing linked: the import says which library is missing, and
// `--strict` refuses it.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';
import { differences, noiseAt, roundTrip } from './roundtrip';

describe('Blender round trip: a rig linked from a library and overridden in the shot', () => {
  it('evaluates as Blender, and names a missing library', () => {
    const rt = roundTrip('linked_shot', { viaBlend: true });
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).not.toContain('is missing');
    const diffs = differences(rt);
    // Two rig objects with 706 bones each and the prop, at five frames; the linked ones are not the scene's.
    expect(diffs.length).toBe((2 * 707 + 1) * 5);
    expect(diffs.filter((d) => d.owner === 'rig.001/hand_ik.R').length).toBe(5);
    const misses = diffs.filter((d) => !(d.error <= Math.max(1e-4, 2 * noiseAt(rt, d.frame, d.owner))));
    expect(misses).toEqual([]);

    // The shot one folder down: its library path (relative, as Blender writes it) now leads nowhere.
    const moved = join(rt.dir, 'sent-alone');
    mkdirSync(moved);
    copyFileSync(join(rt.dir, 'linked_shot.blend'), join(moved, 'shot.blend'));
    const out: string[] = [];
    const err: string[] = [];
    const status = run(['import-blender', join(moved, 'shot.blend'), '-o', join(moved, 'shot.sinew.json'), '--strict'], { out: (s) => out.push(s), err: (s) => err.push(s) });
    expect(status).toBe(1);
    expect(err.join('\n')).toMatch(/library "character\.blend" \(\/\/\.\.\/sinew-library-[^)]*\/character\.blend\) is missing/);
  });
});
