import { describe, expect, it } from 'vitest';
import { validateAuthorizeRequest } from '../src/index.js';
import { described } from './requests.js';

const check = (subcommand: unknown, extra: Record<string, unknown> = {}): string[] =>
  described(validateAuthorizeRequest({ command: 'authorize', subcommand, tan: 1, ...extra }));

describe('validateAuthorizeRequest', () => {
  it('accepts logout, tokenRequired and getTokenList with nothing more', () => {
    for (const subcommand of ['logout', 'tokenRequired', 'getTokenList']) {
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

  it('login does not take a password: Glowkit logs in with tokens only', () => {
    expect(check('login', { password: 'hyperion' })).toEqual([
      '/token: is required (a string of 1 to 512 characters)',
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

  it('needs command "authorize" and a known subcommand', () => {
    const known = 'login, logout, tokenRequired, createToken, getTokenList, deleteToken';
    expect(described(validateAuthorizeRequest({}))).toEqual([
      '/command: is required ("authorize")',
      `/subcommand: is required (one of: ${known})`,
    ]);
    expect(
      described(validateAuthorizeRequest({ command: 'config', subcommand: 'requestToken' })),
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
      '/subcommand: must be one of: login, logout, tokenRequired, createToken, getTokenList, deleteToken',
    ]);
  });
});
