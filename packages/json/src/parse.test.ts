// Moved from @glowkit/protocol (test/json.test.ts) and @glowkit/effect-schema
// (src/json/json-document.test.ts): the assertions of both, in the one shared wording.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_DEPTH,
  describeJsonSyntaxError,
  type ParseJsonOptions,
  parseJson,
} from './index.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** The one-line description of a refused text, as every tool shows it. */
function fails(text: string, options?: ParseJsonOptions): string {
  const parsed = parseJson(text, options);
  if (parsed.ok) throw new Error(`expected a syntax error: ${JSON.stringify(text)}`);
  return describeJsonSyntaxError(parsed.error);
}

/** `line:column message`, as the linter lays out an error. */
function error(text: string, options?: ParseJsonOptions): string {
  const parsed = parseJson(text, options);
  if (parsed.ok) throw new Error('expected a syntax error');
  const { message, position } = parsed.error;
  return `${position.line}:${position.column} ${message}`;
}

function value(text: string, options?: ParseJsonOptions): unknown {
  const parsed = parseJson(text, options);
  if (!parsed.ok) throw new Error(describeJsonSyntaxError(parsed.error));
  return parsed.value;
}

describe('parseJson: valid text', () => {
  it('returns the value of any JSON text, scalars included', () => {
    expect(value('{"command":"config","tan":7}')).toEqual({ command: 'config', tan: 7 });
    expect(value(' [1, -2.5e3, "a\\u00e9", true, null] ')).toEqual([1, -2500, 'aé', true, null]);
    expect(value('0')).toBe(0);
    expect(value('\r\n\t"x"\n')).toBe('x');
    expect(value('{"a": [1, 2.5, "x", true, null, {}]}')).toEqual({
      a: [1, 2.5, 'x', true, null, {}],
    });
    expect(value(' 42 ')).toBe(42);
  });

  it('gives the document of the text it parsed', () => {
    const parsed = parseJson('{\n  "a": 1\n}');
    expect(parsed.ok && parsed.document.locate('/a')).toEqual({ offset: 9, line: 2, column: 8 });
  });

  it('keeps "__proto__" as an ordinary own property and leaves prototypes alone', () => {
    const parsed = value('{"__proto__": {"polluted": true}, "constructor": 1}');
    const record = parsed as Record<string, unknown>;
    expect(Object.keys(record)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignores a byte-order mark when asked to, and counts positions after it', () => {
    expect(value('\uFEFF{\n  "a": 1\n}', { ignoreByteOrderMark: true })).toEqual({ a: 1 });
    expect(error('\uFEFF{"a": 1,}', { ignoreByteOrderMark: true })).toBe(
      '1:8 trailing comma before }',
    );
  });
});

describe('parseJson: malformed text', () => {
  it('says what was found and what was expected, with the 1-based line and column', () => {
    const parsed = parseJson('{\n  "command": "config",\n  "tan": }\n');
    expect(parsed).toEqual({
      ok: false,
      error: {
        message: "expected a value, found '}'",
        position: { offset: 34, line: 3, column: 10 },
      },
    });
    if (!parsed.ok) {
      expect(describeJsonSyntaxError(parsed.error)).toBe(
        "expected a value, found '}' at line 3, column 10",
      );
    }
  });

  it('counts CR LF and a lone CR as one line break each', () => {
    expect(error('{\r\n"a": 1,\r\n}')).toBe('2:7 trailing comma before }');
    expect(fails('[\r1,\r\r x]')).toBe("expected a value, found 'x' at line 4, column 2");
  });

  it('reports a trailing comma at the comma, where it must be removed', () => {
    expect(error('{"a": 1,}')).toBe('1:8 trailing comma before }');
    expect(error('[1, 2, ]')).toBe('1:6 trailing comma before ]');
    expect(error('[1,2,]')).toBe('1:5 trailing comma before ]');
    expect(error('{\n  "a": 1,\n  "b": [\n    1,\n  ]\n}')).toBe('4:6 trailing comma before ]');
  });

  it('reports a missing colon or comma and text after the value', () => {
    expect(error('{"a" 1}')).toBe("1:6 expected ':' after the property name, found '1'");
    expect(error('{"a": 1 "b": 2}')).toBe(`1:9 expected ',' or '}', found '"'`);
    expect(error('[1 2]')).toBe("1:4 expected ',' or ']', found '2'");
    expect(error('{"a":1}}')).toBe("1:8 expected the end of the text, found '}'");
    expect(error('{"a": 1}}')).toBe("1:9 expected the end of the text, found '}'");
  });

  it('says strings take double quotes', () => {
    expect(error("{'a':1}")).toBe(
      "1:2 expected a property name in double quotes or '}', found '''",
    );
    expect(error('{"a": 1, \'b\': 2}')).toBe(
      "1:10 expected a property name in double quotes, found '''",
    );
    expect(error("['a']")).toBe(
      "1:2 expected a value or ']', found ''' (strings take double quotes)",
    );
  });

  it('reports bad numbers and literals at the offending character', () => {
    expect(error('[01]')).toBe(
      "1:3 invalid number, expected no digit after a leading 0, found '1'",
    );
    expect(error('{"a": 01}')).toBe(
      "1:8 invalid number, expected no digit after a leading 0, found '1'",
    );
    expect(error('{"a": 1.}')).toBe("1:9 invalid number, expected a digit after '.', found '}'");
    expect(error('{"a": -}')).toBe("1:8 invalid number, expected a digit after '-', found '}'");
    expect(error('[1e+]')).toBe("1:5 invalid number, expected a digit in the exponent, found ']'");
    expect(error('[tru]')).toBe("1:5 expected 'true', found ']'");
    expect(error('{"a": tru}')).toBe("1:10 expected 'true', found '}'");
  });

  it('reports truncated text at its end', () => {
    expect(fails('{"command": "config",\n "tan": 1')).toBe(
      "expected ',' or '}', found the end of the text at line 2, column 10",
    );
    expect(fails('[1.')).toBe(
      "invalid number, expected a digit after '.', found the end of the text at line 1, column 4",
    );
    expect(error('{"a": ')).toBe('1:7 expected a value, found the end of the text');
  });

  it('reports bad strings where the fault is', () => {
    expect(fails('{"a": "one\ntwo"}')).toBe(
      `unterminated string, expected '"' before the line break at line 1, column 11`,
    );
    expect(error('{\n  "a": "open\n}')).toBe(
      `2:13 unterminated string, expected '"' before the line break`,
    );
    expect(error('{"a": "tab\there"}')).toBe(
      '1:11 control character U+0009 in a string, expected it escaped as \\t',
    );
    expect(fails('["\\x"]')).toBe(
      "invalid escape '\\x' in a string, expected \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX at line 1, column 3",
    );
    expect(fails('["\\u12G4"]')).toBe(
      "invalid escape '\\u' in a string, expected 4 hex digits after \\u at line 1, column 3",
    );
    expect(fails('{"a":\n "open')).toBe(
      `unterminated string, expected '"' before the end of the text at line 2, column 2`,
    );
  });

  it('names invisible characters by code point, and comments as such', () => {
    expect(fails('\uFEFF{}')).toBe('expected a value, found U+FEFF at line 1, column 1');
    expect(fails('[1,\u00a02]')).toBe('expected a value, found U+00A0 at line 1, column 4');
    expect(error('{"a": 1} /* note */')).toBe(
      '1:10 expected the end of the text, found a comment (JSON allows none)',
    );
    expect(error('{\n  // speed\n}')).toBe(
      "2:3 expected a property name in double quotes or '}', found a comment (JSON allows none)",
    );
  });

  it('treats empty and blank text as a syntax error', () => {
    expect(fails('')).toBe('expected a JSON value, found an empty text at line 1, column 1');
    expect(fails('  \n\t ')).toBe(
      'expected a JSON value, found only white space at line 2, column 3',
    );
  });

  it('never quotes the text back (it may hold a token)', () => {
    const secret = 'c0ffee00-dead-beef-0000-123456789abc';
    for (const text of [
      `{"token": "${secret}" x}`,
      `{"token": "${secret}"`,
      `["${secret}\u0001"]`,
      `{"${secret}" 1}`,
      `{"${secret}": 1 x}`,
    ]) {
      expect(fails(text)).not.toContain(secret.slice(0, 8));
    }
  });

  it('refuses text longer than maxLength, at the first character too many', () => {
    expect(fails('[1,2,3]', { maxLength: 5 })).toBe(
      'expected at most 5 characters, found 7 at line 1, column 6',
    );
    expect(value('[1,2,3]', { maxLength: 7 })).toEqual([1, 2, 3]);
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
      else expect(parsed.error.message, text).not.toBe('invalid JSON');
    }
  });
});

describe('parseJson: nesting depth', () => {
  it('accepts 64 levels by default and refuses 65 at the bracket that goes too deep', () => {
    expect(DEFAULT_MAX_DEPTH).toBe(64);
    expect(parseJson(nested(64)).ok).toBe(true);
    expect(parseJson(nested(65))).toEqual({
      ok: false,
      error: {
        message: 'objects and arrays nested deeper than 64 levels',
        position: { offset: 64, line: 1, column: 65 },
      },
    });
  });

  it('counts objects and arrays together and locates the fault on its line', () => {
    const text = `{"a":\n${'[{"b":'.repeat(3)}1${'}]'.repeat(3)}}`;
    expect(parseJson(text, { maxDepth: 7 }).ok).toBe(true);
    expect(fails(text, { maxDepth: 6 })).toBe(
      'objects and arrays nested deeper than 6 levels at line 2, column 14',
    );
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: `${'['.repeat(1000)}"\\${'{'.repeat(1000)}` });
    expect(value(text)).toEqual(JSON.parse(text));
  });

  it('refuses 100000 nested brackets without throwing, valid or not', () => {
    expect(fails('['.repeat(100_000))).toBe(
      'objects and arrays nested deeper than 64 levels at line 1, column 65',
    );
    expect(fails(nested(100_000))).toBe(
      'objects and arrays nested deeper than 64 levels at line 1, column 65',
    );
    expect(error(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toBe(
      '1:321 objects and arrays nested deeper than 64 levels',
    );
  });

  it('lets the caller choose the limit, and refuses a negative one', () => {
    expect(parseJson(nested(1000), { maxDepth: 1000 }).ok).toBe(true);
    expect(fails('[]', { maxDepth: 0 })).toBe(
      'objects and arrays nested deeper than 0 levels at line 1, column 1',
    );
    expect(value('7', { maxDepth: 0 })).toBe(7);
    expect(() => parseJson('[]', { maxDepth: -1 })).toThrow(RangeError);
    expect(() => parseJson('[]', { maxLength: Number.NaN })).toThrow(RangeError);
    // The linter's limit, named at the bracket that goes too deep.
    expect(error(`${'['.repeat(600)}${']'.repeat(599)}`, { maxDepth: 512 })).toBe(
      '1:513 objects and arrays nested deeper than 512 levels',
    );
  });
});
