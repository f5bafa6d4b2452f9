import { describe, expect, it } from 'vitest';
import { readEnvelope, validateControlRequest } from '../src/index.js';
import { validateSysinfoRequest } from '../src/sysinfo.js';
import { described } from './requests.js';

describe('validateSysinfoRequest', () => {
  it('accepts sysinfo with or without a tan, and ignores other properties', () => {
    expect(described(validateSysinfoRequest({ command: 'sysinfo' }))).toEqual([]);
    expect(described(validateSysinfoRequest({ command: 'sysinfo', tan: 3, client: 'ha' }))).toEqual(
      [],
    );
  });

  it('refuses a bad tan and a request that is not an object', () => {
    expect(described(validateSysinfoRequest({ command: 'sysinfo', tan: -1 }))).toEqual([
      '/tan: must be an integer of 0 or more',
    ]);
    expect(described(validateSysinfoRequest('sysinfo'))).toEqual(['/: must be a JSON object']);
  });

  it('resolves without a subcommand and validates through validateControlRequest', () => {
    const request = { command: 'sysinfo', subcommand: 'getInfo', tan: 2 };
    const envelope = readEnvelope(request);
    expect(envelope).toMatchObject({ ok: true, command: 'sysinfo', name: 'sysinfo', tan: 2 });
    if (!envelope.ok) return;
    expect(validateControlRequest(envelope, request)).toEqual([]);
  });
});
