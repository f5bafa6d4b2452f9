import { escapePointerToken } from '@glowkit/json';
import { elementKind } from '../../elements.js';
import type { OptionScope, Rule, RuleContext } from '../../lint/types.js';
import { show } from '../../lint/walk.js';

/** Every option has a default, except the multiselect; lists and selects get a warning only. */
export const defaultRequired: Rule = {
  meta: {
    id: 'default-required',
    severity: 'error',
    summary:
      'Every option needs a `default`, except the multiselect. A list (array) or a select (string with enum) without one is a warning.',
    why: 'The default is the value the effect runs with until someone changes it, and the value the form starts from. Without it the script gets nothing and must guess. Lists and selects still have a natural start (an empty list, the first choice), which is why real schemas sometimes leave it out (Hyperion ships `swirl.custom-colors`, `waves.colors`, `gif.imageSource` so): that is a warning, since the start value is then chosen by the UI rather than the author.',
  },
  check(ctx) {
    for (const scope of ctx.scopes) {
      checkScope(ctx, scope);
      if (ctx.profile.name === 'settings') checkDefaultProperties(ctx, scope);
    }
  },
};

function checkScope(ctx: RuleContext, scope: OptionScope): void {
  const startsWith =
    ctx.profile.name === 'settings' ? 'a new configuration starts with' : 'the effect starts with';
  for (const { name, option, pointer } of scope.options) {
    if ('default' in option) continue;
    const kind = elementKind(option);
    // An object's default is made of its keys' defaults; `unknown` is schema-structure's.
    if (kind === 'multiselect' || kind === 'unknown') continue;
    if (kind === 'array') {
      ctx.report({
        pointer,
        part: 'key',
        severity: 'warning',
        message: `list option "${name}" has no default: the form starts with an empty list${typeof option.minItems === 'number' && option.minItems > 0 ? `, which breaks minItems ${option.minItems}` : ''}; add "default"`,
      });
    } else if (kind === 'select') {
      ctx.report({
        pointer,
        part: 'key',
        severity: 'warning',
        message: `select option "${name}" has no default: the form starts with its first value; add "default"`,
      });
    } else {
      ctx.report({
        pointer,
        part: 'key',
        message: `option "${name}" has no default; add "default" with the value ${startsWith}`,
      });
    }
  }
}

/** `defaultProperties` (settings) names keys of its own object, each once (the meta-schema's). */
function checkDefaultProperties(ctx: RuleContext, scope: OptionScope): void {
  const list = scope.owner.defaultProperties;
  if (!Array.isArray(list)) return;
  list.forEach((key, i) => {
    if (typeof key !== 'string' || scope.byName.has(key)) return;
    ctx.report({
      pointer: `${scope.pointer}/defaultProperties/${escapePointerToken(String(i))}`,
      message: `defaultProperties names ${show(key)}, which is not a key of this object: a new value cannot be written with it; remove it or add the key to "properties"`,
    });
  });
}
