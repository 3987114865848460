// Where a worker's script is, for the pools that start workers (runtime/crowd/, runtime/split/):
// workerpool takes a path in Node and a URL in the browser. Each caller names its two scripts with
// `new URL('./…', import.meta.url)` in its own module, so a bundler sees and bundles them there.

export const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/**
 * The script workerpool is to start: `option` when given (a bundler's output, say), else `nodeScript`
 * in Node (a bootstrap that loads the TypeScript through tsx: node 20 runs none) and `browserScript`
 * elsewhere.
 */
export function workerScript(option: string | URL | undefined, nodeScript: URL, browserScript: URL): string {
  if (option === undefined) return isNode ? decodeURIComponent(nodeScript.pathname) : browserScript.href;
  return option instanceof URL ? (isNode && option.protocol === 'file:' ? decodeURIComponent(option.pathname) : option.href) : option;
}
