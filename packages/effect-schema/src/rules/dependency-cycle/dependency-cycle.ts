import type { Rule } from '../../lint/types.js';

/** Options do not depend on each other in a circle. */
export const dependencyCycle: Rule = {
  meta: {
    id: 'dependency-cycle',
    severity: 'error',
    summary: 'Dependencies must not form a cycle (a needs b, b needs a).',
    why: 'An option is shown only while the options it depends on are shown and set. In a cycle each waits for another to appear first, so none of them is ever shown.',
  },
  check(ctx) {
    for (const scope of ctx.scopes) {
      for (const cycle of scope.dependencyCycles) {
        const first = scope.byName.get(cycle[0] as string);
        if (!first) continue;
        ctx.report({
          pointer: `${first.pointer}/options/dependencies`,
          message: `dependency cycle ${[...cycle, cycle[0]].map((n) => `"${n}"`).join(' → ')}: none of these options can ever be shown; remove one of the dependencies`,
        });
      }
    }
  },
};
