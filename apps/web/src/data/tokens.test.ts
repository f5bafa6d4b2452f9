import { describe, expect, it } from 'vitest';
import { requestsOf } from './tokens.js';

describe('requestsOf', () => {
  it('turns the server’s time left into an expiry on this clock', () => {
    const list = [{ comment: 'Home Assistant', id: 'a1B2c', timeout: 170_000, tan: 3 }];
    expect(requestsOf(list, 1_000)).toEqual([
      { comment: 'Home Assistant', id: 'a1B2c', expiresAt: 171_000 },
    ]);
    expect(requestsOf([], 0)).toEqual([]);
  });
});
