import { describe, expect, it } from 'vitest';
import { humanize } from './translate.js';

describe('humanize', () => {
  it.each([
    ['rotation-time', 'Rotation time'],
    ['center_x2', 'Center x2'],
    ['smoothing-time_ms', 'Smoothing time ms'],
    ['smoothing-updateFrequency', 'Smoothing update frequency'],
    ['randomCenter', 'Random center'],
    ['ABC', 'Abc'],
    ['x2Y', 'X2y'],
    ['--speed__', 'Speed'],
    ['a -b', 'A  b'],
    ['-', '-'],
  ])('shows %s as %s', (name, shown) => {
    expect(humanize(name)).toBe(shown);
  });

  it('reads every name as the regular expressions it replaced did', () => {
    // The earlier implementation, as the reference for names of every shape.
    const reference = (name: string) => {
      const words = name
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .trim()
        .toLowerCase();
      return words ? (words[0] as string).toUpperCase() + words.slice(1) : name;
    };
    const alphabet = ['a', 'B', '-', '_', ' ', '2', 'é'];
    let checked = 0;
    for (const a of alphabet)
      for (const b of alphabet)
        for (const c of alphabet)
          for (const d of alphabet) {
            const name = a + b + c + d;
            expect(humanize(name), name).toBe(reference(name));
            checked += 1;
          }
    expect(checked).toBe(alphabet.length ** 4);
  });
});
