import { escapePointerToken, isJsonObject } from '@glowkit/json';
import { suggest } from '../../lint/suggest.js';
import type { Rule, RuleContext } from '../../lint/types.js';
import { forEachElement } from '../../lint/walk.js';

/** Keywords that the effect schema format does not know, usually typos, with a suggestion. */
export const unknownKeyword: Rule = {
  meta: {
    id: 'unknown-keyword',
    severity: 'error',
    summary:
      'Every keyword must be one the effect schema format knows for that element type; misspelt keywords get a suggestion.',
    why: 'An unknown keyword is ignored by the form and the validator: a misspelt `apend` shows no unit, a misspelt `maximun` lets any value through, and nothing tells the author.',
  },
  check(ctx) {
    const profile = ctx.profile;
    const top = profile.topLevelKeywords(ctx.schema);
    checkKeys(ctx, ctx.schema, '', top, 'at the top level of the schema');
    forEachElement(ctx, ({ element, pointer }) => {
      const type = element.type;
      // A list group's top level (settings) is the schema itself, checked above.
      if (pointer === '') return;
      if (typeof type !== 'string' || !profile.elementTypes.includes(type)) return;
      const allowed = profile.keywordsByType[type] ?? [];
      checkKeys(ctx, element, pointer, allowed, `on ${type} options`, type);
      if (isJsonObject(element.options)) {
        const at = `${pointer}/options`;
        checkKeys(ctx, element.options, at, profile.optionsKeywords, 'inside "options"');
      }
    });
  },
};

/** Draft-3 and JSON Schema keywords that authors bring along, with what to do instead. */
const explained: Record<string, string> = {
  required:
    'property-level "required" is not used in effect schemas: every option may be left out of args and then takes its default; remove it',
  // The settings profile's wording of the same.
  'settings:required':
    '"required" is only for a group of keys, at its top (the names of the keys a user must fill in); a stored group may still leave any key out, which then takes its default: remove it here',
  description:
    '"description" is not shown by the effect form; remove it or put the text in a translated title',
  exclusiveMinimum: 'effect schemas only know inclusive bounds: use "minimum"',
  exclusiveMaximum: 'effect schemas only know inclusive bounds: use "maximum"',
  multipleOf: '"multipleOf" is not supported; "step" sets the stepping of the arrow keys',
  pattern: '"pattern" is not supported by the effect form; use "enum" or minLength/maxLength',
};

function checkKeys(
  ctx: RuleContext,
  object: Record<string, unknown>,
  pointer: string,
  allowed: readonly string[],
  where: string,
  type?: string,
): void {
  const { elementTypes, keywordsByType, name } = ctx.profile;
  for (const key of Object.keys(object)) {
    if (allowed.includes(key)) continue;
    const at = `${pointer}/${escapePointerToken(key)}`;
    const otherTypes = type
      ? elementTypes.filter((t) => t !== type && keywordsByType[t]?.includes(key))
      : [];
    const explanation = [`${name}:${key}`, key]
      .filter((k) => Object.hasOwn(explained, k))
      .map((k) => explained[k])[0];
    const hint = suggest(key, allowed);
    if (hint) {
      ctx.report({
        pointer: at,
        part: 'key',
        message: `unknown keyword "${key}" ${where}: did you mean "${hint}"?`,
        suggestion: hint,
      });
    } else if (otherTypes.length > 0) {
      ctx.report({
        pointer: at,
        part: 'key',
        message: `"${key}" does not apply to ${type} options (it applies to ${otherTypes.join(', ')} options)`,
      });
    } else if (explanation !== undefined) {
      ctx.report({ pointer: at, part: 'key', message: explanation });
    } else {
      ctx.report({
        pointer: at,
        part: 'key',
        message: `unknown keyword "${key}" ${where}; allowed: ${allowed.join(', ')}`,
      });
    }
  }
}
