import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './time-left.js';

describe('formatTimeLeft', () => {
  it('shows minutes and seconds, rounding up and never below zero', () => {
    expect(formatTimeLeft(180_000)).toBe('3:00');
    expect(formatTimeLeft(125_001)).toBe('2:06');
    expect(formatTimeLeft(999)).toBe('0:01');
    expect(formatTimeLeft(-5)).toBe('0:00');
  });
});
