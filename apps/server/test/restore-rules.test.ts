import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuration, restoreRequest } from './support/configs.js';
import type { Json } from './support/json.js';
import { startServer, type TestServer } from './support/server.js';
import { restoreAndWait, transports } from './support/transports.js';

/** Each spec rule: a request that breaks it, and the pointer its violation names. */
const failing: Array<[string, (request: Json) => void, string]> = [
  [
    'command must be config',
    (r) => {
      r.command = 'configs';
    },
    '/command',
  ],
  [
    'subcommand must be restoreconfig',
    (r) => {
      r.subcommand = 'restore';
    },
    '/subcommand',
  ],
  [
    'config is required',
    (r) => {
      delete r.config;
    },
    '/config',
  ],
  [
    'config has no other properties',
    (r) => {
      r.config.extra = 1;
    },
    '/config/extra',
  ],
  [
    'global has no other properties',
    (r) => {
      r.config.global.other = {};
    },
    '/config/global/other',
  ],
  [
    'global.settings is required',
    (r) => {
      delete r.config.global.settings;
    },
    '/config/global/settings',
  ],
  [
    'global.uuid is a UUID',
    (r) => {
      r.config.global.uuid = 'not-a-uuid';
    },
    '/config/global/uuid',
  ],
  [
    'settings holds only the global groups',
    (r) => {
      r.config.global.settings.colour = {};
    },
    '/config/global/settings/colour',
  ],
  [
    'a group is an object, array, JSON string or null',
    (r) => {
      r.config.global.settings.logger = 5;
    },
    '/config/global/settings/logger',
  ],
  [
    'a group string holds JSON',
    (r) => {
      r.config.global.settings.logger = '{nope';
    },
    '/config/global/settings/logger',
  ],
  [
    'instanceIds items are integers',
    (r) => {
      r.config.instanceIds = [0, 1.5];
    },
    '/config/instanceIds/1',
  ],
  [
    'instanceIds items are at most 254',
    (r) => {
      r.config.instanceIds = [0, 255];
    },
    '/config/instanceIds/1',
  ],
  [
    'instanceIds items are at least 0',
    (r) => {
      r.config.instanceIds = [-1, 1];
    },
    '/config/instanceIds/0',
  ],
  [
    'instance id is required',
    (r) => {
      delete r.config.instances[1].id;
    },
    '/config/instances/1/id',
  ],
  [
    'instance id is at most 255',
    (r) => {
      r.config.instances[1].id = 256;
    },
    '/config/instances/1/id',
  ],
  [
    'instance id is an integer',
    (r) => {
      r.config.instances[1].id = 'one';
    },
    '/config/instances/1/id',
  ],
  [
    'instance name has at least 5 characters',
    (r) => {
      r.config.instances[0].name = 'Tiny';
    },
    '/config/instances/0/name',
  ],
  [
    'instance enabled is a boolean',
    (r) => {
      r.config.instances[0].enabled = 'yes';
    },
    '/config/instances/0/enabled',
  ],
  [
    'instance settings are required',
    (r) => {
      delete r.config.instances[0].settings;
    },
    '/config/instances/0/settings',
  ],
  [
    'instance settings hold only instance groups',
    (r) => {
      r.config.instances[0].settings.webConfig = {};
    },
    '/config/instances/0/settings/webConfig',
  ],
  [
    'instance has no other properties',
    (r) => {
      r.config.instances[0].colour = 'red';
    },
    '/config/instances/0/colour',
  ],
  [
    'tan is an integer',
    (r) => {
      r.tan = 1.5;
    },
    '/tan',
  ],
  [
    'tan is at least 0',
    (r) => {
      r.tan = -3;
    },
    '/tan',
  ],
  [
    'two instances cannot share an id',
    (r) => {
      r.config.instances[1].id = 0;
      r.config.instanceIds = [0];
    },
    '/config/instances/1/id',
  ],
  [
    'instanceIds lists exactly the instances',
    (r) => {
      r.config.instanceIds = [0, 7];
    },
    '/config/instanceIds',
  ],
  [
    'a used group follows the server schema',
    (r) => {
      r.config.global.settings.webConfig.port = 70000;
    },
    '/config/global/settings/webConfig/port',
  ],
];

/** Requests the spec allows, beyond the plain one. */
const passing: Array<[string, (request: Json) => void]> = [
  ['the plain configuration', () => {}],
  [
    'a group as a string holding JSON',
    (r) => {
      r.config.global.settings.logger = '{"level":"debug"}';
    },
  ],
  [
    'a null group',
    (r) => {
      r.config.instances[0].settings.smoothing = null;
    },
  ],
  [
    'a uuid',
    (r) => {
      r.config.global.uuid = '0f1c6a0e-3b2a-4c7d-9e10-1234567890ab';
    },
  ],
  [
    'no instanceIds',
    (r) => {
      delete r.config.instanceIds;
    },
  ],
  [
    'a tan',
    (r) => {
      r.tan = 42;
    },
  ],
  [
    'instances without name or enabled',
    (r) => {
      delete r.config.instances[0].name;
      delete r.config.instances[0].enabled;
    },
  ],
];

describe.each(transports)('restore rules over $name', (transport) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(failing)('refuses: %s', async (_rule, breakIt, pointer) => {
    const request = restoreRequest(configuration([0, 1])) as Json;
    breakIt(request);
    const before = t.server.store.read();
    const reply = await transport.call(t, request);
    expect(reply.success).toBe(false);
    expect(reply.error).toMatch(/^(Invalid params|Invalid command)$/);
    const descriptions = (reply.errorData as { description: string }[]).map((d) => d.description);
    expect(
      descriptions.some((d) => d.startsWith(`${pointer}: `) || d.includes(`${pointer}:`)),
    ).toBe(true);
    expect(t.server.store.read()).toEqual(before);
  });

  it.each(passing)('accepts: %s', async (_case, change) => {
    const request = restoreRequest(configuration([0, 1])) as Json;
    change(request);
    const reply = await restoreAndWait(t, transport, request);
    expect(reply).toEqual({
      command: 'config-restoreconfig',
      success: true,
      tan: typeof request.tan === 'number' ? request.tan : 0,
      info: 'Restarting after importing configuration successfully.',
    });
  });

  it('reports every violation of a request at once', async () => {
    const request = restoreRequest(configuration([0, 1]), 7) as Json;
    request.config.instances[0].name = 'abc';
    request.config.instances[1].id = 300;
    request.config.global.settings.nonsense = {};
    const reply = await transport.call(t, request);
    expect(reply.tan).toBe(7);
    expect(reply.command).toBe('config-restoreconfig');
    const descriptions = (reply.errorData as { description: string }[]).map((d) => d.description);
    expect(descriptions.length).toBeGreaterThanOrEqual(3);
  });

  it('reports the spec rules and the group schemas together, in document order', async () => {
    const request = restoreRequest(configuration([0, 1]), 9) as Json;
    const settings = request.config.global.settings;
    settings.webConfig.port = 70000; // group schema
    settings.nonsense = {}; // spec: not a global group
    settings.logger = '{"level":"loud"}'; // group schema, inside a JSON string
    request.config.instances[0].name = 'abc'; // spec
    request.config.instances[0].settings.smoothing.time_ms = -5; // group schema
    request.config.instances[1].id = 300; // spec
    request.config.instances[1].settings.device.hardwareLedCount = 'many'; // group schema
    const before = t.server.store.read();
    const reply = await transport.call(t, request);
    expect(reply).toMatchObject({ success: false, error: 'Invalid params', tan: 9 });
    const pointers = (reply.errorData as { description: string }[]).map(
      (d) => d.description.split(': ')[0],
    );
    expect(pointers).toEqual([
      '/config/global/settings/logger/level',
      '/config/global/settings/webConfig/port',
      '/config/global/settings/nonsense',
      '/config/instanceIds',
      '/config/instances/0/name',
      '/config/instances/0/settings/smoothing/time_ms',
      '/config/instances/1/id',
      '/config/instances/1/settings/device/hardwareLedCount',
    ]);
    expect(t.server.store.read()).toEqual(before);
  });
});
