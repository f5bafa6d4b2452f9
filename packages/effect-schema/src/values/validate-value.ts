/**
 * Validation of one value against one option of an effect option schema, with the semantics of the
 * spec: `step` is a stepping aid and never a rule; colours are [r, g, b] integers 0..255 plus, for
 * RGBA, an alpha 0..1. The linter (defaults, dependency values), the definition checker (args) and
 * the form components all validate through here, so they always agree.
 */
import { escapePointerToken, isJsonObject } from '@glowkit/json';
import { elementKind, isObjectElement, type OptionSchema } from '../elements.js';
import { duplicateIndexes } from './json-equal.js';

/** Why a value is invalid. Each code has a phrase `edt_msg_error_<code>` in the translation files. */
export type ValueIssueCode =
  | 'type'
  | 'integer'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'enum'
  | 'minItems'
  | 'maxItems'
  | 'uniqueItems'
  | 'color_channel'
  | 'alpha';

/** One reason a value does not satisfy its option. */
export interface ValueIssue {
  code: ValueIssueCode;
  /** JSON pointer inside the value ("" for the value itself, "/2" for its third item). */
  pointer: string;
  /** Values for the message, e.g. `{ minimum: 0 }`. */
  params: Record<string, unknown>;
}

/** The JSON type name of a value: "integer" for whole numbers, else as `typeof`, plus "array"/"null". */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Checks `value` against `option`; returns every issue found (empty when valid).
 * Unknown or malformed option schemas yield no issues: the linter reports those separately.
 */
export function validateValue(option: OptionSchema, value: unknown, pointer = ''): ValueIssue[] {
  const issues: ValueIssue[] = [];
  check(option, value, pointer, issues);
  return issues;
}

function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

function check(option: OptionSchema, value: unknown, pointer: string, out: ValueIssue[]): void {
  const kind = elementKind(option);
  switch (kind) {
    case 'checkbox':
      if (typeof value !== 'boolean')
        out.push({ code: 'type', pointer, params: { type: 'boolean' } });
      return;
    case 'string':
    case 'select':
      checkString(option, value, pointer, out);
      return;
    case 'integer':
    case 'number':
      checkNumber(option, value, pointer, out, kind === 'integer');
      return;
    case 'colorpicker':
    case 'colorpickerRGBA':
      checkColor(value, pointer, out, kind === 'colorpickerRGBA');
      return;
    case 'array':
    case 'multiselect':
      checkArray(option, value, pointer, out);
      return;
    default:
      if (isObjectElement(option)) checkObject(option.properties, value, pointer, out);
      return;
  }
}

/**
 * A settings `object`: a plain object whose listed keys are valid. Keys it does not list are
 * kept as they are, and a missing key takes its default where the value is used.
 */
function checkObject(
  properties: Record<string, unknown>,
  value: unknown,
  pointer: string,
  out: ValueIssue[],
) {
  if (!isJsonObject(value)) {
    out.push({ code: 'type', pointer, params: { type: 'object' } });
    return;
  }
  for (const [key, option] of Object.entries(properties)) {
    if (!isJsonObject(option) || !Object.hasOwn(value, key)) continue;
    check(option, value[key], `${pointer}/${escapePointerToken(key)}`, out);
  }
}

function checkString(option: OptionSchema, value: unknown, pointer: string, out: ValueIssue[]) {
  if (typeof value !== 'string') {
    out.push({ code: 'type', pointer, params: { type: 'string' } });
    return;
  }
  // Length in code points, as people count characters (an emoji is one).
  const length = [...value].length;
  const minLength = num(option.minLength);
  const maxLength = num(option.maxLength);
  if (minLength !== undefined && length < minLength) {
    out.push({ code: 'minLength', pointer, params: { minLength, length } });
  }
  if (maxLength !== undefined && length > maxLength) {
    out.push({ code: 'maxLength', pointer, params: { maxLength, length } });
  }
  if (Array.isArray(option.enum) && !option.enum.includes(value)) {
    out.push({ code: 'enum', pointer, params: { enum: option.enum, value } });
  }
}

function checkNumber(
  option: OptionSchema,
  value: unknown,
  pointer: string,
  out: ValueIssue[],
  integer: boolean,
) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    out.push({ code: 'type', pointer, params: { type: integer ? 'integer' : 'number' } });
    return;
  }
  if (integer && !Number.isInteger(value)) {
    out.push({ code: 'integer', pointer, params: { value } });
  }
  const minimum = num(option.minimum);
  const maximum = num(option.maximum);
  if (minimum !== undefined && value < minimum) {
    out.push({ code: 'minimum', pointer, params: { minimum, value } });
  }
  if (maximum !== undefined && value > maximum) {
    out.push({ code: 'maximum', pointer, params: { maximum, value } });
  }
}

function checkColor(value: unknown, pointer: string, out: ValueIssue[], rgba: boolean) {
  const size = rgba ? 4 : 3;
  if (!Array.isArray(value)) {
    out.push({ code: 'type', pointer, params: { type: 'array' } });
    return;
  }
  if (value.length < size) out.push({ code: 'minItems', pointer, params: { minItems: size } });
  if (value.length > size) out.push({ code: 'maxItems', pointer, params: { maxItems: size } });
  value.forEach((channel, i) => {
    if (i >= size) return;
    const at = `${pointer}/${i}`;
    if (i === 3) {
      if (typeof channel !== 'number' || !(channel >= 0 && channel <= 1)) {
        out.push({ code: 'alpha', pointer: at, params: { value: channel } });
      }
    } else if (
      typeof channel !== 'number' ||
      !Number.isInteger(channel) ||
      channel < 0 ||
      channel > 255
    ) {
      out.push({ code: 'color_channel', pointer: at, params: { value: channel, index: i } });
    }
  });
}

function checkArray(option: OptionSchema, value: unknown, pointer: string, out: ValueIssue[]) {
  if (!Array.isArray(value)) {
    out.push({ code: 'type', pointer, params: { type: 'array' } });
    return;
  }
  const minItems = num(option.minItems);
  const maxItems = num(option.maxItems);
  if (minItems !== undefined && value.length < minItems) {
    out.push({ code: 'minItems', pointer, params: { minItems, count: value.length } });
  }
  if (maxItems !== undefined && value.length > maxItems) {
    out.push({ code: 'maxItems', pointer, params: { maxItems, count: value.length } });
  }
  if (option.uniqueItems === true) {
    for (const [first, later] of duplicateIndexes(value)) {
      out.push({ code: 'uniqueItems', pointer: `${pointer}/${later}`, params: { first, later } });
    }
  }
  if (isJsonObject(option.items)) {
    const items = option.items as OptionSchema;
    value.forEach((item, i) => {
      check(items, item, `${pointer}/${i}`, out);
    });
  }
}

/** An English sentence for an issue, for the linter and the CLI. */
export function describeValueIssue(issue: ValueIssue): string {
  const p = issue.params;
  const show = (v: unknown) => JSON.stringify(v);
  switch (issue.code) {
    case 'type':
      return `must be ${article(String(p.type))}`;
    case 'integer':
      return `must be a whole number, not ${show(p.value)}`;
    case 'minimum':
      return `${show(p.value)} is less than the minimum ${show(p.minimum)}`;
    case 'maximum':
      return `${show(p.value)} is greater than the maximum ${show(p.maximum)}`;
    case 'minLength':
      return `has ${p.length} characters, fewer than minLength ${p.minLength}`;
    case 'maxLength':
      return `has ${p.length} characters, more than maxLength ${p.maxLength}`;
    case 'enum':
      return `${show(p.value)} is not one of ${(p.enum as unknown[]).map(show).join(', ')}`;
    case 'minItems':
      return p.count === undefined
        ? `must have exactly ${p.minItems} items`
        : `has ${p.count} items, fewer than minItems ${p.minItems}`;
    case 'maxItems':
      return p.count === undefined
        ? `must have exactly ${p.maxItems} items`
        : `has ${p.count} items, more than maxItems ${p.maxItems}`;
    case 'uniqueItems':
      return `item ${p.later} repeats item ${p.first}, but uniqueItems is true`;
    case 'color_channel':
      return `colour channel ${show(p.value)} must be an integer from 0 to 255`;
    case 'alpha':
      return `alpha ${show(p.value)} must be a number from 0 to 1`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
