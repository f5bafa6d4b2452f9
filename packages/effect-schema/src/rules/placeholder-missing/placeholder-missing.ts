import { enumTitlesOf } from '../../elements.js';
import type { Rule } from '../../lint/types.js';
import { forEachElement, optionLabel } from '../../lint/walk.js';

/** Every title and enum label placeholder has a phrase in the translation file. */
export const placeholderMissing: Rule = {
  meta: {
    id: 'placeholder-missing',
    severity: 'error',
    summary:
      "With a translation file given, every title (the schema's and each option's), every enum_titles label and (settings) every description must exist in it. `--fix` adds the missing phrases.",
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
    const settings = ctx.profile.name === 'settings';
    if (settings) need(ctx.schema.description, '/description', 'schema description');
    forEachElement(ctx, ({ element, pointer, option }) => {
      // A list group's top level is the schema itself, checked above.
      if (pointer === '') return;
      const who = optionLabel(option);
      need(element.title, `${pointer}/title`, `title of ${who}`);
      if (settings) need(element.description, `${pointer}/description`, `description of ${who}`);
      enumTitlesOf(element)?.forEach((label, i) => {
        need(label, `${pointer}/options/enum_titles/${i}`, `label ${i} of ${who}`);
      });
    });
  },
};
