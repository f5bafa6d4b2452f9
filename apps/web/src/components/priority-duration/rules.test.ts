import { describe, expect, it } from 'vitest';
import { durationOf, priorityDurationOf, priorityOf, secondsOf } from './rules.js';

describe('the priority', () => {
  it('is a whole number from 1 to 253', () => {
    expect(priorityOf('50')).toBe(50);
    expect(priorityOf(' 1 ')).toBe(1);
    expect(priorityOf('253')).toBe(253);
    for (const wrong of ['', '0', '254', '2.5', 'high']) expect(priorityOf(wrong)).toBeUndefined();
  });
});

describe('the duration', () => {
  it('is in seconds to the tenth, on the Effects page as on the Colour page', () => {
    expect(durationOf('2.5')).toBe(2500);
    expect(durationOf('0.1')).toBe(100);
    expect(durationOf('60')).toBe(60_000);
    expect(durationOf('2147483')).toBe(2_147_483_000);
  });

  it('is none when empty, and refused below a tenth, above the limit or finer than a tenth', () => {
    expect(durationOf('  ')).toBeNull();
    for (const wrong of ['0', '0.05', '1.25', '-1', '2147484', 'soon']) {
      expect(durationOf(wrong)).toBeUndefined();
    }
  });

  it('reads both fields at once, and shows milliseconds as seconds to the tenth', () => {
    expect(priorityDurationOf('50', '')).toEqual({ priority: 50 });
    expect(priorityDurationOf('60', '1.5')).toEqual({ priority: 60, durationMs: 1500 });
    expect(priorityDurationOf('0', '1.5')).toBeUndefined();
    expect(priorityDurationOf('60', '0')).toBeUndefined();
    expect(secondsOf(2500)).toBe(2.5);
    expect(secondsOf(27_834)).toBe(27.8);
  });
});
