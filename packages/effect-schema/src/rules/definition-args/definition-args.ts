import { escapePointerToken, isJsonObject } from '@glowkit/json';
import type { OptionSchema } from '../../elements.js';
import { suggest } from '../../lint/suggest.js';
import type { Rule, RuleContext } from '../../lint/types.js';
import { describeValueIssue, validateValue } from '../../values/validate-value.js';

/**
 * Builds the args rule for one schema: each arg must be an option of the schema and a valid value
 * for it. Options left out of args are fine: the script then uses the option's default.
 */
export function definitionArgsRule(schema: Record<string, unknown>): Rule {
  return {
    meta: definitionArgsMeta,
    check(ctx: RuleContext) {
      const args = ctx.schema.args;
      if (!isJsonObject(args)) return;
      const properties = isJsonObject(schema.properties) ? schema.properties : {};
      const closed = schema.additionalProperties === false;
      const names = Object.keys(properties);
      for (const [name, value] of Object.entries(args)) {
        const pointer = `/args/${escapePointerToken(name)}`;
        const option = properties[name];
        if (!isJsonObject(option)) {
          const hint = suggest(name, names);
          ctx.report({
            pointer,
            part: 'key',
            severity: closed ? 'error' : 'warning',
            message: `arg "${name}" is not an option of ${String(schema.script ?? 'the script')}${hint ? `: did you mean "${hint}"?` : closed ? '; the schema allows no other args' : ''}`,
            ...(hint ? { suggestion: hint } : {}),
          });
          continue;
        }
        for (const issue of validateValue(option as OptionSchema, value)) {
          ctx.report({
            pointer: `${pointer}${issue.pointer}`,
            message: `arg "${name}"${issue.pointer ? ` at ${issue.pointer}` : ''}: ${describeValueIssue(issue)}`,
          });
        }
      }
    },
  };
}

/** Metadata of the args rule. */
export const definitionArgsMeta = {
  id: 'definition-args',
  severity: 'error' as const,
  summary:
    "Every arg of a definition must be an option of the script's schema and satisfy it (type, bounds, lengths, enum, items, colour shape). Options left out take their default.",
  why: 'Args go to the script unchanged; the service refuses a definition whose args do not validate, and a value the form could never produce would otherwise reach the effect.',
};

/** The args rule as documentation entry (its check needs a schema: see {@link definitionArgsRule}). */
export const definitionArgs: Rule = { meta: definitionArgsMeta };
