/**
 * The browser-safe part of the package (no Node built-ins): element kinds, value validation and
 * the smoothing block, for form components. Import it as `@glowkit/effect-schema/values`.
 */
// The plain-object test and JSON equality live in @glowkit/json; re-exported for the form components, which
// depend on this part only.
export { isJsonObject, jsonEqual } from '@glowkit/json';
export {
  dependenciesOf,
  type ElementKind,
  elementKind,
  enumTitlesOf,
  isObjectElement,
  type OptionSchema,
} from '../elements.js';
export { smoothingBlock } from '../smoothing.js';
export { duplicateIndexes } from './json-equal.js';
export {
  describeValueIssue,
  jsonTypeOf,
  type ValueIssue,
  type ValueIssueCode,
  validateValue,
} from './validate-value.js';
