import { ContainerIndex } from './container-index.js';
import { hasDuplicateKeys } from './duplicate-keys.js';
import { fromPointer, toPointer } from './pointer.js';
import { lineStarts, positionIn, type SourcePosition } from './position.js';
import { skipWhite } from './skip.js';
import { describeJsonSyntaxError } from './syntax-error.js';
import { buildTree, type LocationNode } from './tree.js';

/** A key that appears more than once in one object, with both places it appears. */
export interface DuplicateKey {
  /** JSON pointer of the object member. */
  pointer: string;
  /** The key, unescaped. */
  key: string;
  /** Where this (later) occurrence's key starts. */
  position: SourcePosition;
  /** Where the first occurrence of the same key in the same object starts. */
  first: SourcePosition;
}

/**
 * Valid JSON text with positions: line and column of any offset, where a JSON pointer points, and
 * which keys repeat. Everything is computed on first use, so a document nobody asks about costs
 * one small object.
 */
export class JsonDocument {
  /** The text, without the byte-order mark when the parser was told to ignore one. */
  readonly text: string;
  readonly #value: unknown;
  #lineStarts: number[] | undefined;
  #tree: LocationNode | undefined;
  #hasDuplicateKeys: boolean | undefined;
  #index: Map<number, ContainerIndex> | undefined;

  /**
   * @param text - valid JSON text.
   * @param value - `JSON.parse(text)` when known: it enables the fast paths (pointers located
   * without building the tree, duplicate keys found by counting).
   */
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

  /** Converts an offset into a 1-based line and column (LF, CR LF and a lone CR end a line). */
  position(offset: number): SourcePosition {
    this.#lineStarts ??= lineStarts(this.text);
    return positionIn(this.#lineStarts, offset);
  }

  /**
   * The location tree of the whole document (built on first use).
   *
   * @throws SyntaxError when the text is not valid JSON (a document is made of valid text).
   */
  get tree(): LocationNode {
    if (!this.#tree) {
      const built = buildTree(this.text);
      if (!built.ok) {
        const { offset, message } = built.fault;
        throw new SyntaxError(
          describeJsonSyntaxError({ message, position: this.position(offset) }),
        );
      }
      this.#tree = built.tree;
    }
    return this.#tree;
  }

  /**
   * Where a JSON pointer points. With `part: 'key'` an object member's key is located rather than
   * its value. A pointer that does not exist falls back to its nearest existing ancestor; with
   * repeated keys the last one counts, as with JSON.parse.
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

  // Offset of the value (or member key) a pointer names, from lazily built indexes of just the
  // objects and arrays on the way: several diagnostics in one object index it once.
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

  /** Every later occurrence of a key already seen in the same object, in document order. */
  duplicateKeys(): DuplicateKey[] {
    const found: DuplicateKey[] = [];
    // Iterative, like the tree itself: no document can exhaust the stack. A member repeating an
    // earlier key carries that key's node, and is reported when it is visited (pre-order).
    type Visit = [node: LocationNode, tokens: string[], first: LocationNode | undefined];
    const pending: Visit[] = [[this.tree, [], undefined]];
    for (let visit = pending.pop(); visit; visit = pending.pop()) {
      const [node, tokens, first] = visit;
      if (first) {
        found.push({
          key: tokens[tokens.length - 1] as string,
          pointer: toPointer(tokens),
          position: this.position(node.keyStart ?? node.start),
          first: this.position(first.keyStart ?? first.start),
        });
      }
      const children: Visit[] = [];
      if (node.members) {
        const seen = new Map<string, LocationNode>();
        for (const [key, child] of node.members) {
          children.push([child, [...tokens, key], seen.get(key)]);
          if (!seen.has(key)) seen.set(key, child);
        }
      } else if (node.items) {
        node.items.forEach((child, i) => {
          children.push([child, [...tokens, String(i)], undefined]);
        });
      }
      // Reversed onto the stack, so children are visited in source order.
      for (let i = children.length - 1; i >= 0; i--) pending.push(children[i] as Visit);
    }
    return found;
  }
}
