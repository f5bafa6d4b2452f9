/**
 * The defaults come from the schemas (`default`s, and `defaultProperties` where a group declares
 * keys a new configuration does not write): for every group and every device type they are what
 * the server wrote by hand before (test/fixtures/landed-defaults.json: apps/server's defaults.ts
 * and the setup page's device forms as landed), key order included for the groups.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VERSION,
  DEVICE_TYPES,
  defaultDevice,
  defaultGlobalSettings,
  defaultGroup,
  defaultInstanceSettings,
  deviceTypeSchemas,
  GLOBAL_GROUPS,
  INSTANCE_GROUPS,
  schemaDefault,
} from '../../src/index.js';

const landed = JSON.parse(
  readFileSync(new URL('../fixtures/landed-defaults.json', import.meta.url), 'utf8'),
) as { groups: Record<string, unknown>; devices: Record<string, unknown> };

describe('settings defaults', () => {
  it.each([...GLOBAL_GROUPS, ...INSTANCE_GROUPS])('%s is what a new configuration held', (name) => {
    const value = defaultGroup(name);
    expect(value).toEqual(landed.groups[name]);
    // Same key order too, so that a new configuration reads as before (getconfig, exports).
    expect(JSON.stringify(value)).toBe(JSON.stringify(landed.groups[name]));
  });

  it.each([...DEVICE_TYPES])('device type %s starts with what its form gave', (type) => {
    // Less a required key's empty default (a network device's host): the user gives it.
    const required = (deviceTypeSchemas[type].required ?? []) as string[];
    const expected = Object.fromEntries(
      Object.entries(landed.devices[type] as Record<string, unknown>).filter(
        ([key, value]) => !(value === '' && required.includes(key)),
      ),
    );
    expect(defaultDevice(type)).toEqual(expected);
  });

  it('leaves out a required key that has no value to start with', () => {
    for (const type of ['udpraw', 'udpddp', 'wled'] as const) {
      expect(defaultDevice(type)).not.toHaveProperty('host');
    }
    expect(defaultDevice('file').output).toBe('/dev/null');
  });

  it('gives the virtual device to a new configuration, and the layout version 2.1.2', () => {
    expect(defaultGroup('device')).toEqual(defaultDevice('virtual'));
    expect(CONFIG_VERSION).toBe('2.1.2');
    expect(defaultGroup('general').configVersion).toBe(CONFIG_VERSION);
  });

  it('leaves out the keys a schema declares but a new configuration does not write', () => {
    expect(defaultGroup('color')).not.toHaveProperty('accuracyLevel');
    expect(defaultGroup('ledConfig')).not.toHaveProperty('ledBlacklist');
    expect(defaultDevice('wled')).not.toHaveProperty('segments');
    expect(
      schemaDefault({ type: 'object', properties: { a: { type: 'integer', default: 1 } } }),
    ).toEqual({ a: 1 });
    expect(
      schemaDefault({
        type: 'object',
        defaultProperties: ['a'],
        properties: { a: { type: 'integer', default: 1 }, b: { type: 'integer', default: 2 } },
      }),
    ).toEqual({ a: 1 });
  });

  it('returns a fresh copy every time', () => {
    const leds = defaultGroup('leds');
    (leds[0] as Record<string, unknown>).hmax = 0.5;
    leds.push({});
    expect(defaultGroup('leds')).toEqual([{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.08 }]);
    const wled = defaultDevice('wled');
    wled.brightness = 7;
    expect(defaultDevice('wled').brightness).toBe(255);
    const global = defaultGlobalSettings();
    global.webConfig.port = 1;
    expect(defaultGlobalSettings().webConfig.port).toBe(8090);
  });

  it('has one key per group in the global and instance settings, in the groups order', () => {
    expect(Object.keys(defaultGlobalSettings())).toEqual([...GLOBAL_GROUPS]);
    expect(Object.keys(defaultInstanceSettings())).toEqual([...INSTANCE_GROUPS]);
  });

  it('refuses a name that is no group and a type that has no schema', () => {
    expect(() => defaultGroup('colour')).toThrow(new RangeError('unknown settings group "colour"'));
    expect(() => defaultDevice('ws2812spi' as 'wled')).toThrow(
      new RangeError('unknown device type "ws2812spi"'),
    );
  });
});
