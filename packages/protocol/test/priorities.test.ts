import { describe, expect, it } from 'vitest';
import {
  MAX_PRIORITY,
  MIN_PRIORITY,
  PRIORITY,
  validateClearRequest,
  validateColorRequest,
} from '../src/index.js';

describe('PRIORITY', () => {
  it('declares the muxer’s priorities once: 1 boot effect, 253 last for clients, 254 background, 255 last', () => {
    expect(PRIORITY).toEqual({ FOREGROUND: 1, MAX_CLIENT: 253, BACKGROUND: 254, LOWEST: 255 });
    expect([MIN_PRIORITY, MAX_PRIORITY]).toEqual([PRIORITY.FOREGROUND, PRIORITY.MAX_CLIENT]);
  });

  it('is what the validators let a client set: the background’s priority is refused', () => {
    const color = (priority: number) => ({ command: 'color', priority, color: [1, 2, 3] });
    expect(validateColorRequest(color(MIN_PRIORITY))).toEqual([]);
    expect(validateColorRequest(color(MAX_PRIORITY))).toEqual([]);
    expect(validateColorRequest(color(PRIORITY.BACKGROUND)).map((v) => v.description)).toEqual([
      '/priority: must be an integer from 1 to 253',
    ]);
    expect(validateClearRequest({ command: 'clear', priority: PRIORITY.BACKGROUND })).toHaveLength(
      1,
    );
  });
});
