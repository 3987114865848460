// The Rig controls panel: a rig imported from a Blender fixture with a custom property whose driver
// sets a constraint's influence lists the property as a slider under its owner; dragging the slider
// moves the owner live, and letting go is one undoable edit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importBlenderFixture } from '../../runtime/io/blender/import';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { FIXTURES_DIR } from '../shared-path';
import { loadGraph, nextFrames, openApp } from './app-page';
import { check, type E2ETest } from './harness';

/** copy_location_02 with `["follow"]` on Owner (0.25) driving its Copy Location influence. */
function drivenRig() {
  const fx = JSON.parse(readFileSync(join(FIXTURES_DIR, 'copy_location_02.json'), 'utf8')) as Fixture & Record<string, unknown>;
  const owner = fx.objects.find((o) => o.name === 'Owner') as Fixture['objects'][number] & { custom_props?: Record<string, number> };
  owner.custom_props = { follow: 0.25 };
  fx.drivers = [{
    owner: { object: 'Owner', id_type: 'OBJECT' }, data_path: 'constraints["Copy Location"].influence', array_index: 0, key: 'constraints["Copy Location"].influence',
    type: 'SCRIPTED', expression: 'clamp(f * 2)', use_self: false,
    variables: [{ name: 'f', type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Owner', data_path: '["follow"]' }] }],
    modifiers: [], extrapolation: 'CONSTANT', mute: false,
  }];
  const imported = importBlenderFixture(fx);
  return { ...imported.graph, scene: imported.scene };
}

const ownerMatrix = () => Array.from(document.querySelector('sinew-app')!.session.rig.owner('Owner')!.final);

export const rigControlsTests: E2ETest[] = [
  {
    name: 'rig controls: a custom property is a slider under its owner; dragging it moves the driven owner live; one undo restores it',
    async run({ page, base, consoleErrors }) {
      await openApp(page, base);
      await loadGraph(page, drivenRig());
      const slider = page.locator('sinew-rig-controls [data-testid="rig-control"]');
      check((await slider.count()) === 1, `expected one control, found ${await slider.count()}`);
      const section = await page.locator('sinew-rig-controls section').getAttribute('data-owner');
      check(section === 'Owner', `the control is grouped under "${section}", not Owner`);
      check((await slider.inputValue()) === '0.25', `the slider shows ${await slider.inputValue()}`);
      const before = await page.evaluate(ownerMatrix);
      await slider.fill('1');
      await nextFrames(page);
      const after = await page.evaluate(ownerMatrix);
      check(after.some((v, i) => Math.abs(v - before[i]) > 1e-4), 'moving the slider did not move the owner');
      const value = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.nodes.find((n) => n.type === 'driver/property')!.params.value);
      check(value === 1, `the property node holds ${String(value)}`);
      await page.evaluate(() => { document.querySelector('sinew-app')!.session.undo(); });
      await nextFrames(page);
      const undone = await page.evaluate(ownerMatrix);
      check(undone.every((v, i) => Math.abs(v - before[i]) < 1e-9), 'one undo did not restore the pose');
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'driver expression: the inspector shows a scripted driver\u2019s expression, names a parse error as you type, and commits a valid one on Enter',
    async run({ page, base, consoleErrors }) {
      await openApp(page, base);
      await loadGraph(page, drivenRig());
      const id = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.nodes.find((n) => n.type === 'driver/driver')!.id);
      await page.evaluate((n) => { document.querySelector('sinew-app')!.session.select([n]); }, id);
      const field = page.locator('sinew-driver-expression [data-testid="driver-expression"]');
      const status = page.locator('sinew-driver-expression [data-testid="driver-expression-status"]');
      await field.waitFor();
      check((await field.inputValue()) === 'clamp(f * 2)', `the field shows ${await field.inputValue()}`);
      check(!(await status.getAttribute('class'))!.includes('bad'), `a valid expression is flagged: ${await status.textContent()}`);
      const before = await page.evaluate(ownerMatrix);
      await field.fill('f ** 2');
      const python = (await status.textContent()) ?? '';
      check(python.includes('Blender evaluates this in Python') && !(await status.getAttribute('class'))!.includes('bad'), `typing "f ** 2" shows: ${python}`);
      await field.fill('f * * 2');
      const typed = (await status.textContent()) ?? '';
      check(typed.includes('unexpected "*" at character 5'), `typing "f * * 2" shows: ${typed}`);
      check((await status.getAttribute('class'))!.includes('bad'), 'the parse error is not shown as an error');
      const param = () => page.evaluate((n) => document.querySelector('sinew-app')!.session.graph.nodes.find((x) => x.id === n)!.params.expression, id);
      check((await param()) === 'clamp(f * 2)', `typing changed the node before it was committed: ${String(await param())}`);
      await field.fill('clamp(f * 3)');
      check(!(await status.getAttribute('class'))!.includes('bad'), `the fixed expression is still flagged: ${await status.textContent()}`);
      await field.press('Enter');
      await nextFrames(page);
      check((await param()) === 'clamp(f * 3)', `Enter committed ${String(await param())}`);
      const after = await page.evaluate(ownerMatrix);
      check(after.some((v, i) => Math.abs(v - before[i]) > 1e-4), 'the new expression (influence 0.75, was 0.5) did not move the owner');
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
];
