/**
 * The generated files under src/settings/generated are committed: they must be what
 * scripts/build-settings.mjs makes of schema/settings now. The validators must run where there
 * is no Node (the web UI) and no eval (its CSP): a browser bundle of them works in a bare context.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const script = join(packageDir, 'scripts/build-settings.mjs');
const generated = join(packageDir, 'src/settings/generated');
const scratch = mkdtempSync(join(tmpdir(), 'glowkit-settings-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { cwd: packageDir, encoding: 'utf8' });

describe('the generated settings files', () => {
  it('are up to date (run "npm run generate" in packages/protocol after changing a schema)', () => {
    const result = run('--check');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fail the check with one line when one is stale', () => {
    const copy = join(scratch, 'stale');
    cpSync(generated, copy, { recursive: true });
    const file = join(copy, 'schemas.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"maximum": 2048', '"maximum": 4096'));
    const result = run('--check', '--out', copy);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `${file}: out of date with schema/settings; run "npm run generate" in packages/protocol`,
    ]);
  });

  it('hold validators that need neither require() nor eval', () => {
    const code = readFileSync(join(generated, 'validators.ts'), 'utf8');
    expect(code).not.toMatch(/\brequire\(/);
    expect(code).not.toMatch(/new Function|\beval\(/);
  });

  it('validate in a browser bundle run without Node', async () => {
    const entry = join(scratch, 'entry.ts');
    writeFileSync(
      entry,
      `import { settingsValidators } from ${JSON.stringify(join(packageDir, 'src/settings/validate.ts'))};
const smoothing = settingsValidators.smoothing;
const general = settingsValidators.general;
globalThis.results = [
  smoothing({ updateDelay: 2048 }),
  smoothing({ updateDelay: 5000 }) ? [] : smoothing.errors.map((e) => e.instancePath + ' ' + e.keyword),
  general({ name: '😀😀😀😀' }),
  general({ name: '😀😀😀' }) ? [] : general.errors.map((e) => e.instancePath + ' ' + e.keyword),
];
`,
    );
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      root: scratch,
      build: {
        write: false,
        minify: false,
        lib: { entry, formats: ['iife'], name: 'settings', fileName: 'settings' },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) =>
      'output' in o ? o.output : [],
    );
    const bundle = chunks.map((c) => ('code' in c ? c.code : '')).join('\n');
    expect(bundle).not.toMatch(/new Function|\beval\(/);
    // A context with nothing of Node's (no require, process or module): a require() would throw.
    const sandbox: { results?: unknown } = {};
    runInNewContext(bundle, sandbox);
    expect(sandbox.results).toEqual([true, ['/updateDelay maximum'], true, ['/name minLength']]);
  });
});
