import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * A whole HTTP/1.1 response as text, for sockets the HTTP handler never sees (a refused WebSocket
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

/**
 * Writes a raw reply and closes the connection once it is sent. Ending alone is not enough: the
 * HTTP servers keep half-open connections, so a client that never closes its side would keep
 * its socket on the server for good.
 */
export function endWith(socket: Duplex, reply: string): void {
  socket.once('finish', () => socket.destroy());
  socket.end(reply);
}
