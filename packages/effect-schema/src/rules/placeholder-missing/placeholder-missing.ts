import { enumTitlesOf } from '../../elements.js';
import type { Rule } from '../../lint/types.js';
import { forEachElement } from '../../lint/walk.js';

/** Every title and enum label placeholder has a phrase in the translation file. */
export const placeholderMissing: Rule = {
  meta: {
    id: 'placeholder-missing',
    severity: 'error',
    summary:
      "With a translation file given, every title (the schema's and each option's) and every enum_titles label must exist in it. `--fix` adds the missing phrases.",
    why: 'A missing phrase shows the raw key (`edt_eff_speed`) to the user instead of a label. `glowkit-schema lint --fix` adds each missing phrase with a visible placeholder text for translators.',
  },
  check(ctx) {
    const phrases = ctx.phrases;
    if (!phrases) return;
    const need = (key: unknown, pointer: string, what: string) => {
      if (typeof key !== 'string' || key === '' || ctx.hasPhrase(key)) return;
      ctx.report({
        pointer,
        message: `${what} "${key}" has no phrase in the translation file; add it (glowkit-schema lint --fix adds a placeholder text)`,
        missingPhrase: key,
      });
    };
    need(ctx.schema.title, '/title', 'schema title');
    forEachElement(ctx, ({ element, pointer, option }) => {
      need(element.title, `${pointer}/title`, `title of option "${option.name}"`);
      enumTitlesOf(element)?.forEach((label, i) => {
        need(label, `${pointer}/options/enum_titles/${i}`, `label ${i} of option "${option.name}"`);
      });
    });
  },
};
