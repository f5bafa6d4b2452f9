import { describe, expect, it } from 'vitest';
import {
  GLOBAL_GROUPS,
  INSTANCE_GROUPS,
  readEnvelope,
  validateControlRequest,
  validateSetConfigRequest,
} from '../src/index.js';
import { allGroups, described } from './requests.js';

const GROUP_RULE = 'must be an object, an array, a string holding JSON, or null';

const setconfig = (extra: Record<string, unknown>) => ({
  command: 'config',
  subcommand: 'setconfig',
  tan: 4,
  ...extra,
});

const check = (request: unknown): string[] => described(validateSetConfigRequest(request));

describe('validateSetConfigRequest', () => {
  it('accepts global groups without an instance, and instance groups with one', () => {
    expect(check(setconfig({ config: { general: { name: 'Living room' } } }))).toEqual([]);
    expect(
      check(
        setconfig({
          instance: 0,
          config: {
            device: { type: 'file', output: '/tmp/leds' },
            smoothing: '{"enable":false}',
            leds: [{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.1 }],
            color: null,
          },
        }),
      ),
    ).toEqual([]);
    expect(check(setconfig({ instance: 254, config: { ledConfig: {} } }))).toEqual([]);
    expect(check(setconfig({ instance: 255, config: { ledConfig: {} } }))).toEqual([
      '/instance: must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it',
    ]);
  });

  it('takes every group of its level', () => {
    const globals = allGroups(GLOBAL_GROUPS);
    const instances = allGroups(INSTANCE_GROUPS);
    expect(check(setconfig({ config: globals }))).toEqual([]);
    expect(check(setconfig({ instance: 3, config: instances }))).toEqual([]);
  });

  it('refuses a group of the other level, saying where it belongs', () => {
    expect(check(setconfig({ config: { device: {}, general: {} } }))).toEqual([
      '/config/device: "device" is an instance group: name its instance with "instance" (e.g. "instance": 0)',
    ]);
    expect(check(setconfig({ instance: 1, config: { webConfig: {}, smoothing: {} } }))).toEqual([
      '/config/webConfig: "webConfig" is a global group: send it in a setconfig without "instance"',
    ]);
    expect(check(setconfig({ config: { colour: {} } }))).toEqual([
      `/config/colour: "colour" is not a global group (global groups: ${GLOBAL_GROUPS.join(', ')})`,
    ]);
    expect(check(setconfig({ instance: 0, config: { __proto__x: {}, constructor: {} } }))).toEqual([
      `/config/__proto__x: "__proto__x" is not an instance group (instance groups: ${INSTANCE_GROUPS.join(', ')})`,
      `/config/constructor: "constructor" is not an instance group (instance groups: ${INSTANCE_GROUPS.join(', ')})`,
    ]);
  });

  it('needs config: an object naming at least one group', () => {
    expect(check(setconfig({}))).toEqual([
      '/config: is required (the setting groups to save, e.g. {"general": {…}})',
    ]);
    expect(check(setconfig({ instance: 0 }))).toEqual([
      '/config: is required (the setting groups to save, e.g. {"smoothing": {…}})',
    ]);
    expect(check(setconfig({ config: [] }))).toEqual([
      '/config: must be an object of global setting groups',
    ]);
    expect(check(setconfig({ instance: 0, config: {} }))).toEqual([
      `/config: must name at least one group (instance groups: ${INSTANCE_GROUPS.join(', ')})`,
    ]);
  });

  it('checks each group value as a restore does', () => {
    expect(
      check(setconfig({ instance: 0, config: { device: 12, leds: '[1', smoothing: '"x"' } })),
    ).toEqual([
      `/config/device: ${GROUP_RULE}`,
      `/config/leds: ${GROUP_RULE}: the string is not valid JSON (expected ',' or ']', found the end of the text at line 1, column 3)`,
      `/config/smoothing: ${GROUP_RULE}: the string holds a string, not an object or array`,
    ]);
  });

  it('checks instance: an id from 0 to 254', () => {
    for (const instance of [-1, 256, 1.5, '0', null]) {
      expect(check(setconfig({ instance, config: { device: {} } })), String(instance)).toEqual([
        '/instance: must be an integer from 0 to 254',
      ]);
    }
  });

  it('needs command "config" and subcommand "setconfig", checks tan, allows other properties', () => {
    expect(check(null)).toEqual(['/: must be a JSON object']);
    expect(check({ config: { general: {} } })).toEqual([
      '/command: is required ("config")',
      '/subcommand: is required ("setconfig")',
    ]);
    expect(check(setconfig({ tan: 'x', config: { general: {} }, extra: true }))).toEqual([
      '/tan: must be an integer of 0 or more',
    ]);
  });

  it("checks each valid group's content by its schema, a string as the value it holds, in order", () => {
    const request = setconfig({
      instance: 0,
      config: {
        smoothing: '{"enable":true,"updateDelay":5000}',
        device: { hardwareLedCount: 0 },
        color: null,
        leds: 7,
      },
    });
    expect(described(validateSetConfigRequest(request))).toEqual([
      '/config/smoothing/updateDelay: must be an integer from 0 to 2048',
      '/config/device/hardwareLedCount: must be an integer from 1 to 65536',
      // null (back to the default) is not checked; a broken value is said once.
      `/config/leds: ${GROUP_RULE}`,
    ]);
  });

  it('is what validateControlRequest runs for config setconfig', () => {
    const request = setconfig({ config: { device: {} } });
    const envelope = readEnvelope(request);
    if (!envelope.ok) throw new Error('the envelope must resolve');
    expect(envelope.name).toBe('config-setconfig');
    expect(described(validateControlRequest(envelope, request))).toEqual(check(request));
  });
});
