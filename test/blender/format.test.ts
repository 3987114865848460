// The exporter writes what Blender's recorder writes: Rigify's generated human rig at rest, built in
// Blender (rigs.py) and exported by the bundled add-on (the Blender run `import-blender` makes),
// holds every key of the recorded case shared/conformance/rigify-human/rigify_human_00.json (the
// same rig, rest pose, written by gen_rigify.py) with the same value, in objects (706 bones),
// constraints (533, with Armature targets) and drivers (198). The export may say more (custom
// property UI data, envelope settings, notes), never something else.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { exportBlend } from '../../runtime/cli/blend-export';
import { SHARED_DIR } from '../shared-path';
import { blenderPath } from './roundtrip';

/** Every place `recorded` has a value that `exported` lacks or holds differently, as JSON pointers. */
function differences(exported: unknown, recorded: unknown, at: string, out: string[]): void {
  if (out.length > 20) return;
  if (Array.isArray(recorded)) {
    if (!Array.isArray(exported) || exported.length !== recorded.length) return void out.push(`${at}: ${Array.isArray(exported) ? exported.length : typeof exported} items, recorded ${recorded.length}`);
    recorded.forEach((r, i) => { differences(exported[i], r, `${at}/${i}`, out); });
  } else if (recorded !== null && typeof recorded === 'object') {
    if (exported === null || typeof exported !== 'object') return void out.push(`${at}: not an object`);
    for (const [k, r] of Object.entries(recorded)) {
      if (!(k in exported)) out.push(`${at}/${k}: missing`);
      else differences((exported as Record<string, unknown>)[k], r, `${at}/${k}`, out);
    }
  } else if (exported !== recorded) out.push(`${at}: ${JSON.stringify(exported)}, recorded ${JSON.stringify(recorded)}`);
}

it('Rigify\'s rig at rest: the export equals the recorded case on every key the recorder writes', () => {
  const blender = blenderPath();
  const dir = mkdtempSync(join(tmpdir(), 'sinew-format-'));
  const built = spawnSync(blender, ['-b', '--factory-startup', '--python-exit-code', '1', '--python', resolve(import.meta.dirname, 'rigs.py'), '--', 'rigify_rest', dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (built.status === 3) throw new Error(`this Blender (${blender}) has no Rigify add-on; install Blender with its bundled add-ons`);
  expect(built.status, built.stderr).toBe(0);
  const exported = exportBlend(join(dir, 'rigify_rest.blend'), { blender });
  if (!exported.ok) throw new Error(exported.message);
  const ours = JSON.parse(exported.text) as Record<string, unknown[]>;
  const recorded = JSON.parse(readFileSync(join(SHARED_DIR, 'conformance/rigify-human/rigify_human_00.json'), 'utf8')) as Record<string, unknown[]>;
  expect(recorded['objects'][0]).toMatchObject({ name: 'rig', type: 'ARMATURE' });
  expect([ours['objects'].length, ours['constraints'].length, ours['drivers'].length]).toEqual([1, 533, 198]);
  const out: string[] = [];
  for (const key of ['objects', 'constraints', 'drivers']) differences(ours[key], recorded[key], `/${key}`, out);
  expect(out).toEqual([]);
});
