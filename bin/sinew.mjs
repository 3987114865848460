#!/usr/bin/env node
// The `sinew` command. In a checkout (tsx, a dev dependency, is there) it runs the TypeScript CLI
// through tsx, so what runs is always the source; an installed package has no tsx and runs the CLI
// built to JavaScript (dist/cli/sinew.js; `npm pack` builds it first), needing only `dependencies`.
// The process handling (exit code, EPIPE, the last-resort error line) is runtime/cli/process.ts's.
import { existsSync } from 'node:fs';

async function load() {
  try {
    const { register } = await import('tsx/esm/api');
    register();
    return await import('../runtime/cli/main.ts');
  } catch (e) {
    if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
  }
  const built = new URL('../dist/cli/sinew.js', import.meta.url);
  if (!existsSync(built)) {
    console.error('sinew: the command line is not built (dist/cli/sinew.js is missing): run `npm run build`');
    process.exit(3);
  }
  return import(built.href);
}

const { main } = await load();
main(process.argv.slice(2));
