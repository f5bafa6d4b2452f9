/**
 * The rules of a settings group that its schema's keys cannot say one by one, because they tie
 * keys together: an LED of `leds` is a rectangle, so it needs all four edges, and each minimum
 * at most its maximum (Hyperion.ng's schema requires the edges too; its engine and Glowkit's
 * swap a reversed pair, which a restore refuses rather than guesses at). The schemas keep "no key
 * is required" for every group; this is the one exception, kept here beside the validators so
 * that everything that validates a group applies it, and the migration brings a stored group into
 * line with it.
 */
import { isJsonObject, type JsonObject } from '@glowkit/json';
import { childPointer } from '../violations.js';

/** One broken rule, at a pointer inside the group. */
export interface GroupIssue {
  pointer: string;
  rule: string;
}

const EDGES = ['hmin', 'hmax', 'vmin', 'vmax'] as const;
const PAIRS = [
  ['hmin', 'hmax'],
  ['vmin', 'vmax'],
] as const;

const isEdge = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

/** Issues of one LED: a missing edge, then a minimum beyond its maximum (both edges valid). */
function ledIssues(led: JsonObject, at: string, out: GroupIssue[]): void {
  for (const edge of EDGES) {
    if (!Object.hasOwn(led, edge))
      out.push({ pointer: childPointer(at, edge), rule: 'is required' });
  }
  for (const [min, max] of PAIRS) {
    const low = led[min];
    const high = led[max];
    if (isEdge(low) && isEdge(high) && low > high) {
      out.push({ pointer: childPointer(at, max), rule: `must not be less than ${min}` });
    }
  }
}

/**
 * The issues of a group value that break a rule between its keys, pointers relative to the group;
 * `[]` for a group without such rules. Values of the wrong shape are left to the schema.
 */
export function relationIssues(group: string, value: unknown): GroupIssue[] {
  const out: GroupIssue[] = [];
  if (group === 'leds' && Array.isArray(value)) {
    value.forEach((led, index) => {
      if (isJsonObject(led)) ledIssues(led, childPointer('', index), out);
    });
  }
  return out;
}

/** A change the migration made to bring a value into line with a relation. */
export interface RelationFix {
  pointer: string;
  old: unknown;
  new: unknown;
  rule: string;
}

/**
 * Brings `value` (the group's own copy, changed in place) into line with its relations: an LED
 * missing an edge becomes the all-zero rectangle, which shows as a dark LED, as the engine showed
 * it; a reversed pair is swapped, as the engine ran it. Returns each change.
 */
export function fixRelations(group: string, value: unknown): RelationFix[] {
  const fixes: RelationFix[] = [];
  if (group !== 'leds' || !Array.isArray(value)) return fixes;
  value.forEach((led, index) => {
    if (!isJsonObject(led)) return;
    const at = childPointer('', index);
    if (EDGES.some((edge) => !Object.hasOwn(led, edge))) {
      const old = structuredClone(led);
      for (const edge of EDGES) led[edge] = 0;
      fixes.push({
        pointer: at,
        old,
        new: structuredClone(led),
        rule: 'needs hmin, hmax, vmin and vmax',
      });
      return;
    }
    for (const [min, max] of PAIRS) {
      const low = led[min];
      const high = led[max];
      if (isEdge(low) && isEdge(high) && low > high) {
        led[min] = high;
        led[max] = low;
        fixes.push({
          pointer: at,
          old: { [min]: low, [max]: high },
          new: { [min]: high, [max]: low },
          rule: `${max} must not be less than ${min}`,
        });
      }
    }
  });
  return fixes;
}
