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

/** A wait for a server's next restart, taken before the request that may cause it. */
export interface RestartWait {
  /** Resolves with the report of the next restart. */
  complete: Promise<unknown>;
  /** Gives the wait up (the request was refused): its listeners go, so none pile up. */
  cancel(): void;
}

/** Starts waiting for the next `restart-complete` of a server; see {@link RestartWait}. */
export function restartAfter(server: TestServer['server']): RestartWait {
  const controller = new AbortController();
  const complete = once(server, 'restart-complete', { signal: controller.signal });
  // A cancelled wait rejects; nobody awaits it then.
  complete.catch(() => {});
  return { complete, cancel: () => controller.abort() };
}

/** Sends a restore and, when it succeeds, waits until the restart it causes is complete. */
export async function restoreAndWait(
  t: TestServer,
  transport: Transport,
  body: unknown,
): Promise<Record<string, unknown>> {
  const restarted = restartAfter(t.server);
  try {
    const reply = await transport.call(t, body);
    if (reply.success === true) await restarted.complete;
    return reply;
  } finally {
    restarted.cancel();
  }
}
