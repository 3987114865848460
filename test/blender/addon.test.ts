// `npm run build:blender`'s zip installs in Blender as an add-on (Preferences › Add-ons › Install…,
// here its operator, into a scratch user-scripts folder) and puts "Sinew rig (.json)" in
// File › Export; the operator, run headless on a scene, writes the rig. One Blender process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { blenderPath } from './roundtrip';

const root = resolve(import.meta.dirname, '..', '..');

it('the zip installs as a Blender add-on whose File › Export operator writes the rig', () => {
  const blender = blenderPath();
  const dir = mkdtempSync(join(tmpdir(), 'sinew-addon-'));
  const zip = join(dir, 'sinew_export.zip');
  const built = spawnSync(process.execPath, [join(root, 'blender', 'build-zip.mjs'), zip], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  const out = join(dir, 'rig.json');
  const script = `
import bpy, addon_utils, sys
bpy.ops.preferences.addon_install(filepath=${JSON.stringify(zip)})
addon_utils.enable('sinew_export', default_set=True)
assert hasattr(bpy.ops.export_scene, 'sinew_rig'), 'no operator'
labels = []
class L:
    def operator(self, idname, text=''):
        labels.append((idname, text))
import sinew_export
sinew_export.menu_func_export(type('M', (), {'layout': L()})(), bpy.context)
print('MENU', labels)
arm = bpy.data.objects.new('Arm', bpy.data.armatures.new('A'))
bpy.context.scene.collection.objects.link(arm)
print('RESULT', bpy.ops.export_scene.sinew_rig(filepath=${JSON.stringify(out)}))
`;
  const run = spawnSync(blender, ['-b', '--factory-startup', '--python-exit-code', '1', '--python-expr', script], {
    encoding: 'utf8',
    env: { ...process.env, BLENDER_USER_SCRIPTS: join(dir, 'scripts') },
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain("MENU [('export_scene.sinew_rig', 'Sinew rig (.json)')]");
  expect(run.stdout).toContain("RESULT {'FINISHED'}");
  const doc = JSON.parse(readFileSync(out, 'utf8')) as { format: string; objects: { name: string; type: string }[]; expected?: unknown };
  expect(doc.format).toBe('blender-constraint-fixture/1');
  expect(doc.objects.map((o) => [o.name, o.type])).toContainEqual(['Arm', 'ARMATURE']);
  expect(doc.expected).toBeUndefined();
});
