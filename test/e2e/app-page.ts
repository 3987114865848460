// What the browser tests do to the app, named the way a user would say it.
import type { Locator, Page } from 'playwright-core';
import { check } from './harness';

/** Opens the app (localStorage is empty in a fresh context) and waits until the graph is drawn. */
export async function openApp(page: Page, base: string, query = ''): Promise<void> {
  await page.goto(`${base}/${query}`);
  await page.waitForFunction(() => {
    const app = document.querySelector('sinew-app');
    const n = app?.session?.graph.nodes.length ?? 0;
    return n > 0 && app!.shadowRoot?.querySelector('sinew-editor')?.shadowRoot?.querySelectorAll('sinew-node').length === n;
  });
  await page.evaluate(() => { document.querySelector('sinew-app')!.filePicker = false; });
}

/** Loads a graph through the app's API and waits until every node is drawn. */
export async function loadGraph(page: Page, graph: unknown): Promise<void> {
  const ok = await page.evaluate((g) => document.querySelector('sinew-app')!.load(g as object).ok, graph);
  check(ok, 'the test graph did not load');
  await waitForNodes(page);
}

export async function waitForNodes(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const app = document.querySelector('sinew-app')!;
    const drawn = app.shadowRoot?.querySelector('sinew-editor')?.shadowRoot?.querySelectorAll('sinew-node').length;
    return drawn === app.session.graph.nodes.length;
  });
  await nextFrames(page); // sockets are measured a frame after nodes render
}

/**
 * Waits until the page has drawn `count` more frames: what "after the next render" means, however
 * long a frame takes on a loaded machine (a fixed sleep is too short there and too long elsewhere).
 */
export async function nextFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate((n) => new Promise<void>((done) => {
    const tick = (left: number) => { if (left === 0) done(); else requestAnimationFrame(() => { tick(left - 1); }); };
    tick(n);
  }), count);
}

export const savedText = (page: Page) => page.evaluate(() => document.querySelector('sinew-app')!.save());
export const graphLinks = (page: Page) => page.evaluate(() => document.querySelector('sinew-app')!.session.graph.links.length);
export const ownerMatrix = (page: Page, id: string) => page.evaluate((o) => document.querySelector('sinew-app')!.evaluate()[o], id);
export const preMatrix = (page: Page, id: string) => page.evaluate((o) => Array.from(document.querySelector('sinew-app')!.session.rig.owner(o)!.pre), id);

export function socket(page: Page, nodeId: string, side: 'input' | 'output', key: string): Locator {
  return page.locator(`sinew-node .node[data-node-id="${nodeId}"] [data-testid="${side}-${key}"] sinew-socket`);
}

export function nodeLocator(page: Page, nodeId: string): Locator {
  return page.locator(`sinew-node .node[data-node-id="${nodeId}"]`);
}

/** Drags a wire from one socket to another, the way a hand does: press, travel, release. */
export async function wire(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  check(a && b, 'socket not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 + 20, { steps: 6 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
  await nextFrames(page);
}

/** An empty point of the editor, in page pixels. */
export async function editorPoint(page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const box = await page.locator('sinew-editor').boundingBox();
  check(box, 'editor not on screen');
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

/** Opens the add menu with Tab at a point of the editor, searches, and picks the first match. Returns the new node's id. */
export async function addFromMenu(page: Page, search: string, at: { x: number; y: number }): Promise<string> {
  const before = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.nodes.map((n) => n.id));
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press('Tab');
  await page.locator('[data-testid="menu-search"]').fill(search);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelector('sinew-app')!.session.graph.nodes.length === n + 1, before.length);
  await waitForNodes(page);
  const after = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.nodes.map((n) => n.id));
  return after.find((id) => !before.includes(id))!;
}

export async function downloadSave(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="save"]').click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Every owner's evaluated world matrix. */
export const allMatrices = (page: Page) => page.evaluate(() => document.querySelector('sinew-app')!.evaluate());

/** The largest difference between two sets of owners' matrices; the owners must match. */
export function poseDifference(a: Record<string, number[]>, b: Record<string, number[]>): number {
  const ids = Object.keys(a).sort();
  check(ids.join() === Object.keys(b).sort().join(), `the owners differ: ${ids.join()} vs ${Object.keys(b).sort().join()}`);
  return Math.max(...ids.map((id) => Math.max(...a[id].map((v, i) => Math.abs(v - b[id][i])))));
}

/** Waits until this tab's autosaved copy of the open document is the graph as it is now. */
export async function waitForAutosave(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const app = document.querySelector('sinew-app')!;
    const tab = sessionStorage.getItem('sinew:tab');
    const text = app.save();
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      if (!k.startsWith(`sinew:autosave:v2:${tab}:`)) continue;
      if ((JSON.parse(localStorage.getItem(k)!) as { graph: string }).graph === text) return true;
    }
    return false;
  });
}

/** The text of a download the click starts. */
export async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** The app's messages (text and kind), newest last. */
export const messages = (page: Page) =>
  page.locator('[data-testid="message"]').evaluateAll((els) => els.map((e) => ({ kind: e.getAttribute('data-kind'), text: e.querySelector('.text')!.textContent })));

/** Opens a file through the Open… picker and waits until the app shows it as the open file. */
export async function openFileNamed(page: Page, name: string, text: string): Promise<void> {
  await page.locator('#open').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => document.querySelector('sinew-app')!.shadowRoot!.querySelector('.file b')!.textContent === n, name);
  await waitForNodes(page);
}
