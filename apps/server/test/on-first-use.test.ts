import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { onFirstUse } from '../src/runtime/on-first-use.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A CommonJS module that counts its evaluations in a global the test reads. */
function countingModule(key: string): URL {
  const dir = mkdtempSync(join(tmpdir(), 'on-first-use-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'counted.cjs'),
    `globalThis[${JSON.stringify(key)}] = (globalThis[${JSON.stringify(key)}] ?? 0) + 1;\nexports.answer = 42;\n`,
  );
  return pathToFileURL(join(dir, 'caller.js'));
}

const evaluations = (key: string): unknown => (globalThis as Record<string, unknown>)[key];

describe('onFirstUse', () => {
  it('loads the module on the first call, not before, and only once', () => {
    const key = `onFirstUse-${process.pid}-${Date.now()}`;
    const load = onFirstUse<{ answer: number }>('./counted.cjs', countingModule(key));
    expect(evaluations(key)).toBeUndefined();
    expect(load().answer).toBe(42);
    expect(load().answer).toBe(42);
    expect(evaluations(key)).toBe(1);
  });

  it('prepares the module once and hands back what was prepared', () => {
    const key = `onFirstUse-prepared-${process.pid}-${Date.now()}`;
    let preparations = 0;
    const load = onFirstUse('./counted.cjs', countingModule(key), (module: { answer: number }) => {
      preparations++;
      return { doubled: module.answer * 2 };
    });
    const first = load();
    expect(first).toEqual({ doubled: 84 });
    expect(load()).toBe(first);
    expect(preparations).toBe(1);
  });
});
