import type { Rule } from '../../lint/types.js';
import { forEachElement, optionLabel } from '../../lint/walk.js';

/** A unit placeholder without a phrase: the unit is not displayed. */
export const unitMissing: Rule = {
  meta: {
    id: 'unit-missing',
    severity: 'warning',
    summary:
      'With a translation file given, every `append` unit placeholder should exist in it; otherwise no unit is displayed.',
    why: 'The spec says only placeholders that exist display a unit, so a missing unit phrase is not broken, just silent: the user sees "200" instead of "200 ms". `--fix` adds it.',
  },
  check(ctx) {
    const phrases = ctx.phrases;
    if (!phrases) return;
    forEachElement(ctx, ({ element, pointer, option }) => {
      const key = element.append;
      // A list group's top level is the schema: a unit there is unknown-keyword's.
      if (pointer === '' || typeof key !== 'string' || key === '' || ctx.hasPhrase(key)) return;
      ctx.report({
        pointer: `${pointer}/append`,
        message: `unit "${key}" of ${optionLabel(option)} has no phrase in the translation file, so no unit will display; add it`,
        missingPhrase: key,
      });
    });
  },
};
