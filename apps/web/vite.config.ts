import { defineConfig } from 'vite';

/** The server a development build talks to (`npm run dev -w @glowkit/web`). */
const server = process.env.GLOWKIT_SERVER ?? 'http://127.0.0.1:8090';

// The server serves dist/ at `/`: index.html without caching, dist/assets/ with a long cache, so
// every asset's name carries its hash (Vite's default).
export default defineConfig({
  build: {
    target: 'es2022',
    // The browsers the UI's light-dark() colours need: an older CSS target makes the minifier
    // turn index.html's light-dark() into a prefers-color-scheme query, which ignores the theme
    // picked in the header (a dark page behind a light UI).
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    sourcemap: true,
  },
  resolve: {
    // Lit's production build (no dev-mode warnings), as in the elements' browser bundle.
    conditions: ['production', 'browser', 'module', 'import', 'default'],
  },
  // In development the app's WebSocket goes through Vite to a running server.
  server: {
    host: '127.0.0.1',
    proxy: { '/json-rpc': { target: server, ws: true, changeOrigin: true } },
  },
});
