/**
 * Boundary cases read from the settings schemas themselves, for tests: for every key (nested keys
 * and list items included) with a type, a bound or an enum, a value just outside (which must be
 * refused at the key's JSON pointer) and the boundary value (which must be accepted), each inside
 * an otherwise default group. A key added to a schema is covered without touching a test. The
 * protocol's own tests, the server's and the web UI's (restore, setconfig and the backup check
 * alike) and the engine's read the same cases.
 */
import { escapePointerToken, isJsonObject, type JsonObject } from '@glowkit/json';
import { schemaDefault } from './defaults.js';

type Json = JsonObject;

/** One value of one key, in a whole group value. */
export interface BoundaryCase {
  /** JSON pointer of the key inside the group. */
  pointer: string;
  /** What the value is, for the test's name: `maximum 2048 + 1`. */
  what: string;
  /** The key's element schema. */
  element: Json;
  /** The key's value. */
  value: unknown;
  /** The whole group, default but for this key. */
  group: unknown;
  /** The ajv keyword that refuses it; undefined for a value that must be accepted. */
  refusedBy?: string;
}

/** A value of the element, the one it starts from: its default, or a valid sample. */
function sample(element: Json): unknown {
  const given = schemaDefault(element);
  if (given !== undefined) return given;
  switch (element.type) {
    case 'boolean':
      return false;
    case 'string':
      return Array.isArray(element.enum)
        ? element.enum[0]
        : 'x'.repeat(Number(element.minLength ?? 1));
    case 'integer':
    case 'number':
      return typeof element.minimum === 'number' ? element.minimum : 0;
    case 'array':
      return [];
    default:
      return {};
  }
}

/** Values of an element just inside and just outside each of its rules. */
function valuesOf(element: Json): { what: string; value: unknown; refusedBy?: string }[] {
  const out: { what: string; value: unknown; refusedBy?: string }[] = [];
  const min = element.minimum;
  const max = element.maximum;
  switch (element.type) {
    case 'boolean':
      out.push({ what: 'the string "yes"', value: 'yes', refusedBy: 'type' });
      break;
    case 'integer':
    case 'number': {
      const integer = element.type === 'integer';
      const nudge = integer ? 1 : 0.001;
      out.push({ what: 'a numeric string', value: String(sample(element)), refusedBy: 'type' });
      if (integer)
        out.push({ what: 'a fraction', value: Number(sample(element)) + 0.5, refusedBy: 'type' });
      if (typeof min === 'number') {
        out.push({ what: `minimum ${min}`, value: min });
        out.push({ what: `minimum ${min} - ${nudge}`, value: min - nudge, refusedBy: 'minimum' });
      }
      if (typeof max === 'number') {
        out.push({ what: `maximum ${max}`, value: max });
        out.push({ what: `maximum ${max} + ${nudge}`, value: max + nudge, refusedBy: 'maximum' });
      }
      break;
    }
    case 'string': {
      out.push({ what: 'a number', value: 7, refusedBy: 'type' });
      if (Array.isArray(element.enum)) {
        for (const allowed of element.enum)
          out.push({ what: `enum value ${JSON.stringify(allowed)}`, value: allowed });
        out.push({ what: 'a value off the enum', value: `${element.enum[0]}?`, refusedBy: 'enum' });
        // Case matters: "RGB" is not "rgb".
        const upper = String(element.enum[0]).toUpperCase();
        if (!element.enum.includes(upper))
          out.push({ what: 'upper case', value: upper, refusedBy: 'enum' });
      }
      // Lengths count characters (code points): an emoji is one, though two UTF-16 units.
      const minLength = element.minLength;
      const maxLength = element.maxLength;
      if (typeof minLength === 'number' && minLength > 0) {
        out.push({ what: `minLength ${minLength}`, value: '😀'.repeat(minLength) });
        out.push({
          what: `minLength ${minLength} - 1`,
          value: '😀'.repeat(minLength - 1),
          refusedBy: 'minLength',
        });
      }
      if (typeof maxLength === 'number') {
        out.push({ what: `maxLength ${maxLength}`, value: '😀'.repeat(maxLength) });
        out.push({
          what: `maxLength ${maxLength} + 1`,
          value: '😀'.repeat(maxLength + 1),
          refusedBy: 'maxLength',
        });
      }
      break;
    }
    case 'array': {
      out.push({ what: 'an object', value: {}, refusedBy: 'type' });
      const items = isJsonObject(element.items) ? element.items : undefined;
      const item = items ? sample(items) : undefined;
      const list = (n: number) => Array.from({ length: n }, () => structuredClone(item));
      const minItems = element.minItems;
      const maxItems = element.maxItems;
      if (items && typeof minItems === 'number' && minItems > 0) {
        out.push({ what: `minItems ${minItems}`, value: list(minItems) });
        out.push({
          what: `minItems ${minItems} - 1`,
          value: list(minItems - 1),
          refusedBy: 'minItems',
        });
      }
      if (items && typeof maxItems === 'number') {
        out.push({ what: `maxItems ${maxItems}`, value: list(maxItems) });
        out.push({
          what: `maxItems ${maxItems} + 1`,
          value: list(maxItems + 1),
          refusedBy: 'maxItems',
        });
      }
      if (items && element.uniqueItems === true) {
        out.push({ what: 'a repeated item', value: list(2), refusedBy: 'uniqueItems' });
      }
      break;
    }
    case 'object':
      out.push({ what: 'a list', value: [], refusedBy: 'type' });
      break;
  }
  return out;
}

/**
 * Every boundary case of a schema (a group's, or a device type's): the walk goes into object keys
 * and into the first item of lists, and each case holds the whole group around its value.
 */
export function boundaryCases(schema: Readonly<Json>): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  const visit = (element: Json, pointer: string, wrap: (value: unknown) => unknown) => {
    for (const c of valuesOf(element)) cases.push({ pointer, element, ...c, group: wrap(c.value) });
    if (element.type === 'object' && isJsonObject(element.properties)) {
      const base = sample(element) as Json;
      for (const [key, child] of Object.entries(element.properties)) {
        if (!isJsonObject(child)) continue;
        visit(child, `${pointer}/${escapePointerToken(key)}`, (value) =>
          wrap({ ...structuredClone(base), [key]: value }),
        );
      }
    }
    if (element.type === 'array' && isJsonObject(element.items)) {
      // The list's default with its first item replaced (or one item, for an empty default).
      const given = sample(element);
      const base = Array.isArray(given) && given.length > 0 ? given : [sample(element.items)];
      visit(element.items, `${pointer}/0`, (value) =>
        wrap([value, ...structuredClone(base.slice(1))]),
      );
    }
  };
  visit(schema as Json, '', (value) => value);
  return cases;
}

/**
 * The cases of group `group` with its rules between keys kept (src/settings/relations.ts): an
 * LED's minimum edge moved to its maximum takes the maximum edge along, so that the case is
 * about the one key it names.
 */
export function keepingRelations(group: string, cases: BoundaryCase[]): BoundaryCase[] {
  if (group !== 'leds') return cases;
  return cases.map((c) => {
    const match = /^\/(\d+)\/([hv])min$/.exec(c.pointer);
    if (!match || typeof c.value !== 'number' || !Array.isArray(c.group)) return c;
    const led = c.group[Number(match[1])] as Json;
    const max = `${match[2]}max`;
    if (typeof led[max] !== 'number' || (led[max] as number) >= c.value) return c;
    const list = structuredClone(c.group) as Json[];
    (list[Number(match[1])] as Json)[max] = c.value;
    return { ...c, group: list };
  });
}
