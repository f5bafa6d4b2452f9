/**
 * Parsing of JSON source text for the linter.
 *
 * The value comes from the engine's `JSON.parse` (fast, exact), and a location tree is only built
 * when a diagnostic needs a line and column, or when the cheap key scan finds duplicate keys that
 * `JSON.parse` would silently collapse. Linting many clean files therefore costs little more than
 * parsing them.
 */

/** A position in source text; line and column are 1-based, offset 0-based (UTF-16 units). */
export interface SourcePosition {
  offset: number;
  line: number;
  column: number;
}

/** A node of the location tree: where a value, and for object members its key, sit in the text. */
export interface LocationNode {
  start: number;
  end: number;
  /** Start of the member's key (quote included) when this value is an object member. */
  keyStart?: number;
  keyEnd?: number;
  /** Members of an object, in source order; duplicates appear more than once. */
  members?: Array<[string, LocationNode]>;
  /** Items of an array. */
  items?: LocationNode[];
}

/** A syntax error with its position and a message for people. */
export interface JsonSyntaxError {
  message: string;
  position: SourcePosition;
}

/** A key that appears more than once in one object. */
export interface DuplicateKey {
  /** JSON pointer of the object member (the later occurrence). */
  pointer: string;
  key: string;
  position: SourcePosition;
}

/** A parsed JSON document, or its syntax error. */
export type ParsedJson =
  | { ok: true; value: unknown; document: JsonDocument }
  | { ok: false; error: JsonSyntaxError };

/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function escapePointerToken(token: string): string {
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins reference tokens to a JSON pointer. */
export function toPointer(tokens: ReadonlyArray<string | number>): string {
  let out = '';
  for (const t of tokens) out += `/${escapePointerToken(String(t))}`;
  return out;
}

/** Splits a JSON pointer into its unescaped reference tokens. */
export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Source text plus lazily computed line starts and location tree. */
export class JsonDocument {
  readonly text: string;
  readonly #value: unknown;
  #lineStarts: number[] | undefined;
  #tree: LocationNode | undefined;
  #hasDuplicateKeys: boolean | undefined;
  #index: Map<number, ContainerIndex> | undefined;

  /** @param value the parsed value of `text`, when known (enables the fast paths). */
  constructor(text: string, value?: unknown) {
    this.text = text;
    this.#value = value;
  }

  /** Whether some object has the same key twice (computed once, without building the tree). */
  get hasDuplicateKeys(): boolean {
    if (this.#hasDuplicateKeys === undefined) {
      this.#hasDuplicateKeys =
        this.#value === undefined
          ? this.duplicateKeys().length > 0
          : hasDuplicateKeys(this.text, this.#value);
    }
    return this.#hasDuplicateKeys;
  }

  /** Converts an offset into a 1-based line and column. */
  position(offset: number): SourcePosition {
    if (!this.#lineStarts) this.#lineStarts = computeLineStarts(this.text);
    const starts = this.#lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { offset, line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  }

  /** The location tree of the whole document (built on first use). */
  get tree(): LocationNode {
    if (!this.#tree) {
      const parser = new TreeParser(this.text);
      this.#tree = parser.parseDocument();
    }
    return this.#tree;
  }

  /**
   * Where a JSON pointer points. With `part: 'key'` an object member's key is located rather than
   * its value. A pointer that does not exist falls back to its nearest existing ancestor.
   */
  locate(pointer: string, part: 'key' | 'value' = 'value'): SourcePosition {
    // Most documents get a handful of diagnostics: indexing the few objects on their way is
    // cheaper than building the whole tree.
    if (!this.#tree && this.#value !== undefined) {
      return this.position(this.#scanTo(fromPointer(pointer), part));
    }
    let node = this.tree;
    for (const token of fromPointer(pointer)) {
      let next: LocationNode | undefined;
      if (node.members) {
        // The last occurrence wins, as with JSON.parse.
        for (let i = node.members.length - 1; i >= 0; i--) {
          const member = node.members[i] as [string, LocationNode];
          if (member[0] === token) {
            next = member[1];
            break;
          }
        }
      } else if (node.items) {
        next = node.items[Number(token)];
      }
      if (!next) return this.position(node.start);
      node = next;
    }
    const offset = part === 'key' && node.keyStart !== undefined ? node.keyStart : node.start;
    return this.position(offset);
  }

  /**
   * Offset of the value (or member key) a pointer names, from lazily built indexes of just the
   * objects and arrays on the way: several diagnostics in one options object index it once.
   * A pointer that does not exist resolves to its nearest existing ancestor.
   */
  #scanTo(tokens: readonly string[], part: 'key' | 'value'): number {
    this.#index ??= new Map();
    // With repeated keys the last occurrence wins, so whole objects must be scanned.
    const last = this.hasDuplicateKeys;
    let at = skipWhite(this.text, 0);
    let keyOffset: number | undefined;
    for (const token of tokens) {
      const c = this.text.charCodeAt(at);
      if (c !== 123 && c !== 91) return at;
      let index = this.#index.get(at);
      if (index === undefined) {
        index = new ContainerIndex(this.text, at);
        this.#index.set(at, index);
      }
      if (!index.object) {
        const item = index.item(Number(token));
        if (item === undefined) return at;
        keyOffset = undefined;
        at = item;
      } else {
        const found = index.member(token, last);
        if (found < 0) return at;
        keyOffset = index.offsets[found];
        at = index.offsets[found + 2] as number;
      }
    }
    return part === 'key' && keyOffset !== undefined ? keyOffset : at;
  }

  /** Every key that occurs twice in the same object. */
  duplicateKeys(): DuplicateKey[] {
    const found: DuplicateKey[] = [];
    const visit = (node: LocationNode, tokens: string[]) => {
      if (node.members) {
        const seen = new Set<string>();
        for (const [key, child] of node.members) {
          if (seen.has(key)) {
            found.push({
              key,
              pointer: toPointer([...tokens, key]),
              position: this.position(child.keyStart ?? child.start),
            });
          }
          seen.add(key);
          visit(child, [...tokens, key]);
        }
      } else if (node.items) {
        node.items.forEach((child, i) => {
          visit(child, [...tokens, String(i)]);
        });
      }
    };
    visit(this.tree, []);
    return found;
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  if (!text.includes('\r')) {
    // The common case, found natively.
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/**
 * Parses JSON text. The value comes from `JSON.parse`; on a syntax error the tree parser reruns to
 * give a message with line and column. A leading byte-order mark is ignored.
 */
export function parseJson(text: string): ParsedJson {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    const value: unknown = JSON.parse(source);
    return { ok: true, value, document: new JsonDocument(source, value) };
  } catch {
    const document = new JsonDocument(source);
    try {
      document.tree;
    } catch (error) {
      if (error instanceof TreeSyntaxError) {
        return {
          ok: false,
          error: { message: error.message, position: document.position(error.offset) },
        };
      }
      throw error;
    }
    // Both parsers should agree; if the tree parser accepted it, report the engine's view.
    return {
      ok: false,
      error: { message: 'invalid JSON', position: document.position(0) },
    };
  }
}

/**
 * True when some object in the text has the same key twice. A scan without allocation: strings are
 * skipped, keys are compared only within one object, and only when the count of keys in the text
 * differs from the parsed value's, so clean documents cost one pass over the characters.
 */
export function hasDuplicateKeys(text: string, value: unknown): boolean {
  return countKeysInText(text) !== countKeysInValue(value);
}

function countKeysInValue(value: unknown): number {
  if (Array.isArray(value)) {
    let n = 0;
    for (const item of value) n += countKeysInValue(item);
    return n;
  }
  if (value !== null && typeof value === 'object') {
    let n = 0;
    for (const key in value) {
      n += 1 + countKeysInValue((value as Record<string, unknown>)[key]);
    }
    return n;
  }
  return 0;
}

function countKeysInText(text: string): number {
  // A string followed (after white space) by a colon is a key; only valid JSON reaches here.
  // Strings are skipped with indexOf, natively: this runs on every linted file. (Looking only
  // at colons would be faster but cannot tell a key's closing quote from a value's opening one.)
  let count = 0;
  for (let i = text.indexOf('"'); i !== -1; ) {
    const j = skipWhite(text, skipString(text, i));
    if (text.charCodeAt(j) === 58 /* : */) count++;
    i = text.indexOf('"', j);
  }
  return count;
}

/** Offset of the first non-white-space character at or after `i`. */
function skipWhite(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || c === 9 || c === 10 || c === 13) c = text.charCodeAt(++i);
  return i;
}

/** Offset just after the string literal that starts at `i`. */
function skipString(text: string, i: number): number {
  let end = text.indexOf('"', i + 1);
  while (end !== -1) {
    let backslashes = 0;
    for (let k = end - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}

/** Offset just after the value that starts at `i` (valid JSON only). */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return skipString(text, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let k = i; k < text.length; k++) {
      const d = text.charCodeAt(k);
      if (d === 34) k = skipString(text, k) - 1;
      else if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        depth--;
        if (depth === 0) return k + 1;
      }
    }
    return text.length;
  }
  let k = i;
  for (;;) {
    const d = text.charCodeAt(k);
    if (
      Number.isNaN(d) ||
      d === 44 ||
      d === 125 ||
      d === 93 ||
      d === 32 ||
      d === 9 ||
      d === 10 ||
      d === 13
    ) {
      return k;
    }
    k++;
  }
}

/**
 * Where the members of one object or the items of one array sit, as plain numbers (no strings are
 * copied, so locating a diagnostic allocates almost nothing): for an object, triples of key start,
 * key end and value start; for an array, the start of each item. Scanning stops as soon as the
 * wanted member is found and resumes from `next` when a later one is wanted.
 */
class ContainerIndex {
  readonly object: boolean;
  readonly offsets: number[] = [];
  /** Where scanning resumes; -1 once the container's end was reached. */
  #next: number;
  readonly #text: string;

  constructor(text: string, at: number) {
    this.#text = text;
    this.object = text.charCodeAt(at) === 123;
    this.#next = skipWhite(text, at + 1);
  }

  /** Scans one more member or item; false at the end of the container. */
  #scanOne(): boolean {
    const text = this.#text;
    let i = this.#next;
    if (i < 0) return false;
    if (this.object) {
      if (text.charCodeAt(i) !== 34) {
        this.#next = -1;
        return false;
      }
      const keyEnd = skipString(text, i);
      const valueAt = skipWhite(text, skipWhite(text, keyEnd) + 1);
      this.offsets.push(i, keyEnd, valueAt);
      i = skipWhite(text, skipValue(text, valueAt));
    } else {
      if (i >= text.length || text.charCodeAt(i) === 93) {
        this.#next = -1;
        return false;
      }
      this.offsets.push(i);
      i = skipWhite(text, skipValue(text, i));
    }
    this.#next = text.charCodeAt(i) === 44 ? skipWhite(text, i + 1) : -1;
    return true;
  }

  /** Start of item `n` of an array, scanning only as far as needed. */
  item(n: number): number | undefined {
    while (this.offsets.length <= n && this.#scanOne()) {
      // scanning on
    }
    return this.offsets[n];
  }

  /**
   * The offset triple index of member `key` of an object: the first match, scanning only as far
   * as needed, or with `last` the last match (the whole object is scanned: duplicates).
   */
  member(key: string, last: boolean): number {
    const text = this.#text;
    const o = this.offsets;
    let found = -1;
    for (let m = 0; ; m += 3) {
      if (m >= o.length && !this.#scanOne()) return found;
      if (keyMatches(text, o[m] as number, o[m + 1] as number, key)) {
        found = m;
        if (!last) return found;
      }
    }
  }
}

/** Whether the string literal text[start, end) spells `key` (decoding only escaped keys). */
function keyMatches(text: string, start: number, end: number, key: string): boolean {
  if (end - start - 2 === key.length && text.startsWith(key, start + 1)) return true;
  const backslash = text.indexOf('\\', start);
  return backslash !== -1 && backslash < end && JSON.parse(text.slice(start, end)) === key;
}

class TreeSyntaxError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/** A small recursive-descent JSON parser that records where every value sits. */
class TreeParser {
  readonly #text: string;
  #i = 0;
  #depth = 0;

  constructor(text: string) {
    this.#text = text;
  }

  parseDocument(): LocationNode {
    this.#skipWhite();
    if (this.#i >= this.#text.length) throw new TreeSyntaxError('the file is empty', this.#i);
    const node = this.#parseValue();
    this.#skipWhite();
    if (this.#i < this.#text.length) {
      throw new TreeSyntaxError(
        `unexpected ${this.#describe(this.#i)} after the end of the JSON value`,
        this.#i,
      );
    }
    return node;
  }

  #describe(at: number): string {
    if (at >= this.#text.length) return 'end of file';
    const ch = this.#text[at] as string;
    return `character '${ch}'`;
  }

  #skipWhite(): void {
    const t = this.#text;
    while (this.#i < t.length) {
      const c = t.charCodeAt(this.#i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.#i++;
      else if (c === 47 /* / */ && (t[this.#i + 1] === '/' || t[this.#i + 1] === '*')) {
        throw new TreeSyntaxError('comments are not allowed in JSON', this.#i);
      } else break;
    }
  }

  #parseValue(): LocationNode {
    const t = this.#text;
    const c = t[this.#i];
    if (c === '{') return this.#parseObject();
    if (c === '[') return this.#parseArray();
    if (c === '"') {
      const start = this.#i;
      this.#parseString();
      return { start, end: this.#i };
    }
    const start = this.#i;
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      const m = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
      m.lastIndex = start;
      const match = m.exec(t);
      if (!match || match[0] === '-') throw new TreeSyntaxError('invalid number', start);
      this.#i = start + match[0].length;
      const next = t[this.#i];
      if (next !== undefined && /[0-9.eE]/.test(next)) {
        throw new TreeSyntaxError('invalid number', start);
      }
      return { start, end: this.#i };
    }
    for (const word of ['true', 'false', 'null']) {
      if (t.startsWith(word, start)) {
        this.#i += word.length;
        return { start, end: this.#i };
      }
    }
    if (c === "'") throw new TreeSyntaxError('strings must use double quotes', start);
    if (c === undefined)
      throw new TreeSyntaxError('unexpected end of file, expected a value', start);
    throw new TreeSyntaxError(`unexpected ${this.#describe(start)}, expected a value`, start);
  }

  #enter(at: number): void {
    this.#depth++;
    if (this.#depth > 512) throw new TreeSyntaxError('nesting is too deep (over 512 levels)', at);
  }

  #parseObject(): LocationNode {
    const start = this.#i;
    this.#enter(start);
    this.#i++;
    const members: Array<[string, LocationNode]> = [];
    this.#skipWhite();
    if (this.#text[this.#i] === '}') {
      this.#i++;
      this.#depth--;
      return { start, end: this.#i, members };
    }
    // Where the last comma sits: a trailing comma is reported there, where it must be removed.
    let comma = start;
    for (;;) {
      this.#skipWhite();
      const keyStart = this.#i;
      if (this.#text[this.#i] !== '"') {
        if (this.#text[this.#i] === '}') {
          throw new TreeSyntaxError('trailing comma before }', comma);
        }
        throw new TreeSyntaxError(
          `expected a property name in double quotes, found ${this.#describe(this.#i)}`,
          this.#i,
        );
      }
      const key = this.#parseString();
      const keyEnd = this.#i;
      this.#skipWhite();
      if (this.#text[this.#i] !== ':') {
        throw new TreeSyntaxError(
          `expected ':' after property name "${key}", found ${this.#describe(this.#i)}`,
          this.#i,
        );
      }
      this.#i++;
      this.#skipWhite();
      const value = this.#parseValue();
      value.keyStart = keyStart;
      value.keyEnd = keyEnd;
      members.push([key, value]);
      this.#skipWhite();
      const c = this.#text[this.#i];
      if (c === ',') {
        comma = this.#i;
        this.#i++;
        continue;
      }
      if (c === '}') {
        this.#i++;
        this.#depth--;
        return { start, end: this.#i, members };
      }
      throw new TreeSyntaxError(
        `expected ',' or '}' after the value of "${key}", found ${this.#describe(this.#i)}`,
        this.#i,
      );
    }
  }

  #parseArray(): LocationNode {
    const start = this.#i;
    this.#enter(start);
    this.#i++;
    const items: LocationNode[] = [];
    this.#skipWhite();
    if (this.#text[this.#i] === ']') {
      this.#i++;
      this.#depth--;
      return { start, end: this.#i, items };
    }
    let comma = start;
    for (;;) {
      this.#skipWhite();
      if (this.#text[this.#i] === ']') throw new TreeSyntaxError('trailing comma before ]', comma);
      items.push(this.#parseValue());
      this.#skipWhite();
      const c = this.#text[this.#i];
      if (c === ',') {
        comma = this.#i;
        this.#i++;
        continue;
      }
      if (c === ']') {
        this.#i++;
        this.#depth--;
        return { start, end: this.#i, items };
      }
      throw new TreeSyntaxError(
        `expected ',' or ']' in the array, found ${this.#describe(this.#i)}`,
        this.#i,
      );
    }
  }

  /** Parses a string literal at the cursor and returns its value. */
  #parseString(): string {
    const t = this.#text;
    const start = this.#i;
    this.#i++;
    let out = '';
    let chunk = this.#i;
    while (this.#i < t.length) {
      const c = t.charCodeAt(this.#i);
      if (c === 34) {
        out += t.slice(chunk, this.#i);
        this.#i++;
        return out;
      }
      if (c === 92) {
        out += t.slice(chunk, this.#i);
        const e = t[this.#i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && e in simple) {
          out += simple[e];
          this.#i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(t.slice(this.#i + 2, this.#i + 6))) {
          out += String.fromCharCode(Number.parseInt(t.slice(this.#i + 2, this.#i + 6), 16));
          this.#i += 6;
        } else {
          throw new TreeSyntaxError('invalid escape sequence in string', this.#i);
        }
        chunk = this.#i;
        continue;
      }
      if (c < 32) {
        throw new TreeSyntaxError(
          c === 10
            ? 'unterminated string (line break inside a string)'
            : 'control character in string',
          this.#i,
        );
      }
      this.#i++;
    }
    throw new TreeSyntaxError('unterminated string', start);
  }
}
