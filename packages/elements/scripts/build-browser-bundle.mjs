// Builds dist/browser/: the elements as ready-to-serve ES modules with Lit and every other
// dependency inside, for pages without a bundler or an import map (`<script type="module"
// src=".../glowkit-elements.js">`). The translation resolver and i18next sit in a chunk of their
// own that the form fetches only when it loads phrase files itself (`language` + `translations`).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'dist', 'browser');
rmSync(outdir, { recursive: true, force: true });
try {
  await build({
    absWorkingDir: root,
    entryPoints: { 'glowkit-elements': 'src/index.ts' },
    outdir,
    tsconfig: 'tsconfig.build.json',
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['production'], // Lit's production build: no dev-mode warnings
    minify: true,
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
} catch {
  // esbuild has printed what failed and where.
  console.error('@glowkit/elements: the browser bundle could not be built (see above)');
  process.exit(1);
}
