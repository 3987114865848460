// `npm run build`: Sinew's web components as an ES module library in dist/ (types in dist/types).
// Every package dependency stays external, so a page never bundles Lit, Rete or three twice
// (@retejs/lit-plugin defines its elements without checking; two copies would throw).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    minify: false,
    lib: {
      entry: fileURLToPath(new URL('./ui/index.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'sinew.js',
    },
    rolldownOptions: {
      external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
    },
  },
});
