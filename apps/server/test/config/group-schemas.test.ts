import { describe, expect, it } from 'vitest';
import { hasGroupSchema, VALIDATED_GROUPS, validateGroup } from '../../src/config/group-schemas.js';
import { GLOBAL_GROUPS, INSTANCE_GROUPS } from '../../src/config/groups.js';
import { corpusDefaults, hasCorpus } from './corpus.js';

const PORT = 'must be an integer from 1 to 65535';
const STRING = 'must be a string';
const BOOLEAN = 'must be true or false';
const AT_LEAST_0 = 'must be an integer of at least 0';

/** [group, field, a passing value, a failing value, the rule the failing value breaks]. */
const FIELD_RULES: [string, string, unknown, unknown, string][] = [
  ['webConfig', 'port', 8090, 0, PORT],
  ['webConfig', 'port', 65535, 65536, PORT],
  ['webConfig', 'port', 1, 80.5, PORT],
  ['webConfig', 'port', 443, '8090', PORT],
  ['webConfig', 'sslPort', 8092, 70000, PORT],
  ['webConfig', 'crtPath', '/etc/ssl/glowkit.crt', 42, STRING],
  ['webConfig', 'keyPath', '', null, STRING],
  ['webConfig', 'keyPassPhrase', 'secret', false, STRING],
  ['webConfig', 'document_root', '/srv/www', [], STRING],
  ['network', 'localApiAuth', true, 'false', BOOLEAN],
  ['general', 'name', 'Living room', 'abc', 'must be a string of 4 to 20 characters'],
  ['general', 'name', 'abcd', 'a'.repeat(21), 'must be a string of 4 to 20 characters'],
  ['general', 'name', 'x'.repeat(20), 1234, 'must be a string of 4 to 20 characters'],
  ['general', 'name', 'Kü🙂he', 'ü🙂', 'must be a string of 4 to 20 characters'],
  ['general', 'configVersion', '2.1.2', 2.1, STRING],
  ['general', 'showOptHelp', false, 0, BOOLEAN],
  ['general', 'watchedVersionBranch', 'Beta', 'stable', 'must be one of "Stable", "Beta", "Alpha"'],
  ['logger', 'level', 'debug', 'info', 'must be one of "silent", "warn", "verbose", "debug"'],
  ['logger', 'level', 'silent', null, 'must be one of "silent", "warn", "verbose", "debug"'],
  ['device', 'type', 'adalight', '', 'must be a non-empty string'],
  ['device', 'type', 'wled', 7, 'must be a non-empty string'],
  ['device', 'hardwareLedCount', 1, 0, 'must be an integer of at least 1'],
  ['device', 'hardwareLedCount', 300, 2.5, 'must be an integer of at least 1'],
  ['device', 'colorOrder', 'grb', 'RGB', 'must be one of "rgb", "bgr", "rbg", "brg", "gbr", "grb"'],
  ['device', 'autoStart', true, 'yes', BOOLEAN],
  ['device', 'latchTime', 0, -1, AT_LEAST_0],
  ['device', 'latchTime', 10, 1.5, AT_LEAST_0],
  ['device', 'rewriteTime', 1000, -5, AT_LEAST_0],
  ['smoothing', 'enable', false, 1, BOOLEAN],
  ['smoothing', 'type', 'decay', 'cubic', 'must be one of "linear", "decay"'],
  ['smoothing', 'time_ms', 25, 24, 'must be an integer from 25 to 5000'],
  ['smoothing', 'time_ms', 5000, 5001, 'must be an integer from 25 to 5000'],
  ['smoothing', 'time_ms', 150, 150.5, 'must be an integer from 25 to 5000'],
  ['smoothing', 'updateFrequency', 1, 0.5, 'must be a number from 1 to 2000'],
  ['smoothing', 'updateFrequency', 2000, 2000.1, 'must be a number from 1 to 2000'],
  ['smoothing', 'updateFrequency', 25.5, '25', 'must be a number from 1 to 2000'],
  ['smoothing', 'interpolationRate', 25, '25', 'must be a number'],
  ['smoothing', 'decay', 1.5, null, 'must be a number'],
  ['smoothing', 'dithering', true, 'true', BOOLEAN],
  ['smoothing', 'updateDelay', 0, -1, AT_LEAST_0],
  ['smoothing', 'updateDelay', 2048, 0.5, AT_LEAST_0],
];

describe('validateGroup: one rule per field', () => {
  it.each(FIELD_RULES)('%s.%s accepts %j and rejects %j', (group, field, good, bad, rule) => {
    expect(validateGroup(group, { [field]: good })).toEqual([]);
    expect(validateGroup(group, { [field]: bad })).toEqual([{ pointer: `/${field}`, rule }]);
  });

  it('covers every field the groups document', () => {
    const covered = new Set(FIELD_RULES.map(([group, field]) => `${group}.${field}`));
    expect([...covered].sort()).toEqual(
      [
        'webConfig.port',
        'webConfig.sslPort',
        'webConfig.crtPath',
        'webConfig.keyPath',
        'webConfig.keyPassPhrase',
        'webConfig.document_root',
        'network.localApiAuth',
        'general.name',
        'general.configVersion',
        'general.showOptHelp',
        'general.watchedVersionBranch',
        'logger.level',
        'device.type',
        'device.hardwareLedCount',
        'device.colorOrder',
        'device.autoStart',
        'device.latchTime',
        'device.rewriteTime',
        'smoothing.enable',
        'smoothing.type',
        'smoothing.time_ms',
        'smoothing.updateFrequency',
        'smoothing.interpolationRate',
        'smoothing.decay',
        'smoothing.dithering',
        'smoothing.updateDelay',
      ].sort(),
    );
  });
});

describe('validateGroup: object groups', () => {
  it('accepts an empty object: every field is optional', () => {
    for (const group of ['webConfig', 'network', 'general', 'logger', 'device', 'smoothing']) {
      expect(validateGroup(group, {}), group).toEqual([]);
    }
  });

  it('keeps unknown fields and does not change the value', () => {
    const value = { port: 8090, futureOption: { nested: [1, 2] }, apiAuth: true };
    const before = structuredClone(value);
    expect(validateGroup('webConfig', value)).toEqual([]);
    expect(value).toEqual(before);
    expect(validateGroup('device', { type: 'wled', host: '10.0.0.2', rate: 1000000 })).toEqual([]);
  });

  it('rejects a value that is not an object', () => {
    for (const bad of [null, 'x', 3, true, [], [{ port: 1 }]]) {
      expect(validateGroup('webConfig', bad)).toEqual([{ pointer: '', rule: 'must be an object' }]);
    }
  });

  it('reports every broken rule, in field order', () => {
    expect(validateGroup('webConfig', { sslPort: 0, port: 'x', crtPath: 1, keyPath: 'k' })).toEqual(
      [
        { pointer: '/port', rule: PORT },
        { pointer: '/sslPort', rule: PORT },
        { pointer: '/crtPath', rule: STRING },
      ],
    );
  });

  it('does not take inherited properties for fields', () => {
    const value = Object.create({ port: 'inherited' }) as Record<string, unknown>;
    expect(validateGroup('webConfig', value)).toEqual([]);
  });
});

describe('validateGroup: leds', () => {
  const led = { hmin: 0, hmax: 0.5, vmin: 0.25, vmax: 1 };

  it('accepts LED areas, keeping other fields such as colorOrder and name', () => {
    expect(validateGroup('leds', [led, { ...led, colorOrder: 'bgr', name: 'left' }])).toEqual([]);
    expect(validateGroup('leds', [{ hmin: 0.3, hmax: 0.3, vmin: 0, vmax: 0 }])).toEqual([]);
    expect(validateGroup('leds', [])).toEqual([]);
  });

  it('needs an array of objects', () => {
    expect(validateGroup('leds', { 0: led })).toEqual([{ pointer: '', rule: 'must be an array' }]);
    expect(validateGroup('leds', null)).toEqual([{ pointer: '', rule: 'must be an array' }]);
    expect(validateGroup('leds', [led, 'led'])).toEqual([
      { pointer: '/1', rule: 'must be an object' },
    ]);
  });

  it.each(['hmin', 'hmax', 'vmin', 'vmax'])('checks %s: required, a number from 0 to 1', (key) => {
    const rule = 'must be a number from 0 to 1';
    const edge = key.endsWith('min') ? 0 : 1;
    expect(validateGroup('leds', [led, { ...led, [key]: edge }])).toEqual([]);
    for (const bad of [1.5, -0.1, '0.5', null]) {
      expect(validateGroup('leds', [led, { ...led, [key]: bad }])).toEqual([
        { pointer: `/1/${key}`, rule },
      ]);
    }
    const { [key]: _dropped, ...without } = led as Record<string, number>;
    expect(validateGroup('leds', [without])).toEqual([
      { pointer: `/0/${key}`, rule: 'is required' },
    ]);
  });

  it('needs hmin <= hmax and vmin <= vmax', () => {
    expect(validateGroup('leds', [{ hmin: 0.6, hmax: 0.5, vmin: 0, vmax: 1 }])).toEqual([
      { pointer: '/0/hmax', rule: 'must not be less than hmin' },
    ]);
    expect(validateGroup('leds', [led, { hmin: 0, hmax: 1, vmin: 0.9, vmax: 0.1 }])).toEqual([
      { pointer: '/1/vmax', rule: 'must not be less than vmin' },
    ]);
  });
});

describe('validateGroup: groups without a schema', () => {
  it('checks only the groups this server interprets', () => {
    expect([...VALIDATED_GROUPS].sort()).toEqual(
      ['device', 'general', 'leds', 'logger', 'network', 'smoothing', 'webConfig'].sort(),
    );
  });

  it('lets every other group pass, whatever its value', () => {
    const others = [...GLOBAL_GROUPS, ...INSTANCE_GROUPS].filter((g) => !hasGroupSchema(g));
    expect(others).toHaveLength(18);
    for (const group of [...others, 'unknownGroup', '__proto__', 'constructor', 'toString']) {
      expect(validateGroup(group, 'anything'), group).toEqual([]);
      expect(validateGroup(group, null), group).toEqual([]);
    }
  });
});

describe.skipIf(!hasCorpus)('validateGroup against the Hyperion.ng corpus', () => {
  const corpus = hasCorpus ? corpusDefaults() : { global: {}, instance: {} };

  it.each([...GLOBAL_GROUPS, ...INSTANCE_GROUPS])(
    'the corpus default of %s passes its schema',
    (group) => {
      const value = Object.hasOwn(corpus.global, group)
        ? corpus.global[group]
        : corpus.instance[group];
      expect(value).toBeDefined();
      expect(validateGroup(group, value)).toEqual([]);
    },
  );
});
