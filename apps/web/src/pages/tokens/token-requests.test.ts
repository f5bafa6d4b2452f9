import { describe, expect, it } from 'vitest';
import { formatTimeLeft, requestsOf } from './token-requests.js';

describe('formatTimeLeft', () => {
  it('shows minutes and seconds, rounding up and never below zero', () => {
    expect(formatTimeLeft(180_000)).toBe('3:00');
    expect(formatTimeLeft(125_001)).toBe('2:06');
    expect(formatTimeLeft(999)).toBe('0:01');
    expect(formatTimeLeft(-5)).toBe('0:00');
  });
});

describe('requestsOf', () => {
  it('turns the server’s time left into an expiry on this clock, skipping malformed entries', () => {
    const list = [
      { comment: 'Home Assistant', id: 'a1B2c', timeout: 170_000, tan: 3 },
      { comment: 'broken', id: 5, timeout: 1 },
      null,
    ];
    expect(requestsOf(list, 1_000)).toEqual([
      { comment: 'Home Assistant', id: 'a1B2c', expiresAt: 171_000 },
    ]);
    expect(requestsOf(undefined, 0)).toEqual([]);
  });
});
