import { describe, expect, it } from 'vitest';
import { validateColorRequest } from '../src/index.js';
import { changed, HOME_ASSISTANT, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

const check = (change: Record<string, unknown>): string[] =>
  described(validateColorRequest(changed(HOME_ASSISTANT.color, change)));

describe('validateColorRequest', () => {
  it("accepts what Home Assistant, hyperion-py and Hyperion.ng's web UI send", () => {
    expect(validateColorRequest(HOME_ASSISTANT.color)).toEqual([]);
    expect(validateColorRequest(WEB_UI.color)).toEqual([]);
    // hyperion-py's own origin, and Home Assistant's priority light turning black.
    expect(check({ origin: 'hyperion-py', color: [0, 0, 0] })).toEqual([]);
  });

  it('takes one colour or a repeating pattern: integers from 0 to 255, 3 per colour', () => {
    expect(check({ color: [255, 0, 0, 255, 0, 0, 0, 0, 255] })).toEqual([]);
    expect(check({ color: [0, 0, 0, 255, 255, 255] })).toEqual([]);
  });

  it('refuses a value over 255 (Hyperion.ng wraps 256 to 0) and anything but integers', () => {
    expect(check({ color: [256, 0, -1] })).toEqual([
      '/color/0: must be an integer from 0 to 255',
      '/color/2: must be an integer from 0 to 255',
    ]);
    expect(check({ color: [12.5, '0', null] })).toEqual([
      '/color/0: must be an integer from 0 to 255',
      '/color/1: must be an integer from 0 to 255',
      '/color/2: must be an integer from 0 to 255',
    ]);
  });

  it('refuses a length that is not a multiple of 3 (Hyperion.ng ignores it and answers success)', () => {
    expect(check({ color: [255, 0, 0, 255] })).toEqual([
      '/color: must hold 3 integers per colour: 4 is not a multiple of 3',
    ]);
    expect(check({ color: [255, 0] })).toEqual([
      '/color: must hold at least one colour: 3 integers, not 2',
    ]);
    expect(check({ color: [] })).toEqual([
      '/color: must hold at least one colour: 3 integers, not 0',
    ]);
  });

  it('needs color and priority, each of the right kind', () => {
    expect(described(validateColorRequest({ command: 'color' }))).toEqual([
      '/priority: is required (an integer from 1 to 253)',
      '/color: is required (an array of integers from 0 to 255, 3 per colour ([r, g, b] or [r, g, b, r, g, b, …]))',
    ]);
    expect(check({ color: '#ff0000', priority: 0 })).toEqual([
      '/color: must be an array of integers from 0 to 255, 3 per colour ([r, g, b] or [r, g, b, r, g, b, …])',
      '/priority: must be an integer from 1 to 253',
    ]);
  });

  it('checks duration, origin and instance as every control request does, in document order', () => {
    expect(check({ duration: 1.5, origin: 'abc', instance: [-1] })).toEqual([
      '/origin: must be a string of 4 to 20 characters',
      '/duration: must be an integer of at most 2147483647 (milliseconds; negative means until cleared)',
      '/instance/0: must be an integer from 0 to 254',
    ]);
  });
});
