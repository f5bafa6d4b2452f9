import { describe, expect, it } from 'vitest';
import { classicLayout, DEFAULT_CLASSIC, DEFAULT_MATRIX, matrixLayout } from './layouts.js';
import { SPEC_KEY, sameLayout, specMakingLayout, storedSpec, withSpec } from './stored-spec.js';

const classic = { kind: 'classic' as const, ...DEFAULT_CLASSIC, top: 20, bottom: 20 };
const matrix = { kind: 'matrix' as const, ...DEFAULT_MATRIX, width: 8, height: 4 };

describe('storedSpec and withSpec', () => {
  it('keeps the inputs in ledConfig beside Hyperion.ng’s own keys', () => {
    const ledConfig = { classic: { top: 1 }, ledBlacklist: [{ start: 0, num: 1 }] };
    const stored = withSpec(ledConfig, classic);
    expect(stored.classic).toEqual({ top: 1 });
    expect(stored.ledBlacklist).toEqual([{ start: 0, num: 1 }]);
    expect(storedSpec(stored)).toEqual(classic);
    expect(storedSpec(withSpec(undefined, matrix))).toEqual(matrix);
  });

  it('reads nothing from missing or broken inputs, and fills missing keys with defaults', () => {
    expect(storedSpec(undefined)).toBeUndefined();
    expect(storedSpec({ [SPEC_KEY]: { kind: 'spiral', start: 'top-left' } })).toBeUndefined();
    expect(storedSpec({ [SPEC_KEY]: { kind: 'classic', start: 'middle' } })).toBeUndefined();
    expect(storedSpec({ [SPEC_KEY]: { kind: 'classic', start: 'top-left', top: '3' } })).toEqual({
      kind: 'classic',
      ...DEFAULT_CLASSIC,
      start: 'top-left',
    });
  });
});

describe('specMakingLayout', () => {
  it('gives the inputs only while they still make the stored layout', () => {
    const { kind: _, ...frame } = classic;
    const leds = classicLayout(frame);
    const ledConfig = withSpec({}, classic);
    expect(specMakingLayout(ledConfig, leds)).toEqual(classic);
    expect(specMakingLayout(ledConfig, leds.slice(1))).toBeUndefined();
    const { kind: __, ...m } = matrix;
    expect(specMakingLayout(withSpec({}, matrix), matrixLayout(m))).toEqual(matrix);
  });

  it('compares LED areas, other per-LED keys aside', () => {
    expect(
      sameLayout(
        [{ hmin: 0, hmax: 1, vmin: 0, vmax: 1 }],
        [{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.5 }],
      ),
    ).toBe(false);
  });
});
