import { describe, expect, it } from 'vitest';
import { validateDiagnosticsRequest } from '../src/diagnostics.js';
import { readEnvelope, validateControlRequest } from '../src/index.js';
import { described } from './requests.js';

describe('validateDiagnosticsRequest', () => {
  it('accepts getInfo and getBundle, with or without a tan', () => {
    for (const subcommand of ['getInfo', 'getBundle']) {
      expect(
        described(validateDiagnosticsRequest({ command: 'diagnostics', subcommand, tan: 1 })),
      ).toEqual([]);
    }
    expect(
      described(validateDiagnosticsRequest({ command: 'diagnostics', subcommand: 'getInfo' })),
    ).toEqual([]);
  });

  it('refuses a missing subcommand, naming the ones it takes', () => {
    expect(described(validateDiagnosticsRequest({ command: 'diagnostics' }))).toEqual([
      '/subcommand: is required (one of: getInfo, getBundle)',
    ]);
    const envelope = readEnvelope({ command: 'diagnostics', subcommand: 'dump' });
    expect(envelope.ok).toBe(false);
  });

  it('validates through validateControlRequest', () => {
    const request = { command: 'diagnostics', subcommand: 'getBundle', tan: 2 };
    const envelope = readEnvelope(request);
    expect(envelope).toMatchObject({
      ok: true,
      command: 'diagnostics',
      name: 'diagnostics-getBundle',
    });
    if (!envelope.ok) return;
    expect(validateControlRequest(envelope, request)).toEqual([]);
  });
});
