/**
 * "Did you mean": the one rule Glowkit uses to suggest a name for a misspelt one, in the linter
 * (keywords, option names, definition keys) and in the engine (effect args).
 */

/**
 * Edit distance of two strings: inserts, deletes and substitutions count one each, and so does a
 * swap of two adjacent characters (optimal string alignment), so "lenght" is one edit from
 * "length". Case counts; {@link suggest} compares lower case.
 */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  // Optimal string alignment: Levenshtein plus transpositions, so "lenght" → "length" is one edit.
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => {
    const row = new Array<number>(n + 1).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j <= n; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= m; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = v;
    }
  }
  return (d[m] as number[])[n] as number;
}

/**
 * The candidate closest to `word`, when it is close enough to be a likely typo: a difference of
 * case or of `-` and `_` only, or at most one edit per four characters (at least one, at most
 * three; see {@link editDistance}).
 *
 * @param word - the name given.
 * @param candidates - the names it may have meant.
 * @returns the candidate to suggest, or undefined when none is close enough.
 *
 * @example
 * ```ts
 * suggest('sped', ['speed', 'ratio']); // 'speed'
 * suggest('fade_time', ['fade-time']); // 'fade-time'
 * suggest('volume', ['speed', 'ratio']); // undefined
 * ```
 */
export function suggest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  for (const c of candidates) if (c.toLowerCase() === lower) return c;
  const normalized = lower.replace(/[-_]/g, '');
  for (const c of candidates) if (c.toLowerCase().replace(/[-_]/g, '') === normalized) return c;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 4)));
  for (const c of candidates) {
    const dist = editDistance(lower, c.toLowerCase());
    if (dist < bestDistance) {
      bestDistance = dist;
      best = c;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
