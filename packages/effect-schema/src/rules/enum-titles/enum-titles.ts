import { isJsonObject } from '@glowkit/json';
import { elementKind, enumTitlesOf } from '../../elements.js';
import type { Rule } from '../../lint/types.js';
import { forEachElement } from '../../lint/walk.js';

/** `options.enum_titles` labels every `enum` value, one to one. */
export const enumTitles: Rule = {
  meta: {
    id: 'enum-titles',
    severity: 'error',
    summary:
      '`options.enum_titles` needs an `enum` (on the option, or on the items of a multiselect) and exactly one label per enum value.',
    why: 'Labels are matched to values by position: one label too few leaves a choice without a name, one too many shifts nothing visibly but hides a mistake, and labels without an enum are never shown.',
  },
  check(ctx) {
    forEachElement(ctx, ({ element, pointer }) => {
      const titles = enumTitlesOf(element);
      if (!titles) return;
      const items = element.items;
      const list = Array.isArray(element.enum)
        ? element.enum
        : elementKind(element) === 'multiselect' && isJsonObject(items)
          ? (items.enum as unknown[])
          : undefined;
      const at = `${pointer}/options/enum_titles`;
      if (!list) {
        ctx.report({
          pointer: at,
          message: 'enum_titles has no enum to label; add "enum" or remove enum_titles',
        });
      } else if (titles.length !== list.length) {
        ctx.report({
          pointer: at,
          message: `enum_titles has ${titles.length} label${titles.length === 1 ? '' : 's'} for ${list.length} enum value${list.length === 1 ? '' : 's'}; give one label per value, in the same order`,
        });
      }
    });
  },
};
