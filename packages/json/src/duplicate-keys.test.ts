/**
 * The fast duplicate-key check (a count of key colons against the parsed value) must agree with
 * the location tree on any JSON, including strings full of quotes, backslashes and colons.
 */
import { describe, expect, it } from 'vitest';
import { hasDuplicateKeys, JsonDocument } from './index.js';

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tricky = [
  'a',
  'b',
  ':',
  '":',
  '\\',
  '\\"',
  ' : ',
  '" :',
  'x\\\\',
  '{',
  '}',
  '[',
  ']',
  ',',
  'ü',
  '"',
];

function text(rnd: () => number): string {
  let s = '';
  const n = Math.floor(rnd() * 5);
  for (let i = 0; i < n; i++) s += tricky[Math.floor(rnd() * tricky.length)];
  return s;
}

function space(rnd: () => number): string {
  return [' ', '', '\n  ', '\t', '  '][Math.floor(rnd() * 5)] as string;
}

/** Random JSON text; objects sometimes repeat a key. */
function document(rnd: () => number, depth = 0): string {
  const pick = rnd();
  if (depth > 3 || pick < 0.3) {
    const scalar = rnd();
    if (scalar < 0.5) return JSON.stringify(text(rnd));
    if (scalar < 0.8) return String(Math.round(rnd() * 1000) / 10);
    return ['true', 'false', 'null'][Math.floor(rnd() * 3)] as string;
  }
  if (pick < 0.55) {
    const items = Array.from({ length: Math.floor(rnd() * 4) }, () => document(rnd, depth + 1));
    return `[${space(rnd)}${items.join(`,${space(rnd)}`)}${space(rnd)}]`;
  }
  const keys = Array.from({ length: Math.floor(rnd() * 5) }, () => text(rnd));
  if (keys.length > 0 && rnd() < 0.2) keys.push(keys[0] as string);
  const members = keys.map(
    (k) => `${JSON.stringify(k)}${space(rnd)}:${space(rnd)}${document(rnd, depth + 1)}`,
  );
  return `{${space(rnd)}${members.join(`,${space(rnd)}`)}${space(rnd)}}`;
}

describe('hasDuplicateKeys', () => {
  it('agrees with the location tree on 3,000 random documents', () => {
    const rnd = random(20261122);
    let withDuplicates = 0;
    for (let i = 0; i < 3000; i++) {
      const source = document(rnd);
      const value: unknown = JSON.parse(source);
      const expected = new JsonDocument(source).duplicateKeys().length > 0;
      if (expected) withDuplicates++;
      expect({ source, duplicates: hasDuplicateKeys(source, value) }).toEqual({
        source,
        duplicates: expected,
      });
    }
    // The generator must really exercise both outcomes.
    expect(withDuplicates).toBeGreaterThan(100);
  });
});
