#!/usr/bin/env node
// The `sinew` command: runs the TypeScript CLI through tsx, so the repository needs no build step.
import { register } from 'tsx/esm/api';
register();
const { run } = await import('../runtime/cli/main.ts');
try {
  process.exitCode = run(process.argv.slice(2), { out: (s) => console.log(s), err: (s) => console.error(s) });
} catch (e) {
  console.error(`sinew: internal error: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 3;
}
