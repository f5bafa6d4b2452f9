import { readFileSync } from 'node:fs';
// A test-only use of the linter: the server does not depend on it at run time.
import { collectPlaceholders, lintEffectSchema, validateValue } from '@glowkit/effect-schema';
import { DEVICE_TYPES } from '@glowkit/engine';
import type { GroupFormSchema, SettingsSchemasInfo } from '@glowkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateGroup } from '../src/config/group-schemas.js';
import { post } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

const phrases = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../translations/${language}.json`, import.meta.url), 'utf8'),
  );
const LANGUAGES = { en: phrases('en'), de: phrases('de') };

/** Every form of a getschema reply, named for messages. */
const formsOf = (info: SettingsSchemasInfo): [string, GroupFormSchema][] => [
  ...Object.entries(info.groups).map(([name, schema]): [string, GroupFormSchema] => [
    `groups.${name}`,
    schema,
  ]),
  ...Object.entries(info.devices).map(([type, schema]): [string, GroupFormSchema] => [
    `devices.${type}`,
    schema,
  ]),
];

/** The value a form starts with: every option's default. */
const defaultsOf = (schema: GroupFormSchema): Record<string, unknown> =>
  Object.fromEntries(Object.entries(schema.properties).map(([k, o]) => [k, o.default]));

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

  it('has the group forms and one device form per device type the engine drives', () => {
    expect(Object.keys(info.groups).sort()).toEqual([
      'backgroundEffect',
      'channelAdjustment',
      'color',
      'foregroundEffect',
      'general',
      'smoothing',
    ]);
    expect(Object.keys(info.devices).sort()).toEqual([...DEVICE_TYPES.keys()].sort());
    expect(Object.keys(info.devices.adalight?.properties ?? {})).toEqual(
      expect.arrayContaining(['output', 'rateList', 'rate', 'streamProtocol', 'hardwareLedCount']),
    );
    expect(Object.keys(info.devices.wled?.properties ?? {})).toEqual(
      expect.arrayContaining(['host', 'streamProtocol', 'restoreOriginalState']),
    );
    expect(info.devices.udpddp?.properties.port?.default).toBe(4048);
    expect(info.devices.udpraw?.properties.port?.default).toBe(5568);
  });

  it('writes every form so that the effect schema linter finds nothing, in English and German', () => {
    for (const [name, schema] of formsOf(info)) {
      for (const [language, translations] of Object.entries(LANGUAGES)) {
        const diagnostics = lintEffectSchema(JSON.stringify(schema, null, 2), {
          translations,
          // Settings phrases are Hyperion.ng's `edt_conf_…`/`edt_dev_…` keys, not `edt_eff_…`.
          rules: { 'placeholder-prefix': 'off' },
        }).filter(
          // A settings form configures no Python script: the one top-level keyword it lacks.
          (d) =>
            !(
              d.ruleId === 'schema-structure' &&
              d.pointer === '' &&
              d.message.includes('"script"')
            ),
        );
        expect(
          diagnostics.map((d) => `${d.pointer} ${d.message} (${d.ruleId})`),
          `${name} (${language})`,
        ).toEqual([]);
      }
    }
  });

  it('has a phrase in en.json and de.json for every title, unit and enum label', () => {
    for (const [name, schema] of formsOf(info)) {
      const keys = collectPlaceholders(schema).map((p) => p.key);
      expect(keys.length, name).toBeGreaterThan(1);
      for (const [language, translations] of Object.entries(LANGUAGES)) {
        expect(
          keys.filter((key) => !Object.hasOwn(translations, key)),
          `${name} (${language})`,
        ).toEqual([]);
      }
    }
  });

  it('starts each form with values the form accepts and the server saves', () => {
    for (const [name, schema] of formsOf(info)) {
      const value = defaultsOf(schema);
      for (const [key, option] of Object.entries(schema.properties)) {
        expect(validateValue(option as never, value[key]), `${name}.${key}`).toEqual([]);
      }
    }
    for (const [type, schema] of Object.entries(info.devices)) {
      expect(validateGroup('device', { type, ...defaultsOf(schema) }), type).toEqual([]);
    }
    for (const group of ['smoothing', 'general'] as const) {
      expect(validateGroup(group, defaultsOf(info.groups[group] as GroupFormSchema))).toEqual([]);
    }
  });

  it('lists the effects the server has for the boot and background effects', () => {
    const names = t.server.runtime.catalogue.serverInfo().map((e) => e.name);
    const effect = info.groups.foregroundEffect?.properties.effect;
    expect(effect).toMatchObject({ enum: names, default: 'Rainbow Wave' });
    expect(info.groups.backgroundEffect?.properties.effect).toMatchObject({
      default: 'Warm Pulse',
    });
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
