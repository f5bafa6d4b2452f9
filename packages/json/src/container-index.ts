import { skipString, skipValue, skipWhite } from './skip.js';

/**
 * Where the members of one object or the items of one array sit, as plain numbers (no strings are
 * copied, so locating a diagnostic allocates almost nothing): for an object, triples of key start,
 * key end and value start; for an array, the start of each item. Scanning stops as soon as the
 * wanted member is found and resumes where it stopped when a later one is wanted. Valid text only.
 */
export class ContainerIndex {
  /** True for an object, false for an array. */
  readonly object: boolean;
  /** Key start, key end, value start per member; or the start of each item. */
  readonly offsets: number[] = [];
  /** Where scanning resumes; -1 once the container's end was reached. */
  #next: number;
  readonly #text: string;

  /** @param at - offset of the container's opening bracket. */
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
   * The index in `offsets` of member `key`'s triple, or -1: the first match, scanning only as far
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
