import { describe, expect, it } from 'vitest';
import { scanBase64 } from '../src/index.js';

const WORDS = 'base64 (A-Z, a-z, 0-9, + and /, padded with =)';

describe('scanBase64', () => {
  it('gives the decoded size without decoding, padded or not', () => {
    expect(scanBase64('')).toEqual({ ok: true, bytes: 0 });
    expect(scanBase64('QQ==')).toEqual({ ok: true, bytes: 1 });
    expect(scanBase64('QUI=')).toEqual({ ok: true, bytes: 2 });
    expect(scanBase64('QUJD')).toEqual({ ok: true, bytes: 3 });
    expect(scanBase64('QQ')).toEqual({ ok: true, bytes: 1 });
    expect(scanBase64('QUI')).toEqual({ ok: true, bytes: 2 });
    expect(scanBase64('+/+/')).toEqual({ ok: true, bytes: 3 });
  });

  it('agrees with Node for what Node encodes, line breaks of MIME encoders included', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 57, 58, 100]) {
      const bytes = Buffer.alloc(length, 0xa5);
      const text = bytes.toString('base64');
      expect(scanBase64(text), String(length)).toEqual({ ok: true, bytes: length });
      const wrapped = text.replace(/(.{76})/g, '$1\r\n');
      expect(scanBase64(wrapped), `wrapped ${length}`).toEqual({ ok: true, bytes: length });
    }
  });

  it('names the first character that is not base64, with its index', () => {
    expect(scanBase64('QU JD')).toEqual({
      ok: false,
      problem: `${WORDS}: " " at index 2 is not allowed`,
    });
    expect(scanBase64('QUJD-_')).toEqual({
      ok: false,
      problem: `${WORDS}: "-" at index 4 is not allowed`,
    });
    expect(scanBase64('QUé=')).toEqual({
      ok: false,
      problem: `${WORDS}: "é" at index 2 is not allowed`,
    });
    expect(scanBase64('QQ\ud800')).toEqual({
      ok: false,
      problem: `${WORDS}: "\\ud800" at index 2 is not allowed`,
    });
  });

  it('refuses padding before the end and lengths that do not make whole groups', () => {
    expect(scanBase64('QQ=A')).toEqual({
      ok: false,
      problem: `${WORDS}: "=" at index 2 is not at the end`,
    });
    for (const text of ['Q', 'QQ=', 'QQ===', 'QUJDQ', '=', 'QUJD=']) {
      expect(scanBase64(text), text).toEqual({
        ok: false,
        problem: `${WORDS}: a length of ${text.length} does not make whole groups of 4 characters`,
      });
    }
  });

  it('refuses a data: URL with a hint', () => {
    expect(scanBase64('data:image/png;base64,QUJD')).toEqual({
      ok: false,
      problem: `plain ${WORDS}, without a "data:…;base64," prefix`,
    });
  });
});
