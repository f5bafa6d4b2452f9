import { describe, expect, it } from 'vitest';
import { hueColor, orderColors } from './order-colors.js';

describe('orderColors', () => {
  it('runs from red at the first LED to blue at the last', () => {
    const colors = orderColors(3);
    expect([...colors]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255]);
  });

  it('gives one LED red, and none an empty array', () => {
    expect([...orderColors(1)]).toEqual([255, 0, 0]);
    expect(orderColors(0)).toHaveLength(0);
  });

  it('makes full colours at every hue', () => {
    expect(hueColor(60)).toEqual([255, 255, 0]);
    expect(hueColor(180)).toEqual([0, 255, 255]);
    expect(hueColor(300)).toEqual([255, 0, 255]);
    expect(hueColor(360)).toEqual([255, 0, 0]);
  });
});
