import { describe, expect, it } from 'vitest';
import { validateAdjustmentRequest } from '../src/index.js';
import { HOME_ASSISTANT, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

const check = (adjustment: unknown): string[] =>
  described(validateAdjustmentRequest({ command: 'adjustment', adjustment, tan: 1 }));

describe('validateAdjustmentRequest', () => {
  it("accepts what Home Assistant and Hyperion.ng's web UI send", () => {
    expect(validateAdjustmentRequest(HOME_ASSISTANT.adjustment)).toEqual([]);
    expect(validateAdjustmentRequest(WEB_UI.adjustment)).toEqual([]);
  });

  it("accepts every setting at the ends of Hyperion.ng's ranges", () => {
    const low = {
      id: 'default',
      white: [0, 0, 0],
      red: [255, 0, 0],
      green: [0, 255, 0],
      blue: [0, 0, 255],
      cyan: [0, 255, 255],
      magenta: [255, 0, 255],
      yellow: [255, 255, 0],
      gammaRed: 0.1,
      gammaGreen: 0.1,
      gammaBlue: 0.1,
      backlightThreshold: 0,
      backlightColored: false,
      brightness: 0,
      brightnessCompensation: 0,
      temperature: 1000,
      saturationGain: 0,
      brightnessGain: 0.1,
    };
    expect(check(low)).toEqual([]);
    const high = {
      gammaRed: 5,
      gammaGreen: 5,
      gammaBlue: 5,
      backlightThreshold: 100,
      brightness: 100,
      brightnessCompensation: 100,
      temperature: 40000,
      saturationGain: 10,
      brightnessGain: 10,
    };
    expect(check(high)).toEqual([]);
  });

  it('refuses values outside the ranges, each at its pointer', () => {
    expect(
      check({
        gammaRed: 0,
        gammaBlue: 5.5,
        backlightThreshold: 101,
        brightness: 50.5,
        brightnessCompensation: -1,
        temperature: 999,
        saturationGain: 10.1,
        brightnessGain: 0,
        backlightColored: 1,
      }),
    ).toEqual([
      '/adjustment/gammaRed: must be a number from 0.1 to 5',
      '/adjustment/gammaBlue: must be a number from 0.1 to 5',
      '/adjustment/backlightThreshold: must be an integer from 0 to 100',
      '/adjustment/brightness: must be an integer from 0 to 100',
      '/adjustment/brightnessCompensation: must be an integer from 0 to 100',
      '/adjustment/temperature: must be an integer from 1000 to 40000',
      '/adjustment/saturationGain: must be a number from 0 to 10',
      '/adjustment/brightnessGain: must be a number from 0.1 to 10',
      '/adjustment/backlightColored: must be true or false',
    ]);
  });

  it('takes colour triples of exactly 3 integers from 0 to 255', () => {
    expect(check({ red: [256, 0, 0], white: [255, 255], cyan: '#00ffff' })).toEqual([
      '/adjustment/red/0: must be an integer from 0 to 255',
      '/adjustment/white: must be an array of 3 integers from 0 to 255 ([red, green, blue]), not 2',
      '/adjustment/cyan: must be an array of 3 integers from 0 to 255 ([red, green, blue])',
    ]);
  });

  // The engine takes the typed settings and re-checks none of them: each value it refused before
  // (an adjustment's `leds`, a number as a string, a short triple, an id that is no string) is
  // refused here.
  it('refuses what the engine used to refuse itself', () => {
    expect(check({ brightness: 10, temperature: 100 })).toEqual([
      '/adjustment/temperature: must be an integer from 1000 to 40000',
    ]);
    expect(check({ leds: '*' })).toEqual([
      '/adjustment/leds: is not allowed here (allowed: id, white, red, green, blue, cyan, magenta, yellow, gammaRed, gammaGreen, gammaBlue, backlightThreshold, backlightColored, brightness, brightnessCompensation, temperature, saturationGain, brightnessGain)',
    ]);
    expect(check({ gammaRed: 'x', saturationGain: '2', brightness: true })).toEqual([
      '/adjustment/gammaRed: must be a number from 0.1 to 5',
      '/adjustment/saturationGain: must be a number from 0 to 10',
      '/adjustment/brightness: must be an integer from 0 to 100',
    ]);
    expect(check({ id: 5, white: [255, 255] })).toEqual([
      '/adjustment/id: must be a string of 1 to 255 characters',
      '/adjustment/white: must be an array of 3 integers from 0 to 255 ([red, green, blue]), not 2',
    ]);
    expect(check({ yellow: [255, 255, 1.5] })).toEqual([
      '/adjustment/yellow/2: must be an integer from 0 to 255',
    ]);
  });

  it('needs at least one setting besides id, and no setting Hyperion.ng does not have', () => {
    expect(check({})).toEqual(['/adjustment: must change at least one setting besides id']);
    expect(check({ id: 'default' })).toEqual([
      '/adjustment: must change at least one setting besides id',
    ]);
    expect(check({ id: '', brightness: 50, gamma: 2.2 })).toEqual([
      '/adjustment/id: must be a string of 1 to 255 characters',
      '/adjustment/gamma: is not allowed here (allowed: id, white, red, green, blue, cyan, magenta, yellow, gammaRed, gammaGreen, gammaBlue, backlightThreshold, backlightColored, brightness, brightnessCompensation, temperature, saturationGain, brightnessGain)',
    ]);
    expect(check([{ brightness: 50 }])).toEqual([
      '/adjustment: must be an object of adjustment settings (e.g. {"brightness": 80})',
    ]);
    expect(described(validateAdjustmentRequest({ command: 'adjustment' }))).toEqual([
      '/adjustment: is required (an object of adjustment settings (e.g. {"brightness": 80}))',
    ]);
  });
});
