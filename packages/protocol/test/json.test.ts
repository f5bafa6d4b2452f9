// The parser's grammar, wording, limits and fuzz tests live with it in @glowkit/json
// (src/parse.test.ts); these check that protocol parses requests with that one parser, in its one
// result shape, and what a request's parse error says (the server answers it as "Parse error").
import { JsonDocument, parseJson as parseJsonText } from '@glowkit/json';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH, describeJsonSyntaxError, parseJson } from '../src/index.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** What a request's parse error shows: its description, line and column. */
function failure(text: string, options?: { maxDepth?: number }) {
  const parsed = parseJson(text, options);
  if (parsed.ok) throw new Error(`expected a parse error: ${JSON.stringify(text)}`);
  const { line, column } = parsed.error.position;
  return { description: describeJsonSyntaxError(parsed.error), line, column };
}

describe('parseJson', () => {
  it('is @glowkit/json’s parser, with its result: the value and its document', () => {
    expect(parseJson).toBe(parseJsonText);
    const parsed = parseJson('{"command":"config","tan":7}');
    expect(parsed).toMatchObject({ ok: true, value: { command: 'config', tan: 7 } });
    expect(parsed.ok && parsed.document).toBeInstanceOf(JsonDocument);
    expect(parseJson('0')).toMatchObject({ ok: true, value: 0 });
  });

  it('describes malformed text in the shared wording, with line and column', () => {
    expect(failure('{\n  "command": "config",\n  "tan": }\n')).toEqual({
      description: "expected a value, found '}' at line 3, column 10",
      line: 3,
      column: 10,
    });
    expect(failure('')).toEqual({
      description: 'expected a JSON value, found an empty text at line 1, column 1',
      line: 1,
      column: 1,
    });
    expect(failure('\uFEFF{}')).toMatchObject({
      description: 'expected a value, found U+FEFF at line 1, column 1',
    });
  });

  it('never quotes the text back (it may hold a token)', () => {
    const secret = 'c0ffee00-dead-beef-0000-123456789abc';
    expect(failure(`{"token": "${secret}" x}`).description).not.toContain(secret.slice(0, 8));
  });

  it('accepts 64 levels by default and refuses 65 at the bracket that goes too deep', () => {
    expect(DEFAULT_MAX_DEPTH).toBe(64);
    expect(parseJson(nested(64)).ok).toBe(true);
    expect(failure(nested(65))).toEqual({
      description: 'objects and arrays nested deeper than 64 levels at line 1, column 65',
      line: 1,
      column: 65,
    });
    expect(parseJson(nested(1000), { maxDepth: 1000 }).ok).toBe(true);
    expect(() => parseJson('[]', { maxDepth: -1 })).toThrow(RangeError);
  });
});
