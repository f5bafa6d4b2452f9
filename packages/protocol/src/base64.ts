import type { Check } from './checks.js';
import { quote, type Violation, violation } from './violations.js';

/**
 * The most bytes a base64 image of a request may decode to: 16 MiB. A raw RGB image of the
 * largest size Glowkit takes (2000 × 2000 pixels) is 12 000 000 bytes.
 */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

/** What {@link scanBase64} found: the number of bytes the text decodes to, or what is wrong. */
export type Base64Scan = { ok: true; bytes: number } | { ok: false; problem: string };

const BASE64_WORDS = 'base64 (A-Z, a-z, 0-9, + and /, padded with =)';

// Character classes by code unit: 1 for the alphabet, 2 for line breaks (MIME encoders such as
// Python's base64.encodebytes wrap lines; Hyperion.ng's decoder skips them too).
const CLASS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') {
  CLASS[c.charCodeAt(0)] = 1;
}
CLASS[10] = 2;
CLASS[13] = 2;
const PAD = 61; // '='

/**
 * Scans base64 text without decoding it: the standard alphabet, `=` padding (optional, but when
 * present the text comes in whole groups of 4), line breaks allowed anywhere. Hyperion.ng's
 * decoder skips whatever is not base64 and decodes the rest, so a `data:` URL or a stray
 * character becomes a corrupt image there; here it is a problem named with its position.
 *
 * @param text - the base64 text, e.g. a request's `imagedata`.
 * @returns the decoded size in bytes, or the problem in words that follow "must be".
 */
export function scanBase64(text: string): Base64Scan {
  if (text.startsWith('data:')) {
    return { ok: false, problem: `plain ${BASE64_WORDS}, without a "data:…;base64," prefix` };
  }
  let digits = 0;
  let padding = 0;
  let firstPad = -1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const kind = code < 128 ? CLASS[code] : 0;
    if (kind === 2) continue;
    if (code === PAD) {
      if (padding === 0) firstPad = index;
      padding += 1;
    } else if (kind !== 1) {
      const found = quote(text[index] ?? '');
      return { ok: false, problem: `${BASE64_WORDS}: ${found} at index ${index} is not allowed` };
    } else if (padding > 0) {
      return { ok: false, problem: `${BASE64_WORDS}: "=" at index ${firstPad} is not at the end` };
    } else {
      digits += 1;
    }
  }
  const groupsComplete = padding === 0 ? digits % 4 !== 1 : (digits + padding) % 4 === 0;
  if (padding > 2 || !groupsComplete) {
    return {
      ok: false,
      problem: `${BASE64_WORDS}: a length of ${digits + padding} does not make whole groups of 4 characters`,
    };
  }
  return { ok: true, bytes: Math.floor((digits * 3) / 4) };
}

/**
 * Checks that `value` is base64 text (see {@link scanBase64}) that decodes to at most `maxBytes`
 * bytes, appending the violation to `out` when it is not.
 *
 * @returns the decoded size in bytes when the value is valid, else undefined.
 */
export function readBase64(
  value: unknown,
  pointer: string,
  out: Violation[],
  maxBytes: number,
): number | undefined {
  if (typeof value !== 'string') {
    out.push(violation(pointer, `must be a string of ${BASE64_WORDS}`));
    return undefined;
  }
  const scan = scanBase64(value);
  if (!scan.ok) {
    out.push(violation(pointer, `must be ${scan.problem}`));
    return undefined;
  }
  if (scan.bytes > maxBytes) {
    const rule = `must decode to at most ${maxBytes} bytes; this decodes to ${scan.bytes}`;
    out.push(violation(pointer, rule));
    return undefined;
  }
  return scan.bytes;
}

/**
 * A check that the value is base64 text that decodes to at most `maxBytes` bytes (see
 * {@link readBase64}). The empty string is valid: it decodes to nothing.
 *
 * @param maxBytes - the largest decoded size, e.g. {@link MAX_IMAGE_BYTES}.
 */
export function base64(maxBytes: number): Check {
  return (value, pointer, out) => {
    readBase64(value, pointer, out, maxBytes);
  };
}
