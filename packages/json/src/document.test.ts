import { describe, expect, it } from 'vitest';
import {
  escapePointerToken,
  fromPointer,
  hasDuplicateKeys,
  JsonDocument,
  type ParsedJson,
  parseJson,
  toPointer,
  unescapePointerToken,
} from './index.js';

function ok(text: string): Extract<ParsedJson, { ok: true }> {
  const parsed = parseJson(text, { ignoreByteOrderMark: true });
  if (!parsed.ok) throw new Error(`expected valid JSON: ${parsed.error.message}`);
  return parsed;
}

const at = (p: { line: number; column: number }) => `${p.line}:${p.column}`;

describe('JsonDocument.tree', () => {
  it('records where values and keys sit', () => {
    const tree = new JsonDocument('{"a": [1, "x"], "b\\u0041": null}').tree;
    expect(tree).toMatchObject({ start: 0, end: 32 });
    expect(tree.members?.map(([key, node]) => [key, node.keyStart, node.start, node.end])).toEqual([
      ['a', 1, 6, 14],
      ['bA', 16, 27, 31],
    ]);
    expect(tree.members?.[0]?.[1].items?.map((n) => [n.start, n.end])).toEqual([
      [7, 8],
      [10, 13],
    ]);
  });

  it('throws a one-line SyntaxError for text that is not JSON', () => {
    expect(() => new JsonDocument('{\n  "a": }').tree).toThrow(
      new SyntaxError("expected a value, found '}' at line 2, column 8"),
    );
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
    // The same answer from the location tree (a document made without the parsed value).
    expect(at(new JsonDocument('{"a": 1,\n "a": 2}').locate('/a'))).toBe('2:7');
  });

  it('counts positions after an ignored byte-order mark', () => {
    expect(at(ok('\uFEFF{\n  "a": 1\n}').document.locate('/a', 'key'))).toBe('2:3');
  });
});

describe('JsonDocument.duplicateKeys', () => {
  it('lists each later occurrence with its pointer and both key positions', () => {
    const doc = ok(
      '{\n  "properties": {\n    "speed": {"default": 1, "default": 2},\n    "speed": {}\n  }\n}',
    ).document;
    expect(doc.duplicateKeys().map((d) => `${d.pointer} ${at(d.position)}`)).toEqual([
      '/properties/speed/default 3:29',
      '/properties/speed 4:5',
    ]);
    expect(doc.duplicateKeys().map((d) => at(d.first))).toEqual(['3:15', '3:5']);
  });

  it('looks inside arrays and ignores equal keys in different objects', () => {
    const doc = ok(
      '[{"a": 1, "b": 2}, {"a": 1}, {"x": {"a": 1}, "a": 2}, {"k": 1, "k": 2}]',
    ).document;
    expect(doc.duplicateKeys().map((d) => d.pointer)).toEqual(['/3/k']);
  });

  it('reports a third occurrence against the first', () => {
    const doc = ok('{"k": 1, "k": 2, "k": 3}').document;
    expect(doc.duplicateKeys().map((d) => `${at(d.position)} first ${at(d.first)}`)).toEqual([
      '1:10 first 1:2',
      '1:18 first 1:2',
    ]);
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
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c');
    expect(unescapePointerToken('a~1b~0c')).toBe('a/b~c');
    expect(unescapePointerToken('~01')).toBe('~1');
  });
});
