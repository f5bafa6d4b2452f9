import { describe, expect, it } from 'vitest';
import { readEnvelope, validateControlRequest } from '../src/index.js';
import { validateSystemRequest } from '../src/system.js';
import { described } from './requests.js';

describe('validateSystemRequest', () => {
  it('accepts suspend, resume, toggleSuspend, idle, resumeIdle, toggleIdle and restart', () => {
    for (const subcommand of [
      'suspend',
      'resume',
      'toggleSuspend',
      'idle',
      'resumeIdle',
      'toggleIdle',
      'restart',
    ]) {
      expect(described(validateSystemRequest({ command: 'system', subcommand, tan: 1 }))).toEqual(
        [],
      );
    }
  });

  it('refuses a missing or unknown subcommand, naming the ones it takes', () => {
    expect(described(validateSystemRequest({ command: 'system' }))).toEqual([
      '/subcommand: is required (one of: suspend, resume, toggleSuspend, idle, resumeIdle, toggleIdle, restart)',
    ]);
    const envelope = readEnvelope({ command: 'system', subcommand: 'reboot' });
    expect(envelope.ok).toBe(false);
  });

  it('validates through validateControlRequest', () => {
    const request = { command: 'system', subcommand: 'suspend', tan: 2 };
    const envelope = readEnvelope(request);
    expect(envelope).toMatchObject({ ok: true, command: 'system', name: 'system-suspend' });
    if (!envelope.ok) return;
    expect(validateControlRequest(envelope, request)).toEqual([]);
  });
});
