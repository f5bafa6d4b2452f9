/**
 * Where the generator's inputs are kept between visits: in the instance's `ledConfig` group, under
 * a key of Glowkit's own. Hyperion.ng's `ledConfig` allows keys it does not know at its top level
 * (its own generator keeps `classic` and `matrix` there, which are left alone), so a backup with
 * it still restores there. The inputs only count while they still make the stored `leds`: a
 * layout changed since (by a restore, another client) is shown as it is instead.
 */
import { isJsonObject } from '@glowkit/protocol';
import {
  type ClassicFrame,
  CORNERS,
  DEFAULT_CLASSIC,
  DEFAULT_MATRIX,
  generateLayout,
  type LayoutSpec,
  type LedArea,
  type Matrix,
} from './layouts.js';

/** The key of `ledConfig` the generator's inputs are kept under. */
export const SPEC_KEY = 'glowkitGenerator';

/** Copies the keys of `defaults` from `given` where they have the same type. */
function fill<T extends object>(defaults: T, given: Record<string, unknown>): T {
  const out = { ...defaults } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults)) {
    if (typeof given[key] === typeof fallback) out[key] = given[key];
  }
  return out as T;
}

/** The generator's inputs kept in a `ledConfig` group, if it holds any readable ones. */
export function storedSpec(ledConfig: unknown): LayoutSpec | undefined {
  if (!isJsonObject(ledConfig)) return undefined;
  const stored = ledConfig[SPEC_KEY];
  if (!isJsonObject(stored)) return undefined;
  if (!CORNERS.includes(stored.start as never)) return undefined;
  if (stored.kind === 'classic') {
    const frame = fill<ClassicFrame>(DEFAULT_CLASSIC, stored);
    if (frame.direction !== 'clockwise' && frame.direction !== 'counterclockwise') return undefined;
    return { kind: 'classic', ...frame };
  }
  if (stored.kind === 'matrix') {
    const matrix = fill<Matrix>(DEFAULT_MATRIX, stored);
    if (matrix.order !== 'rows' && matrix.order !== 'columns') return undefined;
    return { kind: 'matrix', ...matrix };
  }
  return undefined;
}

/** `ledConfig` with the generator's inputs put in; every other key kept as it was. */
export function withSpec(ledConfig: unknown, spec: LayoutSpec): Record<string, unknown> {
  return { ...(isJsonObject(ledConfig) ? ledConfig : {}), [SPEC_KEY]: { ...spec } };
}

/** Whether two layouts are the same LEDs in the same order (other per-LED keys aside). */
export function sameLayout(a: readonly LedArea[], b: readonly LedArea[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((led, i) => {
    const other = b[i] as LedArea;
    return (
      led.hmin === other.hmin &&
      led.hmax === other.hmax &&
      led.vmin === other.vmin &&
      led.vmax === other.vmax
    );
  });
}

/** The stored inputs if they still make `leds`; else undefined (the layout was changed since). */
export function specMakingLayout(
  ledConfig: unknown,
  leds: readonly LedArea[],
): LayoutSpec | undefined {
  const spec = storedSpec(ledConfig);
  if (!spec) return undefined;
  const made = generateLayout(spec);
  return made.ok && sameLayout(made.leds, leds) ? spec : undefined;
}
