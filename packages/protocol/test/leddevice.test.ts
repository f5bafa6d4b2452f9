import { describe, expect, it } from 'vitest';
import {
  readEnvelope,
  validateControlRequest,
  validateGetSchemaRequest,
  validateLedDeviceRequest,
} from '../src/index.js';
import { described } from './requests.js';

const check = (request: unknown): string[] => described(validateLedDeviceRequest(request));
const discover = (extra: Record<string, unknown> = {}) => ({
  command: 'leddevice',
  subcommand: 'discover',
  ledDeviceType: 'adalight',
  tan: 2,
  ...extra,
});

describe('validateLedDeviceRequest', () => {
  it('accepts discover with a device type, and Hyperion.ng clients’ params', () => {
    expect(check(discover())).toEqual([]);
    expect(check(discover({ ledDeviceType: 'wled', params: {} }))).toEqual([]);
    expect(check(discover({ ledDeviceType: 'x'.repeat(64) }))).toEqual([]);
  });

  it('needs ledDeviceType, a string of 1 to 64 characters', () => {
    expect(check({ command: 'leddevice', subcommand: 'discover' })).toEqual([
      '/ledDeviceType: is required (the device type, e.g. "adalight")',
    ]);
    for (const type of ['', 'x'.repeat(65), 7, null]) {
      expect(check(discover({ ledDeviceType: type })), String(type)).toEqual([
        '/ledDeviceType: must be a string of 1 to 64 characters',
      ]);
    }
  });

  it('checks params, subcommand and tan; allows other properties', () => {
    expect(check(discover({ params: [], tan: -1, extra: 1 }))).toEqual([
      '/tan: must be an integer of 0 or more',
      '/params: must be an object',
    ]);
    expect(check({ command: 'leddevice', subcommand: 'identify', ledDeviceType: 'wled' })).toEqual([
      '/subcommand: must be one of: discover',
    ]);
  });

  it('is a command of the envelope, validated by validateControlRequest', () => {
    const request = discover({ ledDeviceType: '' });
    const envelope = readEnvelope(request);
    if (!envelope.ok) throw new Error('the envelope must resolve');
    expect(envelope.name).toBe('leddevice-discover');
    expect(described(validateControlRequest(envelope, request))).toEqual([
      '/ledDeviceType: must be a string of 1 to 64 characters',
    ]);
    expect(readEnvelope({ command: 'leddevice', subcommand: 'getProperties' })).toMatchObject({
      ok: false,
      reply: {
        errorData: [
          {
            description:
              '/subcommand: Invalid subcommand: "getProperties" (known for leddevice: discover)',
          },
        ],
      },
    });
  });
});

describe('validateGetSchemaRequest', () => {
  it('takes nothing but tan', () => {
    expect(
      described(validateGetSchemaRequest({ command: 'config', subcommand: 'getschema' })),
    ).toEqual([]);
    expect(
      described(
        validateGetSchemaRequest({ command: 'config', subcommand: 'getschema', tan: 1.5, x: 1 }),
      ),
    ).toEqual(['/tan: must be an integer of 0 or more']);
    expect(
      described(validateGetSchemaRequest({ command: 'config', subcommand: 'getconfig' })),
    ).toEqual(['/subcommand: must be "getschema"']);
  });

  it('is what validateControlRequest runs for config getschema', () => {
    const request = { command: 'config', subcommand: 'getschema', tan: -3 };
    const envelope = readEnvelope(request);
    if (!envelope.ok) throw new Error('the envelope must resolve');
    expect(described(validateControlRequest(envelope, request))).toEqual([
      '/tan: must be an integer of 0 or more',
    ]);
  });
});
