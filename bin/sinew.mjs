#!/usr/bin/env node
// The `sinew` command: runs the CLI built to JavaScript (dist/cli/sinew.js, `npm run build`; `npm
// pack` builds it first), so an installed package needs only its `dependencies`. In the repository
// `npm run sinew -- ...` runs the TypeScript directly instead.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli/sinew.js', import.meta.url);
if (!existsSync(built)) {
  console.error('sinew: the command line is not built (dist/cli/sinew.js is missing): run `npm run build`, or `npm run sinew -- ...` in the repository');
  process.exit(3);
}
try {
  const { run } = await import(built.href);
  process.exitCode = await run(process.argv.slice(2), { out: (s) => console.log(s), err: (s) => console.error(s) });
} catch (e) {
  console.error(`sinew: internal error: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 3;
}
