/**
 * The rule reference in docs/effect-schema.md is generated from the rules and their fixtures by
 * scripts/rule-docs.mjs (which imports the build: turbo's test task depends on build). This keeps
 * the committed reference in step with what the linter really does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { definitionRules, rules } from '../src/index.js';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const script = join(packageDir, 'scripts/rule-docs.mjs');
const docs = resolve(packageDir, '../../docs/effect-schema.md');

function runScript(...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { cwd: packageDir, encoding: 'utf8' });
}

describe('rule reference', () => {
  it('is up to date (run "npm run docs" after changing a rule or a fixture)', () => {
    const result = runScript('--check');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('documents every registered rule under its own heading', () => {
    const text = readFileSync(docs, 'utf8');
    for (const rule of [...rules, ...definitionRules]) {
      expect(text).toContain(`\n### ${rule.meta.id}\n`);
    }
  });

  it('fails the check with one line when the file is stale', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rule-docs-'));
    try {
      const stale = join(dir, 'effect-schema.md');
      writeFileSync(
        stale,
        readFileSync(docs, 'utf8').replace(
          '14:25  error    invalid JSON',
          '14:1  error    invalid',
        ),
      );
      const result = runScript('--check', '--file', stale);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain('the rule reference is out of date');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
