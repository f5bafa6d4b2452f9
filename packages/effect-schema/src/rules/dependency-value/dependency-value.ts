import type { Rule } from '../../lint/types.js';
import { show } from '../../lint/walk.js';

/** The value a dependency waits for is one the named option can have. */
export const dependencyValue: Rule = {
  meta: {
    id: 'dependency-value',
    severity: 'error',
    summary:
      "The value of each dependency must have the named option's type and satisfy its constraints (a value of its enum, within its minimum and maximum).",
    why: 'The form shows the option only while the other option equals this value exactly: `"1"` never equals `1`, and a value outside the enum is never selected, so the option would stay hidden forever.',
  },
  check(ctx) {
    for (const edge of ctx.scopes.flatMap((scope) => scope.dependencyEdges)) {
      const problem = edge.problem;
      if (problem) {
        ctx.report({
          pointer: edge.pointer,
          message: `option "${edge.from.name}" waits for "${edge.target}" = ${show(edge.value)}, which ${problem}`,
        });
      }
    }
  },
};
