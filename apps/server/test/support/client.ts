import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import WebSocket from 'ws';

/** What an HTTP JSON-RPC call came back with. */
export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Record<string, unknown>;
}

/** POSTs text (or a value as JSON) to a URL; trusts `ca` for HTTPS. */
export function post(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; ca?: string; raw?: boolean } = {},
): Promise<HttpResult> {
  const text = options.raw ? String(body) : JSON.stringify(body);
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          ...options.headers,
        },
        ca: options.ca,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(body) as Record<string, unknown>;
          } catch {
            // Not JSON: the test looks at `text`.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A WebSocket JSON-RPC client: one request, one reply, in order. */
export class RpcSocket {
  readonly socket: WebSocket;
  #replies: Array<(value: Record<string, unknown>) => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      const reply = JSON.parse(String(data)) as Record<string, unknown>;
      this.#replies.shift()?.(reply);
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(
    url: string,
    options: { headers?: Record<string, string>; ca?: string } = {},
  ): Promise<RpcSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers: options.headers, ca: options.ca });
      socket.once('open', () => resolve(new RpcSocket(socket)));
      socket.once('unexpected-response', (_req, res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          reject(
            Object.assign(new Error(`upgrade refused: ${res.statusCode}`), {
              status: res.statusCode,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          ),
        );
      });
      socket.once('error', reject);
    });
  }

  /** Sends a request (a value as JSON, or raw text) and waits for its reply. */
  call(body: unknown, raw = false): Promise<Record<string, unknown>> {
    const reply = new Promise<Record<string, unknown>>((resolve) => this.#replies.push(resolve));
    this.socket.send(raw ? String(body) : JSON.stringify(body));
    return reply;
  }

  close(): void {
    this.socket.close();
  }
}

/** What a raw GET came back with: the body's bytes as sent (never decompressed). */
export interface RawResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET (or HEAD) with exactly the given headers; trusts `ca` for HTTPS. */
export function get(
  url: string,
  options: { headers?: Record<string, string>; ca?: string; method?: 'GET' | 'HEAD' } = {},
): Promise<RawResult> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      { method: options.method ?? 'GET', headers: options.headers, ca: options.ca, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
