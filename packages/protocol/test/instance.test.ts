import { describe, expect, it } from 'vitest';
import { validateInstanceRequest } from '../src/index.js';
import { HOME_ASSISTANT } from './control-requests.js';
import { described } from './requests.js';

const check = (subcommand: unknown, extra: Record<string, unknown> = {}): string[] =>
  described(validateInstanceRequest({ command: 'instance', subcommand, tan: 4, ...extra }));

const SUBS = 'switchTo, startInstance, stopInstance, createInstance, deleteInstance, saveName';

describe('validateInstanceRequest', () => {
  it("accepts what hyperion-py and Hyperion.ng's web UI send", () => {
    expect(validateInstanceRequest(HOME_ASSISTANT.switchTo)).toEqual([]);
    for (const subcommand of ['switchTo', 'startInstance', 'stopInstance', 'deleteInstance']) {
      expect(check(subcommand, { instance: 1 }), subcommand).toEqual([]);
    }
    expect(check('createInstance', { name: 'Kitchen strip' })).toEqual([]);
    expect(check('saveName', { instance: 1, name: 'Kitchen strip' })).toEqual([]);
  });

  it('needs the instance, an index from 0 to 254, for all but createInstance', () => {
    for (const subcommand of ['switchTo', 'startInstance', 'stopInstance', 'deleteInstance']) {
      expect(check(subcommand), subcommand).toEqual([
        '/instance: is required (an integer from 0 to 254)',
      ]);
    }
    expect(check('switchTo', { instance: 254 })).toEqual([]);
    for (const instance of [256, -1, 0.5, '1', [1]]) {
      expect(check('startInstance', { instance }), JSON.stringify(instance)).toEqual([
        '/instance: must be an integer from 0 to 254',
      ]);
    }
  });

  it('says that instance 255 runs but cannot be named here, and how to name it', () => {
    for (const subcommand of ['switchTo', 'startInstance', 'stopInstance', 'deleteInstance']) {
      expect(check(subcommand, { instance: 255 }), subcommand).toEqual([
        '/instance: must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it',
      ]);
    }
    expect(check('saveName', { instance: 255, name: 'Kitchen strip' })).toEqual([
      '/instance: must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it',
    ]);
  });

  // The maximum of 100 went (issue 20): a restore takes any name of at least 5 characters, and a
  // rename must not refuse what a restore takes.
  it('needs a name of at least 5 characters for createInstance and saveName', () => {
    expect(check('createInstance')).toEqual([
      '/name: is required (a string of at least 5 characters)',
    ]);
    expect(check('saveName')).toEqual([
      '/instance: is required (an integer from 0 to 254)',
      '/name: is required (a string of at least 5 characters)',
    ]);
    for (const name of ['Desk', '😀😀😀😀', 12345]) {
      expect(check('createInstance', { name }), String(name)).toEqual([
        '/name: must be a string of at least 5 characters (minLength 5)',
      ]);
    }
    expect(check('createInstance', { name: 'x'.repeat(101) })).toEqual([]);
    // createInstance picks the id itself; an instance given anyway must still be an index.
    expect(check('createInstance', { name: 'Kitchen strip', instance: 300 })).toEqual([
      '/instance: must be an integer from 0 to 254',
    ]);
  });

  it('ignores a name where it is not read', () => {
    expect(check('switchTo', { instance: 0, name: 7 })).toEqual([]);
  });

  it('needs command "instance" and a known subcommand', () => {
    expect(described(validateInstanceRequest({}))).toEqual([
      '/command: is required ("instance")',
      `/subcommand: is required (one of: ${SUBS})`,
    ]);
    expect(check('switchto', { instance: 0 })).toEqual([`/subcommand: must be one of: ${SUBS}`]);
  });
});
