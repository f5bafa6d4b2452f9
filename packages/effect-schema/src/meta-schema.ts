/**
 * The effect option meta-schema: a JSON Schema (draft-07) describing effect option schemas, for
 * editors (`"$schema"`) and as the linter's first, structural pass.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';

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

let validator: ValidateFunction | undefined;

/**
 * The compiled meta-schema validator, with `allErrors` so that one lint run reports every problem
 * at once. The build precompiles it (`dist/meta-schema-validator.cjs`), which keeps ajv's compiler
 * out of the CLI's start-up; from sources (tests) it is compiled on first use.
 */
export function metaSchemaValidator(): ValidateFunction {
  if (!validator) {
    try {
      validator = require('./meta-schema-validator.cjs') as ValidateFunction;
    } catch {
      const { Ajv } = require('ajv') as typeof import('ajv');
      validator = new Ajv({ allErrors: true, strict: false }).compile(effectOptionMetaSchema);
    }
  }
  return validator;
}

/** Validates a parsed effect option schema against the meta-schema; returns ajv's errors. */
export function validateAgainstMetaSchema(value: unknown): ErrorObject[] {
  const validate = metaSchemaValidator();
  return validate(value) ? [] : [...(validate.errors ?? [])];
}
