/** Every lint rule, in the order they run and are documented. */
import type { Rule } from '../lint/types.js';
import { colorpickerShape } from './colorpicker-shape/colorpicker-shape.js';
import { defaultConstraint } from './default-constraint/default-constraint.js';
import { defaultRequired } from './default-required/default-required.js';
import { defaultType } from './default-type/default-type.js';
import { dependencyCycle } from './dependency-cycle/dependency-cycle.js';
import { dependencyTarget } from './dependency-target/dependency-target.js';
import { dependencyValue } from './dependency-value/dependency-value.js';
import { duplicateKey } from './duplicate-key/duplicate-key.js';
import { enumTitles } from './enum-titles/enum-titles.js';
import { enumValues } from './enum-values/enum-values.js';
import { invalidJson } from './invalid-json/invalid-json.js';
import { optionName } from './option-name/option-name.js';
import { placeholderMissing } from './placeholder-missing/placeholder-missing.js';
import { placeholderPrefix } from './placeholder-prefix/placeholder-prefix.js';
import { propertyOrder } from './property-order/property-order.js';
import { rangeOrder } from './range-order/range-order.js';
import { schemaStructure } from './schema-structure/schema-structure.js';
import { smoothingBlockRule } from './smoothing-block/smoothing-block.js';
import { stepPositive } from './step-positive/step-positive.js';
import { unitMissing } from './unit-missing/unit-missing.js';
import { unknownKeyword } from './unknown-keyword/unknown-keyword.js';
import { unreachableOption } from './unreachable-option/unreachable-option.js';

/** All rules of the effect schema linter. */
export const rules: readonly Rule[] = [
  invalidJson,
  duplicateKey,
  schemaStructure,
  unknownKeyword,
  defaultRequired,
  defaultType,
  defaultConstraint,
  rangeOrder,
  stepPositive,
  enumValues,
  enumTitles,
  colorpickerShape,
  dependencyTarget,
  dependencyValue,
  dependencyCycle,
  unreachableOption,
  propertyOrder,
  smoothingBlockRule,
  optionName,
  placeholderPrefix,
  placeholderMissing,
  unitMissing,
];

export { smoothingBlock } from '../smoothing.js';
