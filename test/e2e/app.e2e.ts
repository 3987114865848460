// The app in real Chromium: loading, wiring, refusing wrong wires, influence, undo/redo, files.
import { readFileSync, writeFileSync } from 'node:fs';
import { addFromMenu, downloadSave, editorPoint, graphLinks, loadGraph, nodeLocator, openApp, ownerMatrix, preMatrix, savedText, socket, waitForNodes, wire } from './app-page';
import { check, RESULTS, ROOT, type E2ETest } from './harness';

interface TestGraph {
  format: string;
  version: number;
  scene: string;
  nodes: { id: string; type: string; position: [number, number]; params: Record<string, unknown> }[];
  links: { from: { node: string; socket: string }; to: { node: string; socket: string } }[];
}

/** Head bone: its stack is wired straight through, and the look target is on the canvas. */
const HEAD_GRAPH: TestGraph = {
  format: 'sinew-graph',
  version: 1,
  scene: 'rig.scene.json',
  nodes: [
    { id: 'head-in', type: 'owner/input', position: [0, 0], params: { owner: 'Rig/Head' } },
    { id: 'look', type: 'owner/read', position: [0, 220], params: { owner: 'LookTarget' } },
    { id: 'head-out', type: 'owner/output', position: [760, 0], params: { owner: 'Rig/Head' } },
  ],
  links: [{ from: { node: 'head-in', socket: 'transform' }, to: { node: 'head-out', socket: 'transform' } }],
};

const maxDiff = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));

/** Loads HEAD_GRAPH, adds a Damped Track from the menu and wires it into the Head's stack. */
async function wireDampedTrack(t: Parameters<E2ETest['run']>[0]): Promise<string> {
  const { page, base } = t;
  await openApp(page, base);
  await loadGraph(page, HEAD_GRAPH);
  await page.locator('sinew-editor').evaluate((e) => (e as HTMLElement & { fit(): Promise<void> }).fit());
  const at = await editorPoint(page, 0.45, 0.7);
  const id = await addFromMenu(page, 'damped', at);
  await page.locator('sinew-editor').evaluate((e) => (e as HTMLElement & { fit(): Promise<void> }).fit());
  await page.waitForTimeout(200);
  await wire(page, socket(page, 'head-in', 'output', 'transform'), socket(page, id, 'input', 'owner'));
  await wire(page, socket(page, 'look', 'output', 'transform'), socket(page, id, 'input', 'target'));
  await wire(page, socket(page, id, 'output', 'owner'), socket(page, 'head-out', 'input', 'transform'));
  return id;
}

export const appTests: E2ETest[] = [
  {
    name: 'app loads the demo rig with no console errors',
    async run({ page, base, consoleErrors }) {
      await openApp(page, base);
      await page.waitForTimeout(800);
      const nodes = await page.locator('sinew-node').count();
      check(nodes > 0, 'no nodes drawn');
      const owners = await page.evaluate(() => Object.keys(document.querySelector('sinew-app')!.evaluate()).length);
      check(owners > 0, 'the rig has no owners');
      check(await page.locator('sinew-viewport canvas').count() === 1, 'no 3D view');
      await page.screenshot({ path: `${RESULTS}/app.png` });
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'a node added from the menu and wired to an owner changes that bone\'s evaluated matrix',
    async run(t) {
      const { page } = t;
      await openApp(page, t.base);
      await loadGraph(page, HEAD_GRAPH);
      const before = await ownerMatrix(page, 'Rig/Head');
      const id = await wireDampedTrack(t);
      const links = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.links);
      check(links.length === 3, `expected 3 links after wiring, got ${JSON.stringify(links)}`);
      check(links.some((l) => l.to.node === 'head-out' && l.from.node === id), 'the new node does not feed the owner');
      const after = await ownerMatrix(page, 'Rig/Head');
      const d = maxDiff(before, after);
      check(d > 1e-3, `Rig/Head did not move (largest change ${d})`);
      await page.screenshot({ path: `${RESULTS}/wired.png` });
      check(t.consoleErrors.length === 0, `console errors:\n${t.consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'a target can be picked from the scene instead of wired',
    async run({ page, base }) {
      await openApp(page, base);
      const graph = structuredClone(HEAD_GRAPH);
      graph.nodes.push({ id: 'dt', type: 'constraint/damped-track', position: [380, 0], params: {} });
      graph.links = [
        { from: { node: 'head-in', socket: 'transform' }, to: { node: 'dt', socket: 'owner' } },
        { from: { node: 'dt', socket: 'owner' }, to: { node: 'head-out', socket: 'transform' } },
      ];
      await loadGraph(page, graph);
      const before = await ownerMatrix(page, 'Rig/Head');
      await nodeLocator(page, 'dt').locator('[data-testid="pick-target"]').selectOption('HandTarget');
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.graph.links.length === 3);
      const g = await page.evaluate(() => document.querySelector('sinew-app')!.session.graph);
      const link = g.links.find((l) => l.to.node === 'dt' && l.to.socket === 'target');
      const reader = g.nodes.find((n) => n.id === link?.from.node);
      check(reader?.type === 'owner/read' && reader.params.owner === 'HandTarget', `the target is not wired from an Owner node for HandTarget: ${JSON.stringify(reader)}`);
      check(maxDiff(before, await ownerMatrix(page, 'Rig/Head')) > 1e-3, 'the head did not turn to the picked target');
      await page.locator('sinew-editor').focus();
      await page.keyboard.press('Control+z');
      check((await page.evaluate(() => document.querySelector('sinew-app')!.session.graph.nodes.length)) === 4, 'picking was not one undo step');
    },
  },
  {
    name: 'a wrong-type connection is refused while dragging',
    async run({ page, base }) {
      await openApp(page, base);
      await loadGraph(page, HEAD_GRAPH);
      const before = await savedText(page);
      // Owner "length" is a float; Owner Out takes a transform.
      await wire(page, socket(page, 'look', 'output', 'length'), socket(page, 'head-out', 'input', 'transform'));
      check(await graphLinks(page) === 1, 'a float was wired into a transform input');
      check(await savedText(page) === before, 'the graph changed');
      const wires = await page.locator('sinew-wire').count();
      check(wires === 1, `expected 1 wire drawn, found ${wires}`);
    },
  },
  {
    name: 'influence dragged to 0 restores the pre-constraint pose',
    async run(t) {
      const { page } = t;
      const id = await wireDampedTrack(t);
      const pre = await preMatrix(page, 'Rig/Head');
      const constrained = await ownerMatrix(page, 'Rig/Head');
      check(maxDiff(pre, constrained) > 1e-3, 'the constraint had no effect to begin with');
      const slider = nodeLocator(page, id).locator('[data-testid="input-influence"] sinew-number .bar');
      const box = await slider.boundingBox();
      check(box, 'influence slider not on screen');
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 });
      await page.mouse.move(box.x - 30, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      const influence = await page.evaluate((n) => document.querySelector('sinew-app')!.session.graph.nodes.find((x) => x.id === n)!.params.influence, id);
      check(influence === 0, `influence is ${influence}, not 0`);
      const after = await ownerMatrix(page, 'Rig/Head');
      const d = maxDiff(pre, after);
      check(d < 1e-9, `pose differs from the pre-constraint pose by ${d}`);
      const steps = await page.evaluate(() => document.querySelector('sinew-app')!.session.history.undoLabel());
      check(steps?.includes('influence'), `the drag was not one undo step (last step: ${steps})`);
    },
  },
  {
    name: 'undo and redo return the exact graph (Ctrl+Z / Ctrl+Shift+Z in the editor)',
    async run(t) {
      const { page } = t;
      await openApp(page, t.base);
      await loadGraph(page, HEAD_GRAPH);
      const start = await savedText(page);
      await wireDampedTrack(t); // add + 3 wirings
      const end = await savedText(page);
      check(end !== start, 'nothing was edited');
      const canUndo = () => page.evaluate(() => document.querySelector('sinew-app')!.session.history.canUndo());
      await page.locator('sinew-editor').focus();
      const seen = [end];
      while (await canUndo()) {
        check(seen.length < 20, 'more undo steps than edits');
        await page.keyboard.press('Control+z');
        seen.push(await savedText(page));
      }
      const steps = seen.length - 1;
      check(steps === 4, `expected 4 undo steps (add, 3 wires), got ${steps}`);
      check(seen[seen.length - 1] === start, 'undoing every step did not give back the graph as loaded');
      for (let i = steps - 1; i >= 0; i--) {
        await page.keyboard.press('Control+Shift+z');
        const now = await savedText(page);
        check(now === seen[i], `redo step ${steps - i} did not give back the graph it undid`);
      }
      check(await savedText(page) === end, 'redo did not return the edited graph');
      await waitForNodes(page);
      check(await page.locator('sinew-wire').count() === 3, 'the view does not show the redone wires');
    },
  },
  {
    name: 'save, reload, load gives the identical file',
    async run({ page, base }) {
      await openApp(page, base);
      // An edit first, so the file is not just the demo as shipped.
      await page.evaluate(() => {
        const app = document.querySelector('sinew-app')!;
        const n = app.session.graph.nodes[0];
        app.session.perform({ kind: 'move-node', node: n.id, position: [n.position[0] + 13.25, n.position[1] - 7.5] });
      });
      const first = await downloadSave(page);
      writeFileSync(`${RESULTS}/saved.sinew.json`, first);
      await page.evaluate(() => { localStorage.clear(); });
      await page.reload();
      await openApp(page, base);
      await page.locator('#open').setInputFiles({ name: 'saved.sinew.json', mimeType: 'application/json', buffer: Buffer.from(first) });
      await page.waitForFunction(() => document.querySelector('sinew-app')!.shadowRoot!.querySelector('.file b')!.textContent === 'saved.sinew.json');
      const second = await downloadSave(page);
      check(second === first, 'the file saved after reloading differs from the file loaded');
    },
  },
  {
    name: 'a graph and a scene dropped on the app open together',
    async run({ page, base }) {
      await openApp(page, base);
      const result = await page.evaluate(async (graph) => {
        const app = document.querySelector('sinew-app')!;
        const scene = structuredClone(app.session.scene!);
        scene.objects.find((o) => o.name === 'LookTarget')!.location = [0.25, -2, 1.5];
        const dt = new DataTransfer();
        dt.items.add(new File([JSON.stringify(graph)], 'head.sinew.json', { type: 'application/json' }));
        dt.items.add(new File([JSON.stringify(scene)], 'moved.scene.json', { type: 'application/json' }));
        app.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
        app.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
        for (let i = 0; i < 50 && app.session.graph.nodes.length !== 3; i++) await new Promise((r) => setTimeout(r, 50));
        return { nodes: app.session.graph.nodes.map((n) => n.id), look: app.session.scene!.objects.find((o) => o.name === 'LookTarget')!.location };
      }, HEAD_GRAPH);
      check(result.nodes.join() === 'head-in,look,head-out', `the dropped graph did not open: ${result.nodes.join()}`);
      check(JSON.stringify(result.look) === '[0.25,-2,1.5]', `the dropped scene did not open: ${JSON.stringify(result.look)}`);
      await waitForNodes(page);
    },
  },
  {
    name: 'a glTF character opened from the file picker is drawn and posed by the rig',
    async run({ page, base, consoleErrors }) {
      await openApp(page, base);
      const glb = readFileSync(`${ROOT}examples/assets/mannequin.glb`);
      await page.locator('#open').setInputFiles({ name: 'mannequin.glb', mimeType: 'model/gltf-binary', buffer: glb });
      await page.waitForFunction(() => Boolean(document.querySelector('sinew-app')!.session.character));
      const bones = await page.evaluate(() => document.querySelector('sinew-app')!.session.scene!.objects.reduce((n, o) => n + (o.bones?.length ?? 0), 0));
      check(bones > 10, `the character brought ${bones} bones`);
      await page.waitForTimeout(300);
      await page.locator('sinew-viewport').screenshot({ path: `${RESULTS}/character.png` });
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
  {
    name: 'a glTF naming files outside it is refused with its pointer, and nothing is requested',
    async run({ page, base }) {
      await openApp(page, base);
      const before = await savedText(page);
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      const files = [
        { name: 'outside.gltf', pointer: '/buffers/0/uri', json: { asset: { version: '2.0' }, buffers: [{ byteLength: 4, uri: '../secret.bin' }] } },
        { name: 'remote.gltf', pointer: '/images/0/uri', json: { asset: { version: '2.0' }, images: [{ uri: 'http://127.0.0.1:9/skin.png' }] } },
      ];
      for (const f of files) {
        await page.locator('#open').setInputFiles({ name: f.name, mimeType: 'model/gltf+json', buffer: Buffer.from(JSON.stringify(f.json)) });
        const msg = page.locator('[data-testid="message"][data-kind="error"]', { hasText: f.name });
        await msg.waitFor();
        const text = (await msg.textContent()) ?? '';
        check(text.includes(`${f.name} could not be opened: ${f.pointer}: `), `the message does not name the file and the place: ${text}`);
      }
      check(!requested.some((u) => u.includes('secret.bin') || u.includes('127.0.0.1:9')), `the page requested: ${requested.join(', ')}`);
      check(await savedText(page) === before, 'the graph changed');
    },
  },
  {
    name: 'a broken file shows an error and keeps the graph',
    async run({ page, base }) {
      await openApp(page, base);
      const before = await savedText(page);
      const broken = JSON.parse(before);
      broken.nodes[0].params.owner = 42;
      await page.locator('#open').setInputFiles({ name: 'broken.sinew.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
      const msg = page.locator('[data-testid="message"][data-kind="error"]');
      await msg.waitFor();
      const text = (await msg.textContent()) ?? '';
      check(text.includes('broken.sinew.json') && text.includes('/nodes/0/params/owner'), `the message does not name the file and the place: ${text}`);
      check(await savedText(page) === before, 'the graph changed');
      await page.locator('#open').setInputFiles({ name: 'notjson.sinew.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "sinew-graph", "nodes": [') });
      await page.waitForFunction(() => [...document.querySelector('sinew-app')!.shadowRoot!.querySelectorAll('[data-testid="message"]')].some((m) => m.textContent.includes('notjson')));
      check(await savedText(page) === before, 'the graph changed after a file that is not JSON');
    },
  },
];
