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
    // Cross-origin isolation, so pages have SharedArrayBuffer: the crowd demo (examples/crowd.html)
    // shares its pose buffers with its Web Workers. Everything the app loads is same-origin.
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
  },
  optimizeDeps: {
    // Listed so the first page load does not discover them and reload midway (the browser tests start a fresh server).
    include: [
      'lit', 'lit/decorators.js', 'rete', 'rete-area-plugin', 'rete-connection-plugin', '@retejs/lit-plugin', 'rete-auto-arrange-plugin',
      'three', 'three/examples/jsm/controls/OrbitControls.js', 'three/examples/jsm/controls/TransformControls.js',
      'three/examples/jsm/loaders/GLTFLoader.js', 'gl-matrix', 'ajv/dist/2020.js', 'workerpool',
    ],
  },
});
