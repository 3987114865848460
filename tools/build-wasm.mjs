// Assembles runtime/eval/wasm/*.wat into the TypeScript modules that carry their bytes
// (`npm run build:wasm`). The bytes are committed, so neither the app nor its users need wabt;
// test/runtime/wasm/bytes.test.ts assembles the sources again and fails if a module is stale.
// wabt (WebAssembly Binary Toolkit, compiled to JavaScript) because its text format is the
// specification's, and it is one pinned dev dependency with no native parts.
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wasmModuleSource } from './wasm-module-source.mjs';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../runtime/eval/wasm');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.wat'))) {
  const out = join(dir, file.replace(/\.wat$/, '-bytes.ts'));
  writeFileSync(out, await wasmModuleSource(file, readFileSync(join(dir, file), 'utf8')));
  console.log(`wrote ${out}`);
}
