/**
 * Escapes one reference token of a JSON pointer (RFC 6901): `~` becomes `~0`, `/` becomes `~1`.
 *
 * @example
 * ```ts
 * escapePointerToken('a/b~c'); // 'a~1b~0c'
 * ```
 */
export function escapePointerToken(token: string): string {
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Undoes {@link escapePointerToken}. `~1` is replaced before `~0`, as RFC 6901 requires, so `~01`
 * stays the two characters `~1`.
 */
export function unescapePointerToken(token: string): string {
  if (!token.includes('~')) return token;
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Joins reference tokens into a JSON pointer.
 *
 * @example
 * ```ts
 * toPointer(['properties', 'a/b', 0]); // '/properties/a~1b/0'
 * ```
 */
export function toPointer(tokens: ReadonlyArray<string | number>): string {
  let out = '';
  for (const t of tokens) out += `/${escapePointerToken(String(t))}`;
  return out;
}

/**
 * Splits a JSON pointer into its unescaped reference tokens; `''` (the whole document) gives `[]`.
 * A pointer is not checked to start with `/`: its first character is dropped either way.
 */
export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(unescapePointerToken);
}
