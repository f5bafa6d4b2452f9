/**
 * Lint profiles: the same dialect and rules for two kinds of schema. `effect` (the default) lints
 * an effect option schema; `settings` lints a settings group schema (see settings-meta-schema.ts):
 * nested objects, a top level that may be an array, `edt_conf_`/`edt_dev_` phrases, and no
 * effect-only rules.
 */
import type { ErrorObject } from 'ajv';
import {
  elementTypes,
  keywordsByType,
  optionsKeywords,
  settingsElementTypes,
  settingsKeywordsByType,
  topLevelKeywords,
  validateAgainstMetaSchema,
  validateAgainstSettingsMetaSchema,
} from '../meta-schema.js';
import { arrayTopLevelKeywords, objectTopLevelKeywords } from '../settings-meta-schema.js';

/** Which kind of schema is linted: an effect's options, or a settings group. */
export type SchemaProfile = 'effect' | 'settings';

/** What the rules read of a profile. */
export interface ProfileSpec {
  readonly name: SchemaProfile;
  /** What the schema is called in messages. */
  readonly schemaNoun: string;
  /** The element types an option's `type` may name. */
  readonly elementTypes: readonly string[];
  /** Keywords allowed on an element of each type. */
  readonly keywordsByType: Readonly<Record<string, readonly string[]>>;
  /** Keywords allowed inside an element's `options`. */
  readonly optionsKeywords: readonly string[];
  /** Keywords allowed at the top level of this schema. */
  topLevelKeywords(schema: Readonly<Record<string, unknown>>): readonly string[];
  /** The structural validation against the profile's meta-schema. */
  validate(value: unknown): ErrorObject[];
  /** The prefixes of title and enum label placeholders. */
  readonly titlePrefixes: readonly string[];
  /** Rules that do not apply to this kind of schema. */
  readonly skipRules: ReadonlySet<string>;
}

const effect: ProfileSpec = {
  name: 'effect',
  schemaNoun: 'an effect option schema',
  elementTypes,
  keywordsByType,
  optionsKeywords,
  topLevelKeywords: () => topLevelKeywords,
  validate: validateAgainstMetaSchema,
  titlePrefixes: ['edt_eff_'],
  skipRules: new Set(),
};

const settings: ProfileSpec = {
  name: 'settings',
  schemaNoun: 'a settings group schema',
  elementTypes: settingsElementTypes,
  keywordsByType: settingsKeywordsByType,
  optionsKeywords,
  topLevelKeywords: (schema) =>
    schema.type === 'array' ? arrayTopLevelKeywords : objectTopLevelKeywords,
  validate: validateAgainstSettingsMetaSchema,
  // Hyperion.ng's settings phrases: its translation files fit Glowkit's forms.
  titlePrefixes: ['edt_conf_', 'edt_dev_'],
  // The smoothing block is what an effect offers to tune its own smoothing.
  skipRules: new Set(['smoothing-block']),
};

/** The spec of a profile (the effect profile when none is named). */
export function profileSpec(name: SchemaProfile | undefined): ProfileSpec {
  return name === 'settings' ? settings : effect;
}
