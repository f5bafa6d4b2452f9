/**
 * validateGroup: the one validator of the settings groups, in the words people read. The rows of
 * the server's hand-written group checks (apps/server's config/group-schemas, gone since every
 * group has a schema) with the rule each value now breaks: where a schema set the bound the
 * engine and Hyperion.ng use, the row says so.
 */
import { describe, expect, it } from 'vitest';
import { GLOBAL_GROUPS, INSTANCE_GROUPS, validateGroup } from '../../src/index.js';

type Group = Parameters<typeof validateGroup>[0];

const PORT = 'must be an integer from 1 to 65535';
const STRING = 'must be a string';
const BOOLEAN = 'must be true or false';

/** [group, key, a passing value, a failing value, the rule the failing value breaks]. */
const FIELD_RULES: [Group, string, unknown, unknown, string][] = [
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
  // At most 65536 LEDs now, as the form and the engine had it (the check had no maximum).
  ['device', 'hardwareLedCount', 1, 0, 'must be an integer from 1 to 65536'],
  ['device', 'hardwareLedCount', 300, 2.5, 'must be an integer from 1 to 65536'],
  ['device', 'hardwareLedCount', 65536, 65537, 'must be an integer from 1 to 65536'],
  ['device', 'colorOrder', 'grb', 'RGB', 'must be one of "rgb", "bgr", "rbg", "brg", "gbr", "grb"'],
  ['device', 'autoStart', true, 'yes', BOOLEAN],
  // The form's and the engine's bounds (the check took any integer of at least 0).
  ['device', 'latchTime', 0, -1, 'must be an integer from 0 to 1000'],
  ['device', 'latchTime', 10, 1.5, 'must be an integer from 0 to 1000'],
  ['device', 'latchTime', 1000, 1001, 'must be an integer from 0 to 1000'],
  ['device', 'rewriteTime', 1000, -5, 'must be an integer from 0 to 3600000'],
  ['device', 'enableAttempts', 120, 121, 'must be an integer from 0 to 120'],
  ['device', 'enableAttemptsInterval', 5, 4, 'must be an integer from 5 to 120'],
  ['smoothing', 'enable', false, 1, BOOLEAN],
  ['smoothing', 'type', 'decay', 'cubic', 'must be one of "linear", "decay"'],
  // 1 to 5000, as the engine and Hyperion.ng take it (the check refused below 25).
  ['smoothing', 'time_ms', 10, 0, 'must be an integer from 1 to 5000'],
  ['smoothing', 'time_ms', 5000, 5001, 'must be an integer from 1 to 5000'],
  ['smoothing', 'time_ms', 150, 150.5, 'must be an integer from 1 to 5000'],
  ['smoothing', 'updateFrequency', 1, 0.5, 'must be a number from 1 to 2000'],
  ['smoothing', 'updateFrequency', 2000, 2000.1, 'must be a number from 1 to 2000'],
  ['smoothing', 'updateFrequency', 25.5, '25', 'must be a number from 1 to 2000'],
  // Bounded now: the check took any number, the engine clamped.
  ['smoothing', 'interpolationRate', 25, '25', 'must be a number from 1 to 1000'],
  ['smoothing', 'interpolationRate', 1000, 99999, 'must be a number from 1 to 1000'],
  ['smoothing', 'decay', 1.5, null, 'must be a number from 1 to 20'],
  ['smoothing', 'decay', 20, 500, 'must be a number from 1 to 20'],
  ['smoothing', 'dithering', true, 'true', BOOLEAN],
  ['smoothing', 'updateDelay', 0, -1, 'must be an integer from 0 to 2048'],
  ['smoothing', 'updateDelay', 2048, 0.5, 'must be an integer from 0 to 2048'],
  ['smoothing', 'updateDelay', 2048, 5000, 'must be an integer from 0 to 2048'],
  // Groups no hand check looked at: every value was stored.
  ['backgroundEffect', 'enable', true, 'yes', BOOLEAN],
  [
    'color',
    'imageToLedMappingType',
    'unicolor_mean',
    7,
    'must be one of "multicolor_mean", "multicolor_mean_squared", "unicolor_mean", "dominant_color", "unicolor_dominant", "dominant_color_advanced", "unicolor_dominant_advanced"',
  ],
  ['jsonServer', 'port', 19444, 'abc', PORT],
];

describe('validateGroup: one rule per key', () => {
  it.each(FIELD_RULES)('%s.%s accepts %j and refuses %j', (group, key, good, bad, rule) => {
    expect(validateGroup(group, { [key]: good })).toEqual([]);
    expect(validateGroup(group, { [key]: bad }, '/config/x')).toEqual([
      { pointer: `/config/x/${key}`, rule, description: `/config/x/${key}: ${rule}` },
    ]);
  });
});

describe('validateGroup: object groups', () => {
  const objectGroups = [...GLOBAL_GROUPS, ...INSTANCE_GROUPS].filter((g) => g !== 'leds');

  it('accepts an empty object: every key is optional', () => {
    for (const group of objectGroups) expect(validateGroup(group, {}), group).toEqual([]);
  });

  it('keeps unknown keys and does not change the value', () => {
    const value = { port: 8090, futureOption: { nested: [1, 2] }, apiAuth: true };
    const before = structuredClone(value);
    expect(validateGroup('webConfig', value)).toEqual([]);
    expect(value).toEqual(before);
    expect(validateGroup('device', { type: 'wled', host: '10.0.0.2', rate: 1000000 })).toEqual([]);
  });

  it('refuses a value that is not an object', () => {
    for (const bad of [null, 'x', 3, true, [], [{ port: 1 }]]) {
      expect(validateGroup('webConfig', bad)).toEqual([
        { pointer: '', rule: 'must be an object', description: '/: must be an object' },
      ]);
    }
  });

  it("reports every broken rule once, in the schema's key order", () => {
    const found = validateGroup('webConfig', { sslPort: 0, port: 'x', crtPath: 1, keyPath: 'k' });
    expect(found.map((v) => [v.pointer, v.rule])).toEqual([
      ['/port', PORT],
      ['/sslPort', PORT],
      ['/crtPath', STRING],
    ]);
    // A value of the wrong type off an enum breaks two keywords, and is named once.
    expect(validateGroup('device', { colorOrder: 7 }).map((v) => v.pointer)).toEqual([
      '/colorOrder',
    ]);
  });

  it('does not take inherited properties for keys', () => {
    const value = Object.create({ port: 'inherited' }) as Record<string, unknown>;
    expect(validateGroup('webConfig', value)).toEqual([]);
  });

  it('checks a device of a known type by its own keys, any other type by the common ones', () => {
    expect(validateGroup('device', { type: 'udpraw', hardwareLedCount: 491 })).toEqual([
      expect.objectContaining({
        pointer: '/hardwareLedCount',
        rule: 'must be an integer from 1 to 490',
      }),
    ]);
    expect(validateGroup('device', { type: 'ws2812spi', hardwareLedCount: 491 })).toEqual([]);
  });
});

describe("validateGroup: the LEDs a device's protocol carries", () => {
  const rules = (value: unknown) =>
    validateGroup('device', value, '/config/device').map((v) => v.description);
  const LBAPA =
    '/config/device/hardwareLedCount: must be at most 65535 with streamProtocol "1" (LightBerry APA102 counts the LEDs in 16 bits); lower it or use "0" (Ada)';
  const RAW =
    '/config/device/hardwareLedCount: must be at most 490 with streamProtocol "RAW" (one UDP datagram); lower it or use "DDP"';

  it('takes at most 65535 LEDs for an adalight speaking LightBerry APA102 ("1")', () => {
    expect(rules({ type: 'adalight', streamProtocol: '1', hardwareLedCount: 65535 })).toEqual([]);
    expect(rules({ type: 'adalight', streamProtocol: '1', hardwareLedCount: 65536 })).toEqual([
      LBAPA,
    ]);
    // Hyperion.ng's old switch means the same protocol until the migration rewrites it.
    expect(
      rules({ type: 'adalight', lightberry_apa102_mode: true, hardwareLedCount: 65536 }),
    ).toEqual([LBAPA]);
    for (const streamProtocol of ['0', '2']) {
      expect(rules({ type: 'adalight', streamProtocol, hardwareLedCount: 65536 })).toEqual([]);
    }
  });

  it('takes at most 490 LEDs for a wled streaming RAW', () => {
    expect(rules({ type: 'wled', streamProtocol: 'RAW', hardwareLedCount: 490 })).toEqual([]);
    expect(rules({ type: 'wled', streamProtocol: 'RAW', hardwareLedCount: 491 })).toEqual([RAW]);
    expect(rules({ type: 'wled', streamProtocol: 'udp-raw', hardwareLedCount: 491 })).toEqual([
      expect.stringContaining('/config/device/streamProtocol: '),
      RAW,
    ]);
    expect(rules({ type: 'wled', streamProtocol: 'DDP', hardwareLedCount: 65536 })).toEqual([]);
    expect(rules({ type: 'wled', hardwareLedCount: 65536 })).toEqual([]);
  });

  it('names a count beyond every protocol once, by the schema', () => {
    expect(rules({ type: 'wled', streamProtocol: 'RAW', hardwareLedCount: 70000 })).toEqual([
      '/config/device/hardwareLedCount: must be an integer from 1 to 65536',
    ]);
  });
});

describe('validateGroup: ledConfig.ledBlacklist', () => {
  const rules = (value: unknown) =>
    validateGroup('ledConfig', value).map((v) => [v.pointer, v.rule]);

  it("needs start and num in each entry, as Hyperion.ng's schema does", () => {
    expect(
      rules({
        ledBlacklist: [
          { start: 0, num: 1 },
          { start: 5, num: 3 },
        ],
      }),
    ).toEqual([]);
    // An empty entry would otherwise mean LED 0 (the defaults start 0, num 1).
    expect(rules({ ledBlacklist: [{ start: 2, num: 1 }, {}] })).toEqual([
      ['/ledBlacklist/1/start', 'is required'],
      ['/ledBlacklist/1/num', 'is required'],
    ]);
    expect(rules({ ledBlacklist: [{ start: 4 }] })).toEqual([
      ['/ledBlacklist/0/num', 'is required'],
    ]);
    expect(rules({ ledBlacklist: [{ num: 4, start: -1 }] })).toEqual([
      ['/ledBlacklist/0/start', 'must be an integer of at least 0'],
    ]);
  });
});

describe('validateGroup: network.ipWhitelist', () => {
  const rules = (value: unknown) =>
    validateGroup('network', value, '/config/network').map((v) => v.description);
  const RULE =
    'must be an IP address or a CIDR range (e.g. 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32)';

  it('takes addresses and CIDR ranges of both families', () => {
    expect(
      rules({
        internetAccessAPI: true,
        ipWhitelist: ['203.0.113.7', '198.18.0.0/15', '2001:db8::/32', '::ffff:192.0.2.1'],
      }),
    ).toEqual([]);
    expect(rules({ ipWhitelist: [] })).toEqual([]);
  });

  it('refuses an entry that is neither, at the entry', () => {
    expect(
      rules({ ipWhitelist: ['203.0.113.7', '10.0.0.0/8', '10.0.0.300', 'fe80::/129', 'hello'] }),
    ).toEqual([
      `/config/network/ipWhitelist/2: ${RULE}`,
      `/config/network/ipWhitelist/3: ${RULE}`,
      `/config/network/ipWhitelist/4: ${RULE}`,
    ]);
  });

  it('names an entry of the wrong type once, by the schema', () => {
    expect(rules({ ipWhitelist: [7, 'hello'] })).toEqual([
      '/config/network/ipWhitelist/0: must be a string',
      `/config/network/ipWhitelist/1: ${RULE}`,
    ]);
  });
});

describe('validateGroup: leds', () => {
  const led = { hmin: 0, hmax: 0.5, vmin: 0.25, vmax: 1 };
  const rules = (value: unknown) => validateGroup('leds', value).map((v) => [v.pointer, v.rule]);

  it('accepts LED areas, keeping other keys such as colorOrder and name', () => {
    expect(rules([led, { ...led, colorOrder: 'bgr', name: 'left' }])).toEqual([]);
    expect(rules([{ hmin: 0.3, hmax: 0.3, vmin: 0, vmax: 0 }])).toEqual([]);
  });

  it('needs an array of 1 to 65536 objects', () => {
    // An empty layout is refused now, as Hyperion.ng refuses it (the engine ran one default LED).
    const list = 'must be an array of 1 to 65536 items';
    expect(rules([])).toEqual([['', list]]);
    expect(rules({ 0: led })).toEqual([['', list]]);
    expect(rules(null)).toEqual([['', list]]);
    expect(rules([led, 'led'])).toEqual([['/1', 'must be an object']]);
  });

  it.each(['hmin', 'hmax', 'vmin', 'vmax'])('checks %s: required, a number from 0 to 1', (key) => {
    const rule = 'must be a number from 0 to 1';
    const edge = key.endsWith('min') ? 0 : 1;
    expect(rules([led, { ...led, [key]: edge }])).toEqual([]);
    for (const bad of [1.5, -0.1, '0.5', null]) {
      expect(rules([led, { ...led, [key]: bad }])).toEqual([[`/1/${key}`, rule]]);
    }
    const { [key]: _dropped, ...without } = led as Record<string, number>;
    expect(rules([without])).toEqual([[`/0/${key}`, 'is required']]);
  });

  it('needs hmin <= hmax and vmin <= vmax', () => {
    expect(rules([{ hmin: 0.6, hmax: 0.5, vmin: 0, vmax: 1 }])).toEqual([
      ['/0/hmax', 'must not be less than hmin'],
    ]);
    expect(rules([led, { hmin: 0, hmax: 1, vmin: 0.9, vmax: 0.1 }])).toEqual([
      ['/1/vmax', 'must not be less than vmin'],
    ]);
  });

  it('reports LED by LED, the rules between edges with the others', () => {
    expect(
      rules([
        { hmin: 0.6, hmax: 0.5, vmin: 2, vmax: 1 },
        { hmin: 0, hmax: 1, vmin: 0 },
      ]),
    ).toEqual([
      ['/0/vmin', 'must be a number from 0 to 1'],
      ['/0/hmax', 'must not be less than hmin'],
      ['/1/vmax', 'is required'],
    ]);
  });
});
