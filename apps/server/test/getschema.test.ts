import { readFileSync } from 'node:fs';
// A test-only use of the linter: the server does not depend on it at run time.
import { collectPlaceholders, lintEffectSchema, validateValue } from '@glowkit/effect-schema';
import { DEVICE_TYPES } from '@glowkit/engine';
import {
  deviceTypeSchemas,
  GLOBAL_GROUPS,
  INSTANCE_GROUPS,
  isJsonObject,
  type SettingsGroupName,
  type SettingsSchemasInfo,
  schemaDefault,
  settingsGroupSchemas,
  settingsValidators,
} from '@glowkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

const phrases = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../translations/${language}.json`, import.meta.url), 'utf8'),
  );
const LANGUAGES = { en: phrases('en'), de: phrases('de') };

const GROUPS: readonly SettingsGroupName[] = [...GLOBAL_GROUPS, ...INSTANCE_GROUPS];
const TYPES = [...DEVICE_TYPES.keys()].sort();

type Schema = Record<string, unknown>;

/** Every form of a getschema reply, named for messages. */
const formsOf = (info: SettingsSchemasInfo): [string, Schema][] => [
  ...Object.entries(info.groups).map(([name, schema]): [string, Schema] => [
    `groups.${name}`,
    schema,
  ]),
  ...Object.entries(info.devices).map(([type, schema]): [string, Schema] => [
    `devices.${type}`,
    schema,
  ]),
];

/** A group's keys (none for a list group). */
const keysOf = (schema: Schema): Record<string, Schema> =>
  (isJsonObject(schema.properties) ? schema.properties : {}) as Record<string, Schema>;

/**
 * `schema` with key `key` matched loosely: the server sets that key's `enum` and `default` from
 * what it has when asked, the rest is the schema's.
 */
function withRunTimeChoices(schema: unknown, key: string): unknown {
  const { default: _, ...declared } = keysOf(schema as Schema)[key] as Schema;
  return {
    ...(schema as Schema),
    properties: { ...keysOf(schema as Schema), [key]: expect.objectContaining(declared) },
  };
}

describe('config getschema', () => {
  let t: TestServer;
  let info: SettingsSchemasInfo;

  beforeAll(async () => {
    t = await startServer();
    const reply = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'getschema', tan: 6 },
      { headers: { Authorization: `Bearer ${t.token}` } },
    );
    expect(reply.json).toMatchObject({ command: 'config-getschema', success: true, tan: 6 });
    info = reply.json.info as SettingsSchemasInfo;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has every settings group, one entry of color.channelAdjustment, and one device form per device type the engine drives', () => {
    expect(Object.keys(info.groups).sort()).toEqual([...GROUPS, 'channelAdjustment'].sort());
    expect(Object.keys(info.groups)).toHaveLength(26);
    expect(Object.keys(info.devices).sort()).toEqual(TYPES);
    expect(Object.keys(info.devices.adalight?.properties ?? {})).toEqual(
      expect.arrayContaining(['output', 'rateList', 'rate', 'streamProtocol', 'hardwareLedCount']),
    );
    expect(Object.keys(info.devices.wled?.properties ?? {})).toEqual(
      expect.arrayContaining(['host', 'streamProtocol', 'restoreOriginalState']),
    );
    expect(info.devices.udpddp?.properties.port?.default).toBe(4048);
    expect(info.devices.udpraw?.properties.port?.default).toBe(5568);
  });

  it('sends each group and device type as its schema declares it, nested parts included', () => {
    const runTime: Partial<Record<SettingsGroupName, string>> = {
      foregroundEffect: 'effect',
      backgroundEffect: 'effect',
      device: 'type',
    };
    for (const name of GROUPS) {
      const key = runTime[name];
      const declared = settingsGroupSchemas[name];
      expect(info.groups[name], name).toEqual(key ? withRunTimeChoices(declared, key) : declared);
    }
    for (const type of TYPES) {
      const declared = deviceTypeSchemas[type as keyof typeof deviceTypeSchemas];
      expect(info.devices[type], type).toEqual(declared);
    }
    // What a form of flat keys cannot show comes whole: lists of objects, objects.
    const adjustments = keysOf(settingsGroupSchemas.color).channelAdjustment as Schema;
    expect(info.groups.color.properties.channelAdjustment).toEqual(adjustments);
    expect(info.groups.leds).toEqual(settingsGroupSchemas.leds);
    expect(info.devices.wled?.properties.segments).toMatchObject({ type: 'object' });
    // The form of one adjustment is the color schema's item, not another copy.
    expect(info.groups.channelAdjustment).toEqual(adjustments.items);
  });

  it('writes every form so that the settings profile of the linter finds nothing, in English and German', () => {
    for (const [name, schema] of formsOf(info)) {
      for (const [language, translations] of Object.entries(LANGUAGES)) {
        const diagnostics = lintEffectSchema(JSON.stringify(schema, null, 2), {
          profile: 'settings',
          translations,
        });
        expect(
          diagnostics.map((d) => `${d.pointer} ${d.message} (${d.ruleId})`),
          `${name} (${language})`,
        ).toEqual([]);
      }
    }
  });

  it('has a phrase in en.json and de.json for every title, unit, enum label and description', () => {
    for (const [name, schema] of formsOf(info)) {
      const keys = collectPlaceholders(schema, { profile: 'settings' }).map((p) => p.key);
      expect(keys.length, name).toBeGreaterThan(1);
      for (const [language, translations] of Object.entries(LANGUAGES)) {
        expect(
          keys.filter((key) => !Object.hasOwn(translations, key)),
          `${name} (${language})`,
        ).toEqual([]);
      }
    }
  });

  it('starts each form with values its inputs accept and the group validators take', () => {
    for (const [name, schema] of formsOf(info)) {
      for (const [key, option] of Object.entries(keysOf(schema))) {
        // Objects and lists of objects are no input of their own: their keys are.
        if (option.type === 'object' || (option.items as Schema | undefined)?.type === 'object')
          continue;
        expect(validateValue(option as never, schemaDefault(option)), `${name}.${key}`).toEqual([]);
      }
    }
    for (const name of GROUPS) {
      const validate = settingsValidators[name];
      expect(validate(schemaDefault(info.groups[name])), name).toBe(true);
    }
    const entry = schemaDefault(info.groups.channelAdjustment);
    expect(settingsValidators.color({ channelAdjustment: [entry] })).toBe(true);
    for (const type of TYPES) {
      const device = schemaDefault(info.devices[type]) as Record<string, unknown>;
      expect(device.type, type).toBe(type);
      expect(settingsValidators.device(device), type).toBe(true);
    }
  });

  it('offers the effects the server has for the boot and background effects, and the device types it drives', () => {
    const names = t.server.runtime.catalogue.serverInfo().map((e) => e.name);
    expect(info.groups.foregroundEffect.properties.effect).toMatchObject({
      enum: names,
      default: 'Rainbow Wave',
    });
    expect(info.groups.backgroundEffect.properties.effect).toMatchObject({
      enum: names,
      default: 'Warm Pulse',
    });
    expect(info.groups.device.properties.type).toMatchObject({ enum: TYPES, default: 'virtual' });
    // Each type's form is of that type only.
    for (const type of TYPES) {
      expect(info.devices[type]?.properties.type, type).toMatchObject({
        enum: [type],
        default: type,
      });
    }
  });

  it('answers any signed-in token (schemas are no secret), and takes nothing but tan', async () => {
    const { token } = t.server.store.tokens.create('a viewer token', false);
    const viewer = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'getschema' },
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(viewer.status).toBe(200);
    const anonymous = await post(`${t.http}/json-rpc`, {
      command: 'config',
      subcommand: 'getschema',
    });
    expect(anonymous.status).toBe(401);
    const invalid = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'getschema', tan: -1 },
      { headers: { Authorization: `Bearer ${t.token}` } },
    );
    expect(invalid.json).toMatchObject({
      error: 'Invalid params',
      errorData: [{ description: '/tan: must be an integer of 0 or more' }],
    });
  });

  it("carries every effect's option schema, as Hyperion.ng's effectSchemas", async () => {
    const reply = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'getschema' },
      { headers: { Authorization: `Bearer ${t.token}` } },
    );
    const { effectSchemas } = (
      reply.json as { info: { effectSchemas: Array<Record<string, unknown>> } }
    ).info;
    const scripts = t.server.runtime.catalogue.serverInfo().map((e) => e.script);
    expect(effectSchemas.length).toBeGreaterThan(0);
    for (const schema of effectSchemas) {
      expect(Object.keys(schema).sort()).toEqual([
        'schemaContent',
        'schemaLocation',
        'script',
        'type',
      ]);
      expect(scripts).toContain(schema.script);
    }
    // Every effect the server lists has its options there.
    for (const script of scripts) expect(effectSchemas.map((s) => s.script)).toContain(script);
  });
});
