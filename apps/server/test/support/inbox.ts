// Clients without a token, as a client's first connection is (Home Assistant's, a browser's
// sign-in page): every message they receive kept in an inbox that waits for the one that matches.
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';

export type Message = Record<string, unknown>;

/** Every message a client receives, and a wait for the one that matches. */
export class Inbox {
  readonly messages: Message[] = [];
  #watchers: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];

  receive(message: Message): void {
    this.messages.push(message);
    for (const watcher of [...this.#watchers]) {
      if (!watcher.match(message)) continue;
      this.#watchers.splice(this.#watchers.indexOf(watcher), 1);
      watcher.resolve(message);
    }
  }

  next(match: (m: Message) => boolean, timeoutMs = 15_000): Promise<Message> {
    const found = this.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#watchers.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }
}

/** A WebSocket without a token. */
export async function anonymousSocket(url: string): Promise<{ ws: WebSocket; inbox: Inbox }> {
  const ws = new WebSocket(url);
  const inbox = new Inbox();
  ws.on('message', (data) => inbox.receive(JSON.parse(String(data)) as Message));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, inbox };
}

/**
 * A client of the TCP JSON port (newline-delimited JSON) on loopback, without a token; from
 * `localAddress` when given (any 127.x.y.z is this machine too: a client from another address).
 */
export function tcpClient(
  port: number,
  localAddress?: string,
): { socket: Socket; inbox: Inbox; send(m: Message): void } {
  const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
  const inbox = new Inbox();
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      inbox.receive(JSON.parse(buffered.slice(0, at)) as Message);
      buffered = buffered.slice(at + 1);
    }
  });
  return { socket, inbox, send: (m) => socket.write(`${JSON.stringify(m)}\n`) };
}
