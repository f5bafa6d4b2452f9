import type { Rule } from '../../lint/types.js';
import { defaultIssuesOf, forEachElement, ownerOf } from '../../lint/walk.js';
import { describeValueIssue } from '../../values/validate-value.js';

/** The default has the option's type: a boolean for a checkbox, a whole number for an integer… */
export const defaultType: Rule = {
  meta: {
    id: 'default-type',
    severity: 'error',
    summary:
      "A `default` must have its option's type: boolean, string, integer (a whole number), number, or an array whose items have the item type.",
    why: 'The script receives the default as is: a string "10" where a number is expected crashes arithmetic in the effect, and 2.5 for an integer option makes the form show a value its own validation rejects.',
  },
  check(ctx) {
    forEachElement(ctx, (visit) => {
      const { pointer } = visit;
      for (const issue of defaultIssuesOf(visit)) {
        if (issue.code !== 'type' && issue.code !== 'integer') continue;
        const where = ownerOf(visit);
        ctx.report({
          pointer: `${pointer}/default${issue.pointer}`,
          message: `default of ${where}${issue.pointer ? ` at ${issue.pointer}` : ''} ${describeValueIssue(issue)}`,
        });
      }
    });
  },
};
