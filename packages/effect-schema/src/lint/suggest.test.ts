// editDistance and suggest are the one "did you mean" of Glowkit: the linter's rules and the
// engine's check of effect args both use them.
import { describe, expect, it } from 'vitest';
import { editDistance, suggest } from '../index.js';

describe('editDistance', () => {
  it('counts inserts, deletes and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('speed', 'speed')).toBe(0);
    expect(editDistance('sped', 'speed')).toBe(1);
    expect(editDistance('speed', 'spend')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('counts a swap of two adjacent characters as one edit', () => {
    expect(editDistance('lenght', 'length')).toBe(1);
    expect(editDistance('spede', 'speed')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
  });
});

describe('suggest', () => {
  const names = ['speed', 'fade-time', 'smoothing-custom-settings', 'trail-length'];

  it('finds a name that differs in case, or in - and _ only', () => {
    expect(suggest('SPEED', names)).toBe('speed');
    expect(suggest('fade_time', names)).toBe('fade-time');
    expect(suggest('smoothingCustomSettings', names)).toBe('smoothing-custom-settings');
  });

  it('allows one edit per four characters, at least one and at most three', () => {
    expect(suggest('sped', names)).toBe('speed');
    expect(suggest('spede', names)).toBe('speed');
    expect(suggest('trail-lenght', names)).toBe('trail-length');
    expect(suggest('trial-lenhgt', names)).toBe('trail-length');
    expect(suggest('spd', names)).toBeUndefined();
    expect(suggest('volume', names)).toBeUndefined();
    expect(suggest('x', [])).toBeUndefined();
  });
});
