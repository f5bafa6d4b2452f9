import { enumTitlesOf } from '../../elements.js';
import type { Rule, RuleContext } from '../../lint/types.js';
import { forEachElement, optionLabel } from '../../lint/walk.js';

/** Titles and labels are `edt_eff_` placeholders; units are `edt_append_` placeholders. */
export const placeholderPrefix: Rule = {
  meta: {
    id: 'placeholder-prefix',
    severity: 'error',
    summary:
      'Titles and enum_titles are translation placeholders beginning with `edt_eff_` (settings: `edt_conf_` or `edt_dev_`), units (`append`) begin with `edt_append_`. Another `edt_` phrase is a warning; plain text is an error.',
    why: "Effect phrases share one namespace so that they are reused and translated together. Plain text is never translated, and an `append` that is not a placeholder never shows a unit at all. Reusing a web-UI phrase (`edt_conf_…`, as Hyperion's `gif` effect does) works but ties the effect to texts that may change for other reasons.",
  },
  check(ctx) {
    const titles = ctx.profile.titlePrefixes;
    const units = ['edt_append_'];
    checkTitle(ctx, ctx.schema.title, '/title', titles, 'the schema title');
    if (ctx.profile.name === 'settings') {
      checkTitle(ctx, ctx.schema.description, '/description', titles, 'the schema description');
    }
    forEachElement(ctx, ({ element, pointer, option }) => {
      // A list group's top level is the schema itself, checked above.
      if (pointer === '') return;
      const who = optionLabel(option);
      checkTitle(ctx, element.title, `${pointer}/title`, titles, `title of ${who}`);
      checkTitle(ctx, element.append, `${pointer}/append`, units, `unit of ${who}`);
      if (ctx.profile.name === 'settings') {
        checkTitle(
          ctx,
          element.description,
          `${pointer}/description`,
          titles,
          `description of ${who}`,
        );
      }
      enumTitlesOf(element)?.forEach((label, i) => {
        checkTitle(
          ctx,
          label,
          `${pointer}/options/enum_titles/${i}`,
          titles,
          `label ${i} of ${who}`,
        );
      });
    });
  },
};

function checkTitle(
  ctx: RuleContext,
  key: unknown,
  pointer: string,
  prefixes: readonly string[],
  what: string,
) {
  if (typeof key !== 'string' || key === '' || prefixes.some((p) => key.startsWith(p))) return;
  const named = prefixes.map((p) => `"${p}"`).join(' or ');
  if (key.startsWith('edt_')) {
    const noun = ctx.profile.name === 'settings' ? 'settings' : 'effect';
    ctx.report({
      pointer,
      severity: 'warning',
      message: `${what} "${key}" is not ${noun === 'effect' ? 'an effect' : 'a settings'} phrase; ${noun} placeholders begin with ${named}`,
    });
  } else {
    ctx.report({
      pointer,
      message: `${what} "${key}" is not a translation placeholder; use a key beginning with ${named} and put the text in the translation files`,
    });
  }
}
