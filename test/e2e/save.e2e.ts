// Saving and autosave in real Chromium: a target moved in the 3D view is in the saved file and
// undoable; autosave keeps each tab's document, survives an instant reload, and when storage is
// full says so and offers the work as a download.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { allMatrices, downloadOf, messages, nextFrames, openApp, openFileNamed, poseDifference, savedText, waitForAutosave } from './app-page';
import { check, ROOT, type E2ETest, type TestContext } from './harness';

/** A page in a new browser context: nothing stored, nothing shared with the test's page. */
async function freshPage(t: TestContext): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = t.context.browser() as Browser;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** A new tab of the test's browser context: same localStorage, its own sessionStorage. */
async function newTab(t: TestContext): Promise<Page> {
  return t.context.newPage();
}

/** JSON with sorted keys and numbers to 12 significant digits: how a saved file writes data. */
function canonical(v: unknown): string {
  const walk = (x: unknown): unknown =>
    typeof x === 'number' ? Number(x.toPrecision(12)) + 0
      : Array.isArray(x) ? x.map(walk)
        : x && typeof x === 'object' ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, walk((x as Record<string, unknown>)[k])])) : x;
  return JSON.stringify(walk(v));
}

const location = (page: Page, object: string) =>
  page.evaluate((o) => document.querySelector('sinew-app')!.session.scene!.objects.find((x) => x.name === o)!.location!, object);

const undoLabel = (page: Page) => page.evaluate(() => document.querySelector('sinew-app')!.session.history.undoLabel());

/** Clicks LookTarget in the 3D view, then drags its gizmo's centre handle by (dx, dy) pixels. */
async function dragInViewport(page: Page, object: string, dx: number, dy: number): Promise<void> {
  const at = () => page.evaluate((o) => document.querySelector('sinew-app')!.shadowRoot!.querySelector('sinew-viewport')!.screenPosition(o)!, object);
  const p = await at();
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((o) => document.querySelector('sinew-app')!.session.selectedOwner === o, object);
  const q = await at();
  await page.mouse.move(q.x, q.y);
  await page.mouse.down();
  await page.mouse.move(q.x + dx / 2, q.y + dy / 2, { steps: 4 });
  await page.mouse.move(q.x + dx, q.y + dy, { steps: 4 });
  await page.mouse.up();
}

export const saveTests: E2ETest[] = [
  {
    name: 'save: the editor\'s pan and zoom are written into the file\'s view, and reopening the file shows the graph there',
    async run(t) {
      const { page, base } = t;
      await openApp(page, base);
      const transform = (p: Page) => p.evaluate(() => {
        const tr = (document.querySelector('sinew-app')!.shadowRoot!.querySelector('sinew-editor') as unknown as { view: { area: { area: { transform: { x: number; y: number; k: number } } } } }).view.area.area.transform;
        return { x: tr.x, y: tr.y, zoom: tr.k };
      });
      const opened = await transform(page);
      // Zoom out at a point of the editor with the wheel, then pan with the middle button, as a hand does.
      const box = await page.locator('sinew-editor').boundingBox();
      check(box, 'the editor is not on screen');
      const at = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.6 };
      await page.mouse.move(at.x, at.y);
      for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 120);
      await page.mouse.down({ button: 'middle' });
      await page.mouse.move(at.x + 170, at.y - 60, { steps: 6 });
      await page.mouse.up({ button: 'middle' });
      await nextFrames(page);
      const left = await transform(page);
      check(left.zoom < opened.zoom && Math.abs(left.x - opened.x) > 50, `the wheel and the middle drag did not move the view: ${JSON.stringify(opened)} → ${JSON.stringify(left)}`);
      check(!(await page.evaluate(() => document.querySelector('sinew-app')!.session.history.canUndo())), 'moving the view was made an undo step');

      const saved = await downloadOf(page, () => page.locator('[data-testid="save"]').click());
      const view = JSON.parse(saved.text).view;
      check(view && Math.abs(view.x - left.x) < 1e-9 && Math.abs(view.y - left.y) < 1e-9 && Math.abs(view.zoom - left.zoom) < 1e-12, `the saved view ${JSON.stringify(view)} is not the editor's ${JSON.stringify(left)}`);
      check(!(await page.evaluate(() => document.querySelector('sinew-app')!.session.history.canUndo())), 'saving the view made an undo step');

      const fresh = await freshPage(t);
      try {
        await openApp(fresh.page, base);
        const framed = await transform(fresh.page);
        await openFileNamed(fresh.page, saved.name, saved.text);
        await fresh.page.waitForFunction((v) => {
          const tr = (document.querySelector('sinew-app')!.shadowRoot!.querySelector('sinew-editor') as unknown as { view: { area: { area: { transform: { x: number; y: number; k: number } } } } }).view.area.area.transform;
          return tr.x === v.x && tr.y === v.y && tr.k === v.zoom;
        }, view).catch(async () => {
          throw new Error(`the reopened file shows ${JSON.stringify(await transform(fresh.page))} (opened framed at ${JSON.stringify(framed)}), not its saved view ${JSON.stringify(view)}`);
        });
        check(await savedText(fresh.page) === saved.text, 'the reopened file saves differently');
      } finally {
        await fresh.close();
      }
      check(t.consoleErrors.length === 0, `console errors:\n${t.consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'save: a target moved in the 3D view is in the saved file, which reopens in a fresh page to the same pose; undo puts target and pose back',
    async run(t) {
      const { page, base } = t;
      await openApp(page, base);
      const startPose = await allMatrices(page);
      const startLook = await location(page, 'LookTarget');
      const startSave = await savedText(page);
      check(typeof JSON.parse(startSave).scene === 'string', 'the demo does not name its scene file, so this test proves nothing');
      await dragInViewport(page, 'LookTarget', 70, -45);
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.history.undoLabel() === 'Move "LookTarget"');
      const movedLook = await location(page, 'LookTarget');
      check(Math.max(...movedLook.map((v, i) => Math.abs(v - startLook[i]))) > 0.05, `the drag did not move LookTarget: ${startLook} → ${movedLook}`);
      const movedPose = await allMatrices(page);
      check(poseDifference(startPose, movedPose) > 1e-3, 'the pose did not follow the moved target');

      const saved = await downloadOf(page, () => page.locator('[data-testid="save"]').click());
      const file = JSON.parse(saved.text);
      check(typeof file.scene === 'object', 'the saved file does not carry the moved scene');
      check(JSON.stringify(file.scene.objects.find((o: { name: string }) => o.name === 'LookTarget').location) === JSON.stringify(movedLook), 'the saved scene does not hold the moved target');
      const said = (await messages(page)).map((m) => m.text).join('\n');
      check(/with the scene inline/.test(said) && said.includes('rig.scene.json'), `the user was not told where the scene went: ${said}`);

      const fresh = await freshPage(t);
      try {
        await openApp(fresh.page, base);
        await openFileNamed(fresh.page, saved.name, saved.text);
        const reopened = await allMatrices(fresh.page);
        const d = poseDifference(movedPose, reopened);
        check(d < 1e-9, `the reopened file's pose differs from the saved one by ${d}`);
      } finally {
        await fresh.close();
      }

      await page.locator('sinew-editor').focus();
      await page.keyboard.press('Control+z');
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.history.canRedo());
      check(JSON.stringify(await location(page, 'LookTarget')) === JSON.stringify(startLook), 'undo did not put the target back');
      const undonePose = await allMatrices(page);
      check(poseDifference(startPose, undonePose) === 0, `undo did not put the pose back (off by ${poseDifference(startPose, undonePose)})`);
      // Saving recorded where the editor's view was (the demo opened framed); the view is not an
      // edit, so undo keeps it. Everything else is the file opened.
      const opened = { ...JSON.parse(startSave), view: file.view };
      check(JSON.stringify(JSON.parse(await savedText(page))) === JSON.stringify(opened), 'after undo the file is not the one opened (the scene should be the named file again)');
      await page.keyboard.press('Control+Shift+z');
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.history.undoLabel() === 'Move "LookTarget"');
      check(poseDifference(movedPose, await allMatrices(page)) === 0, 'redo did not give back the moved pose');
      check(t.consoleErrors.length === 0, `console errors:\n${t.consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'save: an imported glTF character is in the saved file as its scene, its meshes named by file; the import is undoable',
    async run(t) {
      const { page, base } = t;
      await openApp(page, base);
      const before = await savedText(page);
      const glb = readFileSync(`${ROOT}examples/assets/mannequin.glb`);
      await page.locator('#import').setInputFiles({ name: 'mannequin.glb', mimeType: 'model/gltf-binary', buffer: glb });
      await page.waitForFunction(() => Boolean(document.querySelector('sinew-app')!.session.character), undefined);
      check(await undoLabel(page) === 'Import mannequin.glb', `the import is not an undo step (${await undoLabel(page)})`);
      const pose = await allMatrices(page);
      const saved = await downloadOf(page, () => page.locator('[data-testid="save"]').click());
      const file = JSON.parse(saved.text);
      const armature = file.scene?.objects?.find((o: { type: string }) => o.type === 'ARMATURE');
      check(armature?.gltf_file === 'mannequin.glb' && armature.bones.length > 10, `the saved file does not hold the character's rig: ${saved.text.slice(0, 300)}`);
      const said = (await messages(page)).map((m) => m.text).join('\n');
      check(/meshes are not in it/.test(said) && said.includes('mannequin.glb'), `the user was not told the meshes stay in the glTF: ${said}`);

      const fresh = await freshPage(t);
      try {
        await openApp(fresh.page, base);
        await fresh.page.locator('#open').setInputFiles({ name: saved.name, mimeType: 'application/json', buffer: Buffer.from(saved.text) });
        await fresh.page.waitForFunction((n) => document.querySelector('sinew-app')!.shadowRoot!.querySelector('.file b')!.textContent === n, saved.name);
        check(poseDifference(pose, await allMatrices(fresh.page)) < 1e-9, 'the reopened character rig is posed differently');
        await fresh.page.locator('#open').setInputFiles({ name: 'mannequin.glb', mimeType: 'model/gltf-binary', buffer: glb });
        await fresh.page.waitForFunction(() => Boolean(document.querySelector('sinew-app')!.session.character), undefined);
        check(await savedText(fresh.page) === saved.text, 'opening the named glTF changed the graph instead of drawing its meshes');
      } finally {
        await fresh.close();
      }

      await page.locator('sinew-editor').focus();
      await page.keyboard.press('Control+z');
      await page.waitForFunction(() => !document.querySelector('sinew-app')!.session.character);
      check(await savedText(page) === before, 'undoing the import did not give back the rig and graph before it');
    },
  },
  {
    name: 'save: an object renamed in the inspector renames the nodes naming it, keeps the pose, is saved and undoable',
    async run(t) {
      const { page, base } = t;
      await openApp(page, base);
      const start = await savedText(page);
      const startPose = await allMatrices(page);
      await dragInViewport(page, 'LookTarget', 0, 0); // a click, and a press on the gizmo that moves nothing
      check(await undoLabel(page) === undefined, `a press that moved nothing made an undo step (${await undoLabel(page)})`);
      const field = page.locator('[data-testid="object-name"]');
      await field.fill('HandTarget');
      await field.press('Enter');
      const refused = page.locator('[data-testid="rename-error"]');
      await refused.waitFor();
      check(((await refused.textContent()) ?? '').includes('already exists'), 'a taken name was not refused with the reason');
      await field.fill('Gaze');
      await field.press('Enter');
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.history.undoLabel() === 'Rename "LookTarget" to "Gaze"');
      const owners = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.nodes.filter((n) => n.params.owner === 'Gaze').map((n) => n.id));
      check(owners.length > 0, 'no node names the renamed object');
      const renamedPose = await allMatrices(page);
      const { Gaze, ...rest } = renamedPose;
      const { LookTarget, ...restBefore } = startPose;
      check(poseDifference(restBefore, rest) === 0 && poseDifference({ x: LookTarget }, { x: Gaze }) === 0, 'the rename changed the pose');
      const file = JSON.parse(await savedText(page));
      check(file.scene?.objects?.some((o: { name: string }) => o.name === 'Gaze'), 'the saved file does not hold the renamed scene');
      await page.locator('sinew-editor').focus();
      await page.keyboard.press('Control+z');
      await page.waitForFunction((s0) => document.querySelector('sinew-app')!.save() === s0, start);
    },
  },
  {
    name: 'autosave: a duplicated tab (same sessionStorage, same tab id) takes a new id and overwrites nothing',
    async run(t) {
      const { page: a, base } = t;
      await openApp(a, base);
      const doc = (name: string) => ({ format: 'sinew-graph', version: 1, scene: 'rig.scene.json', nodes: [{ id: name, type: 'owner/read', position: [0, 0], params: { owner: 'LookTarget' } }], links: [] });
      await openFileNamed(a, 'original.sinew.json', JSON.stringify(doc('original')));
      await a.evaluate(() => { document.querySelector('sinew-app')!.session.perform({ kind: 'move-node', node: 'original', position: [31, 0] }); });
      await waitForAutosave(a);
      const textA = await savedText(a);
      const id = await a.evaluate(() => sessionStorage.getItem('sinew:tab')!);
      const b = await newTab(t);
      // What a browser's "Duplicate tab" does: the new tab starts with a copy of sessionStorage.
      await b.addInitScript((tab) => { if (!sessionStorage.getItem('copied')) { sessionStorage.setItem('sinew:tab', tab); sessionStorage.setItem('copied', '1'); } }, id);
      await openApp(b, base);
      await b.waitForFunction((tab) => sessionStorage.getItem('sinew:tab') !== tab, id);
      await openFileNamed(b, 'copy.sinew.json', JSON.stringify(doc('copy')));
      await b.evaluate(() => { document.querySelector('sinew-app')!.session.perform({ kind: 'move-node', node: 'copy', position: [62, 0] }); });
      await waitForAutosave(b);
      const textB = await savedText(b);
      await a.reload();
      await openApp(a, base);
      check(await savedText(a) === textA, 'the original tab lost its document to the duplicate');
      await b.reload();
      await openApp(b, base);
      check(await savedText(b) === textB, 'the duplicated tab did not get its own document back');
    },
  },
  {
    name: 'autosave: two tabs editing different documents both restore their own after a reload',
    async run(t) {
      const { page: a, base } = t;
      const b = await newTab(t);
      await openApp(a, base);
      await openApp(b, base);
      const doc = (name: string) => ({ format: 'sinew-graph', version: 1, scene: 'rig.scene.json', nodes: [{ id: name, type: 'owner/read', position: [0, 0], params: { owner: 'LookTarget' } }], links: [] });
      await openFileNamed(a, 'first.sinew.json', JSON.stringify(doc('first')));
      await openFileNamed(b, 'second.sinew.json', JSON.stringify(doc('second')));
      const edit = (p: Page, x: number) => p.evaluate((px) => {
        const s = document.querySelector('sinew-app')!.session;
        s.perform({ kind: 'move-node', node: s.graph.nodes[0].id, position: [px, 7] });
      }, x);
      await edit(a, 111);
      await edit(b, 222);
      const textA = await savedText(a), textB = await savedText(b);
      await waitForAutosave(a);
      await waitForAutosave(b);
      await a.reload();
      await b.reload();
      for (const [p, name, text] of [[a, 'first.sinew.json', textA], [b, 'second.sinew.json', textB]] as const) {
        await openApp(p, base);
        check(await savedText(p) === text, `${name} did not come back in its tab`);
        const said = (await messages(p)).map((m) => m.text).join('\n');
        check(said.includes(`Restored “${name}” as you left it in this tab`), `the restore message does not name ${name}: ${said}`);
      }
    },
  },
  {
    name: 'autosave: an edit followed at once by a reload is kept (written on pagehide)',
    async run({ page, base }) {
      await openApp(page, base);
      // A debounce longer than any test: only the pagehide flush can write the copy.
      await page.evaluate(() => { document.querySelector('sinew-app')!.autosaveDelay = 1e9; });
      const edited = await page.evaluate(() => {
        const app = document.querySelector('sinew-app')!;
        app.session.perform({ kind: 'remove-node', id: app.session.graph.nodes[0].id });
        return app.save();
      });
      check(!(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('sinew:autosave:v2:') && !k.endsWith(':index')))), 'a copy was written before the reload; the test proves nothing');
      await page.reload();
      await openApp(page, base);
      check(await savedText(page) === edited, 'the edit made just before the reload was lost');
    },
  },
  {
    name: 'autosave: a full storage is shown with a button that downloads the work',
    async run({ page, base }) {
      await openApp(page, base);
      await page.evaluate(() => {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
          if (this === localStorage && key.startsWith('sinew:autosave')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          setItem.call(this, key, value);
        };
        const app = document.querySelector('sinew-app')!;
        const n = app.session.graph.nodes[0];
        app.session.perform({ kind: 'move-node', node: n.id, position: [n.position[0] + 40, n.position[1]] });
      });
      const message = page.locator('[data-testid="message"][data-kind="error"]', { hasText: 'Autosave failed' });
      await message.waitFor();
      const text = (await message.textContent()) ?? '';
      check(text.includes('full') && text.includes('QuotaExceededError') && text.includes('demo.sinew.json'), `the message does not say what failed: ${text}`);
      const work = await downloadOf(page, () => message.locator('[data-testid="message-action"]', { hasText: 'Download the work' }).click());
      const expected = await page.evaluate(() => {
        const s = document.querySelector('sinew-app')!.session;
        return { graph: s.graph, scene: s.scene };
      });
      const file = JSON.parse(work.text);
      check(JSON.stringify(file.nodes) === JSON.stringify(expected.graph.nodes) && JSON.stringify(file.links) === JSON.stringify(expected.graph.links), 'the download is not the graph being edited');
      check(canonical(file.scene) === canonical(expected.scene), 'the download does not carry the scene');
      check(work.name === 'demo.sinew.json', `the download is named ${work.name}`);
    },
  },
  {
    name: 'autosave: a new tab offers the newest copy another tab left, naming the document and its time',
    async run(t) {
      const { page: a, base } = t;
      await openApp(a, base);
      const graph = { format: 'sinew-graph', version: 1, scene: 'rig.scene.json', nodes: [{ id: 'only', type: 'owner/read', position: [5, 5], params: { owner: 'HandTarget' } }], links: [] };
      await openFileNamed(a, 'elsewhere.sinew.json', JSON.stringify(graph));
      await a.evaluate(() => { document.querySelector('sinew-app')!.session.perform({ kind: 'move-node', node: 'only', position: [60, 9] }); });
      const text = await savedText(a);
      await waitForAutosave(a);
      const b = await newTab(t);
      await openApp(b, base);
      const expected = await b.evaluate(() => {
        const index = JSON.parse(localStorage.getItem('sinew:autosave:v2:index')!) as { name: string; savedAt: number }[];
        const newest = index.filter((x) => x.name === 'elsewhere.sinew.json').sort((x, y) => y.savedAt - x.savedAt)[0];
        return `“elsewhere.sinew.json” was autosaved in another tab at ${new Date(newest.savedAt).toLocaleString()}`;
      });
      const offer = b.locator('[data-testid="message"]', { hasText: expected });
      await offer.waitFor();
      check(await savedText(b) !== text, 'the new tab opened the other tab\'s document without asking');
      await offer.locator('[data-testid="message-action"]').click();
      await b.waitForFunction((s) => document.querySelector('sinew-app')!.save() === s, text);
    },
  },
  {
    name: 'autosave restores the graph after a reload, and the restored copy can be discarded',
    async run({ page, base }) {
      await openApp(page, base);
      const demo = await savedText(page);
      await page.evaluate(() => {
        const app = document.querySelector('sinew-app')!;
        app.session.perform({ kind: 'remove-node', id: app.session.graph.nodes[0].id });
      });
      const edited = await savedText(page);
      await waitForAutosave(page);
      await page.reload();
      await openApp(page, base);
      check(await savedText(page) === edited, 'the edited graph did not survive the reload');
      await page.locator('[data-testid="message-action"]', { hasText: 'Discard restored copy' }).click();
      await page.waitForFunction((d) => document.querySelector('sinew-app')!.save() === d, demo);
      const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith(`sinew:autosave:v2:${sessionStorage.getItem('sinew:tab')}:`)));
      check(left.length === 0, `the autosaved copy is still stored: ${left.join()}`);
    },
  },
];
