// A small browser-test harness: starts the Vite dev server on a free port, launches Debian's
// Chromium through playwright-core, runs each test in a fresh context (so localStorage starts
// empty), and reports `N passed, M failed`. No test framework, so nothing but Chromium is needed.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS = `${ROOT}test-results`;

export interface TestContext {
  page: Page;
  context: BrowserContext;
  base: string;
  /** Console errors and uncaught exceptions seen so far in this test. */
  consoleErrors: string[];
  log(message: string): void;
}

export interface E2ETest {
  name: string;
  run(t: TestContext): Promise<void>;
  /** Seconds before a hung test is failed (default 600): far above any test on a loaded machine. */
  timeout?: number;
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/**
 * Wall-clock limits only end a run that hangs; they are never how a test checks speed (a loaded
 * machine stretches them). Tests bound work instead (perf.e2e.ts counts the steps a drag runs).
 */
const HANG_SECONDS = 600;

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  // WebGL in software: Chromium no longer falls back to SwiftShader on its own.
  '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
];

export async function runAll(tests: E2ETest[], filter?: string): Promise<number> {
  mkdirSync(RESULTS, { recursive: true });
  for (const f of readdirSync(RESULTS)) if (f.startsWith('failed-')) rmSync(`${RESULTS}/${f}`);
  const started = Date.now();
  let server: ViteDevServer | undefined;
  let browser: Browser | undefined;
  let passed = 0;
  let failed = 0;
  try {
    server = await createServer({ root: ROOT, configFile: `${ROOT}vite.config.ts`, logLevel: 'warn', server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false } });
    await server.listen();
    const address = server.httpServer?.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}`;
    console.log(`vite dev server on ${base}`);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    for (const test of tests) {
      if (filter && !test.name.includes(filter)) continue;
      console.log(`  run  ${test.name}`);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
      context.setDefaultTimeout(HANG_SECONDS * 1000);
      // tsx compiles these tests with esbuild's keepNames, which wraps named functions in __name();
      // functions sent to the page through evaluate() carry those calls along.
      await context.addInitScript({ content: 'window.__name = (f) => f;' });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
      page.on('pageerror', (e) => consoleErrors.push(`uncaught: ${e.message}`));
      const t0 = Date.now();
      const logs: string[] = [];
      try {
        await withTimeout(test.run({ page, context, base, consoleErrors, log: (m) => logs.push(m) }), (test.timeout ?? HANG_SECONDS) * 1000, test.name);
        passed++;
        console.log(`  ok   ${test.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed++;
        console.log(`  FAIL ${test.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n       ${(e instanceof Error ? e.message : String(e)).split('\n').join('\n       ')}`);
        await page.screenshot({ path: `${RESULTS}/failed-${test.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png` }).catch(() => {});
      }
      for (const l of logs) console.log(`       ${l}`);
      await context.close();
    }
  } catch (e) {
    failed++;
    console.log(`setup failed: ${e instanceof Error ? e.stack : String(e)}`);
  } finally {
    await browser?.close().catch(() => {});
    await server?.close().catch(() => {});
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    p.finally(() => { clearTimeout(timer); }),
    new Promise<T>((_, reject) => { timer = setTimeout(() => { reject(new Error(`${name}: timed out after ${ms / 1000} s`)); }, ms); }),
  ]);
}
