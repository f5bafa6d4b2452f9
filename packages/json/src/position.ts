/** A place in JSON text: `offset` is 0-based, `line` and `column` 1-based; all count UTF-16 code units, as editors do. */
export interface SourcePosition {
  offset: number;
  line: number;
  column: number;
}

/**
 * The offset at which each line of `text` starts. Line breaks are LF, CR LF and a lone CR: the
 * three JSON allows as white space, so a file written on any system numbers its lines as its
 * editor does.
 *
 * @param text - the source text.
 * @returns ascending offsets; the first is always 0.
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  if (!text.includes('\r')) {
    // The common case, found natively.
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) starts.push(i + 1);
    else if (c === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/**
 * The line and column of `offset`, given the {@link lineStarts} of its text (a binary search, so
 * many positions in one text cost little).
 *
 * @param starts - `lineStarts(text)`.
 * @param offset - a UTF-16 offset into the text.
 */
export function positionIn(starts: readonly number[], offset: number): SourcePosition {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { offset, line: lo + 1, column: offset - (starts[lo] as number) + 1 };
}

/**
 * The line and column of one offset in `text`.
 *
 * @example
 * ```ts
 * positionAt('{\n  "a": }', 9); // { offset: 9, line: 2, column: 8 }
 * ```
 */
export function positionAt(text: string, offset: number): SourcePosition {
  // One character past the offset, so the LF of a CR LF pair is not taken for a lone CR.
  return positionIn(lineStarts(text.slice(0, offset + 1)), offset);
}
