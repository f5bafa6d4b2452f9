import { describe, expect, it } from 'vitest';
import { RECENT_MAX, recentColours, rememberColour } from './recent-colours.js';

/** A storage as the browser's local storage behaves: strings by key. */
function storage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('recent colours', () => {
  it('keeps the newest first, each once, at most RECENT_MAX', () => {
    const kept = storage();
    expect(recentColours(kept)).toEqual([]);
    rememberColour(kept, [255, 0, 0]);
    rememberColour(kept, [0, 255, 0]);
    rememberColour(kept, [255, 0, 0]);
    expect(recentColours(kept)).toEqual([
      [255, 0, 0],
      [0, 255, 0],
    ]);
    for (let i = 0; i < RECENT_MAX + 2; i += 1) rememberColour(kept, [i, i, i]);
    const list = recentColours(kept);
    expect(list).toHaveLength(RECENT_MAX);
    expect(list[0]).toEqual([RECENT_MAX + 1, RECENT_MAX + 1, RECENT_MAX + 1]);
  });

  it('reads nothing from what it did not write', () => {
    expect(recentColours(storage({ 'glowkit.colour.recent': 'not json' }))).toEqual([]);
    expect(recentColours(storage({ 'glowkit.colour.recent': '{"a":1}' }))).toEqual([]);
    expect(
      recentColours(storage({ 'glowkit.colour.recent': '[[1,2,3],[1,2],[300,0,0],"x"]' })),
    ).toEqual([[1, 2, 3]]);
  });
});
