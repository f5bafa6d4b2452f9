import { once } from 'node:events';
import { post, RpcSocket } from './client.js';
import type { TestServer } from './server.js';

/** One way to send JSON-RPC to the server. */
export interface Transport {
  name: 'http' | 'https' | 'ws' | 'wss';
  /** Sends a request with the admin token (or another, or none) and returns the reply body. */
  call(t: TestServer, body: unknown, token?: string | null): Promise<Record<string, unknown>>;
}

const httpTransport = (name: 'http' | 'https'): Transport => ({
  name,
  async call(t, body, token = t.token) {
    const result = await post(`${name === 'http' ? t.http : t.https}/json-rpc`, body, {
      ca: t.ca,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return result.json;
  },
});

const wsTransport = (name: 'ws' | 'wss'): Transport => ({
  name,
  async call(t, body, token = t.token) {
    const socket = await RpcSocket.open(name === 'ws' ? t.ws : t.wss, {
      ca: t.ca,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    try {
      return await socket.call(body);
    } finally {
      socket.close();
    }
  },
});

export const transports: Transport[] = [
  httpTransport('http'),
  httpTransport('https'),
  wsTransport('ws'),
  wsTransport('wss'),
];

/** Sends a restore and, when it succeeds, waits until the restart it causes is complete. */
export async function restoreAndWait(
  t: TestServer,
  transport: Transport,
  body: unknown,
): Promise<Record<string, unknown>> {
  const restarted = once(t.server, 'restart-complete');
  const reply = await transport.call(t, body);
  if (reply.success === true) await restarted;
  return reply;
}
