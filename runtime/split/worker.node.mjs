// The split rig's worker in Node when it runs from TypeScript sources (tests, `npm run bench`): as
// runtime/crowd/worker.node.mjs, it registers tsx itself before loading the worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
