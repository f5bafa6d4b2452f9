// The parser's grammar, wording, limits and fuzz tests live with it in @glowkit/json
// (src/parse.test.ts); these check the JSON-RPC shape protocol gives its result.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH, parseJson } from '../src/index.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('parseJson', () => {
  it('returns the value of any JSON text, and nothing more', () => {
    expect(parseJson('{"command":"config","tan":7}')).toEqual({
      ok: true,
      value: { command: 'config', tan: 7 },
    });
    expect(parseJson('0')).toEqual({ ok: true, value: 0 });
  });

  it('describes malformed text as a "Parse error" in the shared wording, with line and column', () => {
    expect(parseJson('{\n  "command": "config",\n  "tan": }\n')).toEqual({
      ok: false,
      error: 'Parse error',
      description: "expected a value, found '}' at line 3, column 10",
      line: 3,
      column: 10,
    });
    expect(parseJson('')).toEqual({
      ok: false,
      error: 'Parse error',
      description: 'expected a JSON value, found an empty text at line 1, column 1',
      line: 1,
      column: 1,
    });
    expect(parseJson('\uFEFF{}')).toMatchObject({
      description: 'expected a value, found U+FEFF at line 1, column 1',
    });
  });

  it('never quotes the text back (it may hold a token)', () => {
    const secret = 'c0ffee00-dead-beef-0000-123456789abc';
    const parsed = parseJson(`{"token": "${secret}" x}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.description).not.toContain(secret.slice(0, 8));
  });

  it('accepts 64 levels by default and refuses 65 at the bracket that goes too deep', () => {
    expect(DEFAULT_MAX_DEPTH).toBe(64);
    expect(parseJson(nested(64)).ok).toBe(true);
    expect(parseJson(nested(65))).toEqual({
      ok: false,
      error: 'Parse error',
      description: 'objects and arrays nested deeper than 64 levels at line 1, column 65',
      line: 1,
      column: 65,
    });
    expect(parseJson(nested(1000), { maxDepth: 1000 }).ok).toBe(true);
    expect(() => parseJson('[]', { maxDepth: -1 })).toThrow(RangeError);
  });
});
