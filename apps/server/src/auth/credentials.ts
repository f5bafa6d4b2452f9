/** What an `Authorization` header holds. */
export type Credentials =
  | { kind: 'token'; token: string }
  | { kind: 'missing' }
  | { kind: 'unsupported'; scheme: string };

/**
 * Reads `Authorization: Bearer <token>`: the scheme word in any case, and the `token <t>` form that
 * existing Hyperion clients send. Anything else (Basic, an empty token) is not accepted.
 */
export function credentialsOf(header: string | undefined): Credentials {
  if (header === undefined || header.trim() === '') return { kind: 'missing' };
  const match = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(header);
  const scheme = match?.[1] ?? header.trim().split(/\s+/)[0] ?? '';
  if (!match || !/^(bearer|token)$/i.test(scheme)) return { kind: 'unsupported', scheme };
  return { kind: 'token', token: match[2] as string };
}

/** Whether a URL carries a token in its query string, which is refused (URLs end up in logs). */
export function hasTokenInQuery(url: string): boolean {
  const query = url.indexOf('?');
  if (query < 0) return false;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const key of params.keys()) {
    if (/^(token|access_token|auth|authorization|bearer)$/i.test(key)) return true;
  }
  return false;
}
