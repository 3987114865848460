// Rotation modes keyed in an action, against Blender 3.4's own matrices (rigs.py
// `keyed_rotation_modes`, kept in test/blender/fixtures/): five owners whose mode the action keys
// at frames 1, 6, 11, 16 and 21 (Euler orders, quaternion, axis-angle) with every rotation keyed
// beside it; one with the mode's curve after the rotation curves, so Blender's conversion of the
// values on each change of mode replaces what they wrote; Copy Rotation and Limit Rotation reading
// the owner's Euler order (AUTO) as the mode changes; a driver reading a rotation in the owner's
// (AUTO) order. Blender recorded the frames forwards then back, each after the one before (the
// owner holds its mode between frames); the program evaluates them in that order. Within 1.9e-7;
// with the mode curves ignored (as before) 0.1-1.6 off. And rigs.py `random_keyed_modes15`: a chain
// of five bones and an empty, each keyed at five frames with a random mode and some of its Euler,
// quaternion and axis-angle channels (channels no curve writes keep what a change converts into
// them), the mode curve first, last or between, under an Action constraint playing rotation keys on
// its bone, Limit Rotation, Pivot (a rotation range) and two Child Ofs (channels off), all reading the
// owner's Euler order as AUTO (seeds 0-59 of the generator within 1e-6 by hand, 2026-12-05). And
// rigs.py `nla_keyed_modes`: modes keyed in actions an NLA plays, where Blender blends the mode as a
// number (a REPLACE strip blending in over another mixes two modes, cut to a whole one) and writes
// the channels in the order its NLA made them, so what a change converts depends on which rotations
// it wrote before the mode this frame: an empty's strip keying its mode first under a strip blending
// in and out that keys it after its quaternion; a bone whose strip keys Euler, mode, axis-angle, the
// action on top keying its Euler angles at half influence. And rigs.py `action_keyed_modes`: Action
// constraints playing an action that keys their bones' modes (a scratch copy of the bone starts in
// the owner's mode, the mode's curve converts what it holds), mode curve first and last; 0.47-0.94
// off, without a word, when the Action constraint read no mode curve (before the fourteenth session).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import { sharesProgram } from '../../../runtime/crowd/characters';

const FIXTURES = join(import.meta.dirname, '..', '..', 'blender', 'fixtures');
const read = (file: string): unknown => JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));

/** Evaluates `rig`'s export at Blender's frames in the order Blender evaluated them; each owner within 1e-4. Returns the owner-frames compared. */
function expectAsBlenderInOrder(rig: string): { compared: number; order: string[] } {
  const imported = importBlenderFixture(read(`${rig}.export.json`) as Fixture);
  expect(imported.unsupported).toEqual([]);
  const program = compile(imported.graph, imported.scene);
  expect(program.warnings.map((w) => w.message)).toEqual([]);
  const expected = read(`${rig}.expected.json`) as { frames: Record<string, Record<string, number[]>>; frame_order: string[] };
  let compared = 0;
  for (const frame of expected.frame_order) {
    program.evaluate(Number(frame));
    for (const [id, m] of Object.entries(expected.frames[frame])) {
      const got = program.ownerMatrix(id)!;
      const worst = Math.max(...m.map((x, i) => Math.abs(x - got[i])));
      expect(worst, `${id} at frame ${frame}`).toBeLessThanOrEqual(1e-4);
      compared++;
    }
  }
  return { compared, order: expected.frame_order };
}

describe('A rotation mode keyed in an action, as Blender plays it', () => {
  it('keyed_rotation_modes: every owner at every frame within 1e-4 of Blender, frames in the order Blender evaluated them', () => {
    const { compared, order } = expectAsBlenderInOrder('keyed_rotation_modes');
    expect(order).toEqual(['1', '6', '11', '16', '21', '24', '18', '13', '8', '3.5']);
    expect(compared).toBe(8 * 10); // the armature, its 4 bones, Tgt, Spinner and Reader at 10 frames
  });

  it('a driver on a rotation channel the file\u2019s mode does not read, of an owner whose mode is keyed, is named, not dropped as having no effect', () => {
    const fx = read('keyed_rotation_modes.export.json') as Fixture & { drivers: Record<string, unknown>[] };
    const reader = fx.drivers[0];
    // KR/First is in XYZ in the file, and its action keys QUATERNION at frame 6: Blender reads the driven W then.
    fx.drivers.push({ ...reader, owner: { object: 'KR', id_type: 'OBJECT' }, data_path: 'pose.bones["First"].rotation_quaternion', array_index: 0, key: 'pose.bones["First"].rotation_quaternion[0]' });
    fx.drivers.push({ ...reader, owner: { object: 'Tgt', id_type: 'OBJECT' }, data_path: 'rotation_quaternion', array_index: 0, key: 'rotation_quaternion[0]' });
    const imported = importBlenderFixture(fx);
    expect(imported.drivers.notCarried).toEqual([expect.stringMatching(/pose\.bones\["First"\]\.rotation_quaternion.*drives rotation_quaternion\[0\] of an owner whose rotation mode an action keys/)]);
    // An owner whose mode no action keys: such a driver moves nothing, in Blender as here.
    expect(imported.drivers.noEffect).toEqual([expect.stringMatching(/Tgt.*which Blender does not read in rotation mode XYZ/)]);
  });

  it('a program whose owners keep a keyed mode says so: a crowd gives each character a program of its own', () => {
    const imported = importBlenderFixture(read('keyed_rotation_modes.export.json') as Fixture);
    const program = compile(imported.graph, imported.scene);
    const keeps = program.history.filter((h) => h.includes('keeps the rotation mode its action keys'));
    expect(keeps.map((h) => /owner "([^"]+)"/.exec(h)?.[1]).sort()).toEqual(['KR/Copier', 'KR/First', 'KR/Last', 'KR/Limited', 'Spinner']);
    expect(sharesProgram(program)).toBe(false);
  });

  it('nla_keyed_modes: modes keyed in NLA strips, blended and written in the NLA\u2019s order, within 1e-4 of Blender', () => {
    const { compared, order } = expectAsBlenderInOrder('nla_keyed_modes');
    expect(order.length).toBe(19);
    expect(compared).toBe(3 * 19); // NmE, NmArm and its bone at 19 frames
  });

  it('action_keyed_modes: Action constraints playing an action that keys the mode, within 1e-4 of Blender', () => {
    const { compared, order } = expectAsBlenderInOrder('action_keyed_modes');
    expect(order.length).toBe(17);
    expect(compared).toBe(4 * 17); // AK, its two bones and AKT at 17 frames
  });

  it('random_keyed_modes15: random modes and channels keyed under constraints reading the owner\u2019s order, within 1e-4 of Blender', () => {
    const { compared, order } = expectAsBlenderInOrder('random_keyed_modes15');
    expect(order.length).toBe(19);
    expect(compared).toBe(9 * 19); // the armature, its 5 bones, RMT, RMS and RMReader at 19 frames
  });
});
