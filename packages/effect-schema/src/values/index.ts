/**
 * The browser-safe part of the package (no Node built-ins): element kinds, value validation and
 * the smoothing block, for form components. Import it as `@glowkit/effect-schema/values`.
 */
export {
  dependenciesOf,
  type ElementKind,
  elementKind,
  enumTitlesOf,
  isObject,
  type OptionSchema,
} from '../elements.js';
export { smoothingBlock } from '../smoothing.js';
export { duplicateIndexes, jsonEqual } from './json-equal.js';
export {
  describeValueIssue,
  jsonTypeOf,
  type ValueIssue,
  type ValueIssueCode,
  validateValue,
} from './validate-value.js';
