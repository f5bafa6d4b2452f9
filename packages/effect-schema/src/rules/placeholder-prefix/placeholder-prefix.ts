import { enumTitlesOf } from '../../elements.js';
import type { Rule, RuleContext } from '../../lint/types.js';
import { forEachElement } from '../../lint/walk.js';

/** Titles and labels are `edt_eff_` placeholders; units are `edt_append_` placeholders. */
export const placeholderPrefix: Rule = {
  meta: {
    id: 'placeholder-prefix',
    severity: 'error',
    summary:
      'Titles and enum_titles are translation placeholders beginning with `edt_eff_`, units (`append`) begin with `edt_append_`. Another `edt_` phrase is a warning; plain text is an error.',
    why: "Effect phrases share one namespace so that they are reused and translated together. Plain text is never translated, and an `append` that is not a placeholder never shows a unit at all. Reusing a web-UI phrase (`edt_conf_…`, as Hyperion's `gif` effect does) works but ties the effect to texts that may change for other reasons.",
  },
  check(ctx) {
    checkTitle(ctx, ctx.schema.title, '/title', 'edt_eff_', 'the schema title');
    forEachElement(ctx, ({ element, pointer, option }) => {
      const who = `option "${option.name}"`;
      checkTitle(ctx, element.title, `${pointer}/title`, 'edt_eff_', `title of ${who}`);
      checkTitle(ctx, element.append, `${pointer}/append`, 'edt_append_', `unit of ${who}`);
      enumTitlesOf(element)?.forEach((label, i) => {
        checkTitle(
          ctx,
          label,
          `${pointer}/options/enum_titles/${i}`,
          'edt_eff_',
          `label ${i} of ${who}`,
        );
      });
    });
  },
};

function checkTitle(ctx: RuleContext, key: unknown, pointer: string, prefix: string, what: string) {
  if (typeof key !== 'string' || key === '' || key.startsWith(prefix)) return;
  if (key.startsWith('edt_')) {
    ctx.report({
      pointer,
      severity: 'warning',
      message: `${what} "${key}" is not an effect phrase; effect placeholders begin with "${prefix}"`,
    });
  } else {
    ctx.report({
      pointer,
      message: `${what} "${key}" is not a translation placeholder; use a key beginning with "${prefix}" and put the text in the translation files`,
    });
  }
}
