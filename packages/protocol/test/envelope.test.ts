import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  commandName,
  describeJsonSyntaxError,
  parseJson,
  readEnvelope,
  tanOf,
} from '../src/index.js';

const CONFIG_SUBS = 'restoreconfig, getconfig, getsnapshots, restoresnapshot, setconfig, getschema';
const KNOWN =
  'config, authorize, instance, serverinfo, sysinfo, ledcolors, leddevice, inputsource, effect, color, image, clear, clearall, componentstate, adjustment, create-effect, delete-effect, sourceselect, processing, videomode, system, logging, service, diagnostics';

describe('tanOf', () => {
  it('returns an integer tan of 0 or more', () => {
    expect(tanOf({ tan: 0 })).toBe(0);
    expect(tanOf({ tan: 42 })).toBe(42);
    expect(tanOf({ tan: 1e6 })).toBe(1e6);
  });

  it('returns 0 for any other tan, and for anything that is not an object', () => {
    for (const tan of [
      -1,
      1.5,
      '7',
      null,
      true,
      [3],
      { n: 1 },
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(tanOf({ tan }), String(tan)).toBe(0);
    }
    expect(Object.is(tanOf({ tan: -0 }), 0)).toBe(true);
    for (const request of [undefined, null, 5, 'tan', [1], { command: 'config' }]) {
      expect(tanOf(request)).toBe(0);
    }
  });

  it('reads only an own tan, never one from the prototype', () => {
    const request = Object.create({ tan: 9 }) as object;
    expect(tanOf(request)).toBe(0);
  });
});

describe('commandName', () => {
  it('joins command and subcommand with a hyphen, keeping camelCase', () => {
    expect(commandName('config', 'restoreconfig')).toBe('config-restoreconfig');
    expect(commandName('authorize', 'getTokenList')).toBe('authorize-getTokenList');
  });

  it('is just the command without a subcommand', () => {
    expect(commandName('serverinfo')).toBe('serverinfo');
    expect(commandName('serverinfo', '')).toBe('serverinfo');
  });
});

describe('readEnvelope', () => {
  it('resolves every command and subcommand Glowkit answers', () => {
    expect(Object.keys(COMMANDS).join(', ')).toBe(KNOWN);
    for (const [command, subcommands] of Object.entries(COMMANDS)) {
      for (const subcommand of subcommands) {
        expect(readEnvelope({ command, subcommand, tan: 5 })).toEqual({
          ok: true,
          command,
          subcommand,
          tan: 5,
          name: `${command}-${subcommand}`,
        });
      }
    }
  });

  it('uses tan 0 when the request has none or a bad one', () => {
    expect(readEnvelope({ command: 'config', subcommand: 'getconfig' })).toMatchObject({
      ok: true,
      tan: 0,
    });
    expect(readEnvelope({ command: 'config', subcommand: 'getconfig', tan: '3' })).toMatchObject({
      tan: 0,
    });
  });

  it('answers a request that is not an object with Invalid command for "unknown"', () => {
    for (const request of [null, 3, 'config', ['config'], undefined]) {
      expect(readEnvelope(request)).toEqual({
        ok: false,
        reply: {
          command: 'unknown',
          error: 'Invalid command',
          errorCode: 'invalid-command',
          errorData: [
            { description: '/: the request must be a JSON object with command and subcommand' },
          ],
          success: false,
          tan: 0,
        },
      });
    }
  });

  it('answers a missing or non-string command, echoing the tan', () => {
    expect(readEnvelope({ subcommand: 'getconfig', tan: 4 })).toEqual({
      ok: false,
      reply: {
        command: 'unknown',
        error: 'Invalid command',
        errorCode: 'invalid-command',
        errorData: [{ description: `/command: command is missing (known: ${KNOWN})` }],
        success: false,
        tan: 4,
      },
    });
    expect(readEnvelope({ command: 7, tan: 2 })).toMatchObject({
      reply: {
        command: 'unknown',
        errorData: [{ description: `/command: must be a string (known: ${KNOWN})` }],
        tan: 2,
      },
    });
  });

  it('answers an unknown command with its raw name', () => {
    expect(readEnvelope({ command: 'foo', subcommand: 'bar', tan: 1 })).toEqual({
      ok: false,
      reply: {
        command: 'foo',
        error: 'Invalid command',
        errorCode: 'invalid-command',
        errorData: [{ description: `/command: unknown command "foo" (known: ${KNOWN})` }],
        success: false,
        tan: 1,
      },
    });
  });

  it('does not take names of Object.prototype for commands', () => {
    for (const command of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(readEnvelope({ command, subcommand: 'x' })).toMatchObject({
        ok: false,
        reply: {
          command,
          errorData: [{ description: `/command: unknown command "${command}" (known: ${KNOWN})` }],
        },
      });
    }
  });

  it('answers a missing subcommand with "subcommand is missing"', () => {
    expect(readEnvelope({ command: 'config', tan: 3 })).toEqual({
      ok: false,
      reply: {
        command: 'config',
        error: 'Invalid command',
        errorCode: 'invalid-command',
        errorData: [
          { description: `/subcommand: subcommand is missing (known for config: ${CONFIG_SUBS})` },
        ],
        success: false,
        tan: 3,
      },
    });
  });

  it('answers an unknown subcommand with "Invalid subcommand: <x>"', () => {
    expect(readEnvelope({ command: 'config', subcommand: 'reload' })).toMatchObject({
      ok: false,
      reply: {
        command: 'config',
        errorData: [
          {
            description: `/subcommand: Invalid subcommand: "reload" (known for config: ${CONFIG_SUBS})`,
          },
        ],
      },
    });
    expect(readEnvelope({ command: 'authorize', subcommand: 12 })).toMatchObject({
      reply: {
        command: 'authorize',
        errorData: [
          {
            description:
              '/subcommand: Invalid subcommand: 12 (known for authorize: login, logout, tokenRequired, adminRequired, newPasswordRequired, createToken, getTokenList, deleteToken, requestToken, answerRequest, getPendingTokenRequests, denyPendingTokenRequests, newPassword)',
          },
        ],
      },
    });
    // Subcommands are case-sensitive, as in Hyperion.ng.
    expect(readEnvelope({ command: 'authorize', subcommand: 'gettokenlist' }).ok).toBe(false);
    expect(readEnvelope({ command: 'config', subcommand: 'toString' }).ok).toBe(false);
  });

  it('keeps a hostile subcommand to one short line', () => {
    const envelope = readEnvelope({ command: 'config', subcommand: `x\n${'y'.repeat(10_000)}` });
    if (envelope.ok) throw new Error('accepted');
    const description = envelope.reply.errorData?.[0]?.description ?? '';
    expect(description).not.toContain('\n');
    expect(description.length).toBeLessThan(200);
  });

  it('reads what parseJson returns', () => {
    const parsed = parseJson(
      '{"command":"config","subcommand":"restoreconfig","tan":12,"config":{}}',
    );
    if (!parsed.ok) throw new Error(describeJsonSyntaxError(parsed.error));
    expect(readEnvelope(parsed.value)).toMatchObject({
      ok: true,
      name: 'config-restoreconfig',
      tan: 12,
    });
  });
});
