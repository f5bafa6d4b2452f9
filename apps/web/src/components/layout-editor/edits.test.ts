import { describe, expect, it } from 'vitest';
import { DEFAULT_CLASSIC, type LedArea } from '../layout-generator/layouts.js';
import {
  identifyColors,
  movedCorners,
  moveLed,
  resizeLed,
  setLedEdge,
  UndoHistory,
} from './edits.js';

const leds: LedArea[] = [
  { hmin: 0, hmax: 0.1, vmin: 0, vmax: 0.08 },
  { hmin: 0.1, hmax: 0.2, vmin: 0, vmax: 0.08 },
];

describe('moveLed', () => {
  it('moves one LED, its size kept, and leaves the given layout alone', () => {
    const moved = moveLed(leds, 1, 0.05, 0.5);
    expect(moved[1]).toEqual({ hmin: 0.15, hmax: 0.25, vmin: 0.5, vmax: 0.58 });
    expect(moved[0]).toBe(leds[0]);
    expect(leds[1]).toEqual({ hmin: 0.1, hmax: 0.2, vmin: 0, vmax: 0.08 });
  });

  it('stops at the picture’s edge', () => {
    expect(moveLed(leds, 0, -0.5, 2)[0]).toEqual({ hmin: 0, hmax: 0.1, vmin: 0.92, vmax: 1 });
  });

  it('keeps other keys of the LED', () => {
    const withOrder = [{ ...leds[0], colorOrder: 'grb' } as LedArea];
    expect(moveLed(withOrder, 0, 0.1, 0)[0]).toMatchObject({ colorOrder: 'grb', hmin: 0.1 });
  });
});

describe('resizeLed', () => {
  it('moves the right and bottom edges, the top left corner kept', () => {
    expect(resizeLed(leds, 0, 0.1, 0.02)[0]).toEqual({ hmin: 0, hmax: 0.2, vmin: 0, vmax: 0.1 });
    expect(resizeLed(leds, 1, -1, 2)[1]).toEqual({ hmin: 0.1, hmax: 0.11, vmin: 0, vmax: 1 });
  });
});

describe('setLedEdge', () => {
  it('sets an edge, inside the picture and never past the opposite edge', () => {
    expect(setLedEdge(leds, 0, 'hmax', 0.3)[0]).toMatchObject({ hmin: 0, hmax: 0.3 });
    expect(setLedEdge(leds, 0, 'vmax', 7)[0]).toMatchObject({ vmax: 1 });
    expect(setLedEdge(leds, 1, 'hmin', 0.5)[1]).toMatchObject({ hmin: 0.19, hmax: 0.2 });
    expect(setLedEdge(leds, 0, 'vmin', -1)[0]).toMatchObject({ vmin: 0 });
  });

  it('ignores a value that is not a number', () => {
    expect(setLedEdge(leds, 0, 'hmin', Number.NaN)).toEqual(leds);
  });
});

describe('identifyColors', () => {
  it('lights the one LED white and the others black, a colour for each LED', () => {
    expect(identifyColors(3, 1)).toEqual([0, 0, 0, 255, 255, 255, 0, 0, 0]);
    expect(identifyColors(2, 3)).toHaveLength(12);
  });
});

describe('UndoHistory', () => {
  it('gives the states back newest first, and keeps at most its limit', () => {
    const history = new UndoHistory(2);
    for (const n of [1, 2, 3])
      history.push({ leds: leds.slice(0, n > 1 ? 2 : 1), spec: undefined });
    expect(history.size).toBe(2);
    expect(history.pop()?.leds).toHaveLength(2);
    expect(history.pop()?.leds).toHaveLength(2);
    expect(history.pop()).toBeUndefined();
  });
});

describe('movedCorners', () => {
  const frame = { kind: 'classic' as const, ...DEFAULT_CLASSIC };

  it('moves the corners given, in whole percent, inside the picture', () => {
    const moved = movedCorners(frame, [1], -0.104, 0.096);
    expect([moved.ptrh, moved.ptrv]).toEqual([90, 10]);
    expect([moved.ptlh, moved.pbrh]).toEqual([0, 100]);
    const edge = movedCorners(frame, [3, 0], -0.2, 0);
    expect([edge.pblh, edge.ptlh, edge.pblv]).toEqual([0, 0, 100]);
    expect(movedCorners(frame, [3, 0], 0.05, 0).ptlh).toBe(5);
  });
});
