// The timeline: play, pause, scrub and the keyboard move the pose and the frame field; a scrub
// evaluates every frame it passes; a clip of the character plays under the constraints; Export GLB
// bakes the chosen clip and frame range.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { readGltf, readAccessor } from '../../runtime/io/gltf/container';
import { openApp } from './app-page';
import { SHARED_DIR } from '../shared-path';
import { check, type E2ETest } from './harness';

const ANIM = join(SHARED_DIR, 'assets/mannequin-anim.glb');
const THIGH = 'Armature/thigh.L';

async function openWalker(page: Page, base: string): Promise<void> {
  await openApp(page, base);
  await page.locator('#open').setInputFiles({ name: 'mannequin-anim.glb', mimeType: 'model/gltf-binary', buffer: readFileSync(ANIM) });
  await page.waitForFunction(() => Boolean(document.querySelector('sinew-app')!.session.scene?.clips?.length), undefined);
  await page.locator('[data-testid="clip"]').selectOption('Walk');
  await page.waitForFunction(() => document.querySelector('sinew-app')!.session.scene?.playback?.clip === 'Walk');
}

const frameField = (page: Page) => page.locator('[data-testid="frame"]').inputValue().then(Number);
const thigh = (page: Page) => page.evaluate((o) => Array.from(document.querySelector('sinew-app')!.session.rig.owner(o)!.final), THIGH);
const differs = (a: number[], b: number[]) => a.some((x, i) => Math.abs(x - b[i]) > 1e-6);

export const timelineTests: E2ETest[] = [
  {
    name: 'timeline: the walk example opens by its link playing Walk over its frames, and playing moves the legs',
    async run({ page, base, consoleErrors }) {
      await openApp(page, base, '?src=examples/mannequin-walk.sinew.json');
      await page.waitForFunction(() => Boolean(document.querySelector('sinew-app')!.session.character), undefined);
      check(await page.locator('[data-testid="clip"]').inputValue() === 'Walk', 'the clip picker does not show Walk');
      const end = await page.locator('[data-testid="range-end"]').inputValue().then(Number);
      check(end === 33, `the range should be the clip's 1–33, got 1–${end}`);
      const before = await thigh(page);
      await page.keyboard.press('ArrowRight');
      await page.locator('sinew-viewport').click({ position: { x: 5, y: 5 } });
      for (let k = 0; k < 6; k++) await page.keyboard.press('ArrowRight');
      check(differs(await thigh(page), before), 'stepping the walk did not move the thigh');
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'timeline: play, pause, scrub and the keys move the pose and the frame field; a scrub evaluates every frame it passes',
    async run({ page, base, consoleErrors }) {
      await openWalker(page, base);
      const end = await page.locator('[data-testid="range-end"]').inputValue().then(Number);
      check(end === 33, `choosing the 4/3 s Walk at 24 fps should make the range 1–33, got 1–${end}`);
      const atStart = await thigh(page);
      await page.locator('[data-testid="play"]').click();
      await page.waitForFunction(() => Number((document.querySelector('sinew-app')!.shadowRoot!.querySelector('sinew-timeline')!.shadowRoot!.querySelector('[data-testid="frame"]') as HTMLInputElement).value) > 4, undefined);
      await page.locator('[data-testid="play"]').click();
      const paused = await frameField(page);
      await page.waitForTimeout(300);
      check(await frameField(page) === paused, 'the frame moved after pause');
      check(differs(await thigh(page), atStart), 'playing did not move the thigh');
      const shown = await page.locator('[data-testid="frame-time"]').textContent();
      check(/^\d+\.\d\d ms$/.test(shown ?? ''), `the frame time reads "${shown}"`);
      // Scrub from 3 to 10: frames 4…9 are evaluated on the way, then 10.
      await page.evaluate(() => {
        const app = document.querySelector('sinew-app')!;
        const w = window as unknown as { seen: number[] };
        w.seen = [];
        const set = app.session.setFrame.bind(app.session);
        app.session.setFrame = (f: number) => { w.seen.push(f); set(f); };
      });
      const slider = page.locator('[data-testid="frame-slider"]');
      await slider.evaluate((el: HTMLInputElement) => { el.value = '3'; el.dispatchEvent(new Event('input', { bubbles: true })); });
      const at3 = await thigh(page);
      await page.evaluate(() => { (window as unknown as { seen: number[] }).seen = []; });
      await slider.evaluate((el: HTMLInputElement) => { el.value = '10'; el.dispatchEvent(new Event('input', { bubbles: true })); });
      const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
      check(JSON.stringify(seen) === '[4,5,6,7,8,9,10]', `the scrub evaluated ${JSON.stringify(seen)}`);
      check(await frameField(page) === 10, 'the frame field does not show the scrubbed frame');
      check(differs(await thigh(page), at3), 'scrubbing did not move the thigh');
      // Keys: → steps a frame, Space plays and pauses.
      await page.locator('sinew-viewport').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('ArrowRight');
      check(await frameField(page) === 11, `→ should step to 11, the field shows ${await frameField(page)}`);
      await page.keyboard.press('Space');
      await page.waitForFunction(() => document.querySelector('sinew-app')!.shadowRoot!.querySelector('sinew-timeline')!.playing);
      await page.keyboard.press('Space');
      await page.waitForFunction(() => !document.querySelector('sinew-app')!.shadowRoot!.querySelector('sinew-timeline')!.playing);
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'timeline: Export GLB with a chosen clip, frame range and fps writes that many keys, the file\'s clips kept',
    async run({ page, base }) {
      await openWalker(page, base);
      await page.locator('[data-testid="export-glb"]').click();
      await page.locator('[data-testid="export-clip"]').selectOption('Walk');
      await page.locator('[data-testid="export-start"]').fill('5');
      await page.locator('[data-testid="export-end"]').fill('12');
      await page.locator('[data-testid="export-fps"]').fill('30');
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="export-go"]').click()]);
      const chunks: Buffer[] = [];
      for await (const c of (await download.createReadStream())) chunks.push(c as Buffer);
      const asset = readGltf(new Uint8Array(Buffer.concat(chunks)));
      const names = asset.json.animations!.map((a) => a.name);
      check(JSON.stringify(names) === '["Walk","Wave","Walk+Sinew"]', `animations ${JSON.stringify(names)}`);
      const times = readAccessor(asset, asset.json.animations![2].samplers[0].input);
      check(times.length === 8, `frames 5–12 should be 8 keys, got ${times.length}`);
      check(Math.abs(times[7] - 7 / 30) < 1e-6, `at 30 fps the last key should be at 7/30 s, got ${times[7]}`);
    },
  },
];
