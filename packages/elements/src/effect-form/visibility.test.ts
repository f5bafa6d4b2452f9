import { describe, expect, it } from 'vitest';
import { random } from '../test-support/random.js';
import { type FormOption, VisibilityRules } from './visibility.js';

/**
 * Options with dependencies of every shape: chains, several conditions, cycles, targets that do
 * not exist, required values of several types; the values cycle through the same few.
 */
function schemaOf(next: () => number, count: number): FormOption[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const required = [true, false, 'a', 1, [1, 2]];
  return Array.from({ length: count }, (_, i) => {
    const dependencies: Record<string, unknown> = {};
    const n = pick([0, 0, 1, 1, 2, 3]);
    for (let k = 0; k < n; k++) {
      const target = next() < 0.05 ? 'missing' : `o${Math.floor(next() * count)}`;
      dependencies[target] = pick(required);
    }
    return { name: `o${i}`, schema: { type: 'boolean', options: { dependencies } } };
  });
}

describe('VisibilityRules.update', () => {
  it('gives what deciding every option again gives, after any change', () => {
    const values_ = [true, false, 'a', 1, [1, 2], 'b'];
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const options = schemaOf(next, 30);
      const rules = new VisibilityRules(options);
      const values: Record<string, unknown> = {};
      for (const o of options) values[o.name] = values_[Math.floor(next() * values_.length)];
      const visible = rules.visible(values);
      for (let step = 0; step < 25; step++) {
        const changed = [`o${Math.floor(next() * 30)}`, `o${Math.floor(next() * 30)}`];
        const before = new Set(visible);
        for (const name of changed) values[name] = values_[Math.floor(next() * values_.length)];
        const flipped = rules.update(values, visible, changed);
        const expected = rules.visible(values);
        expect([...visible].sort(), `seed ${seed}, step ${step}`).toEqual([...expected].sort());
        const reallyFlipped = options
          .map((o) => o.name)
          .filter((name) => before.has(name) !== expected.has(name));
        expect(flipped.sort(), `seed ${seed}, step ${step}`).toEqual(reallyFlipped.sort());
      }
    }
  });

  it('decides again only what depends on the change', () => {
    const options: FormOption[] = [
      { name: 'on', schema: { type: 'boolean' } },
      { name: 'a', schema: { type: 'number', options: { dependencies: { on: true } } } },
      { name: 'b', schema: { type: 'number', options: { dependencies: { a: 1 } } } },
      { name: 'other', schema: { type: 'boolean' } },
    ];
    const rules = new VisibilityRules(options);
    const values = { on: false, a: 1, b: 0, other: true };
    const visible = rules.visible(values);
    expect([...visible].sort()).toEqual(['on', 'other']);
    values.on = true;
    expect(rules.update(values, visible, ['on']).sort()).toEqual(['a', 'b']);
    expect([...visible].sort()).toEqual(['a', 'b', 'on', 'other']);
    values.other = false;
    expect(rules.update(values, visible, ['other'])).toEqual([]);
  });
});
