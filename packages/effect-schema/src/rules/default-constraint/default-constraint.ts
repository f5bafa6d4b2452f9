import type { Rule } from '../../lint/types.js';
import { defaultIssuesOf, forEachElement, ownerOf } from '../../lint/walk.js';
import { describeValueIssue } from '../../values/validate-value.js';

/** The default satisfies the option's own constraints. */
export const defaultConstraint: Rule = {
  meta: {
    id: 'default-constraint',
    severity: 'error',
    summary:
      "A `default` must satisfy its option's minLength, maxLength, minimum, maximum, enum, minItems, maxItems, uniqueItems and, for colours, the colour shape ([r, g, b] integers 0..255, plus an alpha 0..1 for RGBA).",
    why: 'An invalid default is a form that opens with an error the user did not make, and an effect that starts with a value its author declared impossible.',
  },
  check(ctx) {
    forEachElement(ctx, (visit) => {
      const { pointer } = visit;
      for (const issue of defaultIssuesOf(visit)) {
        if (issue.code === 'type' || issue.code === 'integer') continue;
        // An empty enum admits no value at all: `enum-values` reports that, once.
        if (issue.code === 'enum' && (issue.params.enum as unknown[]).length === 0) continue;
        const where = ownerOf(visit);
        ctx.report({
          pointer: `${pointer}/default${issue.pointer}`,
          message: `default of ${where}${issue.pointer ? ` at ${issue.pointer}` : ''}: ${describeValueIssue(issue)}`,
        });
      }
    });
  },
};
