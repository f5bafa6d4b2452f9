import { describe, expect, it } from 'vitest';
import {
  errorFirstLine,
  errorOnOneLine,
  escapeControlCharacters,
  readEnvelope,
  validateEffectRequest,
} from '../src/index.js';

describe('escapeControlCharacters', () => {
  it('escapes C0 and C1 controls, DEL and the line separators, nothing else', () => {
    expect(escapeControlCharacters('a\nb\r\tc')).toBe('a\\u000ab\\u000d\\u0009c');
    expect(escapeControlCharacters('\u001b[31mred')).toBe('\\u001b[31mred');
    expect(escapeControlCharacters('x\u007fy\u0085z\u009f')).toBe('x\\u007fy\\u0085z\\u009f');
    expect(escapeControlCharacters('\u2028\u2029')).toBe('\\u2028\\u2029');
    expect(escapeControlCharacters('Wohnzimmer – Ä é 😀 \u00a0')).toBe(
      'Wohnzimmer – Ä é 😀 \u00a0',
    );
  });

  it('keeps a violation on one line whatever the key holds, NEL (U+0085) included', () => {
    const request = { command: 'effect', priority: 1, effect: { name: 'x', 'a\u0085b': 1 } };
    const [described] = validateEffectRequest(request).map((v) => v.description);
    expect(described).toMatch(/^\/effect\/a\\u0085b: /);
    const envelope = readEnvelope({ command: 'serverinfo', subcommand: 'a\u0085b' });
    expect(envelope.ok ? '' : envelope.reply.errorData?.[0]?.description).toContain('"a\\u0085b"');
  });
});

describe('errorOnOneLine', () => {
  it('collapses every run of whitespace of the whole message into one space', () => {
    expect(errorOnOneLine(new Error('disk I/O error\n  at write\r\n\tagain  '))).toBe(
      'disk I/O error at write again',
    );
    expect(errorOnOneLine('a\n\nb')).toBe('a b');
    expect(errorOnOneLine(42)).toBe('42');
    expect(errorOnOneLine(new Error(''))).toBe('');
  });
});

describe('errorFirstLine', () => {
  it('keeps the first line of the message only, trimmed', () => {
    expect(errorFirstLine(new Error('Error: No such file \n    at open (x.js:1:1)'))).toBe(
      'Error: No such file',
    );
    expect(errorFirstLine('one\ntwo')).toBe('one');
    expect(errorFirstLine(new Error('\nsecond'))).toBe('');
    expect(errorFirstLine(undefined)).toBe('undefined');
  });
});
