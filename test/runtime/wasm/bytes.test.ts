// The WebAssembly modules' bytes are committed (runtime/eval/wasm/*-bytes.ts) so that neither the app
// nor its users need an assembler; they must be what their .wat sources assemble to today.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of tools/, no types
import { wasmModuleSource } from '../../../tools/wasm-module-source.mjs';

const dir = join(import.meta.dirname, '../../../runtime/eval/wasm');
const sources = readdirSync(dir).filter((f) => f.endsWith('.wat'));

describe('committed WebAssembly bytes', () => {
  it('there is a module to check', () => {
    expect(sources.length).toBeGreaterThan(0);
  });
  it.each(sources)('%s assembles to its -bytes.ts (else run `npm run build:wasm`)', async (file) => {
    const committed = readFileSync(join(dir, file.replace(/\.wat$/, '-bytes.ts')), 'utf8');
    expect(await (wasmModuleSource as (name: string, wat: string) => Promise<string>)(file, readFileSync(join(dir, file), 'utf8'))).toBe(committed);
  });
});
