// Seeing what a rig does, in real Chromium: angles read and typed in degrees (stored in radians).
import type { Page } from 'playwright-core';
import { allMatrices, nextFrames, openApp, poseDifference, savedText } from './app-page';
import { check, type E2ETest } from './harness';

const nodeParams = async (page: Page, id: string): Promise<Record<string, unknown>> =>
  JSON.parse(await savedText(page)).nodes.find((n: { id: string }) => n.id === id).params ?? {};

/** Clicks a number field (no drag: it opens for typing), types `text` and presses Enter. */
async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const field = page.locator(selector).first();
  await field.locator('.bar').click();
  const input = field.locator('input');
  await input.fill(text);
  await input.press('Enter');
  await nextFrames(page);
}

export const insightTests: E2ETest[] = [
  {
    name: 'insight: angles show in degrees on the node and in the inspector; typing -90 saves -π/2 radians and moves the pose',
    async run(t) {
      const { page, base } = t;
      await openApp(page, base, '?src=examples/arm-ik.sinew.json');
      const stored = Number((await nodeParams(page, 'arm-ik')).poleAngle);
      check(Math.abs(stored - Math.PI) < 1e-9, `the example's pole angle is not π: ${stored}`);
      const onNode = page.locator('sinew-node .node[data-node-id="arm-ik"] [data-testid="field-poleAngle"] .value');
      const shown = (await onNode.textContent()) ?? '';
      check(/^180\.000 °$/.test(shown.trim()), `the node shows the pole angle as "${shown}", not 180 degrees`);

      await page.evaluate(() => document.querySelector('sinew-app')!.session.select(['arm-ik']));
      await nextFrames(page);
      const inspector = 'sinew-inspector [data-testid="field-poleAngle"]';
      const inInspector = (await page.locator(`${inspector} .value`).textContent()) ?? '';
      check(inInspector.trim() === '180.000 °', `the inspector shows "${inInspector}"`);
      const range = await page.locator('sinew-inspector').evaluate((el) => el.shadowRoot!.textContent ?? '');
      check(range.includes('-180 – 180 °'), 'the inspector does not give the pole angle range in degrees');

      const before = await allMatrices(page);
      await typeInto(page, inspector, '-90');
      const saved = Number((await nodeParams(page, 'arm-ik')).poleAngle);
      check(Math.abs(saved - -Math.PI / 2) < 1e-9, `typing -90 saved ${saved}, not −π/2`);
      check(poseDifference(before, await allMatrices(page)) > 1e-3, 'the new pole angle did not move the arm');
      const after = (await onNode.textContent()) ?? '';
      check(after.trim() === '-90.000 °', `after typing, the node shows "${after}"`);

      // The node's own field converts too: 45 typed there is π/4.
      await typeInto(page, 'sinew-node .node[data-node-id="arm-ik"] [data-testid="field-poleAngle"]', '45');
      const fromNode = Number((await nodeParams(page, 'arm-ik')).poleAngle);
      check(Math.abs(fromNode - Math.PI / 4) < 1e-9, `typing 45 on the node saved ${fromNode}, not π/4`);
      // Lengths show their unit.
      const tolerance = (await page.locator('sinew-inspector [data-testid="field-tolerance"] .value').textContent()) ?? '';
      check(/ m$/.test(tolerance.trim()), `the IK tolerance does not show its unit: "${tolerance}"`);
    },
  },
];
