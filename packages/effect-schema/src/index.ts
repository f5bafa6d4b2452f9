/**
 * @packageDocumentation
 * Effect option schemas for LED effects: the meta-schema, the linter, the effect definition
 * checker, value validation shared with the form components, and TypeScript type generation.
 */

// JSON with positions comes from @glowkit/json; parseJsonFile is its preset for files.
export {
  fromPointer,
  type JsonSyntaxError,
  type ParsedJson,
  type SourcePosition,
  toPointer,
} from '@glowkit/json';
export {
  type CheckEffectDefinitionOptions,
  checkEffectDefinition,
} from './definition/check-effect-definition.js';
export { FILE_MAX_DEPTH, parseJsonFile } from './json/parse-json.js';
export {
  countBySeverity,
  type LintOptions,
  lintEffectSchema,
} from './lint/lint-effect-schema.js';
export type { SchemaProfile } from './lint/profile.js';
export { editDistance, suggest } from './lint/suggest.js';
export type { Diagnostic, Rule, RuleMeta, Severity } from './lint/types.js';
export {
  type ElementType,
  effectOptionMetaSchema,
  elementTypes,
  metaSchemaId,
  metaSchemaPath,
  settingsElementTypes,
  settingsGroupMetaSchema,
  settingsMetaSchemaId,
  settingsMetaSchemaPath,
  validateAgainstMetaSchema,
  validateAgainstSettingsMetaSchema,
} from './meta-schema.js';
export {
  type CollectPlaceholdersOptions,
  collectPlaceholders,
  type Placeholder,
} from './placeholders.js';
export { definitionRules } from './rules/definition-rules.js';
export { rules } from './rules/index.js';
export {
  type GenerateTypesOptions,
  generateArgsTypes,
  type SettingsTypeSchemaOptions,
  settingsTypeSchema,
} from './types/generate-types.js';
// Element kinds, value validation and the smoothing block: the browser-safe part, also
// importable on its own as @glowkit/effect-schema/values.
export * from './values/index.js';
