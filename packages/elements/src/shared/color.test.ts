import { describe, expect, it } from 'vitest';
import { cssColor, hexToRgb, rgbToHex, toAlpha, toRgb } from './color.js';

describe('colour helpers', () => {
  it('converts between [r, g, b] and #rrggbb', () => {
    expect(rgbToHex([255, 0, 128])).toBe('#ff0080');
    expect(hexToRgb('#ff0080')).toEqual([255, 0, 128]);
    expect(hexToRgb('F08')).toEqual([255, 0, 136]);
    expect(hexToRgb('#ff008')).toBeUndefined();
    expect(hexToRgb('red')).toBeUndefined();
  });

  it('makes malformed values displayable: rounded, clamped, missing channels black', () => {
    expect(toRgb([300, -4, 1.6])).toEqual([255, 0, 2]);
    expect(toRgb([10])).toEqual([10, 0, 0]);
    expect(toRgb('red')).toEqual([0, 0, 0]);
    expect(rgbToHex([300, 'x' as unknown as number, 15])).toBe('#ff000f');
    expect(toAlpha(1.5)).toBe(1);
    expect(toAlpha(undefined)).toBe(1);
    expect(cssColor([1, 2, 3])).toBe('rgb(1 2 3)');
    expect(cssColor([1, 2, 3], -1)).toBe('rgb(1 2 3 / 0)');
  });
});
