// WebAssembly modules compiled once per thread, for the kernels that run on them (the runtime's
// program kernels, runtime/eval/wasm/, and the math library's own, as the IK Jacobian's). A kernel
// gives the same bits as the JavaScript it stands for, so where a module cannot be had (an old engine,
// a page whose Content-Security-Policy forbids compiling it) the JavaScript runs instead.

/** Modules compiling in the background (see lazyModule). */
const pending: Promise<void>[] = [];

/**
 * A module compiled once per thread, the first time it is asked for (its bytes made over by
 * `variant` first, when given). Synchronously where the engine
 * allows it; a browser's main thread refuses to compile more than 4 KB so, and there the module is
 * compiled in the background: until {@link modulesReady} settles it is null, and callers run the
 * JavaScript.
 */
export function lazyModule(base64: string, variant?: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>): () => WebAssembly.Module | null {
  let compiled: WebAssembly.Module | null | undefined;
  return () => {
    if (compiled !== undefined) return compiled;
    if (typeof WebAssembly !== 'object') return (compiled = null);
    const decoded = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bytes = variant ? variant(decoded) : decoded;
    try {
      compiled = new WebAssembly.Module(bytes);
    } catch {
      compiled = null;
      pending.push(WebAssembly.compile(bytes).then((m) => { compiled = m; }, () => { /* stays JavaScript */ }));
    }
    return compiled;
  };
}

/** Settles once every module asked for so far that compiles in the background is compiled. */
export async function modulesReady(): Promise<void> {
  await Promise.all(pending);
}
