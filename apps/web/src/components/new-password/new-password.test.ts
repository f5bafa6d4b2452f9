import { describe, expect, it } from 'vitest';
import { passwordStrength } from './new-password.js';

describe('passwordStrength', () => {
  it('calls a password under 8 characters short, whatever it holds', () => {
    expect(passwordStrength('')).toBe('short');
    expect(passwordStrength('Ab1!xyz')).toBe('short');
  });

  it('calls a short password of one or two kinds weak, of three fair', () => {
    expect(passwordStrength('password')).toBe('weak');
    expect(passwordStrength('password12')).toBe('weak');
    expect(passwordStrength('Password12')).toBe('fair');
  });

  it('calls long passwords strong, and 12 characters of three kinds too', () => {
    expect(passwordStrength('correct horse battery')).toBe('strong');
    expect(passwordStrength('correcthorse')).toBe('fair');
    expect(passwordStrength('Correcthors3')).toBe('strong');
    // Letters of any alphabet count as letters.
    expect(passwordStrength('Grüße aus Köln')).toBe('strong');
  });
});
