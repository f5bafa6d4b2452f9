// The one reading of a backup file, for the CLI's import and the web UI's backup page.
import { describe, expect, it } from 'vitest';
import { configurationInBackup } from '../src/index.js';

const config = { global: { settings: {} }, instanceIds: [0], instances: [] };

describe('configurationInBackup', () => {
  it('finds the configuration of getconfig’s info, a getconfig reply and a restore request, and its pointer', () => {
    expect(configurationInBackup(config)).toEqual({
      ok: true,
      config,
      form: 'configuration',
      at: '',
    });
    expect(
      configurationInBackup({ command: 'config-getconfig', info: config, success: true, tan: 1 }),
    ).toEqual({ ok: true, config, form: 'getconfig reply', at: '/info' });
    for (const request of [
      { command: 'config', subcommand: 'restoreconfig', config },
      { config },
    ]) {
      expect(configurationInBackup(request)).toEqual({
        ok: true,
        config,
        form: 'restore request',
        at: '/config',
      });
    }
  });

  it('says why a file holds none, in words that follow the file’s name', () => {
    const forms =
      "getconfig's reply (as `curl … getconfig > file` saves it), its info (Hyperion.ng's backup), or a restore request";
    for (const value of [[1], 'text', null]) {
      expect(configurationInBackup(value)).toEqual({
        ok: false,
        problem: `holds no configuration: expected a JSON object, ${forms}`,
      });
    }
    expect(configurationInBackup({ command: 'config-getsnapshots', info: [] })).toEqual({
      ok: false,
      problem: 'is the reply of config-getsnapshots, not of config getconfig',
    });
    expect(
      configurationInBackup({
        command: 'config-getconfig',
        success: false,
        error: 'No Authorization',
      }),
    ).toEqual({
      ok: false,
      problem: 'is a failed getconfig reply: No Authorization; it holds no configuration',
    });
    expect(configurationInBackup({ command: 'config-getconfig', success: true })).toEqual({
      ok: false,
      problem: 'is a failed getconfig reply; it holds no configuration',
    });
  });
});
