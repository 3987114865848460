// Builds runtime/eval/wasm's modules into the TypeScript modules that carry their bytes
// (`npm run build:wasm`; tools/wasm-module-source.mjs). The bytes are committed, so neither the app
// nor its users need wabt or AssemblyScript; test/runtime/wasm/bytes.test.ts builds them again and
// fails if one is stale. wabt (the WebAssembly Binary Toolkit, compiled to JavaScript) because its
// text format is the specification's; AssemblyScript for kernels too long to write as text, because
// its code reads as the TypeScript it ports. Both are pinned dev dependencies with no native parts.
import { writeFileSync } from 'node:fs';
import { wasmModuleSource, wasmSources } from './wasm-module-source.mjs';

for (const { source, module } of wasmSources()) {
  writeFileSync(module, await wasmModuleSource(source));
  console.log(`wrote ${module}`);
}
