import { describe, expect, it } from 'vitest';
import { borderText, fitOf, pngSize } from './picture-geometry.js';

const t = (key: string, vars?: Record<string, unknown>) => `${key} ${JSON.stringify(vars)}`;

describe('the input picture geometry', () => {
  it("reads a PNG data URL's size from its header", () => {
    // The signature and IHDR of a 320×180 PNG.
    const header = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1,
      0x40, 0, 0, 0, 0xb4,
    ]);
    const url = `data:image/png;base64,${btoa(String.fromCharCode(...header))}`;
    expect(pngSize(url)).toEqual({ width: 320, height: 180 });
    expect(pngSize('data:image/jpeg;base64,AAAA')).toBeUndefined();
    expect(pngSize('data:image/png;base64,!!!')).toBeUndefined();
  });

  it('fits a picture whole and centred in a box of another aspect', () => {
    expect(fitOf({ width: 4, height: 3 }, 16 / 9)).toEqual({
      left: '12.5%',
      top: '0%',
      width: '75%',
      height: '100%',
    });
    expect(fitOf({ width: 32, height: 9 }, 16 / 9)).toEqual({
      left: '0%',
      top: '25%',
      width: '100%',
      height: '50%',
    });
  });

  it('says the border in words, rows and columns apart', () => {
    expect(borderText({ top: 7, bottom: 7, left: 0, right: 0 }, t)).toBe(
      'web_input_picture_border_rows {"rows":7}',
    );
    expect(borderText({ top: 0, bottom: 0, left: 5, right: 5 }, t)).toBe(
      'web_input_picture_border_columns {"columns":5}',
    );
    expect(borderText({ top: 2, bottom: 2, left: 5, right: 5 }, t)).toBe(
      'web_input_picture_border_both {"rows":2,"columns":5}',
    );
  });
});
