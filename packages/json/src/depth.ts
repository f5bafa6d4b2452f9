// Two views of nesting depth. The parsed value is checked on every successful parse (a walk of
// its objects and arrays is ~15 times cheaper than a pass over the characters); the text is
// scanned only to say where a refused text goes too deep. JSON.parse itself is iterative in the
// engines we run on (V8 since 7.6, SpiderMonkey, JavaScriptCore), so deep text cannot exhaust
// the stack before the check; it is the recursive code downstream that the limit protects.

/**
 * Whether objects and arrays in `value` nest deeper than `maxDepth` (`[]` is depth 1). Iterative,
 * so no value can exhaust the stack; it stops at the first container that goes too deep.
 */
export function valueDeeperThan(value: unknown, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (maxDepth < 1) return true;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    const depth = depths.pop() as number;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (item !== null && typeof item === 'object') {
          if (depth >= maxDepth) return true;
          stack.push(item);
          depths.push(depth + 1);
        }
      }
    } else {
      const record = v as Record<string, unknown>;
      for (const key in record) {
        const member = record[key];
        if (member !== null && typeof member === 'object') {
          if (depth >= maxDepth) return true;
          stack.push(member);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/**
 * The offset of the first bracket that opens a level deeper than `maxDepth`, or -1. One pass over
 * the text, brackets inside strings ignored, valid or not: malformed hostile nesting is reported
 * as too deep, at the bracket that goes too deep, before any grammar error further on.
 */
export function excessDepthAt(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth -= 1;
    }
  }
  return -1;
}
