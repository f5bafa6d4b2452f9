import type { Rule } from '../../lint/types.js';
import { forEachElement, show } from '../../lint/walk.js';
import { duplicateIndexes } from '../../values/json-equal.js';

/** `enum` lists at least one value and no value twice. */
export const enumValues: Rule = {
  meta: {
    id: 'enum-values',
    severity: 'error',
    summary: '`enum` must list at least one value, each only once.',
    why: 'An empty enum is a select box with nothing to select; a repeated value shows the same choice twice and makes its label ambiguous.',
  },
  check(ctx) {
    forEachElement(ctx, ({ element, pointer }) => {
      const list = element.enum;
      if (!Array.isArray(list)) return;
      if (list.length === 0) {
        ctx.report({
          pointer: `${pointer}/enum`,
          message: 'enum is empty: there is nothing to choose; list the allowed values',
        });
        return;
      }
      for (const [first, later] of duplicateIndexes(list)) {
        ctx.report({
          pointer: `${pointer}/enum/${later}`,
          message: `enum value ${show(list[later])} is listed twice (items ${first} and ${later})`,
        });
      }
    });
  },
};
