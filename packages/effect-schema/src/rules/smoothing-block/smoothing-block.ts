import { escapePointerToken, jsonEqual } from '@glowkit/json';
import { suggest } from '../../lint/suggest.js';
import type { Rule, RuleContext } from '../../lint/types.js';
import { show } from '../../lint/walk.js';
import { smoothingBlock } from '../../smoothing.js';

const names = Object.keys(smoothingBlock);

/** The smoothing block is all three options or none, exactly as specified. */
export const smoothingBlockRule: Rule = {
  meta: {
    id: 'smoothing-block',
    severity: 'error',
    summary:
      'The smoothing options (`smoothing-custom-settings`, `smoothing-time_ms`, `smoothing-updateFrequency`) come as a complete, unaltered block. A different default is a warning; the three must keep their relative order.',
    why: 'The service, not the script, reads these three args to smooth the effect; it relies on their exact names, types and bounds. A partial block leaves smoothing half-configurable, altered bounds let values through that the smoother rejects. Defaults may be tuned (Hyperion ships `waves` with smoothing on), so a different default is only a warning.',
  },
  check(ctx) {
    const present = names.filter((n) => ctx.byName.has(n));
    // A misspelt smoothing option is the most common way to end up with a partial block.
    for (const o of ctx.options) {
      const hint = misspeltSmoothingName(o.name);
      if (!hint) continue;
      ctx.report({
        pointer: o.pointer,
        part: 'key',
        message: `"${o.name}" is not an option of the smoothing block: did you mean "${hint}"?`,
        suggestion: hint,
      });
    }
    if (present.length === 0) return;
    const missing = names.filter((n) => !ctx.byName.has(n));
    if (missing.length > 0) {
      const first = ctx.byName.get(present[0] as string);
      ctx.report({
        pointer: first ? first.pointer : '/properties',
        part: 'key',
        message: `incomplete smoothing block: missing ${missing.map((n) => `"${n}"`).join(', ')}; add all three options or none`,
      });
    }
    for (const name of present) compare(ctx, name);
    checkOrder(ctx, present);
  },
};

/**
 * The smoothing option that `name` probably misspells, if any (reported by this rule; `option-name`
 * leaves these names alone). Only a near miss counts: a script may well have its own
 * "smoothing-strength".
 */
export function misspeltSmoothingName(name: string): string | undefined {
  if (!name.startsWith('smoothing') || names.includes(name)) return undefined;
  return suggest(name, names);
}

function compare(ctx: RuleContext, name: string) {
  const entry = ctx.byName.get(name);
  const expected = smoothingBlock[name];
  if (!entry || !expected) return;
  const actual = entry.option;
  for (const [key, want] of Object.entries(expected)) {
    const at = `${entry.pointer}/${escapePointerToken(key)}`;
    if (!(key in actual)) {
      ctx.report({
        pointer: entry.pointer,
        message: `smoothing option "${name}" has no ${key}; the smoothing block requires ${key} ${show(want)}`,
      });
    } else if (!jsonEqual(actual[key], want)) {
      const defaultOnly = key === 'default';
      ctx.report({
        pointer: at,
        ...(defaultOnly ? { severity: 'warning' as const } : {}),
        message: defaultOnly
          ? `smoothing option "${name}" has default ${show(actual[key])}; the standard smoothing block uses ${show(want)}`
          : `smoothing option "${name}" has ${key} ${show(actual[key])}; the smoothing block requires ${show(want)}`,
      });
    }
  }
  for (const key of Object.keys(actual)) {
    if (key === 'propertyOrder' || key in expected) continue;
    ctx.report({
      pointer: `${entry.pointer}/${escapePointerToken(key)}`,
      part: 'key',
      message: `smoothing option "${name}" has an extra keyword "${key}"; the smoothing block allows only ${Object.keys(expected).join(', ')} and propertyOrder`,
    });
  }
}

function checkOrder(ctx: RuleContext, present: string[]) {
  const orders = present.map((n) => ctx.byName.get(n)?.option.propertyOrder);
  if (!orders.every((o) => typeof o === 'number')) return;
  const nums = orders as number[];
  for (let i = 1; i < nums.length; i++) {
    if (!((nums[i] as number) > (nums[i - 1] as number))) {
      const entry = ctx.byName.get(present[i] as string);
      ctx.report({
        pointer: `${entry?.pointer ?? ''}/propertyOrder`,
        severity: 'warning',
        message: `smoothing options should be ordered ${names.map((n) => `"${n}"`).join(', ')}; "${present[i]}" comes before "${present[i - 1]}"`,
      });
      return;
    }
  }
}
