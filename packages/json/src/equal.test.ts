// Moved here with jsonEqual: the assertions of the web app's two copies (setup-data.test.ts and
// config-diff.test.ts, where it was sameJson) and of effect-schema's uniqueItems.
import { describe, expect, it } from 'vitest';
import { jsonEqual } from './index.js';

describe('jsonEqual', () => {
  it('ignores the order of object keys', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(
      true,
    );
    expect(jsonEqual({}, {})).toBe(true);
    expect(jsonEqual([], [])).toBe(true);
    expect(jsonEqual('x', 'x')).toBe(true);
    expect(jsonEqual(null, null)).toBe(true);
  });

  it('tells values, array lengths and orders, and types apart', () => {
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(1, '1')).toBe(false);
    expect(jsonEqual([[1]], [[2]])).toBe(false);
  });

  it('compares own keys only', () => {
    expect(jsonEqual({ constructor: 1 }, {})).toBe(false);
    expect(jsonEqual({}, { toString: 1 })).toBe(false);
  });
});
