// Moved here from @glowkit/protocol (checks.ts), the engine, effect-schema and the web app, which
// each had their own copy.
import { describe, expect, it } from 'vitest';
import { isJsonObject, own } from './index.js';

describe('isJsonObject', () => {
  it('is true for objects only: not null, arrays or scalars', () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject({ a: 1 })).toBe(true);
    expect(isJsonObject(JSON.parse('{"__proto__": 1}'))).toBe(true);
    for (const value of [null, undefined, [], [1], 'x', 0, true]) {
      expect(isJsonObject(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('own', () => {
  it('reads own properties only, never through the prototype', () => {
    expect(own({ tan: 7 }, 'tan')).toBe(7);
    expect(own({}, 'tan')).toBeUndefined();
    expect(own({}, 'constructor')).toBeUndefined();
    expect(own({}, 'toString')).toBeUndefined();
    expect(own(JSON.parse('{"__proto__": {"a": 1}}'), '__proto__')).toEqual({ a: 1 });
  });

  it('is undefined for anything but an object', () => {
    expect(own([1, 2], 'length')).toBeUndefined();
    expect(own('text', 'length')).toBeUndefined();
    expect(own(null, 'a')).toBeUndefined();
    expect(own(undefined, 'a')).toBeUndefined();
  });
});
