import { isJsonObject } from '@glowkit/json';
import { elementKind } from '../../elements.js';
import type { Rule, RuleContext } from '../../lint/types.js';
import { forEachElement, show } from '../../lint/walk.js';

/** Colour pickers are declared with the shape the spec gives them. */
export const colorpickerShape: Rule = {
  meta: {
    id: 'colorpicker-shape',
    severity: 'error',
    summary:
      'A `colorpicker` is an array with minItems 3, maxItems 3 and items integer 0..255; a `colorpickerRGBA` has minItems 4 and maxItems 4, and number items if any (the alpha is fractional).',
    why: "The colour picker always produces [r, g, b] (or [r, g, b, a]); a declaration that says otherwise makes the schema validation reject the picker's own output, or accept colours the script cannot use.",
  },
  check(ctx) {
    forEachElement(ctx, ({ element, pointer }) => {
      const kind = elementKind(element);
      if (kind === 'colorpicker') {
        expectCount(ctx, element, pointer, 3, 'an RGB colour');
        const items = element.items;
        if (items === undefined) {
          ctx.report({
            pointer,
            message: 'colorpicker needs "items": {"type": "integer", "minimum": 0, "maximum": 255}',
          });
        } else if (isJsonObject(items)) {
          if (items.type !== 'integer' || items.minimum !== 0 || items.maximum !== 255) {
            ctx.report({
              pointer: `${pointer}/items`,
              message: `colorpicker items must be {"type": "integer", "minimum": 0, "maximum": 255}, found ${show({ type: items.type, minimum: items.minimum, maximum: items.maximum })}`,
            });
          }
        }
      } else if (kind === 'colorpickerRGBA') {
        expectCount(ctx, element, pointer, 4, 'an RGBA colour');
        const items = element.items;
        if (isJsonObject(items) && items.type !== 'number') {
          ctx.report({
            pointer: `${pointer}/items/type`,
            message: `colorpickerRGBA items must be of type "number" (the alpha is a fraction 0..1), not ${show(items.type)}`,
          });
        }
      }
    });
  },
};

function expectCount(
  ctx: RuleContext,
  element: Record<string, unknown>,
  pointer: string,
  n: number,
  what: string,
) {
  for (const key of ['minItems', 'maxItems'] as const) {
    if (element[key] !== n) {
      ctx.report({
        pointer: key in element ? `${pointer}/${key}` : pointer,
        message:
          key in element
            ? `${key} must be ${n} for ${what}, not ${show(element[key])}`
            : `${what} needs "${key}": ${n}`,
      });
    }
  }
}
