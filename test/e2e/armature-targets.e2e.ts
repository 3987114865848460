// The Armature node's targets in real Chromium: the inspector's Add adds a (bone, weight) socket
// pair to the drawn node, Remove last takes the last pair away with its link, Ctrl+Z brings link
// and sockets back, and the pose follows each step.
import { allMatrices, loadGraph, nextFrames, openApp, poseDifference, socket } from './app-page';
import { check, type E2ETest } from './harness';

const bone = (i: number, z: number) => ({
  name: `B${i}`, parent: null, head_local: [i, 0, 0], tail_local: [i, 1, 0], matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, i, 0, 0, 1], length: 1,
  pose: { location: [0, 0, z], rotation_mode: 'QUATERNION', rotation_quaternion: [0, 0, Math.sin(z), Math.cos(z)], scale: [1, 1, 1] },
});

const GRAPH = {
  format: 'sinew-graph',
  version: 2,
  scene: { format: 'sinew-scene', version: 1, objects: [{ name: 'Arm', type: 'ARMATURE', bones: [bone(1, 0.1), bone(2, 0.4), bone(3, 0.9)] }, { name: 'Owner', type: 'EMPTY', location: [0, 2, 0] }] },
  nodes: [
    { id: 'in', type: 'owner/input', params: { owner: 'Owner' }, position: [0, 0] },
    ...[1, 2, 3].map((i) => ({ id: `r${i}`, type: 'owner/read', params: { owner: `Arm/B${i}` }, position: [0, 160 * i] })),
    { id: 'arm', type: 'constraint/armature', params: { targets: 3, weight1: 0.3, weight2: 0.5, weight3: 0.8 }, position: [300, 0] },
    { id: 'out', type: 'owner/output', params: { owner: 'Owner' }, position: [600, 0] },
  ],
  links: [
    { from: { node: 'in', socket: 'transform' }, to: { node: 'arm', socket: 'owner' } },
    ...[1, 2, 3].map((i) => ({ from: { node: `r${i}`, socket: 'transform' }, to: { node: 'arm', socket: `bone${i}` } })),
    { from: { node: 'arm', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
  ],
};

const drawn = async (page: Parameters<E2ETest['run']>[0]['page'], key: string) => socket(page, 'arm', 'input', key).count();
const links = (page: Parameters<E2ETest['run']>[0]['page']) => page.evaluate(() => document.querySelector('sinew-app')!.session.graph.links.filter((l) => l.to.node === 'arm').map((l) => l.to.socket).sort().join(','));

export const armatureTargetTests: E2ETest[] = [
  {
    name: 'armature targets: inspector Add draws a fourth (bone, weight) pair, Remove last drops the last pair and its link, Ctrl+Z restores both',
    async run(t) {
      const { page, base } = t;
      await openApp(page, base);
      await loadGraph(page, GRAPH);
      await page.locator('sinew-editor').evaluate((e) => (e as HTMLElement & { fit(): Promise<void> }).fit());
      await page.evaluate(() => { document.querySelector('sinew-app')!.session.select(['arm']); });
      await nextFrames(page, 3);
      check(await drawn(page, 'bone3') === 1 && await drawn(page, 'bone4') === 0, 'a 3-target node does not draw exactly bone1..3');
      const three = await allMatrices(page);

      await page.locator('sinew-inspector [data-testid="inspector-item-add"]').click();
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.graph.nodes.find((n) => n.id === 'arm')!.params.targets === 4);
      await nextFrames(page, 3);
      check(await drawn(page, 'bone4') === 1 && await drawn(page, 'weight4') === 1, 'Add did not draw bone4 and weight4 on the node');

      await page.locator('sinew-inspector [data-testid="inspector-item-remove"]').click();
      await page.locator('sinew-inspector [data-testid="inspector-item-remove"]').click();
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.graph.nodes.find((n) => n.id === 'arm')!.params.targets === 2);
      await nextFrames(page, 3);
      check(await drawn(page, 'bone3') === 0, 'Remove last left bone3 drawn');
      check(await links(page) === 'bone1,bone2,owner', `after removing, the node's links are ${await links(page)}`);
      check(poseDifference(three, await allMatrices(page)) > 1e-3, 'removing bone 3 did not move the owner');

      await page.locator('sinew-editor').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+z');
      await page.waitForFunction(() => document.querySelector('sinew-app')!.session.graph.nodes.find((n) => n.id === 'arm')!.params.targets === 3);
      await nextFrames(page, 3);
      check(await drawn(page, 'bone3') === 1, 'undo did not draw bone3 again');
      check(await links(page) === 'bone1,bone2,bone3,owner', `after undo, the node's links are ${await links(page)}`);
      check(poseDifference(three, await allMatrices(page)) < 1e-12, 'after undo the pose is not the 3-target pose');
      check(t.consoleErrors.length === 0, `console errors: ${t.consoleErrors.join('\n')}`);
    },
  },
];
