import { describe, expect, it } from 'vitest';
import { readEnvelope, validateControlRequest, validateInputSourceRequest } from '../src/index.js';
import { described } from './requests.js';

const check = (request: unknown): string[] => described(validateInputSourceRequest(request));
const discover = (extra: Record<string, unknown> = {}) => ({
  command: 'inputsource',
  subcommand: 'discover',
  sourceType: 'screen',
  tan: 3,
  ...extra,
});

describe('validateInputSourceRequest', () => {
  it('accepts discover and getProperties with a source type, and Hyperion.ng clients’ params', () => {
    expect(check(discover())).toEqual([]);
    expect(check(discover({ sourceType: 'video', params: {} }))).toEqual([]);
    expect(
      check(discover({ subcommand: 'getProperties', params: { device: '/dev/video0', x: 1 } })),
    ).toEqual([]);
    // Which type it names is the server's to say, in Hyperion.ng's words.
    expect(check(discover({ sourceType: 'printer' }))).toEqual([]);
    expect(check(discover({ sourceType: '' }))).toEqual([]);
  });

  it('needs sourceType, a string of at most 256 characters', () => {
    expect(check({ command: 'inputsource', subcommand: 'discover' })).toEqual([
      '/sourceType: is required (the source type: screen, video, audio)',
    ]);
    for (const type of ['x'.repeat(257), 7, null]) {
      expect(check(discover({ sourceType: type })), String(type)).toEqual([
        '/sourceType: must be a string of at most 256 characters',
      ]);
    }
  });

  it('checks params and its device, subcommand and tan; allows other properties', () => {
    expect(check(discover({ params: [], tan: -1, extra: 1 }))).toEqual([
      '/tan: must be an integer of 0 or more',
      '/params: must be an object',
    ]);
    expect(check(discover({ params: { device: '' } }))).toEqual([
      '/params/device: must be a string of 1 to 256 characters',
    ]);
    expect(check(discover({ subcommand: 'identify' }))).toEqual([
      '/subcommand: must be one of: discover, getProperties',
    ]);
  });

  it('is a command of the envelope, validated by validateControlRequest', () => {
    const request = discover({ subcommand: 'getProperties', sourceType: 5 });
    const envelope = readEnvelope(request);
    if (!envelope.ok) throw new Error('the envelope must resolve');
    expect(envelope.name).toBe('inputsource-getProperties');
    expect(described(validateControlRequest(envelope, request))).toEqual([
      '/sourceType: must be a string of at most 256 characters',
    ]);
  });
});
