import { describe, expect, it } from 'vitest';
import { validateEffectRequest } from '../src/index.js';
import { changed, HOME_ASSISTANT, PNG_1X1, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

const check = (change: Record<string, unknown>): string[] =>
  described(validateEffectRequest(changed(WEB_UI.effect, change)));

describe('validateEffectRequest', () => {
  it("accepts what Home Assistant, hyperion-py and Hyperion.ng's web UI send", () => {
    expect(validateEffectRequest(HOME_ASSISTANT.effect)).toEqual([]);
    expect(validateEffectRequest(WEB_UI.effect)).toEqual([]);
    expect(validateEffectRequest(WEB_UI.testEffect)).toEqual([]);
    expect(
      validateEffectRequest({ command: 'effect', effect: { name: 'Sparks' }, priority: 50 }),
    ).toEqual([]);
  });

  it('needs command, priority and effect', () => {
    expect(described(validateEffectRequest({}))).toEqual([
      '/command: is required ("effect")',
      '/priority: is required (an integer from 1 to 253)',
      '/effect: is required (an object with name and optionally args)',
    ]);
    expect(described(validateEffectRequest('effect'))).toEqual(['/: must be a JSON object']);
  });

  it('takes a priority from 1 to 253', () => {
    expect(check({ priority: 253 })).toEqual([]);
    for (const priority of [0, 254, 255, -1, 1.5, '50', null]) {
      expect(check({ priority }), String(priority)).toEqual([
        '/priority: must be an integer from 1 to 253',
      ]);
    }
  });

  it('takes any integer duration up to 2147483647 ms; negative lasts until cleared', () => {
    for (const duration of [-1, -5000, 0, 1, 2_147_483_647]) {
      expect(check({ duration }), String(duration)).toEqual([]);
    }
    for (const duration of [2_147_483_648, 1e300, 2.5, '1000', null]) {
      expect(check({ duration }), String(duration)).toEqual([
        '/duration: must be an integer of at most 2147483647 (milliseconds; negative means until cleared)',
      ]);
    }
  });

  it('takes an origin of 4 to 20 characters', () => {
    expect(check({ origin: 'Kodi' })).toEqual([]);
    expect(check({ origin: 'x'.repeat(20) })).toEqual([]);
    for (const origin of ['HA', 'x'.repeat(21), 42]) {
      expect(check({ origin }), String(origin)).toEqual([
        '/origin: must be a string of 4 to 20 characters',
      ]);
    }
  });

  it('needs effect.name (1 to 100 characters), takes args as an object, and nothing else', () => {
    expect(check({ effect: { name: 'x'.repeat(100), args: {} } })).toEqual([]);
    expect(check({ effect: {} })).toEqual([
      '/effect/name: is required (a string of 1 to 100 characters)',
    ]);
    expect(check({ effect: { name: '' } })).toEqual([
      '/effect/name: must be a string of 1 to 100 characters',
    ]);
    expect(check({ effect: { name: 'Sparks', args: '{"speed":1}', speed: 1 } })).toEqual([
      '/effect/args: must be an object of effect options',
      '/effect/speed: is not allowed here (allowed: name, args)',
    ]);
    expect(check({ effect: 'Sparks' })).toEqual([
      '/effect: must be an object with name and optionally args',
    ]);
  });

  it('takes pythonScript as 1 to 4096 characters and imageData as base64, empty allowed', () => {
    expect(check({ pythonScript: ':/effects/gif.py', imageData: PNG_1X1 })).toEqual([]);
    expect(check({ pythonScript: '' })).toEqual([
      '/pythonScript: must be a string of 1 to 4096 characters',
    ]);
    expect(check({ imageData: `data:image/gif;base64,${PNG_1X1}` })).toEqual([
      '/imageData: must be plain base64 (A-Z, a-z, 0-9, + and /, padded with =), without a "data:…;base64," prefix',
    ]);
    expect(check({ imageData: 12 })).toEqual([
      '/imageData: must be a string of base64 (A-Z, a-z, 0-9, + and /, padded with =)',
    ]);
  });

  it('takes instance as a non-empty list of unique indexes from 0 to 254', () => {
    expect(check({ instance: [0, 3, 254] })).toEqual([]);
    expect(check({ instance: 0 })).toEqual([
      '/instance: must be an array of instance indexes (integers from 0 to 254)',
    ]);
    expect(check({ instance: [] })).toEqual([
      '/instance: must be a non-empty array of instance indexes (integers from 0 to 254)',
    ]);
    expect(check({ instance: [1, 255, 'all', 1] })).toEqual([
      '/instance/1: must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it',
      '/instance/2: must be an integer from 0 to 254',
      '/instance/3: repeats the index at /instance/0: indexes must be unique',
    ]);
  });

  it('reports every violation at once, in document order, and ignores other properties', () => {
    const request = {
      command: 'effect',
      priority: 300,
      effect: { name: 7 },
      origin: 'x',
      subcommand: 'ignored',
      extra: true,
      tan: -1,
    };
    expect(validateEffectRequest(request)).toEqual([
      {
        pointer: '/priority',
        rule: 'must be an integer from 1 to 253',
        description: '/priority: must be an integer from 1 to 253',
      },
      {
        pointer: '/effect/name',
        rule: 'must be a string of 1 to 100 characters',
        description: '/effect/name: must be a string of 1 to 100 characters',
      },
      {
        pointer: '/origin',
        rule: 'must be a string of 4 to 20 characters',
        description: '/origin: must be a string of 4 to 20 characters',
      },
      {
        pointer: '/tan',
        rule: 'must be an integer of 0 or more',
        description: '/tan: must be an integer of 0 or more',
      },
    ]);
  });
});
