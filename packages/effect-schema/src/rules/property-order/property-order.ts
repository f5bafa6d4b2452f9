import type { OptionScope, Rule, RuleContext } from '../../lint/types.js';

/** Every option has a `propertyOrder`, and no two share one. */
export const propertyOrder: Rule = {
  meta: {
    id: 'property-order',
    severity: 'warning',
    summary:
      'Every option should set an integer `propertyOrder`, each a different one. (A non-integer value is a `schema-structure` error.)',
    why: 'JSON objects are unordered, so propertyOrder is the only reliable display order. Options without one come after all ordered options, and two options with the same number are ordered by accident of the implementation (Hyperion ships `mood-blobs` and `waves` with duplicates).',
  },
  check(ctx) {
    for (const scope of ctx.scopes) checkScope(ctx, scope);
  },
};

function checkScope(ctx: RuleContext, scope: OptionScope): void {
  const byOrder = new Map<number, string>();
  for (const { name, option, pointer } of scope.options) {
    const order = option.propertyOrder;
    if (order === undefined) {
      ctx.report({
        pointer,
        part: 'key',
        message: `option "${name}" has no propertyOrder: it is shown after all ordered options; add one`,
      });
      continue;
    }
    if (typeof order !== 'number' || !Number.isInteger(order)) continue;
    const other = byOrder.get(order);
    if (other !== undefined) {
      ctx.report({
        pointer: `${pointer}/propertyOrder`,
        message: `propertyOrder ${order} of option "${name}" is also used by "${other}": their order is left to chance; give each option its own number`,
      });
    } else {
      byOrder.set(order, name);
    }
  }
}
