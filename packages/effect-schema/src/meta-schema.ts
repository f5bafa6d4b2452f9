/**
 * The effect option meta-schema: a JSON Schema (draft-07) describing effect option schemas, for
 * editors (`"$schema"`) and as the linter's first, structural pass.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { deriveSettingsMetaSchema, settingsMetaSchemaId } from './settings-meta-schema.js';

const require = createRequire(import.meta.url);

/** Absolute path of the meta-schema file shipped in this package (`schema/effect-option-schema.json`). */
export const metaSchemaPath: string = fileURLToPath(
  new URL('../schema/effect-option-schema.json', import.meta.url),
);

/** The `$id` of the meta-schema. */
export const metaSchemaId = 'https://glowkit.dev/schemas/effect-option-schema.json';

interface MetaSchemaShape {
  definitions: Record<string, { properties?: Record<string, unknown> }>;
  [key: string]: unknown;
}

/** The meta-schema as a JSON value (a fresh copy is not made: do not mutate it). */
export const effectOptionMetaSchema: Readonly<MetaSchemaShape> = require(metaSchemaPath);

/** The element types an option's `type` may name. */
export const elementTypes = ['boolean', 'string', 'integer', 'number', 'array'] as const;
/** One of {@link elementTypes}. */
export type ElementType = (typeof elementTypes)[number];

/** Keywords allowed on an option of each element type, read from the meta-schema itself. */
export const keywordsByType: Readonly<Record<ElementType, readonly string[]>> = Object.fromEntries(
  elementTypes.map((t) => [
    t,
    Object.keys(effectOptionMetaSchema.definitions[t]?.properties ?? {}),
  ]),
) as unknown as Record<ElementType, readonly string[]>;

/** Keywords allowed inside an option's `options` object. */
export const optionsKeywords: readonly string[] = Object.keys(
  effectOptionMetaSchema.definitions.options?.properties ?? {},
);

/** Keywords allowed at the top level of an effect option schema. */
export const topLevelKeywords: readonly string[] = Object.keys(
  (effectOptionMetaSchema.properties as Record<string, unknown>) ?? {},
);

/**
 * The settings group meta-schema (the dialect's settings profile), derived from the effect one;
 * the file `schema/settings-group-schema.json` is written from it for editors.
 */
export const settingsGroupMetaSchema: Readonly<MetaSchemaShape> = deriveSettingsMetaSchema(
  effectOptionMetaSchema,
) as MetaSchemaShape;

/** Absolute path of the settings group meta-schema file (`schema/settings-group-schema.json`). */
export const settingsMetaSchemaPath: string = fileURLToPath(
  new URL('../schema/settings-group-schema.json', import.meta.url),
);

export { settingsMetaSchemaId };

/** The element types a settings key's `type` may name: the effect ones and `object`. */
export const settingsElementTypes = [...elementTypes, 'object'] as const;

/** Keywords allowed on a settings element of each type, read from the settings meta-schema. */
export const settingsKeywordsByType: Readonly<Record<string, readonly string[]>> =
  Object.fromEntries(
    settingsElementTypes.map((t) => [
      t,
      Object.keys(settingsGroupMetaSchema.definitions[t]?.properties ?? {}),
    ]),
  );

const validators = new Map<string, ValidateFunction>();

function compiled(file: string, schema: Readonly<MetaSchemaShape>): ValidateFunction {
  let validator = validators.get(file);
  if (!validator) {
    try {
      validator = require(file) as ValidateFunction;
    } catch {
      const { Ajv } = require('ajv') as typeof import('ajv');
      validator = new Ajv({ allErrors: true, strict: false }).compile(schema);
    }
    validators.set(file, validator);
  }
  return validator;
}

/**
 * The compiled meta-schema validator, with `allErrors` so that one lint run reports every problem
 * at once. The build precompiles it (`dist/meta-schema-validator.cjs`), which keeps ajv's compiler
 * out of the CLI's start-up; from sources (tests) it is compiled on first use.
 */
export function metaSchemaValidator(): ValidateFunction {
  return compiled('./meta-schema-validator.cjs', effectOptionMetaSchema);
}

/** The compiled settings group meta-schema validator (`dist/settings-meta-schema-validator.cjs`). */
export function settingsMetaSchemaValidator(): ValidateFunction {
  return compiled('./settings-meta-schema-validator.cjs', settingsGroupMetaSchema);
}

/** Validates a parsed effect option schema against the meta-schema; returns ajv's errors. */
export function validateAgainstMetaSchema(value: unknown): ErrorObject[] {
  const validate = metaSchemaValidator();
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** Validates a parsed settings group schema against its meta-schema; returns ajv's errors. */
export function validateAgainstSettingsMetaSchema(value: unknown): ErrorObject[] {
  const validate = settingsMetaSchemaValidator();
  return validate(value) ? [] : [...(validate.errors ?? [])];
}
