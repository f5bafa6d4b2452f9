/**
 * migrateGroup: what an older Glowkit or Hyperion.ng stored, brought into line with the schemas,
 * each change with its pointer, the old and the new value and the rule. Every boundary of every
 * key is covered by validate-group.test.ts; here, the kinds of repair one by one.
 */
import { describe, expect, it } from 'vitest';
import { defaultGroup, migrateGroup, settingChangeLine, validateGroup } from '../../src/index.js';

type Group = Parameters<typeof migrateGroup>[0];

/** The migration of `value`, checked to be valid and stable; its value and `pointer old → new`. */
function migrated(group: Group, value: unknown): { value: unknown; changes: string[] } {
  const result = migrateGroup(group, value);
  expect(validateGroup(group, result.value)).toEqual([]);
  expect(migrateGroup(group, result.value).changes).toEqual([]);
  return {
    value: result.value,
    changes: result.changes.map(
      (c) => `${c.pointer || '/'} ${JSON.stringify(c.old)} → ${JSON.stringify(c.new)}`,
    ),
  };
}

describe('migrateGroup', () => {
  it('leaves a valid group alone: the same value, no change', () => {
    const value = { ...defaultGroup('smoothing'), vendorKey: [1] };
    expect(migrateGroup('smoothing', value)).toEqual({ value, changes: [] });
    expect(migrateGroup('smoothing', value).value).toBe(value);
  });

  it('clamps a number to its bound, rounding an integer first (the issue: updateDelay 5000)', () => {
    const result = migrateGroup('smoothing', {
      updateDelay: 5000,
      interpolationRate: 99999,
      decay: 0.2,
      time_ms: 10.6,
      futureKey: 'kept',
    });
    expect(result.value).toEqual({
      updateDelay: 2048,
      interpolationRate: 1000,
      decay: 1,
      time_ms: 11,
      futureKey: 'kept',
    });
    expect(result.changes).toContainEqual({
      pointer: '/updateDelay',
      old: 5000,
      new: 2048,
      rule: 'must be an integer from 0 to 2048',
    });
    expect(result.changes).toHaveLength(4);
  });

  it('removes a required key stored empty (a WLED saved without a host before it was required)', () => {
    const result = migrateGroup('device', { type: 'wled', host: '', hardwareLedCount: 30 });
    expect(result.value).toEqual({ type: 'wled', hardwareLedCount: 30 });
    expect(result.changes).toEqual([
      { pointer: '/host', old: '', new: undefined, rule: 'must be a non-empty string' },
    ]);
    expect(validateGroup('device', result.value)).toEqual([]);
  });

  it('takes the listed choice a value means: other letters, a number spelling it', () => {
    expect(migrated('device', { type: 'file', colorOrder: 'GRB' }).changes).toEqual([
      '/colorOrder "GRB" → "grb"',
    ]);
    expect(migrated('device', { type: 'adalight', streamProtocol: 2 }).changes).toEqual([
      '/streamProtocol 2 → "2"',
    ]);
    expect(migrated('color', { reducedPixelSetFactorFactor: 1 }).changes).toEqual([
      '/reducedPixelSetFactorFactor 1 → "1"',
    ]);
  });

  it("writes Hyperion.ng's old shapes as they are now", () => {
    expect(migrated('color', { imageToLedMappingType: 3 }).changes).toEqual([
      '/imageToLedMappingType 3 → "dominant_color"',
    ]);
    expect(migrated('device', { type: ' Adalight' }).changes).toEqual([
      '/type " Adalight" → "adalight"',
    ]);
    expect(migrated('device', { type: 'wled', streamProtocol: 'udp-raw' }).value).toEqual({
      type: 'wled',
      streamProtocol: 'RAW',
    });
    const lightberry = migrated('device', { type: 'adalight', lightberry_apa102_mode: true });
    expect(lightberry.value).toEqual({ type: 'adalight', streamProtocol: '1' });
    // With a protocol of its own, the old switch is left as any unknown key.
    const both = { type: 'adalight', lightberry_apa102_mode: true, streamProtocol: '0' };
    expect(migrateGroup('device', both).changes).toEqual([]);
  });

  it("lowers an LED count to what the device's protocol carries", () => {
    const lbapa = migrateGroup('device', {
      type: 'adalight',
      lightberry_apa102_mode: true,
      hardwareLedCount: 65536,
    });
    expect(lbapa.value).toEqual({
      type: 'adalight',
      streamProtocol: '1',
      hardwareLedCount: 65535,
    });
    expect(lbapa.changes).toContainEqual({
      pointer: '/hardwareLedCount',
      old: 65536,
      new: 65535,
      rule: 'must be at most 65535 with streamProtocol "1" (LightBerry APA102 counts the LEDs in 16 bits); lower it or use "0" (Ada)',
    });
    expect(
      migrated('device', { type: 'wled', streamProtocol: 'UDP-RAW', hardwareLedCount: 600 }),
    ).toEqual({
      value: { type: 'wled', streamProtocol: 'RAW', hardwareLedCount: 490 },
      changes: ['/streamProtocol "UDP-RAW" → "RAW"', '/hardwareLedCount 600 → 490'],
    });
    expect(
      migrated('device', { type: 'wled', streamProtocol: 'RAW', hardwareLedCount: 70000 }).changes,
    ).toEqual(['/hardwareLedCount 70000 → 65536', '/hardwareLedCount 65536 → 490']);
    const ddp = { type: 'wled', streamProtocol: 'DDP', hardwareLedCount: 600 };
    expect(migrateGroup('device', ddp)).toEqual({ value: ddp, changes: [] });
  });

  it('drops a blacklist entry without start or num: it blacklisted nothing', () => {
    expect(
      migrated('ledConfig', { ledBlacklist: [{}, { start: 3, num: 2 }, { start: 7 }] }),
    ).toEqual({
      value: { ledBlacklist: [{ start: 3, num: 2 }] },
      changes: ['/ledBlacklist/0 {} → undefined', '/ledBlacklist/2 {"start":7} → undefined'],
    });
  });

  it('drops a whitelist entry that is neither an address nor a range: it let nobody in', () => {
    expect(
      migrated('network', {
        internetAccessAPI: true,
        ipWhitelist: ['hello', '203.0.113.7', '10.0.0.300'],
      }),
    ).toEqual({
      value: { internetAccessAPI: true, ipWhitelist: ['203.0.113.7'] },
      changes: ['/ipWhitelist/0 "hello" → undefined', '/ipWhitelist/2 "10.0.0.300" → undefined'],
    });
  });

  it('switches internet access off when no whitelist entry was an address: nobody came in', () => {
    // An empty list lets every internet peer in; a list of nothing but bad entries let none.
    expect(migrated('network', { internetAccessAPI: true, ipWhitelist: ['my-laptop'] })).toEqual({
      value: { internetAccessAPI: false, ipWhitelist: [] },
      changes: ['/ipWhitelist/0 "my-laptop" → undefined', '/internetAccessAPI true → false'],
    });
    expect(migrated('network', { ipWhitelist: ['my-laptop'] })).toEqual({
      value: { ipWhitelist: [] },
      changes: ['/ipWhitelist/0 "my-laptop" → undefined'],
    });
  });

  it('rewrites an LED layout of the hscan/vscan and h/v shapes in one change', () => {
    const result = migrated('leds', [
      { hscan: { minimum: 0, maximum: 0.5 }, vscan: { minimum: 0, maximum: 0.1 }, name: 'a' },
      { h: { min: 0.5, max: 1 }, v: { min: 0, max: 0.1 } },
      { hmin: 0, hmax: 1, vmin: 0.9, vmax: 1 },
    ]);
    expect(result.value).toEqual([
      { hmin: 0, hmax: 0.5, vmin: 0, vmax: 0.1, name: 'a' },
      { hmin: 0.5, hmax: 1, vmin: 0, vmax: 0.1 },
      { hmin: 0, hmax: 1, vmin: 0.9, vmax: 1 },
    ]);
    expect(result.changes).toHaveLength(1);
    expect(result.changes[0]).toMatch(/^\/ \[/);
  });

  it('runs an LED as the engine ran it: a reversed pair swapped, a missing edge dark', () => {
    expect(
      migrated('leds', [
        { hmin: 0.6, hmax: 0.5, vmin: 0, vmax: 1 },
        { hmin: 0.2, vmin: 0 },
      ]),
    ).toEqual({
      value: [
        { hmin: 0.5, hmax: 0.6, vmin: 0, vmax: 1 },
        { hmin: 0, hmax: 0, vmin: 0, vmax: 0 },
      ],
      changes: [
        '/0 {"hmin":0.6,"hmax":0.5} → {"hmin":0.5,"hmax":0.6}',
        '/1 {"hmin":0.2,"vmin":0} → {"hmin":0,"vmin":0,"hmax":0,"vmax":0}',
      ],
    });
  });

  it('cuts what is too long, drops a repeated item, and puts the default where nothing is near', () => {
    expect(migrated('general', { name: 'A very long configuration name' }).changes).toEqual([
      '/name "A very long configuration name" → "A very long configur"',
    ]);
    expect(migrated('general', { name: 'abc', showOptHelp: 'yes' }).changes).toEqual([
      '/name "abc" → "My Glowkit Config"',
      '/showOptHelp "yes" → true',
    ]);
    expect(
      migrated('forwarder', { jsonapi: [{ name: 'tv', host: '10.0.0.2', instanceIds: [1, 1] }] })
        .changes,
    ).toEqual(['/jsonapi/0/instanceIds [1,1] → [1]']);
    expect(migrated('leds', []).value).toEqual(defaultGroup('leds'));
    expect(migrated('backgroundEffect', { enable: 'yes' }).changes).toEqual([
      '/enable "yes" → false',
    ]);
  });

  it('removes a list item of the wrong kind that has no default, from the end', () => {
    expect(migrated('effects', { paths: [1, 'a', 2, 'b'] })).toEqual({
      value: { paths: ['a', 'b'] },
      changes: ['/paths/0 1 → undefined', '/paths/2 2 → undefined'],
    });
  });

  it('replaces a group of the wrong shape by its default', () => {
    expect(migrated('general', [1])).toEqual({
      value: defaultGroup('general'),
      changes: [`/ [1] → ${JSON.stringify(defaultGroup('general'))}`],
    });
  });
});

describe('settingChangeLine', () => {
  const lines = (group: Group, value: unknown) =>
    migrateGroup(group, value).changes.map(settingChangeLine);

  it('shows the old and the new value of an ordinary key', () => {
    expect(lines('smoothing', { ...defaultGroup('smoothing'), updateDelay: 5000 })).toEqual([
      '/updateDelay 5000 → 2048 (must be an integer from 0 to 2048)',
    ]);
  });

  it('never shows the value of a password, a pass phrase or a token: "(hidden)" instead', () => {
    const mqtt = lines('network', {
      ...defaultGroup('network'),
      mqtt: { enable: false, password: 987654321 },
    });
    expect(mqtt).toHaveLength(1);
    expect(mqtt[0]).toMatch(/^\/mqtt\/password \(hidden\) → \(hidden\) \(/);
    const web = lines('webConfig', { ...defaultGroup('webConfig'), keyPassPhrase: 123456789 });
    expect(web).toHaveLength(1);
    expect(web[0]).toMatch(/^\/keyPassPhrase \(hidden\) → \(hidden\) \(/);
    const forwarder = lines('forwarder', {
      ...defaultGroup('forwarder'),
      jsonapi: [{ name: 'tv', host: '10.0.0.2', instanceIds: [1, 1], token: 555444333 }],
    });
    expect(forwarder.join('\n')).not.toContain('555444333');
    expect(forwarder.join('\n')).toContain('/jsonapi/0/token (hidden) → (hidden)');
  });

  it('hides a secret inside a value shown whole, such as a group replaced by its default', () => {
    const line = settingChangeLine({
      pointer: '',
      old: { mqtt: { password: 'p-secret', host: 'broker' }, token: 't-secret', apiPassword: 'a' },
      new: { keyPassPhrase: 'k-secret' },
      rule: 'must be an object',
    });
    for (const secret of ['p-secret', 't-secret', 'k-secret', '"a"']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('"host":"broker"');
    expect(line).toContain('"password":"(hidden)"');
  });
});
