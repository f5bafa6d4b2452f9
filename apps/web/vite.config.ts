import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/** The server a development build talks to (`npm run dev -w @glowkit/web`). */
const server = process.env.GLOWKIT_SERVER ?? 'http://127.0.0.1:8090';

const ENGLISH = fileURLToPath(new URL('../../translations/en.json', import.meta.url));
const PARTS = '\0glowkit-phrases:';

/**
 * The pages whose phrases come with them, not in the first script: `glowkit-phrases:<page>` holds
 * the English phrases whose keys start with the prefix (the Log page's `web_log_…`, the System
 * page's `web_system_…`).
 */
const PAGE_PHRASES: Readonly<Record<string, string>> = { log: 'web_log_', system: 'web_system_' };

/** Which part of the English file a phrase key is in (`ui`, `forms` or a page of PAGE_PHRASES). */
function partOf(key: string): string {
  if (key.startsWith('edt_')) return 'forms';
  for (const [page, prefix] of Object.entries(PAGE_PHRASES)) {
    if (key.startsWith(prefix)) return page;
  }
  return 'ui';
}

/**
 * English in parts, as modules: `glowkit-phrases:ui` (the UI's own `web_…` phrases, in the
 * first script), `glowkit-phrases:forms` (the `edt_…` phrases of settings and effect forms:
 * titles, units, validation messages — half of the file), loaded with the pages that render
 * forms, and one part per page of {@link PAGE_PHRASES}, loaded with that page, so that the
 * overview's first load carries none of them.
 */
function phraseParts(): Plugin {
  return {
    name: 'glowkit-phrase-parts',
    resolveId: (id) => (id.startsWith('glowkit-phrases:') ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(PARTS)) return undefined;
      this.addWatchFile(ENGLISH);
      const wanted = id.slice(PARTS.length);
      const phrases: Record<string, string> = JSON.parse(readFileSync(ENGLISH, 'utf8'));
      const part = Object.entries(phrases).filter(([key]) => partOf(key) === wanted);
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
