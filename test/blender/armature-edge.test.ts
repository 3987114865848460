// Armature constraints at their edges, built in Blender 3.4 (rigs.py `armature_edge`): five bone
// owners and an object owner whose target lists name no bone (an empty name or a missing bone;
// first, last, of weight 0, alone, beside a valid target) — Blender marks each invalid and leaves the
// owner where it was, and so does the import, which lists them as skipped, not as missing; a valid
// two-target owner beside them moves; an owner following a curved B-Bone (4 segments), which
// Blender deforms by the segment under it: the import names it (not carried, `--strict` exits 1)
// and it is the one owner left out of the comparison. Everything else equals Blender within 1e-4.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: Armature targets naming no bone, and a B-Bone target', () => {
  it('leaves alone what Blender leaves alone and names the B-Bone target', () => {
    const rt = roundTrip('armature_edge');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('skipped as Blender skips them: 6');
    for (const owner of ['AE/O0', 'AE/O1', 'AE/O2', 'AE/O3', 'AE/O5', 'E']) expect(log).toContain(`  ${owner}: Armature (ARMATURE): `);
    expect(log).toContain('not carried: 1');
    expect(log).toContain('AE/BB: Armature (ARMATURE).targets[0] (bone "AE/TB" is a B-Bone of 4 segments');
    const diffs = differences(rt, (o) => o === 'AE/BB');
    expect(diffs.length).toBe(11); // the armature, E and 9 of the 10 bones
    expect(failures(diffs, 1e-4)).toEqual([]);
    // The B-Bone owner does differ from Blender (which is why it is named).
    expect(failures(differences(rt), 1e-4)).toEqual([expect.stringMatching(/^frame 1 AE\/BB: /)]);
    const err: string[] = [];
    const strict = run(['import-blender', join(rt.dir, 'armature_edge.blend'), '-o', join(rt.dir, 'strict.sinew.json'), '--strict'], { out: () => {}, err: (s) => err.push(s) });
    expect(strict, err.join('\n')).toBe(1);
    expect(err.join('\n')).toContain('B-Bone');
  });
});
