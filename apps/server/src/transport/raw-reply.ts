import { STATUS_CODES } from 'node:http';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * A whole HTTP/1.1 response as text, for sockets express never sees (a refused WebSocket
 * upgrade, a connection over the limit, a request the HTTP parser rejected): the status, the
 * {@link SECURITY_HEADERS}, `Connection: close`, and `body` as compact JSON when there is one.
 */
export function rawHttpReply(
  status: number,
  body?: object,
  headers: Readonly<Record<string, string>> = {},
): string {
  const text = body === undefined ? '' : JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}`,
    ...(body === undefined ? [] : ['Content-Type: application/json']),
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    ...Object.entries({ ...SECURITY_HEADERS, ...headers }).map(
      ([name, value]) => `${name}: ${value}`,
    ),
    '',
    text,
  ].join('\r\n');
}
