#!/usr/bin/env node
// The `sinew` command: runs the TypeScript CLI through tsx, so the repository needs no build step.
// The process handling (exit code, EPIPE, the last-resort error line) is runtime/cli/process.ts's.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../runtime/cli/main.ts');
main(process.argv.slice(2));
