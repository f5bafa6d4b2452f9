import type { Rule } from '../../lint/types.js';
import { forEachElement, show } from '../../lint/walk.js';

/** `step` is a positive number. */
export const stepPositive: Rule = {
  meta: {
    id: 'step-positive',
    severity: 'error',
    summary: '`step` must be a number greater than 0.',
    why: '`step` drives the arrow keys and the spinner (it never rejects a value). A zero or negative step makes the arrows do nothing or run the wrong way.',
  },
  check(ctx) {
    forEachElement(ctx, ({ element, pointer }) => {
      if (!('step' in element)) return;
      const step = element.step;
      if (typeof step !== 'number' || !(step > 0)) {
        ctx.report({
          pointer: `${pointer}/step`,
          message: `step ${show(step)} must be a number greater than 0 (it is the increment of the arrow keys)`,
        });
      }
    });
  },
};
