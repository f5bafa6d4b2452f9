// Allocation-free skipping over valid JSON text, shared by the duplicate-key count and the
// pointer index: both run only on text JSON.parse accepted, so no grammar is checked here.

/** Offset of the first non-white-space character at or after `i`. */
export function skipWhite(text: string, i: number): number {
  let at = i;
  let c = text.charCodeAt(at);
  while (c === 32 || c === 9 || c === 10 || c === 13) c = text.charCodeAt(++at);
  return at;
}

/** Offset just after the string literal that starts at `i` (found natively with indexOf). */
export function skipString(text: string, i: number): number {
  let end = text.indexOf('"', i + 1);
  while (end !== -1) {
    let backslashes = 0;
    for (let k = end - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}

/** Offset just after the value that starts at `i`. */
export function skipValue(text: string, i: number): number {
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
    // NaN is the end of the text; the rest end a number or literal.
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
