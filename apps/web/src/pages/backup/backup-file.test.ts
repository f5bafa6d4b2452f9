import { describe, expect, it } from 'vitest';
import { checkBackupText } from './backup-file.js';

const config = {
  global: { settings: { general: { name: 'Glowkit' } } },
  instanceIds: [0],
  instances: [{ id: 0, name: 'Living room', settings: { device: { type: 'file' } } }],
};

describe('checkBackupText', () => {
  it('takes getconfig’s info, a whole getconfig reply, and a restore request', () => {
    const forms = [
      [config, 'configuration'],
      [{ command: 'config-getconfig', info: config, success: true, tan: 1 }, 'getconfig reply'],
      [{ command: 'config', subcommand: 'restoreconfig', config }, 'restore request'],
    ] as const;
    for (const [value, form] of forms) {
      expect(checkBackupText(JSON.stringify(value))).toEqual({ ok: true, config, form });
    }
  });

  it('gives a syntax error’s line and column', () => {
    expect(checkBackupText('{\n  "global": }')).toEqual({
      ok: false,
      reason: 'syntax',
      description: "expected a value, found '}' at line 2, column 13",
      line: 2,
      column: 13,
    });
  });

  it('refuses a file that holds no configuration', () => {
    expect(checkBackupText('[1]')).toMatchObject({ ok: false, reason: 'form' });
    expect(checkBackupText('{"command":"config-getsnapshots","info":[]}')).toMatchObject({
      ok: false,
      reason: 'form',
    });
  });

  it('says why a file holds no configuration in the words of `glowkit config import`', () => {
    expect(checkBackupText('[1]')).toEqual({
      ok: false,
      reason: 'form',
      problem:
        "holds no configuration: expected a JSON object, getconfig's reply (as `curl … getconfig > file` saves it), its info (Hyperion.ng's backup), or a restore request",
    });
    expect(checkBackupText('{"command":"config-getconfig","success":false}')).toEqual({
      ok: false,
      reason: 'form',
      problem: 'is a failed getconfig reply; it holds no configuration',
    });
  });

  it('lists every violation with its pointer into the file', () => {
    const broken = {
      global: { settings: { leds: [] } },
      instanceIds: [0, 1],
      instances: [{ id: 0, name: 'TV', settings: {} }],
    };
    const check = checkBackupText(JSON.stringify(broken));
    expect(check.ok).toBe(false);
    const pointers =
      check.ok || check.reason !== 'invalid' ? [] : check.violations.map((v) => v.pointer);
    expect(pointers).toEqual(['/global/settings/leds', '/instanceIds', '/instances/0/name']);
    const reply = checkBackupText(
      JSON.stringify({ command: 'config-getconfig', info: broken, success: true }),
    );
    expect(reply.ok || reply.reason !== 'invalid' ? [] : reply.violations[0]?.pointer).toBe(
      '/info/global/settings/leds',
    );
  });

  it("refuses what the server refuses inside a group, with the group schema's rule", () => {
    const file = {
      ...config,
      global: { settings: { webConfig: { port: 'abc', sslPort: 8092 } } },
    };
    expect(checkBackupText(JSON.stringify(file))).toEqual({
      ok: false,
      reason: 'invalid',
      violations: [
        { pointer: '/global/settings/webConfig/port', rule: 'must be an integer from 1 to 65535' },
      ],
    });
  });
});
