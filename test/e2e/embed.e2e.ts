// examples/embed.html: Sinew in a plain page, through its public API only.
import { check, type E2ETest } from './harness';

export const embedTests: E2ETest[] = [
  {
    name: 'the embed page works: src, events, save, evaluate, errors, readonly, scoped undo, theming, double registration',
    async run({ page, base, consoleErrors, log }) {
      await page.goto(`${base}/examples/embed.html`);
      const editor = page.locator('sinew-editor#rig');
      await page.waitForFunction(() => {
        const eds = [...document.querySelectorAll('sinew-editor')];
        return eds.length === 2 && eds.every((e) => e.session.graph.nodes.length > 0 && e.shadowRoot!.querySelectorAll('sinew-node').length === e.session.graph.nodes.length);
      });

      // Events bubble out of the element and are composed, so the page hears them on document.
      await page.evaluate(() => {
        const w = window as unknown as { seen: string[] };
        w.seen = [];
        for (const type of ['graph-change', 'pose-change', 'error']) document.addEventListener(type, () => w.seen.push(type));
      });

      // save() gives canonical text that load() takes back unchanged.
      const saved = await editor.evaluate((e) => (e as HTMLElementTagNameMap['sinew-editor']).save());
      check(saved.startsWith('{\n  "format": "sinew-graph"'), 'save() did not return a graph file');
      const reloaded = await editor.evaluate((e, text) => { const ed = e as HTMLElementTagNameMap['sinew-editor']; ed.load(text); return ed.save(); }, saved);
      check(reloaded === saved, 'load(save()) changed the file');

      // evaluate() returns world matrices; the arm's hand is somewhere real.
      const hand = await editor.evaluate((e) => (e as HTMLElementTagNameMap['sinew-editor']).evaluate()['Rig/Hand.L']);
      check(Array.isArray(hand) && hand.length === 16 && hand.every(Number.isFinite), 'evaluate() gave no matrix for Rig/Hand.L');

      // A broken graph: an error event naming the problem, and the graph stays.
      await page.locator('#bad').click();
      const logText = await page.locator('#log').textContent();
      check(logText?.includes('error:') && logText.includes('/nodes/0'), `no error event naming the place: ${logText}`);
      check(await editor.evaluate((e) => (e as HTMLElementTagNameMap['sinew-editor']).save()) === saved, 'a broken load changed the graph');

      // An edit by keyboard: click a node, Delete. graph-change and pose-change reach the document.
      const node = editor.locator('sinew-node .node[data-node-id="arm-ik"] header');
      // Under load a click can land while the area is still settling: click until the node is
      // selected (what Delete acts on), then press Delete.
      const selected = () => page.evaluate(() => document.querySelector('sinew-editor')!.session.selection.includes('arm-ik'));
      for (let attempt = 0; attempt < 5 && !(await selected()); attempt++) {
        await node.click();
        await page.waitForTimeout(100);
      }
      check(await selected(), 'clicking the IK node did not select it');
      await page.keyboard.press('Delete');
      await page.waitForFunction(() => !document.querySelector('sinew-editor')!.session.graph.nodes.some((n) => n.id === 'arm-ik'));
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      check(seen.includes('graph-change') && seen.includes('pose-change') && seen.includes('error'), `events heard on document: ${[...new Set(seen)].join(', ')}`);

      // Ctrl+Z in a text box outside the editor is the text box's; in the editor it undoes.
      await page.locator('#notes').click();
      await page.keyboard.type('hello');
      await page.keyboard.press('Control+z');
      check(!(await editor.evaluate((e) => (e as HTMLElementTagNameMap['sinew-editor']).session.graph.nodes.some((n) => n.id === 'arm-ik'))), 'Ctrl+Z outside the editor undid an edit in it');
      await editor.focus();
      await page.keyboard.press('Control+z');
      check(await editor.evaluate((e) => (e as HTMLElementTagNameMap['sinew-editor']).save()) === saved, 'Ctrl+Z in the editor did not undo the delete');

      // Read-only: Delete does nothing, and there is nothing to add with.
      const ro = page.locator('sinew-editor[readonly]');
      const roBefore = await ro.evaluate((e) => (e as HTMLElementTagNameMap['sinew-editor']).save());
      await ro.locator('sinew-node header').first().click();
      await page.keyboard.press('Delete');
      await page.keyboard.press('Tab');
      check(await ro.evaluate((e) => (e as HTMLElementTagNameMap['sinew-editor']).save()) === roBefore, 'the read-only editor changed');
      check(await ro.locator('[data-testid="add-node"]').count() === 0, 'the read-only editor offers Add');

      // Theming: the page's custom properties and ::part rules reach inside.
      const themed = await editor.evaluate((e) => {
        const bar = e.shadowRoot!.querySelector('.toolbar') as HTMLElement;
        return { top: getComputedStyle(bar).top, accent: getComputedStyle(e).getPropertyValue('--sinew-accent').trim() };
      });
      check(themed.top === '12px' && themed.accent === '#e8604c', `theming did not apply: ${JSON.stringify(themed)}`);

      // Registering the elements again (a second copy of the entry module) is harmless.
      const again = await page.evaluate(async () => {
        const before = customElements.get('sinew-editor');
        await import(/* @vite-ignore */ `/ui/index.ts?again=${Date.now()}`);
        return customElements.get('sinew-editor') === before;
      });
      check(again, 'importing Sinew twice replaced or broke its elements');
      log(`events heard: ${[...new Set(seen)].join(', ')}`);
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
];
