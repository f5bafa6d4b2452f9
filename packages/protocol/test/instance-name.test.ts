// One rule for an instance's name: a restore, the store (isInstanceName) and the instance commands
// take and refuse the same names, with the same words.
import { describe, expect, it } from 'vitest';
import {
  defaultInstanceName,
  isInstanceName,
  MIN_INSTANCE_NAME_LENGTH,
  validateInstanceRequest,
  validateRestoreRequest,
} from '../src/index.js';

/** The rules a name breaks in a restore, and in createInstance and saveName. */
function rulesOf(name: unknown): { restore: string[]; create: string[]; rename: string[] } {
  const config = {
    global: { settings: {} },
    instanceIds: [0],
    instances: [{ id: 0, name, settings: {} }],
  };
  const restore = validateRestoreRequest({
    command: 'config',
    subcommand: 'restoreconfig',
    config,
  });
  const request = { command: 'instance', name, instance: 0 };
  const create = validateInstanceRequest({ ...request, subcommand: 'createInstance' });
  const rename = validateInstanceRequest({ ...request, subcommand: 'saveName' });
  return {
    restore: restore.map((v) => v.rule),
    create: create.map((v) => v.rule),
    rename: rename.map((v) => v.rule),
  };
}

describe('instance names', () => {
  it('are taken by the instance commands wherever a restore takes them, however long', () => {
    expect(MIN_INSTANCE_NAME_LENGTH).toBe(5);
    for (const name of ['Kitchen', '12345', '😀😀😀😀😀', 'x'.repeat(101), 'y'.repeat(10_000)]) {
      expect(rulesOf(name), name.slice(0, 12)).toEqual({ restore: [], create: [], rename: [] });
      expect(isInstanceName(name)).toBe(true);
    }
  });

  it('are refused alike, with the same rule, when shorter than 5 characters or no string', () => {
    const rule = 'must be a string of at least 5 characters (minLength 5)';
    for (const name of ['Desk', '', '😀😀😀😀', 12345, null]) {
      expect(rulesOf(name), String(name)).toEqual({
        restore: [rule],
        create: [rule],
        rename: [rule],
      });
      expect(isInstanceName(name)).toBe(false);
    }
  });

  it('default to Hyperion.ng’s "Instance <id>"', () => {
    expect(defaultInstanceName(3)).toBe('Instance 3');
  });
});
