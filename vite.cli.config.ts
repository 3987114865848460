// `npm run build`, third step: the `sinew` command line as JavaScript for Node, dist/cli/sinew.js,
// so the installed package runs it with nothing but its `dependencies` (bin/sinew.mjs imports it).
// Sinew's own TypeScript and JSON schemas are compiled in; packages from node_modules and Node's
// built-ins stay imports, resolved from the installed package's node_modules at run time.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    ssr: fileURLToPath(new URL('./runtime/cli/main.ts', import.meta.url)),
    outDir: 'dist/cli',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      output: { entryFileNames: 'sinew.js', codeSplitting: false },
    },
  },
});
