import { describe, expect, it } from 'vitest';
import { validateSnapshotRequest } from '../src/index.js';
import { described } from './requests.js';

const check = (request: unknown): string[] => described(validateSnapshotRequest(request));

describe('validateSnapshotRequest', () => {
  it('accepts getsnapshots with nothing more', () => {
    expect(check({ command: 'config', subcommand: 'getsnapshots' })).toEqual([]);
    expect(check({ command: 'config', subcommand: 'getsnapshots', tan: 9 })).toEqual([]);
  });

  it('accepts restoresnapshot with a snapshot number of 1 or more', () => {
    expect(
      check({ command: 'config', subcommand: 'restoresnapshot', snapshot: 1, tan: 2 }),
    ).toEqual([]);
    expect(check({ command: 'config', subcommand: 'restoresnapshot', snapshot: 12345 })).toEqual(
      [],
    );
  });

  it('needs the snapshot of restoresnapshot, an integer of 1 or more', () => {
    expect(check({ command: 'config', subcommand: 'restoresnapshot' })).toEqual([
      '/snapshot: is required (an integer of 1 or more)',
    ]);
    for (const snapshot of [0, -1, 1.5, '3', null]) {
      expect(
        check({ command: 'config', subcommand: 'restoresnapshot', snapshot }),
        String(snapshot),
      ).toEqual(['/snapshot: must be an integer of 1 or more']);
    }
  });

  it('needs command "config" and one of the two subcommands', () => {
    expect(check({})).toEqual([
      '/command: is required ("config")',
      '/subcommand: is required (getsnapshots or restoresnapshot)',
    ]);
    expect(check({ command: 'authorize', subcommand: 'restoreconfig' })).toEqual([
      '/command: must be "config"',
      '/subcommand: must be one of: getsnapshots, restoresnapshot',
    ]);
    expect(check(null)).toEqual(['/: must be a JSON object']);
  });

  it('checks tan and allows other top-level properties', () => {
    expect(
      check({ command: 'config', subcommand: 'getsnapshots', tan: -2, snapshot: 'ignored' }),
    ).toEqual(['/tan: must be an integer of 0 or more']);
  });
});
