import { hasDuplicateKeys } from '../../json/json-document.js';
import type { Rule } from '../../lint/types.js';

/** The same key twice in one object: JSON parsers keep only the last one, silently. */
export const duplicateKey: Rule = {
  meta: {
    id: 'duplicate-key',
    severity: 'error',
    summary: 'No object may contain the same key twice.',
    why: 'JSON parsers keep only the last of two equal keys without a word, so the first definition (an option, a default, a bound) is silently lost.',
  },
  check(ctx) {
    if (!hasDuplicateKeys(ctx.document.text, ctx.value)) return;
    for (const dup of ctx.document.duplicateKeys()) {
      ctx.report({
        pointer: dup.pointer,
        part: 'key',
        message: `duplicate key "${dup.key}": only the last one counts; remove or rename one of them`,
      });
    }
  },
};
