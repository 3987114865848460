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
// - `nla_strip_modifiers`: strips' F-curve modifiers (rigs.py rig_nla_strip_modifiers: Stepped,
//   Limits, Generator, Built-In Function, Envelope, restricted ranges, influence, a muted one, metas'
//   and transitions' own joined to their strips'), and transitions between a meta strip and a clip.
//   112 owner-frames within 7.2e-7; played without the strip modifiers 0.23-0.57 off, with the value
//   modifiers at the remapped time 0.24, the joined stacks in the wrong order 0.006; with a meta
//   strip beside a transition playing nothing (as before) 0.67-2.07.
// - `nla_transitions_muted`: the same rig with a strip beside each transition muted. Blender's
//   transition plays both sides muted or not; skipping the muted one (as before) was 0.1-0.8 off.
// - `random_nla_editor18`: a random NLA (rigs.py rig_random_nla with `editor`: every strip setting,
//   the action on top with any blend and extrapolation, axis-angle and delta channels) with four
//   transitions and a meta strip made in the NLA editor. Seeds 0-29 checked by hand on 2026-12-05,
//   all within 1e-6 of Blender.
// - `nla_strip_noise`: Noise modifiers on strips (a meta's too), read from the samples of their noise
//   the exporter takes in Blender: exact at whole frames, which alone it records. Within 4.5e-8;
//   without them 0.14-0.43 off.
// - `nla_strip_times`: the metas and transitions of `nla_metas` and `nla_transitions` with their strip
//   time keyed (Animated Strip Time): Blender plays a meta's strips at the keyed fraction of its length
//   and mixes a transition by its keyed time. Within 3.3e-7; with the time taken from the frame (as
//   before) 0.4-2.0 off.
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

  it('nla_transitions_muted: a muted strip beside a transition still plays in it, as in Blender', () => {
    const { scene, compared } = expectAsBlender('nla_transitions_muted');
    const muted = scene.objects.flatMap((o) => o.animation_data?.nla?.tracks.flatMap((t) => t.strips) ?? []).filter((s) => s.mute === true);
    expect(muted.length).toBe(3);
    expect(compared).toBe(32);
  });

  it('random_nla_editor18: a random NLA with transitions and a meta strip, within 1e-4 of Blender', () => {
    const { scene, compared } = expectAsBlender('random_nla_editor18');
    expect(stripsOfType(scene, 'TRANSITION').length).toBe(4);
    expect(stripsOfType(scene, 'META').length).toBe(1);
    expect(compared).toBe(35);
  });

  it('nla_strip_times: metas and transitions with a keyed strip time, within 1e-4 of Blender', () => {
    const { scene, compared } = expectAsBlender('nla_strip_times');
    const all = (strips: SceneNlaStrip[]): SceneNlaStrip[] => strips.flatMap((s) => [s, ...all(s.strips ?? [])]);
    const keyed = scene.objects.flatMap((o) => all(o.animation_data?.nla?.tracks.flatMap((t) => t.strips) ?? [])).filter((s) => s.use_animated_time === true);
    expect(keyed.map((s) => s.type).sort()).toEqual(['META', 'META', 'META', 'TRANSITION', 'TRANSITION', 'TRANSITION']);
    expect(compared).toBe(126); // 9 owners at 14 frames
  });

  it('nla_metas: every owner at every frame within 1e-4 of Blender, the meta strips carried', () => {
    const { scene, compared } = expectAsBlender('nla_metas');
    expect(stripsOfType(scene, 'META')).toEqual([false, true, false]);
    expect(compared).toBe(40);
  });

  it('nla_strip_modifiers: every owner at every frame within 1e-4 of Blender, the strips\u2019 modifiers carried', () => {
    const { scene, compared } = expectAsBlender('nla_strip_modifiers');
    const all = (strips: SceneNlaStrip[]): SceneNlaStrip[] => strips.flatMap((s) => [s, ...all(s.strips ?? [])]);
    const kinds = scene.objects.flatMap((o) => all(o.animation_data?.nla?.tracks.flatMap((t) => t.strips) ?? [])).flatMap((s) => (s.modifiers ?? []).map((m) => m.type));
    expect(new Set(kinds)).toEqual(new Set(['STEPPED', 'LIMITS', 'GENERATOR', 'FNGENERATOR', 'ENVELOPE']));
    expect(compared).toBe(112);
  });

  it('nla_strip_noise: strips\u2019 Noise modifiers, at whole frames, within 1e-4 of Blender', () => {
    const { scene, compared } = expectAsBlender('nla_strip_noise');
    const all = (strips: SceneNlaStrip[]): SceneNlaStrip[] => strips.flatMap((s) => [s, ...all(s.strips ?? [])]);
    const noises = scene.objects.flatMap((o) => all(o.animation_data?.nla?.tracks.flatMap((t) => t.strips) ?? [])).flatMap((s) => (s.modifiers ?? []).filter((m) => m.type === 'NOISE'));
    expect(noises.length).toBe(3);
    expect(compared).toBe(20);
  });
});
