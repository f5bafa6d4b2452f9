import { describe, expect, it } from 'vitest';
import { kelvinToRgb } from './kelvin.js';

describe('kelvinToRgb', () => {
  it('gives white at 6600 K, the neutral temperature', () => {
    expect(kelvinToRgb(6600)).toEqual([255, 255, 255]);
  });

  it('follows the Tanner-Helland fit below and above 6600 K', () => {
    // 27: green 99.4708·ln 27 − 161.1196 = 166.7; blue 138.5177·ln 17 − 305.0448 = 87.4.
    expect(kelvinToRgb(2700)).toEqual([255, 166, 87]);
    // 100: red 329.6987·40^−0.1332 = 201.4; green 288.1222·40^−0.0755 = 218.9.
    expect(kelvinToRgb(10000)).toEqual([201, 218, 255]);
    // 10: blue is 0 at 19 and below.
    expect(kelvinToRgb(1000)).toEqual([255, 67, 0]);
  });

  it('clamps to 1000…40000 K and counts whole hundreds, as ng does', () => {
    expect(kelvinToRgb(500)).toEqual(kelvinToRgb(1000));
    expect(kelvinToRgb(90000)).toEqual([151, 185, 255]);
    expect(kelvinToRgb(6699)).toEqual([255, 255, 255]);
  });
});
