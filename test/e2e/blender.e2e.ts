// The Blender exporter's JSON in the app: opened by Open… or dropped, it becomes a graph on its
// rig (as `sinew import-blender` makes it), and the app's evaluated matrices equal Blender's own
// (test/blender/fixtures: the hand-made round-trip rig, exported by blender/sinew_export, and the
// world matrices Blender evaluated for it, dumped by test/blender/rigs.py).
import { readFileSync } from 'node:fs';
import { allMatrices, messages, openApp, waitForNodes } from './app-page';
import { check, ROOT, type E2ETest } from './harness';

const EXPORT = readFileSync(`${ROOT}test/blender/fixtures/handmade.export.json`, 'utf8');
const BLENDER = (JSON.parse(readFileSync(`${ROOT}test/blender/fixtures/handmade.expected.json`, 'utf8')) as { frames: Record<string, Record<string, number[]>> }).frames['1'];
// Shrinkwrap onto meshes (rigs.py `rig_shrinkwrap`, exported by the add-on): the export carries the
// targets' surfaces, which the app loads, evaluates and draws.
const SHRINKWRAP = readFileSync(`${ROOT}test/blender/fixtures/shrinkwrap.export.json`, 'utf8');
const SHRINKWRAP_BLENDER = (JSON.parse(readFileSync(`${ROOT}test/blender/fixtures/shrinkwrap.expected.json`, 'utf8')) as { frames: Record<string, Record<string, number[]>> }).frames['1'];

/** The largest difference from Blender's matrices over every owner Blender has (Infinity for a missing one). */
function worst(ours: Record<string, number[]>, blender: Record<string, number[]> = BLENDER): { error: number; owner: string } {
  let error = 0;
  let owner = '';
  for (const [id, m] of Object.entries(blender)) {
    const s = ours[id];
    const e = s ? Math.max(...m.map((x, i) => Math.abs(x - s[i]))) : Infinity;
    if (!(e <= error)) { error = e; owner = id; }
  }
  return { error, owner };
}

export const blenderTests: E2ETest[] = [
  {
    name: 'a Blender rig exported by the add-on opens from Open… and evaluates as Blender does',
    async run({ page, base, consoleErrors }) {
      await openApp(page, base);
      // The app names the imported graph NAME.sinew.json (never the export's own name).
      await page.locator('#open').setInputFiles({ name: 'handmade.json', mimeType: 'application/json', buffer: Buffer.from(EXPORT) });
      await page.waitForFunction(() => document.querySelector('sinew-app')!.shadowRoot!.querySelector('.file b')!.textContent === 'handmade.sinew.json');
      await waitForNodes(page);
      const w = worst(await allMatrices(page));
      check(w.error <= 1e-4, `the opened rig differs from Blender by ${w.error} at ${w.owner}`);
      const said = await messages(page);
      check(said.some((m) => m.kind === 'info' && m.text.includes('Blender rig handmade.json imported: 10 objects, 9 bones')), `no import message: ${JSON.stringify(said)}`);
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'a Blender rig saved at another frame opens on that frame, as Blender shows the file',
    async run({ page, base }) {
      await openApp(page, base);
      const at12 = JSON.parse(EXPORT) as { exporter: { frame_current: number } };
      at12.exporter.frame_current = 12;
      await page.locator('#open').setInputFiles({ name: 'at12.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(at12)) });
      await page.waitForFunction(() => document.querySelector('sinew-app')!.shadowRoot!.querySelector('.file b')!.textContent === 'at12.sinew.json');
      await waitForNodes(page);
      const frame = await page.evaluate(() => Number((document.querySelector('sinew-app')!.shadowRoot!.querySelector('sinew-timeline')!.shadowRoot!.querySelector('[data-testid="frame"]') as HTMLInputElement).value));
      check(frame === 12, `the app opened on frame ${frame}, not the saved frame 12`);
    },
  },
  {
    name: 'a Blender rig exported by the add-on opens when dropped on the app',
    async run({ page, base }) {
      await openApp(page, base);
      await page.evaluate((text) => {
        const app = document.querySelector('sinew-app')!;
        const dt = new DataTransfer();
        dt.items.add(new File([text], 'handmade.json', { type: 'application/json' }));
        app.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
        app.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, EXPORT);
      await page.waitForFunction(() => document.querySelector('sinew-app')!.shadowRoot!.querySelector('.file b')!.textContent === 'handmade.sinew.json');
      await waitForNodes(page);
      const w = worst(await allMatrices(page));
      check(w.error <= 1e-4, `the dropped rig differs from Blender by ${w.error} at ${w.owner}`);
    },
  },
  {
    name: 'a Blender rig with Shrinkwrap onto meshes opens with their surfaces and evaluates as Blender does',
    async run({ page, base, consoleErrors }) {
      await openApp(page, base);
      await page.locator('#open').setInputFiles({ name: 'shrinkwrap.json', mimeType: 'application/json', buffer: Buffer.from(SHRINKWRAP) });
      await page.waitForFunction(() => document.querySelector('sinew-app')!.shadowRoot!.querySelector('.file b')!.textContent === 'shrinkwrap.sinew.json');
      await waitForNodes(page);
      const w = worst(await allMatrices(page), SHRINKWRAP_BLENDER);
      check(w.error <= 1e-4, `the opened rig differs from Blender by ${w.error} at ${w.owner}`);
      const surfaces = await page.evaluate(() => (document.querySelector('sinew-app')!.session.scene?.objects ?? []).filter((o) => o.mesh !== undefined).map((o) => o.name).sort());
      check(surfaces.join() === 'Ball,Blob,Box,Ground', `the scene's surfaces: ${surfaces.join()}`);
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'a Blender rig with a constraint on a missing object is refused with its pointer, and the graph is kept',
    async run({ page, base }) {
      await openApp(page, base);
      const before = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.nodes.length);
      const broken = JSON.parse(EXPORT) as { constraints: { props: Record<string, unknown> }[] };
      broken.constraints[0].props['target'] = 'NoSuchObject';
      await page.locator('#open').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
      await page.waitForFunction(() => [...document.querySelector('sinew-app')!.shadowRoot!.querySelectorAll('[data-testid="message"]')].some((m) => m.getAttribute('data-kind') === 'error'));
      const said = await messages(page);
      const error = said.find((m) => m.kind === 'error')!;
      check(error.text.includes('/constraints/0/props/target') && error.text.includes('NoSuchObject'), `the error does not name the pointer: ${error.text}`);
      const after = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.nodes.length);
      check(after === before, `the graph changed: ${before} → ${after} nodes`);
    },
  },
];
