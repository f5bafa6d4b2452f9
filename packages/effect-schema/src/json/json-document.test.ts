import { describe, expect, it } from 'vitest';
import {
  fromPointer,
  hasDuplicateKeys,
  JsonDocument,
  type ParsedJson,
  parseJson,
  toPointer,
} from './json-document.js';

function ok(text: string): Extract<ParsedJson, { ok: true }> {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(`expected valid JSON: ${parsed.error.message}`);
  return parsed;
}

function error(text: string): string {
  const parsed = parseJson(text);
  if (parsed.ok) throw new Error('expected a syntax error');
  const { message, position } = parsed.error;
  return `${position.line}:${position.column} ${message}`;
}

const at = (p: { line: number; column: number }) => `${p.line}:${p.column}`;

describe('parseJson', () => {
  it('returns the value of valid JSON', () => {
    expect(ok('{"a": [1, 2.5, "x", true, null, {}]}').value).toEqual({
      a: [1, 2.5, 'x', true, null, {}],
    });
    expect(ok(' 42 ').value).toBe(42);
  });

  it('reports syntax errors with a message and a 1-based position', () => {
    expect(error('')).toBe('1:1 the file is empty');
    expect(error('{"a": 1,}')).toBe('1:8 trailing comma before }');
    expect(error('[1, 2, ]')).toBe('1:6 trailing comma before ]');
    expect(error('{"a" 1}')).toBe(`1:6 expected ':' after property name "a", found character '1'`);
    expect(error('{"a": 1 "b": 2}')).toBe(
      `1:9 expected ',' or '}' after the value of "a", found character '"'`,
    );
    expect(error('[1 2]')).toBe(`1:4 expected ',' or ']' in the array, found character '2'`);
    expect(error("{'a': 1}")).toBe(
      "1:2 expected a property name in double quotes, found character '''",
    );
    expect(error("['a']")).toBe('1:2 strings must use double quotes');
    expect(error('{"a": 01}')).toBe('1:7 invalid number');
    expect(error('{"a": 1.}')).toBe('1:7 invalid number');
    expect(error('{"a": -}')).toBe('1:7 invalid number');
    expect(error('{"a": tru}')).toBe("1:7 unexpected character 't', expected a value");
    expect(error('{"a": ')).toBe('1:7 unexpected end of file, expected a value');
    expect(error('{"a": "\\x"}')).toBe('1:8 invalid escape sequence in string');
    expect(error('{"a": "tab\there"}')).toBe('1:11 control character in string');
    expect(error('{"a": 1} /* note */')).toBe('1:10 comments are not allowed in JSON');
    expect(error('{"a": 1}}')).toBe("1:9 unexpected character '}' after the end of the JSON value");
  });

  it('locates errors across lines', () => {
    expect(error('{\n  "a": 1,\n  "b": [\n    1,\n  ]\n}')).toBe('4:6 trailing comma before ]');
    expect(error('{\n  "a": "open\n}')).toBe(
      '2:13 unterminated string (line break inside a string)',
    );
    expect(error('{\n  "a": "open')).toBe('2:8 unterminated string');
  });

  it('refuses absurd nesting with a message instead of a stack overflow', () => {
    expect(error(`${'['.repeat(600)}${']'.repeat(599)}`)).toBe(
      '1:513 nesting is too deep (over 512 levels)',
    );
  });

  it('ignores a byte-order mark', () => {
    const parsed = ok('\uFEFF{\n  "a": 1\n}');
    expect(parsed.value).toEqual({ a: 1 });
    expect(at(parsed.document.locate('/a', 'key'))).toBe('2:3');
    expect(error('\uFEFF{"a": 1,}')).toBe('1:8 trailing comma before }');
  });
});

describe('JsonDocument.position', () => {
  it('counts LF, CRLF and lone CR as one line break each', () => {
    const doc = new JsonDocument('a\nb\r\nc\rd');
    expect(at(doc.position(0))).toBe('1:1');
    expect(at(doc.position(2))).toBe('2:1');
    expect(at(doc.position(3))).toBe('2:2'); // the CR of CRLF still belongs to line 2
    expect(at(doc.position(5))).toBe('3:1');
    expect(at(doc.position(7))).toBe('4:1');
  });

  it('counts columns in UTF-16 units', () => {
    const doc = new JsonDocument('{"ä😀": 1}');
    expect(doc.position(8).column).toBe(9);
  });
});

describe('JsonDocument.locate', () => {
  const text = [
    '{',
    '  "properties": {',
    '    "speed": {',
    '      "type": "integer",',
    '      "default": 5',
    '    },',
    '    "a/b~c": [10, [20, 30]]',
    '  }',
    '}',
  ].join('\r\n');
  const doc = ok(text).document;

  it('finds values and, on request, their keys', () => {
    expect(at(doc.locate(''))).toBe('1:1');
    expect(at(doc.locate('/properties/speed'))).toBe('3:14');
    expect(at(doc.locate('/properties/speed', 'key'))).toBe('3:5');
    expect(at(doc.locate('/properties/speed/default'))).toBe('5:18');
    expect(at(doc.locate('/properties/speed/default', 'key'))).toBe('5:7');
  });

  it('unescapes pointer tokens and walks into arrays', () => {
    expect(at(doc.locate('/properties/a~1b~0c/0'))).toBe('7:15');
    expect(at(doc.locate('/properties/a~1b~0c/1/1'))).toBe('7:24');
    // An array item has no key: its value is located.
    expect(at(doc.locate('/properties/a~1b~0c/1', 'key'))).toBe('7:19');
  });

  it('falls back to the nearest existing ancestor', () => {
    expect(at(doc.locate('/properties/speed/minimum'))).toBe('3:14');
    expect(at(doc.locate('/properties/a~1b~0c/7'))).toBe('7:14');
    expect(at(doc.locate('/nothing/here'))).toBe('1:1');
  });

  it('finds the last of duplicate keys, the one JSON.parse keeps', () => {
    const dup = ok('{"a": 1,\n "a": 2}').document;
    expect(at(dup.locate('/a'))).toBe('2:7');
  });
});

describe('JsonDocument.duplicateKeys', () => {
  it('lists each later occurrence with its pointer and key position', () => {
    const doc = ok(
      '{\n  "properties": {\n    "speed": {"default": 1, "default": 2},\n    "speed": {}\n  }\n}',
    ).document;
    expect(doc.duplicateKeys().map((d) => `${d.pointer} ${at(d.position)}`)).toEqual([
      '/properties/speed/default 3:29',
      '/properties/speed 4:5',
    ]);
  });

  it('looks inside arrays and ignores equal keys in different objects', () => {
    const doc = ok(
      '[{"a": 1, "b": 2}, {"a": 1}, {"x": {"a": 1}, "a": 2}, {"k": 1, "k": 2}]',
    ).document;
    expect(doc.duplicateKeys().map((d) => d.pointer)).toEqual(['/3/k']);
  });

  it('returns nothing for a clean document', () => {
    expect(ok('{"a": {"a": {"a": 1}}}').document.duplicateKeys()).toEqual([]);
  });
});

describe('hasDuplicateKeys', () => {
  const check = (text: string) => hasDuplicateKeys(text, JSON.parse(text));

  it('detects a repeated key, however deep', () => {
    expect(check('{"a": 1, "a": 2}')).toBe(true);
    expect(check('[[{"x": {"y": 1, "y": 1}}]]')).toBe(true);
  });

  it('is not fooled by colons and quotes inside strings', () => {
    expect(check('{"a": "b\\":", "c": "d:", "e": ["f", "g:"]}')).toBe(false);
    expect(check('{"a\\\\": "x", "b": "\\\\"}')).toBe(false);
    expect(check('{"a" : 1, "b"\n:\t2}')).toBe(false);
  });
});

describe('pointers', () => {
  it('escape ~ and / and round-trip', () => {
    expect(toPointer(['properties', 'a/b', 'c~d', 0])).toBe('/properties/a~1b/c~0d/0');
    expect(fromPointer('/properties/a~1b/c~0d/0')).toEqual(['properties', 'a/b', 'c~d', '0']);
    expect(fromPointer('')).toEqual([]);
    expect(fromPointer('/')).toEqual(['']);
    // ~01 is "~1" literally, not "/".
    expect(fromPointer('/~01')).toEqual(['~1']);
  });
});
