/**
 * The gradients an effect canvas made, by the bytes of the operation that made them. Building a
 * gradient costs more than filling the canvas with it (each stop a colour string parsed by
 * Skia), and effects draw the same few again and again: a swirl turns one gradient through 361
 * angles. Looked up by a hash of the bytes, then compared byte by byte: a string key of them
 * (made, hashed and dropped every frame) cost as much as reading the canvas back.
 */
import type { GradientFill } from './gradients.js';

interface Entry {
  readonly bytes: Uint8Array;
  readonly fill: GradientFill;
}

export class GradientCache {
  readonly #limit: number;
  readonly #byHash = new Map<number, Entry[]>();
  #size = 0;

  /** Keeps at most `limit` gradients; it starts over when full. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /**
   * The gradient of the operation `op` (every byte it depends on), made with `make` the first
   * time. `op` is copied when kept, so the caller may reuse its buffer.
   */
  get(op: Uint8Array, make: () => GradientFill): GradientFill {
    const hash = hashOf(op);
    const entries = this.#byHash.get(hash);
    if (entries !== undefined) {
      for (const entry of entries) if (sameBytes(entry.bytes, op)) return entry.fill;
    }
    const fill = make();
    // A script cycling through more gradients than are kept costs what it did without a cache.
    if (this.#size >= this.#limit) this.clear();
    const entry = { bytes: op.slice(), fill };
    const list = this.#byHash.get(hash);
    if (list === undefined) this.#byHash.set(hash, [entry]);
    else list.push(entry);
    this.#size++;
    return fill;
  }

  /** Forgets every gradient (they belong to a context that is gone). */
  clear(): void {
    this.#byHash.clear();
    this.#size = 0;
  }
}

/** FNV-1a over the bytes, 32 bits. */
function hashOf(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  }
  return hash >>> 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
