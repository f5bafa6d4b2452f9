/**
 * The schema files of the settings groups (schema/settings): one per group, one per device type
 * plus the keys every device has; each lints clean with the dialect's settings profile against
 * every shipped language, as do the device type schemas the generator merges.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintEffectSchema } from '@glowkit/effect-schema';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_TYPES,
  deviceTypeSchemas,
  GLOBAL_GROUPS,
  INSTANCE_GROUPS,
} from '../../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, '../../schema/settings');
const translationsDir = join(here, '../../../../translations');

const LANGUAGES = Object.fromEntries(
  ['en', 'de'].map((language) => [
    language,
    JSON.parse(readFileSync(join(translationsDir, `${language}.json`), 'utf8')) as Record<
      string,
      string
    >,
  ]),
);

const namesIn = (folder: string) =>
  readdirSync(join(schemaDir, folder))
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => file.replace(/\.schema\.json$/, ''))
    .sort();

const files = ['global', 'instance', 'device'].flatMap((folder) =>
  namesIn(folder).map((name) => `${folder}/${name}.schema.json`),
);
const schemas = Object.fromEntries(
  files.map((file) => [file, JSON.parse(readFileSync(join(schemaDir, file), 'utf8'))]),
) as Record<string, Record<string, unknown>>;

const lines = (text: string, language: string) =>
  lintEffectSchema(text, { profile: 'settings', translations: LANGUAGES[language] }).map(
    (d) => `${d.line}:${d.column} ${d.severity} ${d.message} (${d.ruleId})`,
  );

describe('the settings schema files', () => {
  it('are one per group of the restore specification, and one per device type', () => {
    expect(namesIn('global')).toEqual([...GLOBAL_GROUPS].sort());
    expect(namesIn('instance')).toEqual(INSTANCE_GROUPS.filter((name) => name !== 'device').sort());
    expect(namesIn('device')).toEqual(['common', ...DEVICE_TYPES].sort());
  });

  for (const language of Object.keys(LANGUAGES)) {
    it.each(files)(`%s lints clean against translations/${language}.json`, (file) => {
      expect(lines(readFileSync(join(schemaDir, file), 'utf8'), language)).toEqual([]);
    });

    it.each([...DEVICE_TYPES])(
      `the merged schema of device type %s lints clean against translations/${language}.json`,
      (type) => {
        expect(lines(JSON.stringify(deviceTypeSchemas[type], null, 2), language)).toEqual([]);
      },
    );
  }

  it('keep unknown keys and require none: Hyperion.ng backups carry keys of other versions', () => {
    const found: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        // A device type's `required` keys must not be empty when given, and may still be left
        // out (the validators take them as a minLength: validators.test.ts, setconfig's tests).
        const deviceRequired =
          key === 'required' && at.startsWith('device/') && !at.includes('/properties');
        if (deviceRequired) continue;
        if (key === 'required' || (key === 'additionalProperties' && value === false)) {
          found.push(`${at}/${key}`);
        }
        visit(value, `${at}/${key}`);
      }
    };
    for (const [file, schema] of Object.entries(schemas)) visit(schema, file);
    expect(found).toEqual([]);
  });

  it('say so in their description when Glowkit does not act on a group yet', () => {
    const inactive = Object.entries(schemas)
      .filter(([, schema]) => schema.description === 'edt_conf_glowkit_inactive_desc')
      .map(([file]) => file.replace(/^.*\/|\.schema\.json$/g, ''))
      .sort();
    // What the server and the engine read today (see each schema's $comment).
    expect(inactive).toEqual(['grabberAudio', 'logger'].sort());
    expect(LANGUAGES.en?.edt_conf_glowkit_inactive_desc).toBe(
      'Glowkit keeps these settings but does not act on them yet.',
    );
  });

  it('say what Glowkit does with the event groups, in every language, and which keys it leaves alone', () => {
    const description = (group: string) =>
      (schemas[`global/${group}.schema.json`] as { description: string }).description;
    const phrases = {
      schedEvents: 'edt_conf_sched_glowkit_desc',
      osEvents: 'edt_conf_os_events_glowkit_desc',
      cecEvents: 'edt_conf_cec_glowkit_desc',
    };
    for (const [group, phrase] of Object.entries(phrases)) {
      expect(description(group), group).toBe(phrase);
      for (const language of ['en', 'de']) {
        expect(LANGUAGES[language]?.[phrase], `${language} ${phrase}`).toBeTruthy();
      }
    }
    expect(LANGUAGES.en?.edt_conf_cec_glowkit_desc).toContain('does not use a CEC adapter yet');
    expect(LANGUAGES.de?.edt_conf_cec_glowkit_desc).toContain('noch keinen CEC-Adapter');
    expect(LANGUAGES.en?.edt_conf_os_events_glowkit_desc).toContain('no root needed');
    // Every key says what Glowkit does with it.
    for (const group of Object.keys(phrases)) {
      const { properties } = schemas[`global/${group}.schema.json`] as {
        properties: Record<string, { $comment?: string }>;
      };
      for (const [key, property] of Object.entries(properties)) {
        expect(property.$comment, `${group}.${key}`).toBeTruthy();
      }
    }
  });
});
