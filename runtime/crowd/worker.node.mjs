// The crowd's worker in Node when it runs from TypeScript sources (tests, `npm run bench`): node 20
// runs no TypeScript, and a worker thread does not take `--import tsx` from its execArgv, so it
// registers tsx itself before loading the worker. A built package points `script` at built JS instead.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
