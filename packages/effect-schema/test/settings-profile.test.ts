/**
 * The settings profile of the dialect (`lintEffectSchema(text, { profile: 'settings' })`): a
 * settings group schema has nested objects, lists of objects, a list at the top level, settings
 * phrases and descriptions, and none of the effect-only rules. The effect profile is the default
 * and does not take any of it.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  collectPlaceholders,
  type Diagnostic,
  lintEffectSchema,
  settingsTypeSchema,
  validateValue,
} from '../src/index.js';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const phrases: Record<string, string> = {
  edt_append_ms: 'ms',
  edt_conf_audio_heading_title: 'Audio',
  edt_conf_general_enable_title: 'Enabled',
  edt_conf_glowkit_inactive_desc: 'Glowkit keeps these settings but does not act on them yet.',
  edt_conf_vu_title: 'VU meter',
  edt_conf_vu_hot_title: 'Hot colour',
  edt_conf_vu_delay_title: 'Delay',
  edt_conf_actions_title: 'Actions',
  edt_conf_action_title: 'Action',
  edt_conf_event_title: 'Event',
  edt_conf_enum_standby: 'Standby',
  edt_conf_enum_resume: 'Resume',
  edt_conf_leds_title: 'LEDs',
  edt_conf_led_title: 'LED',
  edt_conf_hmin_title: 'Left edge',
  edt_conf_effect_title: 'Effect',
};

const colour = (extra: Record<string, unknown> = {}) => ({
  type: 'array',
  format: 'colorpicker',
  items: { type: 'integer', minimum: 0, maximum: 255 },
  minItems: 3,
  maxItems: 3,
  default: [255, 0, 0],
  ...extra,
});

type Json = Record<string, unknown>;

/** The object at a dotted path of a schema, e.g. `properties.vuMeter`. */
const at = (schema: Json, path: string): Json =>
  path.split('.').reduce((node, key) => node[key] as Json, schema);

/** A group with a nested object, a list of objects, a description and a note. */
function group(change: (schema: Json) => void = () => {}): string {
  const schema: Json = {
    $schema: '../settings-group-schema.json',
    type: 'object',
    title: 'edt_conf_audio_heading_title',
    description: 'edt_conf_glowkit_inactive_desc',
    $comment: 'Nothing reads this group yet.',
    defaultProperties: ['enable', 'vuMeter'],
    properties: {
      enable: {
        type: 'boolean',
        title: 'edt_conf_general_enable_title',
        default: false,
        propertyOrder: 1,
      },
      vuMeter: {
        type: 'object',
        title: 'edt_conf_vu_title',
        propertyOrder: 2,
        options: { dependencies: { enable: true } },
        properties: {
          hotColor: colour({ title: 'edt_conf_vu_hot_title', propertyOrder: 1 }),
          delay: {
            type: 'integer',
            title: 'edt_conf_vu_delay_title',
            minimum: 0,
            maximum: 500,
            default: 0,
            append: 'edt_append_ms',
            $comment: 'Milliseconds.',
            propertyOrder: 2,
          },
        },
      },
      actions: {
        type: 'array',
        title: 'edt_conf_actions_title',
        propertyOrder: 3,
        default: [{ event: 'standby', action: 'Suspend' }],
        items: {
          type: 'object',
          title: 'edt_conf_action_title',
          properties: {
            event: {
              type: 'string',
              title: 'edt_conf_event_title',
              enum: ['standby', 'resume'],
              options: { enum_titles: ['edt_conf_enum_standby', 'edt_conf_enum_resume'] },
              default: 'standby',
              propertyOrder: 1,
            },
            action: {
              type: 'string',
              title: 'edt_conf_action_title',
              default: 'Suspend',
              propertyOrder: 2,
            },
          },
        },
      },
      effect: {
        type: 'string',
        format: 'select',
        title: 'edt_conf_effect_title',
        default: 'Rainbow Wave',
        propertyOrder: 4,
      },
    },
  };
  change(schema);
  return JSON.stringify(schema, null, 2);
}

const lint = (text: string, translations: Record<string, string> | undefined = phrases) =>
  lintEffectSchema(text, { profile: 'settings', ...(translations ? { translations } : {}) });

const brief = (ds: Diagnostic[]) => ds.map((d) => `${d.ruleId} ${d.pointer}: ${d.message}`);

describe('the settings profile', () => {
  it('lints a group with nested objects, lists of objects and settings phrases clean', () => {
    expect(brief(lint(group()))).toEqual([]);
  });

  it('is not the default: the effect profile refuses the same group', () => {
    const ids = new Set(lintEffectSchema(group(), { translations: phrases }).map((d) => d.ruleId));
    expect(ids).toContain('schema-structure');
    expect(ids).toContain('unknown-keyword');
    expect(ids).toContain('placeholder-prefix');
  });

  it('checks the keys of a nested object as options: defaults, order, titles', () => {
    const text = group((s) => {
      const vu = at(s, 'properties.vuMeter.properties');
      Object.assign(at(vu, 'delay'), { default: 600, propertyOrder: 1 });
      at(vu, 'hotColor').title = 'Hot';
    });
    expect(brief(lint(text))).toEqual([
      'placeholder-missing /properties/vuMeter/properties/hotColor/title: title of option "hotColor" "Hot" has no phrase in the translation file; add it (glowkit-schema lint --fix adds a placeholder text)',
      'placeholder-prefix /properties/vuMeter/properties/hotColor/title: title of option "hotColor" "Hot" is not a translation placeholder; use a key beginning with "edt_conf_" or "edt_dev_" and put the text in the translation files',
      'default-constraint /properties/vuMeter/properties/delay/default: default of option "delay": 600 is greater than the maximum 500',
      'property-order /properties/vuMeter/properties/delay/propertyOrder: propertyOrder 1 of option "delay" is also used by "hotColor": their order is left to chance; give each option its own number',
    ]);
  });

  it('keeps dependencies inside their object: a key depends on its siblings only', () => {
    const text = group((s) => {
      at(s, 'properties.vuMeter.properties.delay').options = { dependencies: { enable: true } };
    });
    expect(brief(lint(text))).toEqual([
      'dependency-target /properties/vuMeter/properties/delay/options/dependencies/enable: option "delay" depends on "enable", which is not a key of the same object (dependencies name sibling keys)',
    ]);
  });

  it('checks the keys of list items and a list default against them', () => {
    const text = group((s) => {
      at(s, 'properties.actions').default = [{ event: 'standby' }, { event: 'reboot', action: 7 }];
      delete at(s, 'properties.actions.items.properties.action').default;
    });
    expect(brief(lint(text))).toEqual([
      'default-constraint /properties/actions/default/1/event: default of option "actions" at /1/event: "reboot" is not one of "standby", "resume"',
      'default-type /properties/actions/default/1/action: default of option "actions" at /1/action must be a string',
      'default-required /properties/actions/items/properties/action: option "action" has no default; add "default" with the value a new configuration starts with',
    ]);
  });

  it('lints a list group: its default against its items, its items as options', () => {
    const list = {
      type: 'array',
      title: 'edt_conf_leds_title',
      minItems: 1,
      default: [{ hmin: 0.5 }, { hmin: 2 }],
      items: {
        type: 'object',
        title: 'edt_conf_led_title',
        properties: {
          hmin: {
            type: 'number',
            title: 'edt_conf_hmin_title',
            minimum: 0,
            maximum: 1,
            default: 0,
            propertyOrder: 1,
          },
        },
      },
    };
    expect(brief(lint(JSON.stringify(list, null, 2)))).toEqual([
      'default-constraint /default/1/hmin: default of the list at /1/hmin: 2 is greater than the maximum 1',
    ]);
    const { default: _, ...withoutDefault } = list;
    expect(brief(lint(JSON.stringify({ ...withoutDefault, required: true }, null, 2)))).toEqual([
      'schema-structure : the schema has no "default": add "default", the list a new configuration starts with',
      'unknown-keyword /required: "required" is only for a group of keys, at its top (the names of the keys a user must fill in); a stored group may still leave any key out, which then takes its default: remove it here',
    ]);
  });

  it('has no script, and knows the keywords of each kind of top level', () => {
    const text = group((s) => {
      s.script = 'audio.py';
      s.items = { type: 'string', default: '' };
    });
    expect(brief(lint(text)).map((line) => line.split(';')[0])).toEqual([
      'unknown-keyword /script: unknown keyword "script" at the top level of the schema',
      'unknown-keyword /items: unknown keyword "items" at the top level of the schema',
    ]);
    expect(brief(lint(JSON.stringify({ type: 'object', properties: {} })))).toEqual([
      'schema-structure : the schema has no "title": add a heading placeholder, e.g. "title": "edt_conf_smooth_heading_title"',
    ]);
  });

  it('takes settings phrases, warns about effect phrases, and checks descriptions', () => {
    const text = group((s) => {
      at(s, 'properties.enable').title = 'edt_eff_enable';
      at(s, 'properties.effect').description = 'edt_conf_not_translated';
    });
    expect(brief(lint(text))).toEqual([
      'placeholder-missing /properties/enable/title: title of option "enable" "edt_eff_enable" has no phrase in the translation file; add it (glowkit-schema lint --fix adds a placeholder text)',
      'placeholder-prefix /properties/enable/title: title of option "enable" "edt_eff_enable" is not a settings phrase; settings placeholders begin with "edt_conf_" or "edt_dev_"',
      'placeholder-missing /properties/effect/description: description of option "effect" "edt_conf_not_translated" has no phrase in the translation file; add it (glowkit-schema lint --fix adds a placeholder text)',
    ]);
    const withoutPhrase = { ...phrases };
    delete withoutPhrase.edt_conf_glowkit_inactive_desc;
    expect(brief(lint(group(), withoutPhrase))).toEqual([
      'placeholder-missing /description: schema description "edt_conf_glowkit_inactive_desc" has no phrase in the translation file; add it (glowkit-schema lint --fix adds a placeholder text)',
    ]);
  });

  it('says when defaultProperties names a key the object does not have', () => {
    const text = group((s) => {
      s.defaultProperties = ['enable', 'vumeter'];
    });
    expect(brief(lint(text))).toEqual([
      'default-required /defaultProperties/1: defaultProperties names "vumeter", which is not a key of this object: a new value cannot be written with it; remove it or add the key to "properties"',
    ]);
  });

  it('leaves the smoothing block to effects', () => {
    const text = group((s) => {
      at(s, 'properties')['smoothing-time_ms'] = {
        type: 'integer',
        title: 'edt_conf_vu_delay_title',
        default: 200,
        propertyOrder: 5,
      };
    });
    expect(brief(lint(text))).toEqual([]);
  });

  it('collects the placeholders of nested keys, items and descriptions', () => {
    const keys = collectPlaceholders(JSON.parse(group()), { profile: 'settings' }).map(
      (p) => `${p.kind} ${p.pointer}`,
    );
    expect(keys).toContain('description /description');
    expect(keys).toContain('title /properties/vuMeter/properties/hotColor/title');
    expect(keys).toContain(
      'enum_title /properties/actions/items/properties/event/options/enum_titles/1',
    );
    // The effect profile walks options and items only, as before.
    expect(collectPlaceholders(JSON.parse(group())).map((p) => p.pointer)).not.toContain(
      '/properties/vuMeter/properties/hotColor/title',
    );
  });

  it('validates object values key by key, keeping keys it does not know', () => {
    const vuMeter = at(JSON.parse(group()), 'properties.vuMeter');
    expect(validateValue(vuMeter, { hotColor: [1, 2, 3], delay: 5, future: true })).toEqual([]);
    expect(validateValue(vuMeter, { hotColor: [1, 2, 300], delay: 'x' })).toEqual([
      { code: 'color_channel', pointer: '/hotColor/2', params: { value: 300, index: 2 } },
      { code: 'type', pointer: '/delay', params: { type: 'integer' } },
    ]);
    expect(validateValue(vuMeter, [])).toEqual([
      { code: 'type', pointer: '', params: { type: 'object' } },
    ]);
  });

  it('turns a group into the JSON Schema of its stored type', () => {
    const schema = settingsTypeSchema(JSON.parse(group()), {
      typeName: 'AudioSettings',
      translations: phrases,
    });
    expect(schema).toMatchObject({
      title: 'AudioSettings',
      type: 'object',
      additionalProperties: true,
      properties: {
        enable: { type: 'boolean' },
        vuMeter: {
          type: 'object',
          additionalProperties: true,
          properties: { delay: { type: 'integer' } },
        },
        actions: { type: 'array', items: { type: 'object' } },
      },
    });
    expect(schema).not.toHaveProperty('required');
    expect(String(schema.description)).toContain('Glowkit keeps these settings');
    const delay = at(schema, 'properties.vuMeter.properties.delay');
    expect(delay.description).toContain('Milliseconds.');
    expect(delay.description).toContain('@maximum 500 ms');
  });
});

describe('the settings meta-schema file', () => {
  it('is up to date (run "npm run docs" after changing the meta-schemas)', () => {
    const result = spawnSync(
      process.execPath,
      [join(packageDir, 'scripts/settings-meta-schema.mjs'), '--check'],
      { cwd: packageDir, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
