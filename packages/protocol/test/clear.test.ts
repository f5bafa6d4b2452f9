import { describe, expect, it } from 'vitest';
import { validateClearAllRequest, validateClearRequest } from '../src/index.js';
import { HOME_ASSISTANT, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

const PRIORITY_RULE = '/priority: must be an integer from 1 to 253, or -1 to clear all';

describe('validateClearRequest', () => {
  it("accepts what Home Assistant and Hyperion.ng's web UI send, -1 included", () => {
    expect(validateClearRequest(HOME_ASSISTANT.clear)).toEqual([]);
    expect(validateClearRequest(WEB_UI.clear)).toEqual([]);
    expect(validateClearRequest(WEB_UI.clearAll)).toEqual([]);
    expect(validateClearRequest({ command: 'clear', priority: 253 })).toEqual([]);
  });

  it('needs a priority from 1 to 253 or -1; 0 too is refused (Hyperion.ng refuses it late)', () => {
    expect(described(validateClearRequest({ command: 'clear' }))).toEqual([
      '/priority: is required (an integer from 1 to 253, or -1 to clear all)',
    ]);
    for (const priority of [0, -2, 254, 255, 1.5, '128', null]) {
      expect(
        described(validateClearRequest({ command: 'clear', priority })),
        String(priority),
      ).toEqual([PRIORITY_RULE]);
    }
  });

  it('checks instance and command', () => {
    expect(
      described(validateClearRequest({ command: 'clearall', priority: 1, instance: [2, 2] })),
    ).toEqual([
      '/command: must be "clear"',
      '/instance/1: repeats the index at /instance/0: indexes must be unique',
    ]);
  });
});

describe('validateClearAllRequest', () => {
  it('accepts a bare clearall, with or without instances, and ignores a priority', () => {
    expect(validateClearAllRequest({ command: 'clearall' })).toEqual([]);
    expect(validateClearAllRequest({ command: 'clearall', instance: [0, 1], tan: 3 })).toEqual([]);
    expect(validateClearAllRequest({ command: 'clearall', priority: 'anything' })).toEqual([]);
  });

  it('checks instance and tan', () => {
    expect(
      described(validateClearAllRequest({ command: 'clearall', instance: [], tan: 'x' })),
    ).toEqual([
      '/instance: must be a non-empty array of instance indexes (integers from 0 to 254)',
      '/tan: must be an integer of 0 or more',
    ]);
  });
});
