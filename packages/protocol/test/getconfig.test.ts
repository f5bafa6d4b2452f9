import { describe, expect, it } from 'vitest';
import { validateGetConfigRequest } from '../src/index.js';
import { described } from './requests.js';

const request = (configFilter?: unknown): Record<string, unknown> => ({
  command: 'config',
  subcommand: 'getconfig',
  tan: 1,
  ...(configFilter === undefined ? {} : { configFilter }),
});

const forFilter = (configFilter: unknown): string[] =>
  described(validateGetConfigRequest(request(configFilter)));

describe('validateGetConfigRequest: the request', () => {
  it('accepts a request without a filter', () => {
    expect(validateGetConfigRequest(request())).toEqual([]);
    expect(validateGetConfigRequest({ command: 'config', subcommand: 'getconfig' })).toEqual([]);
  });

  it('must be an object with command "config" and subcommand "getconfig"', () => {
    expect(described(validateGetConfigRequest('getconfig'))).toEqual(['/: must be a JSON object']);
    expect(described(validateGetConfigRequest({ tan: 1 }))).toEqual([
      '/command: is required ("config")',
      '/subcommand: is required ("getconfig")',
    ]);
    expect(
      described(validateGetConfigRequest({ command: 'authorize', subcommand: 'restoreconfig' })),
    ).toEqual(['/command: must be "config"', '/subcommand: must be "getconfig"']);
  });

  it('takes an optional tan, an integer of 0 or more, and allows other top-level properties', () => {
    expect(validateGetConfigRequest({ ...request(), tan: 0, instance: 1 })).toEqual([]);
    expect(described(validateGetConfigRequest({ ...request(), tan: 'one' }))).toEqual([
      '/tan: must be an integer of 0 or more',
    ]);
  });
});

describe('validateGetConfigRequest: configFilter', () => {
  it('accepts the filters of hyperion.md §6', () => {
    expect(forFilter({})).toEqual([]);
    expect(forFilter({ global: { types: ['general', 'network'] } })).toEqual([]);
    expect(forFilter({ instances: { ids: [0, 1], types: ['device', 'leds'] } })).toEqual([]);
    expect(forFilter({ global: { types: [] }, instances: { ids: [], types: [] } })).toEqual([]);
    expect(forFilter({ global: {}, instances: {} })).toEqual([]);
  });

  it('accepts null for a section or a list (that part is left out)', () => {
    expect(forFilter({ global: null, instances: null })).toEqual([]);
    expect(forFilter({ global: { types: null }, instances: { ids: null, types: null } })).toEqual(
      [],
    );
  });

  it('must be an object with only global and instances', () => {
    expect(forFilter(null)).toEqual([
      '/configFilter: must be an object with global and/or instances',
    ]);
    expect(forFilter(['global'])).toEqual([
      '/configFilter: must be an object with global and/or instances',
    ]);
    expect(forFilter({ instance: {} })).toEqual([
      '/configFilter/instance: is not allowed here (allowed: global, instances)',
    ]);
  });

  it('takes global as an object with only types, or null', () => {
    expect(forFilter({ global: ['general'] })).toEqual([
      '/configFilter/global: must be an object with types, or null',
    ]);
    expect(forFilter({ global: { ids: [0] } })).toEqual([
      '/configFilter/global/ids: is not allowed here (allowed: types)',
    ]);
  });

  it('takes global types as global group names', () => {
    expect(forFilter({ global: { types: 'general' } })).toEqual([
      '/configFilter/global/types: must be an array of global group names, or null',
    ]);
    expect(forFilter({ global: { types: ['general', 'leds', 3] } })).toEqual([
      '/configFilter/global/types/1: "leds" is not a global group (global groups: cecEvents, effects, flatbufServer, forwarder, framegrabber, general, grabberAudio, grabberV4L2, jsonServer, logger, network, osEvents, protoServer, schedEvents, webConfig)',
      '/configFilter/global/types/2: must be the name of a global group',
    ]);
  });

  it('takes instances as an object with only ids and types, [] (all) or null', () => {
    expect(forFilter({ instances: [] })).toEqual([]);
    for (const instances of [0, [0], ['device']]) {
      expect(forFilter({ instances }), JSON.stringify(instances)).toEqual([
        '/configFilter/instances: must be an object with ids and/or types, [] (all) or null',
      ]);
    }
    expect(forFilter({ instances: { ids: [0], all: true } })).toEqual([
      '/configFilter/instances/all: is not allowed here (allowed: ids, types)',
    ]);
  });

  it('takes instance ids as an array of anything (the server skips non-integers and warns)', () => {
    expect(forFilter({ instances: { ids: [0, 254] } })).toEqual([]);
    expect(forFilter({ instances: { ids: [-1, 256, 1.5, '2', null, {}] } })).toEqual([]);
    expect(forFilter({ instances: { ids: 0 } })).toEqual([
      '/configFilter/instances/ids: must be an array of instance ids, or null',
    ]);
  });

  it('takes instance types as instance group names', () => {
    expect(forFilter({ instances: { types: {} } })).toEqual([
      '/configFilter/instances/types: must be an array of instance group names, or null',
    ]);
    expect(forFilter({ instances: { types: ['general', null] } })).toEqual([
      '/configFilter/instances/types/0: "general" is not an instance group (instance groups: backgroundEffect, blackborderdetector, boblightServer, color, device, foregroundEffect, instCapture, ledConfig, leds, smoothing)',
      '/configFilter/instances/types/1: must be the name of an instance group',
    ]);
  });

  it('reports every violation at once, and treats __proto__ as an unknown key', () => {
    const parsed: unknown = JSON.parse(
      '{"command":"config","subcommand":"getconfig","tan":-1,"configFilter":{"__proto__":{},"global":{"types":["x"],"constructor":1},"instances":{"ids":[-1]}}}',
    );
    expect(described(validateGetConfigRequest(parsed))).toEqual([
      '/tan: must be an integer of 0 or more',
      '/configFilter/__proto__: is not allowed here (allowed: global, instances)',
      expect.stringMatching(/^\/configFilter\/global\/types\/0: "x" is not a global group/),
      '/configFilter/global/constructor: is not allowed here (allowed: types)',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
