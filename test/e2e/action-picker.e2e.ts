// The Action constraint's action as a picker of the scene's actions, in real Chromium: a jaw bone
// driven through action "Open" in a scene that also has "Smile" (test/ui/fixtures/two-actions.sinew.json).
// Picking "Smile" in the inspector moves the jaw to what a program compiled with "Smile" gives, the
// node's own picker follows, Undo brings "Open" and its pose back; a graph naming an action the
// scene lacks shows that name kept and marked, on the node and in the inspector.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GraphDocument } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { loadGraph, nextFrames, nodeLocator, openApp, ownerMatrix } from './app-page';
import { check, ROOT, type E2ETest } from './harness';

const FILE = JSON.parse(readFileSync(join(ROOT, 'test/ui/fixtures/two-actions.sinew.json'), 'utf8')) as GraphDocument & { scene: SceneDocument };
const JAW = 'Face/Jaw';

/** The fixture with the Action node naming `name`. */
const withAction = (name: string) => ({ ...FILE, nodes: FILE.nodes.map((n) => (n.id === 'act' ? { ...n, params: { ...n.params, action: name } } : n)) });

/** The jaw's matrix from a program compiled afresh (here, in Node) with the node naming `name`. */
function compiledWith(name: string): number[] {
  const program = compile(withAction(name), FILE.scene).evaluate(1);
  return Array.from(program.owners.find((o) => o.id === JAW)!.final);
}

const difference = (a: readonly number[], b: readonly number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));

type Page = Parameters<E2ETest['run']>[0]['page'];
const inspectorPicker = (page: Page) => page.locator('sinew-inspector [data-testid="inspector-field-action"] select[data-testid="field-action"]');
const nodePicker = (page: Page) => nodeLocator(page, 'act').locator('select[data-testid="field-action"]');
const optionTexts = (picker: ReturnType<typeof inspectorPicker>) => picker.locator('option').evaluateAll((os) => os.map((o) => o.textContent.trim()));
const shown = (picker: ReturnType<typeof inspectorPicker>) => picker.evaluate((s) => ({ value: (s as HTMLSelectElement).value, text: (s as HTMLSelectElement).selectedOptions[0]?.textContent?.trim(), missing: s.classList.contains('missing') }));

export const actionPickerTests: E2ETest[] = [
  {
    name: "action picker: the inspector lists the scene's actions; picking one moves the owner as a compile with it does; undo restores; a missing one is kept and marked",
    async run({ page, base, consoleErrors }) {
      await openApp(page, base);
      await loadGraph(page, FILE);
      await page.evaluate(() => { document.querySelector('sinew-app')!.session.select(['act']); });
      await inspectorPicker(page).waitFor();

      // The menus, on the node and in the inspector: an empty choice, then the scene's actions.
      for (const picker of [inspectorPicker(page), nodePicker(page)]) {
        const texts = await optionTexts(picker);
        check(texts.join('|') === '— no action —|Open|Smile', `the action menu holds ${texts.join(', ')}`);
        const s = await shown(picker);
        check(s.value === 'Open' && !s.missing, `the menu shows ${JSON.stringify(s)}, not Open unmarked`);
      }
      const open = await ownerMatrix(page, JAW);
      check(difference(open, compiledWith('Open')) < 1e-9, 'the jaw is not where a program compiled with "Open" puts it');

      await inspectorPicker(page).selectOption('Smile');
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.graph.nodes.find((n) => n.id === 'act')!.params.action === 'Smile');
      await nextFrames(page);
      const smile = await ownerMatrix(page, JAW);
      const expected = compiledWith('Smile');
      check(difference(smile, expected) < 1e-9, `after picking Smile the jaw is ${JSON.stringify(smile)}, a program compiled with Smile gives ${JSON.stringify(expected)}`);
      check(difference(smile, open) > 0.1, 'picking Smile did not move the jaw');
      check((await shown(nodePicker(page))).value === 'Smile', "the node's own picker did not follow the inspector");

      await page.locator('[data-testid="undo"]').click();
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.graph.nodes.find((n) => n.id === 'act')!.params.action === 'Open');
      await nextFrames(page);
      check(difference(await ownerMatrix(page, JAW), open) < 1e-9, 'Undo did not bring the jaw back to its "Open" pose');
      for (const picker of [inspectorPicker(page), nodePicker(page)]) {
        const s = await shown(picker);
        check(s.value === 'Open', `after Undo a menu shows ${JSON.stringify(s)}`);
      }
      // Redo selects "Smile" again: an option once picked by hand no longer follows its selected
      // attribute, so this is what shows a menu that is not set from the value after each render.
      await page.locator('[data-testid="redo"]').click();
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.graph.nodes.find((n) => n.id === 'act')!.params.action === 'Smile');
      await nextFrames(page);
      check(difference(await ownerMatrix(page, JAW), smile) < 1e-9, 'Redo did not bring the "Smile" pose back');
      check((await shown(inspectorPicker(page))).value === 'Smile', `after Redo the inspector shows ${JSON.stringify(await shown(inspectorPicker(page)))}`);

      // A graph naming an action the scene lacks: the name is kept, shown and marked, never replaced.
      await loadGraph(page, withAction('Blink'));
      await page.evaluate(() => { document.querySelector('sinew-app')!.session.select(['act']); });
      await inspectorPicker(page).waitFor();
      await nextFrames(page);
      for (const picker of [inspectorPicker(page), nodePicker(page)]) {
        const s = await shown(picker);
        check(s.value === 'Blink' && s.text === 'Blink (not in scene)' && s.missing, `a missing action shows as ${JSON.stringify(s)}`);
        const texts = await optionTexts(picker);
        check(texts.join('|') === '— no action —|Blink (not in scene)|Open|Smile', `with a missing action the menu holds ${texts.join(', ')}`);
      }
      const issue = (await page.locator('sinew-inspector [data-testid="inspector-issue"]').allTextContents()).join(' ');
      check(issue.includes('action "Blink" is not in the scene\'s actions'), `the inspector says: ${issue}`);
      check(await nodeLocator(page, 'act').locator('[data-testid="node-error"]').count() === 1, 'the node has no error badge');
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    },
  },
];
