// Bundling for the elements benchmarks: the element modules of a checkout, with the workspace
// packages resolved to their TypeScript sources, so that a benchmark measures the sources as they
// are, without a build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

/** Where a checkout's elements sources are. */
export const elementsSrcOf = (repo) => join(repo, 'packages', 'elements', 'src');

/**
 * A registration module calls `defineElement('gk-…', …)` (src/shared/define.ts) or, in checkouts
 * from before it, `customElements.define('gk-…', …)`; the tag is a literal, which leaves out
 * define.ts itself. Class modules (`*.component.ts`) register nothing and are bundled through these.
 */
const REGISTERS = /\b(?:defineElement|customElements\.define)\(\s*['"`]/;

/** Every registration module on disk: `src/<dir>/*.ts` files that register a custom element. */
export function elementModules(repo) {
  const elementsSrc = elementsSrcOf(repo);
  const modules = [];
  for (const dir of readdirSync(elementsSrc, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const file of readdirSync(join(elementsSrc, dir.name)).sort()) {
      if (!file.endsWith('.ts') || /\.(test|spec|stories|styles|d)\.ts$/.test(file)) continue;
      const path = join(elementsSrc, dir.name, file);
      if (REGISTERS.test(readFileSync(path, 'utf8'))) modules.push(path);
    }
  }
  return modules.sort();
}

/**
 * Resolves `@glowkit/*` to the workspace packages' TypeScript sources (what their `exports` map to,
 * `dist/x.js` → `src/x.ts`), so the bench measures the current sources without a build; marks the
 * elements' own modules as having side effects (they register custom elements, and the package's
 * `sideEffects` only lists `dist/`); makes the given specifiers external.
 */
export function workspacePlugin(repo, isExternal) {
  const elementsSrc = elementsSrcOf(repo);
  return {
    name: 'glowkit-workspace',
    setup(b) {
      b.onResolve({ filter: /^@glowkit\// }, (args) => {
        if (isExternal(args.path)) return { path: args.path, external: true };
        const [, pkg, sub] = args.path.match(/^@glowkit\/([^/]+)(?:\/(.+))?$/);
        const dir = join(repo, 'packages', pkg);
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        const entry = manifest.exports?.[sub ? `./${sub}` : '.'];
        const target = typeof entry === 'string' ? entry : entry?.default;
        if (!target) return undefined;
        const source = join(dir, target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
        return { path: existsSync(source) ? source : join(dir, target) };
      });
      b.onResolve({ filter: /^[./]/ }, (args) => {
        let path = resolve(args.resolveDir, args.path);
        if (!path.startsWith(elementsSrc)) return undefined;
        if (path.endsWith('.js') && !existsSync(path)) path = `${path.slice(0, -3)}.ts`;
        return existsSync(path) ? { path, sideEffects: true } : undefined;
      });
    },
  };
}

/**
 * The esbuild options every benchmark bundle of a checkout (`repo`) shares: ESM for the browser,
 * minified unless told otherwise, Lit's production build, the given specifiers external (`x/*` for
 * a prefix), the workspace packages from their sources; nothing is written.
 */
export function buildOptions(repo, { external = [], minify = true } = {}) {
  const isExternal = (spec) =>
    external.some((e) => (e.endsWith('/*') ? spec.startsWith(e.slice(0, -1)) : spec === e));
  return {
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['production'], // Lit's production build: dev mode off
    minify,
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
    external: external.filter((e) => !e.startsWith('@glowkit/')),
    plugins: [workspacePlugin(repo, isExternal)],
  };
}

/** Bundles modules of a checkout (`repo`) into one ESM file, as the benchmarks load it. */
export async function bundle(repo, { modules, external = [], minify = true, footer = '' }) {
  const result = await build({
    ...buildOptions(repo, { external, minify }),
    stdin: {
      contents: `${modules.map((m) => `import ${JSON.stringify(m)};`).join('\n')}\n${footer}`,
      resolveDir: elementsSrcOf(repo),
      loader: 'js',
      sourcefile: 'bench-entry.js',
    },
  });
  const code = result.outputFiles[0].contents;
  return { code, metafile: result.metafile };
}

/** The element modules of a checkout that bundle on their own: one that does not is left out, loudly. */
export async function usableElementModules(repo) {
  const usable = [];
  for (const module of elementModules(repo)) {
    try {
      await bundle(repo, { modules: [module], external: ['lit', 'lit/*', '@lit/*'] });
      usable.push(module);
    } catch (error) {
      console.warn(
        `warning: ${relative(repo, module)} does not bundle, left out: ${error.message.split('\n')[0]}`,
      );
    }
  }
  return usable;
}
