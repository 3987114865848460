// examples/plain.html and dist/sinew.bundle.js: Sinew in a page with no bundler. The bundle is built
// fresh (vite.bundle.config.ts) into a temporary folder beside a copy of examples/, which a plain
// node:http file server serves; Chromium loads the page. Nothing resolves `import 'lit'` there, so
// this fails if the bundle leaves any dependency external, splits off a chunk the page cannot find,
// or carries CommonJS it did not convert.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { compile } from '../../runtime/eval/compile';
import { openGraph } from '../../runtime/io/files';
import { check, ROOT, type E2ETest } from './harness';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.glb': 'model/gltf-binary' };

/** Serves `folder` as files, nothing else: no module resolution, no transforms. */
async function serveFolder(folder: string, served: string[]): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    try {
      const body = readFileSync(join(folder, path));
      served.push(`200 ${path}`);
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      served.push(`404 ${path}`);
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/**
 * Waits until `predicate` holds in the page, or fails as soon as the page reports an error (a
 * module that does not load never renders, and its error says why). No time limit of its own: the
 * harness's test timeout is the ceiling.
 */
async function until(page: Page, errors: string[], predicate: (arg: string) => boolean, arg: string, what: string): Promise<void> {
  let timer: ReturnType<typeof setInterval> | undefined;
  const failed = new Promise<never>((_, reject) => {
    timer = setInterval(() => { if (errors.length) reject(new Error(`${what}: the page reported\n${errors.join('\n')}`)); }, 50);
  });
  try {
    await Promise.race([page.waitForFunction(predicate, arg, { timeout: 0 }), failed]);
  } finally {
    clearInterval(timer);
  }
}

export const bundleTests: E2ETest[] = [
  {
    name: 'the self-contained bundle runs in a plain page without a bundler: editor, 3D view, evaluate, auto layout',
    async run({ page, consoleErrors, log }) {
      const site = mkdtempSync(join(tmpdir(), 'sinew-plain-'));
      let server: Server | undefined;
      try {
        await build({ configFile: join(ROOT, 'vite.bundle.config.ts'), root: ROOT, logLevel: 'warn', build: { outDir: join(site, 'dist'), emptyOutDir: true } });
        cpSync(join(ROOT, 'examples'), join(site, 'examples'), { recursive: true });
        const served: string[] = [];
        const started = await serveFolder(site, served);
        server = started.server;
        const foreign: string[] = [];
        page.on('request', (r) => { if (!r.url().startsWith(started.origin) && !r.url().startsWith('data:')) foreign.push(r.url()); });

        await page.goto(`${started.origin}/examples/plain.html`);
        await until(page, consoleErrors, () => {
          const e = document.querySelector('sinew-editor');
          return Boolean(e?.session && e.session.graph.nodes.length > 0 && e.shadowRoot!.querySelectorAll('sinew-node').length === e.session.graph.nodes.length);
        }, '', 'the editor never drew the graph');

        // The rig evaluates in the page to what the source evaluates in Node.
        const inPage = await page.evaluate(() => document.querySelector('sinew-editor')!.evaluate(7));
        const opened = openGraph(join(ROOT, 'examples/arm-ik.sinew.json'));
        check(opened.ok, 'examples/arm-ik.sinew.json did not open');
        const expected = compile(opened.graph, opened.scene).evaluate(7).result().owners;
        check(Object.keys(expected).length > 0 && Object.keys(inPage).sort().join() === Object.keys(expected).sort().join(), `owners differ: ${Object.keys(inPage).join(', ')}`);
        for (const [id, m] of Object.entries(expected)) {
          const worst = Math.max(...m.map((v, i) => Math.abs(v - inPage[id][i])));
          check(worst < 1e-9, `${id}: the page's matrix is ${worst} from the source's`);
        }

        // The 3D view (three.js, inside the bundle) drew into a canvas.
        await until(page, consoleErrors, () => Boolean(document.querySelector('sinew-viewport')?.shadowRoot?.querySelector('canvas')), '', 'the 3D view drew no canvas');

        // Auto layout runs ELK (CommonJS in npm, converted in the bundle): every node gets a laid-out position.
        const before = await page.evaluate(() => document.querySelector('sinew-editor')!.session.graph.nodes.map((n) => `${n.id}@${n.position.join(',')}`).join(' '));
        await page.locator('sinew-editor').locator('[data-testid="arrange"]').click();
        await until(page, consoleErrors, (b) => document.querySelector('sinew-editor')!.session.graph.nodes.map((n) => `${n.id}@${n.position.join(',')}`).join(' ') !== b, before, 'auto layout moved no node');
        const output = await page.locator('output').textContent();
        check(output?.startsWith('Rig/Hand.L at '), `the page's own pose-change listener wrote: ${output}`);

        const scripts = served.filter((s) => s.endsWith('.js'));
        check(scripts.join() === '200 /dist/sinew.bundle.js', `scripts fetched: ${scripts.join(', ')}`);
        check(!served.some((s) => s.startsWith('404')), `missing files: ${served.filter((s) => s.startsWith('404')).join(', ')}`);
        check(foreign.length === 0, `requests outside the page's folder: ${foreign.join(', ')}`);
        check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
        log(`served: ${[...new Set(served)].join(', ')}`);
      } finally {
        await new Promise((resolve) => { if (server) server.close(resolve); else resolve(undefined); });
        rmSync(site, { recursive: true, force: true });
      }
    },
  },
];
