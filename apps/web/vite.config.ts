import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/** The server a development build talks to (`npm run dev -w @glowkit/web`). */
const server = process.env.GLOWKIT_SERVER ?? 'http://127.0.0.1:8090';

const ENGLISH = fileURLToPath(new URL('../../translations/en.json', import.meta.url));
const PARTS = '\0glowkit-phrases:';

/**
 * English in two parts, as modules: `glowkit-phrases:ui` (the UI's own `web_…` phrases, in the
 * first script) and `glowkit-phrases:forms` (the `edt_…` phrases of settings and effect forms:
 * titles, units, validation messages — half of the file), loaded with the pages that render
 * forms, so that the overview's first load does not carry them.
 */
function phraseParts(): Plugin {
  return {
    name: 'glowkit-phrase-parts',
    resolveId: (id) => (id.startsWith('glowkit-phrases:') ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(PARTS)) return undefined;
      this.addWatchFile(ENGLISH);
      const forms = id.slice(PARTS.length) === 'forms';
      const phrases: Record<string, string> = JSON.parse(readFileSync(ENGLISH, 'utf8'));
      const part = Object.entries(phrases).filter(([key]) => key.startsWith('edt_') === forms);
      return `export default ${JSON.stringify(Object.fromEntries(part))};`;
    },
  };
}

// The server serves dist/ at `/`: index.html without caching, dist/assets/ with a long cache, so
// every asset's name carries its hash (Vite's default).
export default defineConfig({
  plugins: [phraseParts()],
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
