import { describe, expect, it } from 'vitest';
import {
  backlightFloor,
  brightnessComponents,
  gammaTable,
  okhsvToSrgb,
  RgbTransform,
  srgbToOkhsv,
  type TransformSettings,
} from './rgb-transform.js';

/** Linear gamma, full brightness without compensation, 6600 K, no backlight: near identity. */
const plain: TransformSettings = {
  white: [255, 255, 255],
  red: [255, 0, 0],
  green: [0, 255, 0],
  blue: [0, 0, 255],
  cyan: [0, 255, 255],
  magenta: [255, 0, 255],
  yellow: [255, 255, 0],
  gammaRed: 1,
  gammaGreen: 1,
  gammaBlue: 1,
  backlightThreshold: 0,
  backlightColored: false,
  brightness: 100,
  brightnessCompensation: 0,
  saturationGain: 1,
  brightnessGain: 1,
  temperature: 6600,
};

function run(settings: Partial<TransformSettings>, rgb: number[], backlight = true): number[] {
  const frame = Uint8Array.from(rgb);
  new RgbTransform({ ...plain, ...settings }).transform(frame, 0, backlight);
  return [...frame];
}

describe('brightness components', () => {
  it('follows B_in = 5 − 0.04b above 50 and 7.5 − 0.09b below', () => {
    // b 100 → B_in 1: 255, ceil(255/2) = 128, ceil(255/3) = 85.
    expect(brightnessComponents(100, 100)).toEqual({ rgb: 255, cmy: 128, w: 85 });
    // b 50 → B_in 3: 85, ceil(255/6) = 43, ceil(255/9) = 29.
    expect(brightnessComponents(50, 100)).toEqual({ rgb: 85, cmy: 43, w: 29 });
    // b 20 → B_in 5.7: ceil(44.7) = 45 everywhere without compensation.
    expect(brightnessComponents(20, 0)).toEqual({ rgb: 45, cmy: 45, w: 45 });
    expect(brightnessComponents(0, 100)).toEqual({ rgb: 0, cmy: 0, w: 0 });
  });
});

describe('gamma', () => {
  it('truncates 255·(c/255)^γ', () => {
    const table = gammaTable(2.2);
    expect([0, 64, 128, 200, 255].map((c) => table[c])).toEqual([0, 12, 55, 149, 255]);
    expect([...gammaTable(1)]).toEqual(Array.from({ length: 256 }, (_, c) => c));
  });
});

describe('backlight floor', () => {
  it('is trunc(255·(2^(2t) − 1)/3)', () => {
    expect([0, 10, 25, 50, 100].map(backlightFloor)).toEqual([0, 12, 35, 85, 255]);
  });
});

describe('OkHSV', () => {
  it('round-trips colours exactly', () => {
    const colors: [number, number, number][] = [
      [255, 0, 0],
      [12, 200, 77],
      [255, 255, 255],
      [128, 128, 128],
      [0, 0, 0],
      [3, 4, 250],
    ];
    for (const [r, g, b] of colors) {
      expect(okhsvToSrgb(...srgbToOkhsv(r, g, b))).toEqual([r, g, b]);
    }
  });

  it('halves the value of white to the grey with Oklab lightness toe⁻¹(0.5)', () => {
    // toe⁻¹(0.5) = 0.5688 → linear 0.1841 → sRGB 0.4662 → 119.
    expect(okhsvToSrgb(0, 0, 0.5)).toEqual([119, 119, 119]);
    expect(run({ brightnessGain: 0.5 }, [255, 255, 255])).toEqual([116, 116, 116]);
  });

  it('takes out all colour at saturation gain 0, keeping the OkHSV value', () => {
    // Pure red has OkHSV value 1, so without saturation it is white.
    expect(run({ saturationGain: 0 }, [255, 0, 0])).toEqual([255, 255, 255]);
    expect(okhsvToSrgb(0.3, 0.8, 0)).toEqual([0, 0, 0]);
  });
});

describe('RgbTransform', () => {
  it('keeps primaries and loses a little to the truncated decomposition on mixes', () => {
    expect(run({}, [255, 0, 0])).toEqual([255, 0, 0]);
    // Grey 119: corners R/G/B 33, C/M/Y 29, W 25 (each truncated); 33 + 29 + 29 + 25 = 116.
    expect(run({}, [119, 119, 119])).toEqual([116, 116, 116]);
  });

  it('applies gamma before the decomposition', () => {
    // (200, 64, 0) → gamma (149, 12, 0) → R 141, G 4, Y 7 → (141 + 7, 4 + 7, 0).
    expect(run({ gammaRed: 2.2, gammaGreen: 2.2, gammaBlue: 2.2 }, [200, 64, 0])).toEqual([
      148, 11, 0,
    ]);
  });

  it('mixes in the target colour of each corner', () => {
    // Red input, red target (200, 30, 0).
    expect(run({ red: [200, 30, 0] }, [255, 0, 0])).toEqual([200, 30, 0]);
    // Half red: weight 128 → trunc(255·128·200/65025) = 100, trunc(255·128·30/65025) = 15.
    expect(run({ red: [200, 30, 0] }, [128, 0, 0])).toEqual([100, 15, 0]);
  });

  it('shifts white by the temperature, and leaves it alone at 6600 K', () => {
    expect(run({ temperature: 2700 }, [255, 255, 255])).toEqual([255, 166, 87]);
    // trunc(200·166/255) = 130, trunc(200·87/255) = 68.
    expect(run({ temperature: 2700 }, [0, 200, 0])).toEqual([0, 130, 0]);
    expect(run({ temperature: 2700 }, [0, 0, 200])).toEqual([0, 0, 68]);
    expect(run({ temperature: 6600 }, [10, 200, 30])).toEqual(run({}, [10, 200, 30]));
  });

  it('lifts dark colours to the backlight floor, only while backlight is on', () => {
    expect(run({ backlightThreshold: 50 }, [0, 0, 0])).toEqual([85, 85, 85]);
    expect(run({ backlightThreshold: 50 }, [0, 0, 0], false)).toEqual([0, 0, 0]);
    expect(run({ backlightThreshold: 50 }, [100, 0, 0])).toEqual([85, 85, 85]);
    expect(run({ backlightThreshold: 50, backlightColored: true }, [100, 0, 0])).toEqual([
      100, 85, 85,
    ]);
    // 199 + 99 + 0 ≥ 3·85: untouched. (200, 100, 0) → R 121, G 21, Y 78.
    expect(run({ backlightThreshold: 50 }, [200, 100, 0])).toEqual([199, 99, 0]);
  });
});
