/**
 * What the layout editor does to a layout, as plain functions: move or resize one LED's area,
 * set one of its edges, the colours that light one LED alone (identify), and the undo history.
 * Every function returns a new layout; the one given is never changed (undo keeps old ones).
 */
import { CORNER_KEYS, type LayoutSpec, type LedArea } from '../layout-generator/layouts.js';

/** One edge of an LED's area, as Hyperion.ng names it. */
export type LedEdge = 'hmin' | 'hmax' | 'vmin' | 'vmax';

/** The four edges, in the order the editor shows their fields. */
export const LED_EDGES: readonly LedEdge[] = ['hmin', 'hmax', 'vmin', 'vmax'];

/** The smallest side an LED's area keeps while it is resized (a hundredth of the picture). */
export const MIN_SIDE = 0.01;

/** Four decimals, as the generator writes them: a saved layout stays readable. */
function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}

const clamp = (value: number, low: number, high: number): number =>
  Math.min(high, Math.max(low, value));

/** `leds` with LED `index` replaced by `led` (rounded); the others are the same objects. */
function replaced(leds: readonly LedArea[], index: number, led: LedArea): LedArea[] {
  const out = [...leds];
  out[index] = {
    ...leds[index],
    hmin: round(led.hmin),
    hmax: round(led.hmax),
    vmin: round(led.vmin),
    vmax: round(led.vmax),
  };
  return out;
}

/**
 * Moves LED `index` by `dx`, `dy` (fractions of the picture), its size kept: it stops at the
 * picture's edge rather than shrinking.
 */
export function moveLed(
  leds: readonly LedArea[],
  index: number,
  dx: number,
  dy: number,
): LedArea[] {
  const led = leds[index];
  if (!led) return [...leds];
  const w = led.hmax - led.hmin;
  const h = led.vmax - led.vmin;
  const hmin = clamp(led.hmin + dx, 0, 1 - w);
  const vmin = clamp(led.vmin + dy, 0, 1 - h);
  return replaced(leds, index, { hmin, hmax: hmin + w, vmin, vmax: vmin + h });
}

/**
 * Moves the right and bottom edges of LED `index` by `dx`, `dy` (fractions of the picture): the
 * LED grows or shrinks from its top left corner, kept inside the picture and at least
 * {@link MIN_SIDE} wide and high.
 */
export function resizeLed(
  leds: readonly LedArea[],
  index: number,
  dx: number,
  dy: number,
): LedArea[] {
  const led = leds[index];
  if (!led) return [...leds];
  const wider = setLedEdge(leds, index, 'hmax', led.hmax + dx);
  return setLedEdge(wider, index, 'vmax', led.vmax + dy);
}

/**
 * Sets one edge of LED `index` to `value`, kept inside the picture and at least {@link MIN_SIDE}
 * from the opposite edge (a min never passes its max).
 */
export function setLedEdge(
  leds: readonly LedArea[],
  index: number,
  edge: LedEdge,
  value: number,
): LedArea[] {
  const led = leds[index];
  if (!led || !Number.isFinite(value)) return [...leds];
  const next = { ...led };
  switch (edge) {
    case 'hmin':
      next.hmin = clamp(value, 0, led.hmax - MIN_SIDE);
      break;
    case 'hmax':
      next.hmax = clamp(value, led.hmin + MIN_SIDE, 1);
      break;
    case 'vmin':
      next.vmin = clamp(value, 0, led.vmax - MIN_SIDE);
      break;
    case 'vmax':
      next.vmax = clamp(value, led.vmin + MIN_SIDE, 1);
      break;
  }
  return replaced(leds, index, next);
}

/**
 * The `color` list that lights LED `index` white and every other of `count` LEDs black: a
 * colour for each LED, so that the server does not repeat it along the strip.
 */
export function identifyColors(count: number, index: number): number[] {
  const colors = new Array<number>(Math.max(count, index + 1) * 3).fill(0);
  colors.fill(255, index * 3, index * 3 + 3);
  return colors;
}

/**
 * A frame with corners `corners` (indices into CORNER_KEYS) moved by `dx`, `dy` (fractions of
 * the picture), in whole percent inside the picture, as Hyperion.ng keeps them.
 */
export function movedCorners(
  spec: LayoutSpec & { kind: 'classic' },
  corners: readonly number[],
  dx: number,
  dy: number,
): LayoutSpec & { kind: 'classic' } {
  const out = { ...spec };
  for (const i of corners) {
    const [h, v] = CORNER_KEYS[i] as (typeof CORNER_KEYS)[number];
    out[h] = Math.min(100, Math.max(0, Math.round(spec[h] + dx * 100)));
    out[v] = Math.min(100, Math.max(0, Math.round(spec[v] + dy * 100)));
  }
  return out;
}

/** A state of the editor: the layout and the generator's inputs that made it (if any). */
export interface LayoutState {
  leds: LedArea[];
  spec: LayoutSpec | undefined;
}

/** The editor's undo history: the states before each edit, newest last, at most `limit`. */
export class UndoHistory {
  readonly #states: LayoutState[] = [];
  readonly #limit: number;

  constructor(limit = 200) {
    this.#limit = limit;
  }

  /** Keeps `state`, the one before an edit. */
  push(state: LayoutState): void {
    this.#states.push(state);
    if (this.#states.length > this.#limit) this.#states.shift();
  }

  /** The state before the last edit, taken off the history; undefined when there is none. */
  pop(): LayoutState | undefined {
    return this.#states.pop();
  }

  /** How many edits can be undone. */
  get size(): number {
    return this.#states.length;
  }

  /** Forgets every state (the editor starts afresh from a stored layout). */
  clear(): void {
    this.#states.length = 0;
  }
}
