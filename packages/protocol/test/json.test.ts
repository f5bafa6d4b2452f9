import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH, parseJson } from '../src/index.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('parseJson: valid text', () => {
  it('returns the value of any JSON text, scalars included', () => {
    expect(parseJson('{"command":"config","tan":7}')).toEqual({
      ok: true,
      value: { command: 'config', tan: 7 },
    });
    expect(parseJson(' [1, -2.5e3, "a\\u00e9", true, null] ')).toEqual({
      ok: true,
      value: [1, -2500, 'aé', true, null],
    });
    expect(parseJson('0')).toEqual({ ok: true, value: 0 });
    expect(parseJson('\r\n\t"x"\n')).toEqual({ ok: true, value: 'x' });
  });

  it('keeps "__proto__" as an ordinary own property and leaves prototypes alone', () => {
    const parsed = parseJson('{"__proto__": {"polluted": true}, "constructor": 1}');
    if (!parsed.ok) throw new Error(parsed.description);
    const value = parsed.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseJson: malformed text', () => {
  it('names the unexpected token with its 1-based line and column on multi-line input', () => {
    const text = '{\n  "command": "config",\n  "tan": }\n';
    expect(parseJson(text)).toEqual({
      ok: false,
      error: 'Parse error',
      description: "Unexpected token '}' at line 3, column 10",
      line: 3,
      column: 10,
    });
  });

  it('counts CR LF and a lone CR as one line break each', () => {
    expect(parseJson('{\r\n"a": 1,\r\n}')).toMatchObject({ line: 3, column: 1 });
    expect(parseJson('[\r1,\r\r x]')).toMatchObject({
      description: "Unexpected token 'x' at line 4, column 2",
    });
  });

  it('reports a trailing comma, a missing colon and text after the value', () => {
    expect(parseJson('[1,2,]')).toMatchObject({
      description: "Unexpected token ']' at line 1, column 6",
    });
    expect(parseJson('{"a" 1}')).toMatchObject({
      description: "Unexpected token '1' at line 1, column 6",
    });
    expect(parseJson('{"a":1}}')).toMatchObject({
      description: "Unexpected token '}' at line 1, column 8",
    });
    expect(parseJson("{'a':1}")).toMatchObject({
      description: "Unexpected token ''' at line 1, column 2",
    });
    expect(parseJson('[01]')).toMatchObject({
      description: "Unexpected token '1' at line 1, column 3",
    });
    expect(parseJson('[tru]')).toMatchObject({
      description: "Unexpected token ']' at line 1, column 5",
    });
  });

  it('reports truncated text at its end', () => {
    expect(parseJson('{"command": "config",\n "tan": 1')).toMatchObject({
      description: 'Unexpected end of JSON input at line 2, column 10',
    });
    expect(parseJson('[1.')).toMatchObject({
      description: 'Unexpected end of JSON input at line 1, column 4',
    });
  });

  it('reports bad strings where the fault is', () => {
    expect(parseJson('{"a": "one\ntwo"}')).toMatchObject({
      description: 'Bad control character U+000A in string at line 1, column 11',
    });
    expect(parseJson('["\\x"]')).toMatchObject({
      description: "Bad escape '\\x' in string at line 1, column 3",
    });
    expect(parseJson('["\\u12G4"]')).toMatchObject({
      description: 'Bad Unicode escape in string (\\u needs 4 hex digits) at line 1, column 3',
    });
    expect(parseJson('{"a":\n "open')).toMatchObject({
      description: 'Unterminated string at line 2, column 2',
    });
  });

  it('names invisible characters by code point', () => {
    expect(parseJson('\uFEFF{}')).toMatchObject({
      description: 'Unexpected character U+FEFF at line 1, column 1',
    });
    expect(parseJson('[1,\u00a02]')).toMatchObject({
      description: 'Unexpected character U+00A0 at line 1, column 4',
    });
  });

  it('treats empty and blank text as a parse error', () => {
    expect(parseJson('')).toEqual({
      ok: false,
      error: 'Parse error',
      description: 'Empty JSON text at line 1, column 1',
      line: 1,
      column: 1,
    });
    expect(parseJson('  \n\t ')).toMatchObject({
      ok: false,
      description: 'Empty JSON text at line 2, column 3',
    });
  });

  it('never quotes the text back (it may hold a token)', () => {
    const secret = 'c0ffee00-dead-beef-0000-123456789abc';
    for (const text of [
      `{"token": "${secret}" x}`,
      `{"token": "${secret}"`,
      `["${secret}\u0001"]`,
    ]) {
      const parsed = parseJson(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.description).not.toContain(secret.slice(0, 8));
    }
  });

  it('agrees with JSON.parse on thousands of damaged texts and always finds the fault', () => {
    const base =
      '{"command":"config","tan":12,"config":{"a":[1,-2.5e+3,true,null,"x\\n\\u0041"],"b":{}}}';
    const alphabet = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      '-',
      '.',
      'e',
      '0',
      '7',
      ' ',
      'x',
      't',
      'n',
      '\n',
    ];
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 5000; round++) {
      const at = random(base.length);
      const choice = random(3);
      const insert = alphabet[random(alphabet.length)] ?? '';
      const text =
        choice === 0
          ? base.slice(0, at) + base.slice(at + 1)
          : choice === 1
            ? base.slice(0, at) + insert + base.slice(at)
            : base.slice(0, at) + insert + base.slice(at + 1);
      let expected: unknown;
      let valid = true;
      try {
        expected = JSON.parse(text);
      } catch {
        valid = false;
      }
      const parsed = parseJson(text);
      expect(parsed.ok, text).toBe(valid);
      if (parsed.ok) expect(parsed.value).toEqual(expected);
      else expect(parsed.description, text).not.toMatch(/^Invalid JSON/);
    }
  });
});

describe('parseJson: nesting depth', () => {
  it('accepts 64 levels by default and refuses 65 at the bracket that goes too deep', () => {
    expect(DEFAULT_MAX_DEPTH).toBe(64);
    expect(parseJson(nested(64)).ok).toBe(true);
    expect(parseJson(nested(65))).toEqual({
      ok: false,
      error: 'Parse error',
      description: 'JSON nested deeper than 64 levels at line 1, column 65',
      line: 1,
      column: 65,
    });
  });

  it('counts objects and arrays together and locates the fault on its line', () => {
    const text = `{"a":\n${'[{"b":'.repeat(3)}1${'}]'.repeat(3)}}`;
    expect(parseJson(text, { maxDepth: 7 }).ok).toBe(true);
    expect(parseJson(text, { maxDepth: 6 })).toMatchObject({
      description: 'JSON nested deeper than 6 levels at line 2, column 14',
      line: 2,
      column: 14,
    });
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: `${'['.repeat(1000)}"\\${'{'.repeat(1000)}` });
    expect(parseJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it('refuses 100000 nested brackets quickly without throwing', () => {
    const text = '['.repeat(100_000);
    const started = performance.now();
    const parsed = parseJson(text);
    expect(performance.now() - started).toBeLessThan(200);
    expect(parsed).toMatchObject({
      ok: false,
      description: 'JSON nested deeper than 64 levels at line 1, column 65',
    });
    expect(parseJson(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toMatchObject({
      ok: false,
      column: 321,
    });
  });

  it('lets the caller choose the limit, and refuses a negative one', () => {
    expect(parseJson(nested(1000), { maxDepth: 1000 }).ok).toBe(true);
    expect(parseJson('[]', { maxDepth: 0 })).toMatchObject({
      description: 'JSON nested deeper than 0 levels at line 1, column 1',
    });
    expect(parseJson('7', { maxDepth: 0 })).toEqual({ ok: true, value: 7 });
    expect(() => parseJson('[]', { maxDepth: -1 })).toThrow(RangeError);
  });
});
