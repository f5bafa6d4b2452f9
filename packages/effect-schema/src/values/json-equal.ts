/** Structural equality of JSON values (object key order does not matter), as `uniqueItems` needs. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) {
      return false;
    }
  }
  return true;
}

/** Index pairs [first, later] of equal items in a list. */
export function duplicateIndexes(list: readonly unknown[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let j = 1; j < list.length; j++) {
    for (let i = 0; i < j; i++) {
      if (jsonEqual(list[i], list[j])) {
        pairs.push([i, j]);
        break;
      }
    }
  }
  return pairs;
}
