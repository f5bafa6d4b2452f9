import { describe, expect, it } from 'vitest';
import { insertPhrases, placeholderText } from '../src/cli/add-phrases.js';

describe('insertPhrases', () => {
  it("inserts into a sorted file at the sorted positions, with the file's indentation", () => {
    const text = '{\n    "b": "B",\n    "d": "D"\n}\n';
    expect(
      insertPhrases(text, [
        ['e', 'E'],
        ['a', 'A'],
        ['c', 'C'],
      ]),
    ).toBe('{\n    "a": "A",\n    "b": "B",\n    "c": "C",\n    "d": "D",\n    "e": "E"\n}\n');
  });

  it('appends to an unsorted file and keeps CRLF line ends', () => {
    const text = '{\r\n  "z": "Z",\r\n  "a": "A"\r\n}';
    expect(insertPhrases(text, [['m', 'M']])).toBe(
      '{\r\n  "z": "Z",\r\n  "a": "A",\r\n  "m": "M"\r\n}',
    );
  });

  it('fills an empty object, skips existing keys and escapes text', () => {
    expect(insertPhrases('{}\n', [['k', 'say "hi"']])).toBe('{\n  "k": "say \\"hi\\""\n}\n');
    expect(insertPhrases('{"k": "v"}', [['k', 'other']])).toBe('{"k": "v"}');
  });

  it('never changes an existing phrase and keeps non-ASCII text as is', () => {
    const text = '{\n  "edt_eff_a": "Größe",\n  "edt_eff_c": "Farbe"\n}\n';
    const out = insertPhrases(text, [['edt_eff_b', placeholderText('edt_eff_b')]]);
    expect(out).toContain(
      '"edt_eff_a": "Größe",\n  "edt_eff_b": "TODO translate: B",\n  "edt_eff_c": "Farbe"',
    );
    expect(JSON.parse(out)).toEqual({
      edt_eff_a: 'Größe',
      edt_eff_b: 'TODO translate: B',
      edt_eff_c: 'Farbe',
    });
  });
});

describe('placeholderText', () => {
  it('makes a visible, readable text from the key', () => {
    expect(placeholderText('edt_eff_rotationTime')).toBe('TODO translate: Rotation time');
    expect(placeholderText('edt_append_ms')).toBe('TODO translate: Ms');
    expect(placeholderText('edt_eff_glow_header')).toBe('TODO translate: Glow');
  });
});
