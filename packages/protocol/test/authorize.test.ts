import { describe, expect, it } from 'vitest';
import { validateAuthorizeRequest } from '../src/index.js';
import { described } from './requests.js';

const check = (subcommand: unknown, extra: Record<string, unknown> = {}): string[] =>
  described(validateAuthorizeRequest({ command: 'authorize', subcommand, tan: 1, ...extra }));

describe('validateAuthorizeRequest', () => {
  it('accepts the subcommands without parameters with nothing more', () => {
    for (const subcommand of [
      'logout',
      'tokenRequired',
      'adminRequired',
      'newPasswordRequired',
      'getTokenList',
      'getPendingTokenRequests',
      'denyPendingTokenRequests',
    ]) {
      expect(check(subcommand), subcommand).toEqual([]);
    }
  });

  it('login needs a token of 1 to 512 characters', () => {
    expect(check('login', { token: 'c0ffee00-dead-beef-0000-123456789abc' })).toEqual([]);
    expect(check('login', { token: 'x' })).toEqual([]);
    expect(check('login', { token: 'x'.repeat(512) })).toEqual([]);
    expect(check('login')).toEqual(['/token: is required (a string of 1 to 512 characters)']);
    for (const token of ['', 'x'.repeat(513), 42, null]) {
      expect(check('login', { token }), String(token)).toEqual([
        '/token: must be a string of 1 to 512 characters',
      ]);
    }
  });

  it('login takes a password of 8 to 1024 characters instead of a token, not both', () => {
    expect(check('login', { password: 'hyperion' })).toEqual([]);
    expect(check('login', { password: 'x'.repeat(1024) })).toEqual([]);
    for (const password of ['short', 'x'.repeat(1025), 42, null]) {
      expect(check('login', { password }), String(password)).toEqual([
        '/password: must be a string of 8 to 1024 characters',
      ]);
    }
    expect(check('login', { token: 'x', password: 'hyperion' })).toEqual([
      '/password: give either a token or a password, not both',
    ]);
  });

  it('newPassword needs newPassword of 8 to 1024 characters and takes the current password', () => {
    expect(check('newPassword', { newPassword: 'correct horse' })).toEqual([]);
    expect(check('newPassword', { password: 'hyperion', newPassword: 'correct horse' })).toEqual(
      [],
    );
    expect(check('newPassword')).toEqual([
      '/newPassword: is required (a string of 8 to 1024 characters)',
    ]);
    expect(check('newPassword', { password: 'short', newPassword: 'tiny' })).toEqual([
      '/password: must be a string of 8 to 1024 characters',
      '/newPassword: must be a string of 8 to 1024 characters',
    ]);
  });

  it('createToken needs a comment of 5 to 100 characters', () => {
    expect(check('createToken', { comment: 'Home Assistant' })).toEqual([]);
    expect(check('createToken', { comment: 'x'.repeat(100) })).toEqual([]);
    expect(check('createToken')).toEqual([
      '/comment: is required (a string of 5 to 100 characters)',
    ]);
    for (const comment of ['HA', 'x'.repeat(101), ['Home Assistant']]) {
      expect(check('createToken', { comment }), String(comment)).toEqual([
        '/comment: must be a string of 5 to 100 characters',
      ]);
    }
  });

  it('deleteToken needs an id of 1 to 64 characters', () => {
    expect(check('deleteToken', { id: 'a1b2c' })).toEqual([]);
    expect(check('deleteToken')).toEqual(['/id: is required (a string of 1 to 64 characters)']);
    for (const id of ['', 'x'.repeat(65), 12345]) {
      expect(check('deleteToken', { id }), String(id)).toEqual([
        '/id: must be a string of 1 to 64 characters',
      ]);
    }
  });

  it('requestToken needs a comment of 5 to 100 characters and an id of exactly 5', () => {
    // What Home Assistant sends.
    expect(check('requestToken', { comment: 'Home Assistant', id: 'a1B2c' })).toEqual([]);
    expect(
      check('requestToken', { comment: 'Home Assistant', id: 'a1B2c', accept: false }),
    ).toEqual([]);
    expect(check('requestToken', { id: '🙂🙂🙂🙂🙂', comment: 'x'.repeat(100) })).toEqual([]);
    expect(check('requestToken')).toEqual([
      '/comment: is required (a string of 5 to 100 characters)',
      '/id: is required (a string of exactly 5 characters)',
    ]);
    expect(check('requestToken', { comment: 'HA', id: 'abcdef', accept: 'no' })).toEqual([
      '/comment: must be a string of 5 to 100 characters',
      '/id: must be a string of exactly 5 characters',
      '/accept: must be true or false',
    ]);
    for (const id of ['', 'abcd', 12345, null]) {
      expect(check('requestToken', { comment: 'Home Assistant', id }), String(id)).toEqual([
        '/id: must be a string of exactly 5 characters',
      ]);
    }
  });

  it('answerRequest needs the request id and accept', () => {
    expect(check('answerRequest', { id: 'a1B2c', accept: true })).toEqual([]);
    expect(check('answerRequest', { id: 'a1B2c', accept: false })).toEqual([]);
    expect(check('answerRequest')).toEqual([
      '/id: is required (a string of exactly 5 characters)',
      '/accept: is required (true to grant a token, false to deny)',
    ]);
    expect(check('answerRequest', { id: 'a1B2', accept: 1 })).toEqual([
      '/id: must be a string of exactly 5 characters',
      '/accept: must be true or false',
    ]);
  });

  it('needs command "authorize" and a known subcommand', () => {
    const known =
      'login, logout, tokenRequired, adminRequired, newPasswordRequired, createToken, getTokenList, deleteToken, requestToken, answerRequest, getPendingTokenRequests, denyPendingTokenRequests, newPassword';
    expect(described(validateAuthorizeRequest({}))).toEqual([
      '/command: is required ("authorize")',
      `/subcommand: is required (one of: ${known})`,
    ]);
    expect(
      described(validateAuthorizeRequest({ command: 'config', subcommand: 'restoreconfig' })),
    ).toEqual(['/command: must be "authorize"', `/subcommand: must be one of: ${known}`]);
    expect(described(validateAuthorizeRequest([]))).toEqual(['/: must be a JSON object']);
  });

  it('reports every violation at once and allows other top-level properties', () => {
    expect(check('createToken', { tan: 1.5, comment: 'abc', client: 'web' })).toEqual([
      '/tan: must be an integer of 0 or more',
      '/comment: must be a string of 5 to 100 characters',
    ]);
  });

  it('does not take a subcommand named after Object.prototype', () => {
    const parsed: unknown = JSON.parse(
      '{"command":"authorize","subcommand":"constructor","__proto__":{"token":"x"}}',
    );
    expect(described(validateAuthorizeRequest(parsed))).toEqual([
      '/subcommand: must be one of: login, logout, tokenRequired, adminRequired, newPasswordRequired, createToken, getTokenList, deleteToken, requestToken, answerRequest, getPendingTokenRequests, denyPendingTokenRequests, newPassword',
    ]);
  });
});
