// The WebAssembly modules' bytes are committed (runtime/eval/wasm/*-bytes.ts, nodes/math/wasm/*-bytes.ts)
// so that neither the app nor its users need an assembler; they must be what their sources build to today.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of tools/, no types
import { wasmModuleSource, wasmSources } from '../../../tools/wasm-module-source.mjs';

interface Source { source: string; module: string }
const sources = (wasmSources as () => Source[])();

describe('committed WebAssembly bytes', () => {
  it('there are modules to check, a .wat and two AssemblyScript ones', () => {
    expect(sources.map((s) => basename(s.source)).sort()).toEqual(['blend.ts', 'ik-solver.ts', 'mat4.wat']);
  });
  it.each(sources.map((s) => [basename(s.source), s] as const))('%s builds to its -bytes.ts (else run `npm run build:wasm`)', async (_, s) => {
    expect(await (wasmModuleSource as (file: string) => Promise<string>)(s.source)).toBe(readFileSync(s.module, 'utf8'));
  }, 60_000);
});
