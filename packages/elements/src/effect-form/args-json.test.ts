import { describe, expect, it } from 'vitest';
import { random } from '../test-support/random.js';
import { ArgsJson } from './args-json.js';

/** Values of every kind an option can hold, and some no option holds but JSON has rules for. */
const samples: unknown[] = [
  true,
  false,
  0,
  -0,
  3.25,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'say "hi"\n\\ é 🌈',
  null,
  undefined,
  [255, 0, 128],
  [[1, 2, 3], []],
  { a: 1, b: [true] },
  () => 1,
];
/** Keys in an order JSON.stringify changes: integer-like keys come first, in ascending order. */
const keys = ['rotation-time', '10', 'center_x', '2', 'say "hi"', 'colors', 'smoothing-time_ms'];

describe('ArgsJson', () => {
  it('gives what JSON.stringify gives, after any sequence of changes', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const next = random(seed);
      const pick = () => samples[Math.floor(next() * samples.length)];
      const values: Record<string, unknown> = {};
      for (const key of keys) if (next() < 0.8) values[key] = pick();
      const json = new ArgsJson();
      json.reset(values);
      expect(json.text, `seed ${seed}`).toBe(JSON.stringify(values));
      for (let step = 0; step < 20; step++) {
        // Mostly known keys; now and then one the args did not have (a new member).
        const changed = Array.from({ length: 1 + Math.floor(next() * 2) }, () =>
          next() < 0.1 ? `new-${step}` : (keys[Math.floor(next() * keys.length)] as string),
        );
        for (const key of changed) values[key] = pick();
        json.update(values, changed);
        expect(json.text, `seed ${seed}, step ${step}`).toBe(JSON.stringify(values));
      }
    }
  });

  it('is an empty object before any values', () => {
    expect(new ArgsJson().text).toBe('{}');
  });
});
