import { describe, expect, it } from 'vitest';
import { snapshotReasonOf, validateSnapshotRequest } from '../src/index.js';
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

describe('snapshotReasonOf', () => {
  it('reads the reasons the server writes as codes a UI phrases, with their values', () => {
    expect(snapshotReasonOf('setconfig over ws from 127.0.0.1 (token ab12)')).toEqual({
      code: 'saved-websocket',
    });
    expect(snapshotReasonOf('setconfig over https from 10.0.0.2')).toEqual({ code: 'saved-http' });
    expect(snapshotReasonOf('restore over wss from ::1 (token x)')).toEqual({
      code: 'restored-websocket',
    });
    expect(snapshotReasonOf('restore over tcp from 10.0.0.3')).toEqual({ code: 'restored-tcp' });
    expect(snapshotReasonOf('undo to snapshot 12')).toEqual({
      code: 'undone',
      params: { snapshot: 12 },
    });
    expect(snapshotReasonOf('import of /tmp/backup.json')).toEqual({
      code: 'imported',
      params: { file: '/tmp/backup.json' },
    });
    expect(snapshotReasonOf('rename instance 2')).toEqual({
      code: 'instance-renamed',
      params: { id: 2 },
    });
    expect(snapshotReasonOf('delete instance 1')).toMatchObject({ code: 'instance-deleted' });
    expect(snapshotReasonOf('create instance 3')).toMatchObject({ code: 'instance-created' });
  });

  it('answers other for a reason it does not know (a UI shows the stored words)', () => {
    expect(snapshotReasonOf('test set-up')).toEqual({ code: 'other' });
    expect(snapshotReasonOf('setconfig over pigeon from x')).toEqual({ code: 'other' });
  });
});
