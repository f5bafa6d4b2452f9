// HTTP as bytes on a socket, for what ordinary clients cannot send (partial headers, an upgrade
// the server refuses, a connection that sends nothing) and for reading what the server writes
// outside the HTTP handler.
import { connect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** A response as it came off the socket. */
export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** Parses the first response in `text` (status line, headers, the rest as the body). */
export function parseResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: end < 0 ? '' : text.slice(end + 4),
  };
}

/** Opens a plain (or TLS, trusting `ca`) connection to a loopback port. */
export async function openSocket(
  port: number,
  options: { tls?: boolean; ca?: string; localAddress?: string } = {},
): Promise<Socket> {
  const socket: Socket = options.tls
    ? tlsConnect({ port, host: '127.0.0.1', ca: options.ca, servername: 'localhost' })
    : connect({ port, host: '127.0.0.1', localAddress: options.localAddress });
  await new Promise<void>((resolve, reject) => {
    socket.once(options.tls ? 'secureConnect' : 'connect', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

/** Everything a socket receives until it closes (or `timeoutMs` passes: then it is destroyed). */
export function readUntilClose(socket: Socket, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

/**
 * Sends `text` as it is on a new connection and returns the first response, read until the
 * server closes the connection (send `Connection: close`).
 */
export async function rawRequest(
  port: number,
  text: string,
  options: { tls?: boolean; ca?: string } = {},
): Promise<RawResponse> {
  const socket = await openSocket(port, options);
  const received = readUntilClose(socket);
  socket.write(text);
  return parseResponse(await received);
}

/** Resolves true once the socket is closed by the server, false if it is still open after `ms`. */
export function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  // Only a socket that reads sees the server's end.
  socket.on('error', () => {});
  socket.resume();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
