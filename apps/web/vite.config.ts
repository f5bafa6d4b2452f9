import { defineConfig } from 'vite';

// The server serves dist/ at `/`: index.html without caching, dist/assets/ with a long cache, so
// every asset's name carries its hash (Vite's default).
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // A small app: one entry chunk plus what pages load on demand.
    reportCompressedSize: true,
    sourcemap: true,
  },
  resolve: {
    // Lit's production build (no dev-mode warnings), as in the elements' browser bundle.
    conditions: ['production', 'browser', 'module', 'import', 'default'],
  },
});
