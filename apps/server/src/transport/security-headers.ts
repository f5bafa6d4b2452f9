/**
 * The policy of every response: the page's scripts, styles and fonts from this server only, the
 * JSON API over ws(s), and no framing by any other site (the page keeps its token in
 * localStorage, so a framed page could be clickjacked into using it). One policy for the page
 * and the API alike: on a JSON reply it forbids what JSON never asks for.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The headers every HTTP response carries, whoever writes it: the HTTP handler, the web UI, or the raw
 * replies written on a socket the HTTP handler never sees ({@link rawHttpReply}).
 * `X-Frame-Options` says `frame-ancestors 'none'` to browsers that predate it.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
