import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  errorCodeOf,
  errorReply,
  RESTORE_INFO,
  successReply,
  successReplyText,
} from '../src/index.js';

describe('successReply', () => {
  it('is command, success and tan only when there is no info and no warning', () => {
    const reply = successReply('authorize-logout', 0);
    expect(reply).toEqual({ command: 'authorize-logout', success: true, tan: 0 });
    expect(Object.keys(reply).sort()).toEqual(['command', 'success', 'tan']);
  });

  it('carries info of any kind, and leaves the key out only when it is undefined', () => {
    expect(successReply('config-getconfig', 3, { global: {} })).toEqual({
      command: 'config-getconfig',
      info: { global: {} },
      success: true,
      tan: 3,
    });
    expect(Object.keys(successReply('x', 1, null))).toContain('info');
    expect(Object.keys(successReply('x', 1, false))).toContain('info');
    expect(Object.keys(successReply('x', 1, undefined))).not.toContain('info');
  });

  it('turns warnings into errorData, and none into no errorData', () => {
    expect(
      successReply('config-getconfig', 4, {}, ["Given instance number '3' does not exist."]),
    ).toEqual({
      command: 'config-getconfig',
      errorData: [{ description: "Given instance number '3' does not exist." }],
      info: {},
      success: true,
      tan: 4,
    });
    expect(Object.keys(successReply('config-getconfig', 4, {}, []))).not.toContain('errorData');
  });

  it('serialises like Hyperion.ng: the restore success reply byte for byte', () => {
    expect(JSON.stringify(successReply('config-restoreconfig', 1, RESTORE_INFO))).toBe(
      '{"command":"config-restoreconfig","info":"Restarting after importing configuration successfully.","success":true,"tan":1}',
    );
  });
});

describe('errorReply', () => {
  it('is command, error, success false and tan, with the tan echoed', () => {
    const reply = errorReply('config-restoreconfig', 77, ERRORS.noAuthorization);
    expect(reply).toEqual({
      command: 'config-restoreconfig',
      error: 'No Authorization',
      errorCode: 'no-authorization',
      success: false,
      tan: 77,
    });
    expect(Object.keys(reply).sort()).toEqual(['command', 'error', 'errorCode', 'success', 'tan']);
  });

  it('turns details into errorData in order, and none into no errorData', () => {
    const reply = errorReply('config-restoreconfig', 2, ERRORS.invalidParams, [
      '/config: is required',
      '/tan: x',
    ]);
    expect(reply.errorData).toEqual([
      { description: '/config: is required' },
      { description: '/tan: x' },
    ]);
    expect(JSON.stringify(reply)).toBe(
      '{"command":"config-restoreconfig","error":"Invalid params","errorCode":"invalid-params","errorData":[{"description":"/config: is required"},{"description":"/tan: x"}],"success":false,"tan":2}',
    );
    expect(Object.keys(errorReply('x', 0, ERRORS.parse, []))).not.toContain('errorData');
  });

  it("carries Glowkit's code of the failure, for a UI's own phrase: given, else the error text's", () => {
    const coded = errorReply('effect', 3, "Effect 'Fire' not found", ['/effect/name: x'], {
      code: 'effect-not-found',
      params: { name: 'Fire' },
    });
    // Keys in sorted order, as every reply: Hyperion.ng's clients read `error` as before.
    expect(JSON.stringify(coded)).toBe(
      '{"command":"effect","error":"Effect \'Fire\' not found","errorCode":"effect-not-found","errorData":[{"description":"/effect/name: x"}],"errorParams":{"name":"Fire"},"success":false,"tan":3}',
    );
    expect(errorReply('x', 0, ERRORS.invalidParams).errorCode).toBe('invalid-params');
    expect(errorReply('x', 0, ERRORS.unavailable).errorCode).toBe('unavailable');
    // A text of its own without a code: `failed`, and a UI shows the text.
    expect(errorReply('x', 0, 'Something else').errorCode).toBe('failed');
    expect(errorCodeOf(ERRORS.databaseError)).toBe('database-error');
    // No params: no errorParams key.
    expect(Object.keys(errorReply('x', 0, 'y', [], { code: 'z', params: {} }))).not.toContain(
      'errorParams',
    );
  });

  it("does not keep the caller's detail array", () => {
    const details = ['one'];
    const reply = errorReply('x', 0, ERRORS.restoreFailed, details);
    details.push('two');
    expect(reply.errorData).toEqual([{ description: 'one' }]);
  });
});

describe('texts', () => {
  it('are the texts Hyperion.ng clients know', () => {
    expect(ERRORS).toEqual({
      parse: 'Parse error',
      invalidCommand: 'Invalid command',
      invalidParams: 'Invalid params',
      noAuthorization: 'No Authorization',
      unavailable: 'Service Unavailable',
      tooLarge: 'Request too large',
      restoreFailed: 'Restore configuration failed',
      databaseError: 'Database Error',
    });
    expect(RESTORE_INFO).toBe('Restarting after importing configuration successfully.');
  });
});

describe('successReplyText', () => {
  it('is the text of successReply around already serialised info', () => {
    const info = {
      global: { settings: { general: { name: 'x' } } },
      instanceIds: [0],
      instances: [],
    };
    expect(successReplyText('config-getconfig', 7, JSON.stringify(info))).toBe(
      JSON.stringify(successReply('config-getconfig', 7, info)),
    );
    const notes = ['instance 255 is not in "instanceIds"'];
    expect(successReplyText('config-getconfig', 7, JSON.stringify(info), notes)).toBe(
      JSON.stringify(successReply('config-getconfig', 7, info, notes)),
    );
    expect(successReplyText('config-getconfig', 7, JSON.stringify(info), [])).toBe(
      JSON.stringify(successReply('config-getconfig', 7, info, [])),
    );
  });
});
