// The dev server behind `npm start` and the browser tests: serves index.html (the app) and
// examples/embed.html (an embed in a plain page). `sinew` resolves to the library entry.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: {
    alias: {
      sinew: fileURLToPath(new URL('./ui/index.ts', import.meta.url)),
    },
  },
  server: {
    host: '127.0.0.1',
  },
  optimizeDeps: {
    include: ['lit', 'rete', 'rete-area-plugin', 'rete-connection-plugin', '@retejs/lit-plugin', 'rete-minimap-plugin', 'three', 'gl-matrix', 'ajv/dist/2020.js'],
  },
});
