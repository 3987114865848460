// `npm run build`, second step: Sinew's web components as one self-contained ES module,
// dist/sinew.bundle.js, for a plain page with <script type="module"> and no bundler. Nothing is
// external: Lit, Rete and its plugins, three.js, elkjs and gl-matrix are inside, CommonJS ones
// (elkjs, @babel/runtime) converted to ES modules, and the lazily loaded parts (auto layout, glTF)
// inlined so the page fetches one file. A page that also bundles Lit or Rete itself should use
// dist/sinew.js (vite.lib.config.ts) instead, so it holds one copy of each.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false, // dist/sinew.js from the library build is already there
    target: 'es2022',
    // No source map: it would be 10 MB beside a 3.7 MB file; debug with dist/sinew.js, which has one.
    sourcemap: false,
    minify: true,
    lib: {
      entry: fileURLToPath(new URL('./ui/index.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'sinew.bundle.js',
    },
    rolldownOptions: {
      output: { codeSplitting: false },
    },
  },
});
