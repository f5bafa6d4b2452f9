import { describe, expect, it } from 'vitest';
import { excessDepthAt, valueDeeperThan } from './depth.js';
import { positionAt } from './position.js';

describe('valueDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(valueDeeperThan(7, 0)).toBe(false);
    expect(valueDeeperThan([], 0)).toBe(true);
    expect(valueDeeperThan([], 1)).toBe(false);
    expect(valueDeeperThan({ a: [1, { b: 'x' }] }, 3)).toBe(false);
    expect(valueDeeperThan({ a: [1, { b: 'x' }] }, 2)).toBe(true);
    expect(valueDeeperThan([[], [[[]]], []], 3)).toBe(true);
  });

  it('walks a value of a million levels without exhausting the stack', () => {
    const deep = JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    expect(valueDeeperThan(deep, 64)).toBe(true);
  });
});

describe('excessDepthAt', () => {
  it('finds the bracket that goes too deep, ignoring brackets in strings', () => {
    expect(excessDepthAt('[["[[[", [[1]]]]', 3)).toBe(10);
    expect(excessDepthAt('[["\\"[[[", [1]]]', 3)).toBe(-1);
  });
});

describe('positionAt', () => {
  it('counts LF, CR LF and a lone CR as one line break each', () => {
    expect(positionAt('a\nb\r\nc\rd', 7)).toEqual({ offset: 7, line: 4, column: 1 });
    expect(positionAt('a\r\nb', 2)).toEqual({ offset: 2, line: 1, column: 3 });
  });
});
