import { describe, expect, it } from 'vitest';
import { INSTANCE_GROUPS, validateRestoreRequest } from '../src/index.js';
import { allGroups, described, instance, LED, restoreRequest, withInstances } from './requests.js';

const GROUP_RULE = 'must be an object, an array, a string holding JSON, or null';

// The descriptions a client would find in errorData for a request with this config.
const forConfig = (config: unknown): string[] =>
  described(validateRestoreRequest(restoreRequest(config)));

// The same for a request with one top-level property replaced (undefined removes it).
const forRequest = (changes: Record<string, unknown>): string[] => {
  const request: Record<string, unknown> = { ...restoreRequest(), ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete request[key];
  return described(validateRestoreRequest(request));
};

describe('validateRestoreRequest: the request', () => {
  it('accepts a valid request', () => {
    expect(validateRestoreRequest(restoreRequest())).toEqual([]);
  });

  it('must be an object', () => {
    for (const request of [null, [], 'config', 42, undefined]) {
      expect(validateRestoreRequest(request)).toEqual([
        { pointer: '', rule: 'must be a JSON object', description: '/: must be a JSON object' },
      ]);
    }
  });

  it('needs command "config"', () => {
    expect(forRequest({ command: undefined })).toEqual(['/command: is required ("config")']);
    expect(forRequest({ command: 'Config' })).toEqual(['/command: must be "config"']);
    expect(forRequest({ command: 1 })).toEqual(['/command: must be "config"']);
  });

  it('needs subcommand "restoreconfig"', () => {
    expect(forRequest({ subcommand: undefined })).toEqual([
      '/subcommand: is required ("restoreconfig")',
    ]);
    expect(forRequest({ subcommand: 'getconfig' })).toEqual([
      '/subcommand: must be "restoreconfig"',
    ]);
  });

  it('needs config, an object', () => {
    expect(forRequest({ config: undefined })).toEqual([
      '/config: is required (the configuration to restore)',
    ]);
    for (const config of [null, [], 'x', 3]) {
      expect(forRequest({ config })).toEqual([
        '/config: must be an object with global, instanceIds and/or instances',
      ]);
    }
  });

  it('takes an optional tan, an integer of 0 or more', () => {
    expect(forRequest({ tan: undefined })).toEqual([]);
    expect(forRequest({ tan: 0 })).toEqual([]);
    expect(forRequest({ tan: 2 ** 40 })).toEqual([]);
    for (const tan of [-1, 1.5, '1', null, true]) {
      expect(forRequest({ tan }), String(tan)).toEqual(['/tan: must be an integer of 0 or more']);
    }
  });

  it('allows other top-level properties (the spec does not forbid them)', () => {
    expect(forRequest({ instance: 0, client: 'web' })).toEqual([]);
  });
});

describe('validateRestoreRequest: config', () => {
  it('allows only global, instanceIds and instances', () => {
    expect(forConfig({ ...(restoreRequest().config as object), version: '2.0' })).toEqual([
      '/config/version: is not allowed here (allowed: global, instanceIds, instances)',
    ]);
  });

  it('needs configuration data', () => {
    expect(forConfig({})).toEqual([
      '/config: no configuration data provided (global or instances)',
    ]);
    expect(forConfig({ other: 1 })).toEqual([
      '/config: no configuration data provided (global or instances)',
      '/config/other: is not allowed here (allowed: global, instanceIds, instances)',
    ]);
  });

  it('accepts global alone, instances alone, or an empty instanceIds alone', () => {
    expect(forConfig({ global: { settings: {} } })).toEqual([]);
    expect(forConfig(withInstances(instance(0)))).toEqual([]);
    expect(forConfig({ instanceIds: [] })).toEqual([]);
    expect(forConfig({ instances: [] })).toEqual([]);
  });
});

describe('validateRestoreRequest: global', () => {
  it('must be an object with settings', () => {
    expect(forConfig({ global: null })).toEqual([
      '/config/global: must be an object with settings (and optionally uuid)',
    ]);
    expect(forConfig({ global: [] })).toEqual([
      '/config/global: must be an object with settings (and optionally uuid)',
    ]);
    expect(forConfig({ global: {} })).toEqual([
      '/config/global/settings: is required (an object of global setting groups)',
    ]);
    expect(forConfig({ global: { settings: 'general' } })).toEqual([
      '/config/global/settings: must be an object of global setting groups',
    ]);
  });

  it('allows nothing but settings and uuid', () => {
    expect(forConfig({ global: { settings: {}, instances: [] } })).toEqual([
      '/config/global/instances: is not allowed here (allowed: settings, uuid)',
    ]);
  });

  it('takes a uuid of 8-4-4-4-12 hex digits, in either case', () => {
    expect(
      forConfig({ global: { settings: {}, uuid: '0F1C6A0E-3B1D-5C2A-9E4F-6A7B8C9D0E1F' } }),
    ).toEqual([]);
    const rule =
      '/config/global/uuid: must be a UUID string of 8-4-4-4-12 hex digits, e.g. 0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f';
    for (const uuid of [
      '{0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f}',
      '0f1c6a0e3b1d5c2a9e4f6a7b8c9d0e1f',
      '0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1g',
      '0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f\n',
      '',
      42,
      null,
    ]) {
      expect(forConfig({ global: { settings: {}, uuid } }), String(uuid)).toEqual([rule]);
    }
  });

  it('holds only the 15 global groups', () => {
    expect(
      forConfig({ global: { settings: allGroups(['cecEvents', 'webConfig', 'general']) } }),
    ).toEqual([]);
    expect(forConfig({ global: { settings: { general: {}, colour: {} } } })).toEqual([
      '/config/global/settings/colour: "colour" is not a global group (global groups: cecEvents, effects, flatbufServer, forwarder, framegrabber, general, grabberAudio, grabberV4L2, jsonServer, logger, network, osEvents, protoServer, schedEvents, webConfig)',
    ]);
  });

  it('says where an instance group belongs when it is put in global', () => {
    expect(forConfig({ global: { settings: { leds: [] } } })).toEqual([
      '/config/global/settings/leds: "leds" is an instance group, not a global group: move it into an instance\'s settings',
    ]);
  });
});

describe('validateRestoreRequest: group values', () => {
  const globalGroup = (value: unknown): string[] =>
    forConfig({ global: { settings: { general: value } } });
  const instanceGroup = (value: unknown): string[] =>
    forConfig(withInstances({ id: 0, settings: { leds: value } }));

  it('accepts an object, an array, a string holding a JSON object or array, and null', () => {
    // The form is the spec's rule; what the value holds is its group schema's (general is an
    // object, leds a list of LEDs).
    for (const value of [{ name: 'Living room' }, {}, '{"name":"Living room"}', null]) {
      expect(globalGroup(value), JSON.stringify(value)).toEqual([]);
    }
    for (const value of [[LED, LED], ` [ ${JSON.stringify(LED)} ] `, null]) {
      expect(instanceGroup(value), JSON.stringify(value)).toEqual([]);
    }
    expect(globalGroup([1, 2])).toEqual(['/config/global/settings/general: must be an object']);
    expect(instanceGroup({})).toEqual([
      '/config/instances/0/settings/leds: must be an array of 1 to 65536 items',
    ]);
  });

  it('refuses numbers and booleans', () => {
    expect(globalGroup(5)).toEqual([`/config/global/settings/general: ${GROUP_RULE}`]);
    expect(instanceGroup(false)).toEqual([`/config/instances/0/settings/leds: ${GROUP_RULE}`]);
  });

  it('refuses a string that is not JSON, saying where it breaks', () => {
    expect(globalGroup('{"name": "x",}')).toEqual([
      `/config/global/settings/general: ${GROUP_RULE}: the string is not valid JSON (trailing comma before } at line 1, column 13)`,
    ]);
    expect(instanceGroup('')).toEqual([
      `/config/instances/0/settings/leds: ${GROUP_RULE}: the string is not valid JSON (expected a JSON value, found an empty text at line 1, column 1)`,
    ]);
  });

  it('refuses a string that holds a scalar', () => {
    expect(globalGroup('5')).toEqual([
      `/config/global/settings/general: ${GROUP_RULE}: the string holds a number, not an object or array`,
    ]);
    expect(globalGroup('"text"')).toEqual([
      `/config/global/settings/general: ${GROUP_RULE}: the string holds a string, not an object or array`,
    ]);
    expect(instanceGroup('null')).toEqual([
      `/config/instances/0/settings/leds: ${GROUP_RULE}: the string holds null, not an object or array`,
    ]);
  });
});

describe('validateRestoreRequest: instanceIds', () => {
  it('must be an array of integers from 0 to 254', () => {
    expect(forConfig({ instanceIds: {} })).toEqual([
      '/config/instanceIds: must be an array of instance ids (integers from 0 to 254)',
    ]);
    expect(forConfig({ instanceIds: [0, 254], instances: [instance(254), instance(0)] })).toEqual(
      [],
    );
    expect(forConfig({ instanceIds: [1.5, '2', -1, 256, null] })).toEqual([
      '/config/instanceIds: must list exactly the ids of config.instances: no instance has -1, 256',
      '/config/instanceIds/0: must be an integer from 0 to 254',
      '/config/instanceIds/1: must be an integer from 0 to 254',
      '/config/instanceIds/2: must be an integer from 0 to 254',
      '/config/instanceIds/3: must be an integer from 0 to 254',
      '/config/instanceIds/4: must be an integer from 0 to 254',
    ]);
  });

  it('leaves instance 255 out: the specification lets instanceIds list 0 to 254 only', () => {
    const instances = [instance(0), instance(255)];
    expect(forConfig({ instanceIds: [0], instances })).toEqual([]);
    expect(forConfig({ instanceIds: [0, 255], instances })).toEqual([
      '/config/instanceIds/1: must be an integer from 0 to 254: instanceIds cannot list 255; leave it out (instance 255 is restored all the same)',
    ]);
    expect(forConfig({ instanceIds: [], instances: [instance(255)] })).toEqual([]);
  });

  it('must not repeat an id', () => {
    expect(forConfig({ instanceIds: [1, 0, 1], instances: [instance(0), instance(1)] })).toEqual([
      '/config/instanceIds/2: repeats the id at /config/instanceIds/0: ids must be unique',
    ]);
  });

  it('must list exactly the ids of the instances, in any order', () => {
    const instances = [instance(0), instance(2), instance(5)];
    expect(forConfig({ instanceIds: [5, 0, 2], instances })).toEqual([]);
    expect(forConfig({ instanceIds: [0], instances })).toEqual([
      '/config/instanceIds: must list exactly the ids of config.instances: missing 2, 5',
    ]);
    expect(forConfig({ instanceIds: [0, 2, 5, 7, 3], instances })).toEqual([
      '/config/instanceIds: must list exactly the ids of config.instances: no instance has 3, 7',
    ]);
    expect(forConfig({ instanceIds: [1, 0, 5], instances })).toEqual([
      '/config/instanceIds: must list exactly the ids of config.instances: missing 2; no instance has 1',
    ]);
  });

  it('lists no id when there are no instances', () => {
    expect(forConfig({ instanceIds: [0], global: { settings: {} } })).toEqual([
      '/config/instanceIds: must list exactly the ids of config.instances: no instance has 0',
    ]);
  });
});

describe('validateRestoreRequest: instances', () => {
  it('must be an array of objects', () => {
    expect(forConfig({ instances: { 0: instance(0) } })).toEqual([
      '/config/instances: must be an array of instances',
    ]);
    expect(forConfig({ instances: [instance(0), null, 'x'] })).toEqual([
      '/config/instances/1: must be an object with id, settings and optionally name and enabled',
      '/config/instances/2: must be an object with id, settings and optionally name and enabled',
    ]);
  });

  it('needs id and settings', () => {
    expect(forConfig(withInstances({ name: 'Living room' }))).toEqual([
      '/config/instances/0/id: is required (an integer from 0 to 255)',
      '/config/instances/0/settings: is required (an object of instance setting groups)',
    ]);
  });

  it('takes an id from 0 to 255, as the specification does', () => {
    expect(forConfig(withInstances(instance(0), instance(254)))).toEqual([]);
    expect(forConfig({ instances: [instance(255), instance(3)], instanceIds: [3] })).toEqual([]);
    for (const id of [256, -1, 2.5, '0', null]) {
      expect(forConfig(withInstances(instance(id))), String(id)).toEqual([
        '/config/instances/0/id: must be an integer from 0 to 255',
      ]);
    }
  });

  it('takes a name of at least 5 characters, counting characters not UTF-16 units', () => {
    expect(forConfig(withInstances(instance(0, { name: 'Desk1' })))).toEqual([]);
    expect(forConfig(withInstances(instance(0, { name: '💡💡💡💡💡' })))).toEqual([]);
    for (const name of ['Desk', '💡💡💡', '', 12345, null]) {
      expect(forConfig(withInstances(instance(0, { name }))), String(name)).toEqual([
        '/config/instances/0/name: must be a string of at least 5 characters (minLength 5)',
      ]);
    }
  });

  it('takes enabled as true or false', () => {
    expect(forConfig(withInstances(instance(0, { enabled: false })))).toEqual([]);
    expect(forConfig(withInstances(instance(0, { enabled: 1 })))).toEqual([
      '/config/instances/0/enabled: must be true or false',
    ]);
  });

  it('allows nothing else in an instance', () => {
    expect(forConfig(withInstances(instance(0, { instance: 0 })))).toEqual([
      '/config/instances/0/instance: is not allowed here (allowed: id, name, enabled, settings)',
    ]);
  });

  it('holds only the 10 instance groups in settings', () => {
    expect(forConfig(withInstances({ id: 0, settings: allGroups(INSTANCE_GROUPS) }))).toEqual([]);
    expect(forConfig(withInstances({ id: 0, settings: [] }))).toEqual([
      '/config/instances/0/settings: must be an object of instance setting groups',
    ]);
    expect(forConfig(withInstances({ id: 0, settings: { led: [] } }))).toEqual([
      '/config/instances/0/settings/led: "led" is not an instance group (instance groups: backgroundEffect, blackborderdetector, boblightServer, color, device, foregroundEffect, instCapture, ledConfig, leds, smoothing)',
    ]);
    expect(forConfig(withInstances({ id: 0, settings: { network: {} } }))).toEqual([
      '/config/instances/0/settings/network: "network" is a global group, not an instance group: move it into config.global.settings',
    ]);
  });

  it('needs unique ids, naming the first instance that has the id', () => {
    expect(forConfig(withInstances(instance(3), instance(1), instance(3), instance(1)))).toEqual([
      '/config/instances/2/id: repeats the id of /config/instances/0: instance ids must be unique',
      '/config/instances/3/id: repeats the id of /config/instances/1: instance ids must be unique',
    ]);
  });
});

describe('validateRestoreRequest: reporting', () => {
  it('reports every violation at once, in document order', () => {
    const request = {
      command: 'config',
      subcommand: 'restore',
      tan: -3,
      config: {
        global: { settings: { general: 7, ledConfig: {} }, uuid: 'abc' },
        instanceIds: [0, 9],
        instances: [
          { id: 0, name: 'TV', enabled: 'yes', settings: { leds: '[' } },
          { id: 0, settings: {}, extra: true },
          { name: 'Nameless' },
        ],
        backup: true,
      },
    };
    expect(described(validateRestoreRequest(request))).toEqual([
      '/subcommand: must be "restoreconfig"',
      '/tan: must be an integer of 0 or more',
      `/config/global/settings/general: ${GROUP_RULE}`,
      '/config/global/settings/ledConfig: "ledConfig" is an instance group, not a global group: move it into an instance\'s settings',
      '/config/global/uuid: must be a UUID string of 8-4-4-4-12 hex digits, e.g. 0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f',
      '/config/instanceIds: must list exactly the ids of config.instances: no instance has 9',
      '/config/instances/0/name: must be a string of at least 5 characters (minLength 5)',
      '/config/instances/0/enabled: must be true or false',
      `/config/instances/0/settings/leds: ${GROUP_RULE}: the string is not valid JSON (expected a value or ']', found the end of the text at line 1, column 2)`,
      '/config/instances/1/id: repeats the id of /config/instances/0: instance ids must be unique',
      '/config/instances/1/extra: is not allowed here (allowed: id, name, enabled, settings)',
      '/config/instances/2/id: is required (an integer from 0 to 255)',
      '/config/instances/2/settings: is required (an object of instance setting groups)',
      '/config/backup: is not allowed here (allowed: global, instanceIds, instances)',
    ]);
  });

  it('gives pointer, rule and description for each violation', () => {
    expect(
      validateRestoreRequest(
        restoreRequest(withInstances(instance(0), instance(1, { name: 'TV' }))),
      ),
    ).toEqual([
      {
        pointer: '/config/instances/1/name',
        rule: 'must be a string of at least 5 characters (minLength 5)',
        description:
          '/config/instances/1/name: must be a string of at least 5 characters (minLength 5)',
      },
    ]);
  });

  it('escapes ~ and / in pointers as RFC 6901 says', () => {
    const [found] = validateRestoreRequest(
      restoreRequest({ global: { settings: { 'a/b~c': {} } } }),
    );
    expect(found?.pointer).toBe('/config/global/settings/a~1b~0c');
    expect(found?.description).toMatch(
      /^\/config\/global\/settings\/a~1b~0c: "a\/b~c" is not a global group/,
    );
    const [empty] = validateRestoreRequest(restoreRequest({ global: { settings: { '': {} } } }));
    expect(empty?.pointer).toBe('/config/global/settings/');
  });

  it('keeps each description on one line and short, whatever the keys hold', () => {
    const key = `evil\n/config: forged line ${'x'.repeat(5000)}`;
    const [found] = validateRestoreRequest(restoreRequest({ global: { settings: { [key]: {} } } }));
    expect(found?.pointer).toBe(`/config/global/settings/${key.replaceAll('/', '~1')}`);
    expect(found?.description).not.toContain('\n');
    expect(
      found?.description.startsWith('/config/global/settings/evil\\u000a~1config: forged line'),
    ).toBe(true);
    expect(found?.rule.length).toBeLessThan(300);
  });
});

describe('validateRestoreRequest: hostile keys', () => {
  const prototypeNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

  it('treats __proto__, constructor and friends as unknown keys and leaves Object.prototype alone', () => {
    const before = prototypeNames();
    // Built from text, as a server receives it: JSON.parse makes "__proto__" an own property.
    const request: unknown = JSON.parse(`{
      "command": "config", "subcommand": "restoreconfig", "__proto__": {"polluted": 1},
      "config": {
        "__proto__": {"polluted": 1},
        "global": {"settings": {"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "toString": "{}"},
                   "hasOwnProperty": 1},
        "instances": [{"id": 0, "settings": {"__proto__": [], "constructor": null, "valueOf": {}}, "__proto__": {"id": 5}}]
      }
    }`);
    expect(described(validateRestoreRequest(request))).toEqual([
      '/config/__proto__: is not allowed here (allowed: global, instanceIds, instances)',
      expect.stringMatching(
        /^\/config\/global\/settings\/__proto__: "__proto__" is not a global group \(/,
      ),
      expect.stringMatching(
        /^\/config\/global\/settings\/constructor: "constructor" is not a global group \(/,
      ),
      expect.stringMatching(
        /^\/config\/global\/settings\/toString: "toString" is not a global group \(/,
      ),
      '/config/global/hasOwnProperty: is not allowed here (allowed: settings, uuid)',
      expect.stringMatching(
        /^\/config\/instances\/0\/settings\/__proto__: "__proto__" is not an instance group \(/,
      ),
      expect.stringMatching(
        /^\/config\/instances\/0\/settings\/constructor: "constructor" is not an instance group \(/,
      ),
      expect.stringMatching(
        /^\/config\/instances\/0\/settings\/valueOf: "valueOf" is not an instance group \(/,
      ),
      '/config/instances/0/__proto__: is not allowed here (allowed: id, name, enabled, settings)',
    ]);
    expect(prototypeNames()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not read required properties through the prototype', () => {
    const config = Object.create({ global: { settings: {} } }) as object;
    expect(forConfig(config)).toEqual([
      '/config: no configuration data provided (global or instances)',
    ]);
    const inherited = Object.create({ id: 0, settings: {} }) as object;
    expect(forConfig(withInstances(inherited))).toEqual([
      '/config/instances/0/id: is required (an integer from 0 to 255)',
      '/config/instances/0/settings: is required (an object of instance setting groups)',
    ]);
  });
});

describe("validateRestoreRequest: each group's content, by its schema", () => {
  it('refuses a network.ipWhitelist entry that is neither an address nor a range', () => {
    expect(
      forConfig({
        global: { settings: { network: '{"ipWhitelist": ["203.0.113.0/24", "fe80::/129"]}' } },
      }),
    ).toEqual([
      '/config/global/settings/network/ipWhitelist/1: must be an IP address or a CIDR range (e.g. 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32)',
    ]);
  });

  it('reports the spec rules and the group rules together, in document order', () => {
    const request = restoreRequest({
      global: {
        settings: {
          webConfig: { port: 70000 },
          nonsense: {},
          jsonServer: '{"port":80000}',
          logger: 5,
          network: null,
        },
      },
      instances: [
        { id: 0, name: 'abc', settings: { device: { hardwareLedCount: 99999 } } },
        { id: 300, settings: { webConfig: {}, boblightServer: { port: 70001 } } },
      ],
    });
    expect(described(validateRestoreRequest(request))).toEqual([
      '/config/global/settings/webConfig/port: must be an integer from 1 to 65535',
      expect.stringMatching(/^\/config\/global\/settings\/nonsense: "nonsense" is not a global/),
      '/config/global/settings/jsonServer/port: must be an integer from 1 to 65535',
      `/config/global/settings/logger: ${GROUP_RULE}`,
      '/config/instances/0/name: must be a string of at least 5 characters (minLength 5)',
      '/config/instances/0/settings/device/hardwareLedCount: must be an integer from 1 to 65536',
      '/config/instances/1/id: must be an integer from 0 to 255',
      expect.stringMatching(
        /^\/config\/instances\/1\/settings\/webConfig: "webConfig" is a global/,
      ),
      '/config/instances/1/settings/boblightServer/port: must be an integer from 1024 to 65535',
    ]);
  });

  it('checks a group only where the spec found its value well formed', () => {
    // An unknown group, a group of the other level, a value of the wrong form and null (the
    // default) are not checked against a schema: each is said once.
    const request = restoreRequest({
      global: {
        settings: { colour: { port: 0 }, leds: [], logger: '{"level": 3', webConfig: null },
      },
      instances: [{ id: 0, settings: { general: { name: 'x' }, smoothing: 7 } }],
    });
    expect(described(validateRestoreRequest(request))).toEqual([
      expect.stringMatching(/^\/config\/global\/settings\/colour: "colour" is not a global group/),
      expect.stringMatching(/^\/config\/global\/settings\/leds: "leds" is an instance group/),
      expect.stringMatching(/^\/config\/global\/settings\/logger: must be an object, an array/),
      expect.stringMatching(
        /^\/config\/instances\/0\/settings\/general: "general" is a global group/,
      ),
      `/config/instances/0/settings/smoothing: ${GROUP_RULE}`,
    ]);
  });

  it('checks nothing inside settings that are not an object', () => {
    const request = restoreRequest({
      global: { settings: [] },
      instances: [{ id: 0, settings: 3 }],
    });
    expect(validateRestoreRequest(request)).toHaveLength(2);
  });
});
