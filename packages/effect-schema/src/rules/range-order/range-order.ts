import type { Rule } from '../../lint/types.js';
import { forEachElement } from '../../lint/walk.js';

const pairs = [
  ['minimum', 'maximum'],
  ['minLength', 'maxLength'],
  ['minItems', 'maxItems'],
] as const;

/** Lower bounds do not exceed upper bounds. */
export const rangeOrder: Rule = {
  meta: {
    id: 'range-order',
    severity: 'error',
    summary: 'minimum ≤ maximum, minLength ≤ maxLength and minItems ≤ maxItems.',
    why: 'With the bounds crossed no value is valid: the option can never be saved, whatever the user enters.',
  },
  check(ctx) {
    forEachElement(ctx, ({ element, pointer }) => {
      for (const [low, high] of pairs) {
        const lo = element[low];
        const hi = element[high];
        if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) {
          ctx.report({
            pointer: `${pointer}/${low}`,
            message: `${low} ${lo} is greater than ${high} ${hi}: no value can satisfy both`,
          });
        }
      }
    });
  },
};
