/** The rules of the effect definition checker, for documentation and the CLI. */
import type { Rule } from '../lint/types.js';
import { definitionArgs } from './definition-args/definition-args.js';
import { definitionSchema } from './definition-schema/definition-schema.js';
import { definitionStructure } from './definition-structure/definition-structure.js';

/** Rules that `checkEffectDefinition` applies besides `invalid-json` and `duplicate-key`. */
export const definitionRules: readonly Rule[] = [
  definitionStructure,
  definitionSchema,
  definitionArgs,
];
