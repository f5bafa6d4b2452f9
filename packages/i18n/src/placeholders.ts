import { escapePointerToken, isJsonObject } from '@glowkit/json';

/**
 * Which keyword of a schema uses a translation placeholder:
 * `title` (a label), `append` (a unit after the input) or `enum_title` (one entry of
 * `options.enum_titles`, the label of an `enum` value).
 */
export type PlaceholderKind = 'title' | 'append' | 'enum_title';

/** One use of a translation placeholder in a schema. */
export interface Placeholder {
  /** The phrase key, e.g. `edt_eff_smooth_time_ms`. */
  readonly key: string;
  /** Which keyword uses it. */
  readonly kind: PlaceholderKind;
  /** JSON pointer (RFC 6901) to the string in the schema, e.g. `/properties/speed/title`. */
  readonly pointer: string;
}

/**
 * The parts of an effect option schema entry that carry translation placeholders. Any option
 * object (from JSON or from generated types) fits; other keywords are ignored.
 */
export interface TranslatableOption {
  /** Translation placeholder for the label. */
  readonly title?: string | undefined;
  /** Translation placeholder for the unit shown after the input. */
  readonly append?: string | undefined;
  /** Allowed values; labelled by `options.enum_titles`. */
  readonly enum?: readonly unknown[] | undefined;
  /** Editor options; `enum_titles` holds one placeholder per `enum` value. */
  readonly options?: { readonly enum_titles?: readonly string[] | undefined } | undefined;
  /** Element schema of an array; a multiselect keeps its `enum` here. */
  readonly items?: unknown;
}

/** Keywords whose value is a subschema. */
const SCHEMA_KEYWORDS = ['additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else'];
/** Keywords whose value is a map of name → subschema. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions', '$defs'];
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * Lists every translation placeholder a schema uses: `title` and `append` of the schema itself
 * and of every nested schema (`properties`, `items` in both forms, `allOf`/`anyOf`/`oneOf`,
 * `definitions`, …), and each string of `options.enum_titles`. The schema is read tolerantly:
 * values that are not strings, and keywords it does not know, are skipped.
 *
 * @param schema - an effect option schema (or any JSON schema), e.g. parsed from a file.
 * @returns the placeholders in document order, each with the JSON pointer where it is used.
 *
 * @example
 * ```ts
 * collectPlaceholders({ title: 'edt_eff_candle_header', properties: { speed: { title: 'edt_eff_speed' } } });
 * // [{ key: 'edt_eff_candle_header', kind: 'title', pointer: '/title' },
 * //  { key: 'edt_eff_speed', kind: 'title', pointer: '/properties/speed/title' }]
 * ```
 */
export function collectPlaceholders(schema: object): Placeholder[] {
  const found: Placeholder[] = [];
  visit(schema, '', found, new Set());
  return found;
}

function visit(node: unknown, pointer: string, found: Placeholder[], seen: Set<object>): void {
  if (!isJsonObject(node) || seen.has(node)) return;
  seen.add(node);
  if (typeof node.title === 'string') {
    found.push({ key: node.title, kind: 'title', pointer: `${pointer}/title` });
  }
  if (typeof node.append === 'string') {
    found.push({ key: node.append, kind: 'append', pointer: `${pointer}/append` });
  }
  const options = node.options;
  if (isJsonObject(options) && Array.isArray(options.enum_titles)) {
    options.enum_titles.forEach((key: unknown, index) => {
      if (typeof key === 'string') {
        found.push({ key, kind: 'enum_title', pointer: `${pointer}/options/enum_titles/${index}` });
      }
    });
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = node[keyword];
    if (!isJsonObject(map)) continue;
    for (const [name, child] of Object.entries(map)) {
      visit(child, `${pointer}/${keyword}/${escapePointerToken(name)}`, found, seen);
    }
  }
  const items = node.items;
  if (Array.isArray(items)) {
    items.forEach((child, index) => {
      visit(child, `${pointer}/items/${index}`, found, seen);
    });
  } else {
    visit(items, `${pointer}/items`, found, seen);
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = node[keyword];
    if (!Array.isArray(list)) continue;
    list.forEach((child, index) => {
      visit(child, `${pointer}/${escapePointerToken(keyword)}/${index}`, found, seen);
    });
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    visit(node[keyword], `${pointer}/${keyword}`, found, seen);
  }
}

/** A placeholder that has no phrase in some language. */
export interface MissingPhrase extends Placeholder {
  /**
   * The schema that uses it: its key when the schemas were given as a record (e.g. a file or
   * effect name), its index as a string (`'0'`, `'1'`, …) when they were given as an array.
   */
  readonly schema: string;
}

/**
 * Missing placeholders per language: `report.de` lists every use of a placeholder that the
 * `de` phrases lack (fallbacks are not consulted). A language with nothing missing maps to `[]`.
 */
export type MissingPhraseReport = Record<string, MissingPhrase[]>;

/**
 * Builds a missing-phrase report from a phrase lookup. {@link Resolver.missingPhrases} is this
 * function bound to a resolver's loaded languages; use this one to check phrase objects without
 * creating a resolver.
 *
 * @param schemas - schemas by name, or a list of schemas.
 * @param languages - the languages to report on.
 * @param has - whether `lng` has a phrase for `key` (exactly that language, no fallback).
 * @returns per language, every use of a placeholder whose phrase is missing, in schema order.
 */
export function findMissingPhrases(
  schemas: Readonly<Record<string, object>> | readonly object[],
  languages: readonly string[],
  has: (key: string, lng: string) => boolean,
): MissingPhraseReport {
  const entries: [string, object][] = Array.isArray(schemas)
    ? schemas.map((schema: object, index): [string, object] => [String(index), schema])
    : Object.entries(schemas);
  const uses = entries.flatMap(([name, schema]) =>
    collectPlaceholders(schema).map(
      (placeholder): MissingPhrase => ({ ...placeholder, schema: name }),
    ),
  );
  const report: MissingPhraseReport = {};
  for (const lng of languages) {
    report[lng] = uses.filter((use) => !has(use.key, lng));
  }
  return report;
}
