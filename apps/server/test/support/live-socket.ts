import WebSocket from 'ws';

type Message = Record<string, unknown>;

/**
 * A WebSocket JSON-RPC client that tells replies (they carry `success`) from pushes (they do
 * not), as hyperion-py does: `call` waits for the reply with the request's tan, `next` for a
 * push that matches.
 */
export class LiveSocket {
  readonly socket: WebSocket;
  readonly pushes: Message[] = [];
  #tan = 0;
  #waiting = new Map<number, (reply: Message) => void>();
  #watchers: { match: (push: Message) => boolean; resolve: (push: Message) => void }[] = [];

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      if ('success' in message) {
        const tan = message.tan as number;
        this.#waiting.get(tan)?.(message);
        this.#waiting.delete(tan);
        return;
      }
      this.pushes.push(message);
      for (const watcher of [...this.#watchers]) {
        if (watcher.match(message)) {
          this.#watchers.splice(this.#watchers.indexOf(watcher), 1);
          watcher.resolve(message);
        }
      }
    });
  }

  /** Opens a socket with a bearer token. */
  static async open(url: string, token: string): Promise<LiveSocket> {
    const socket = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new LiveSocket(socket);
  }

  /** Sends a request with the next tan and waits for its reply. */
  call(request: Message): Promise<Message> {
    const tan = ++this.#tan;
    const reply = new Promise<Message>((resolve) => this.#waiting.set(tan, resolve));
    this.socket.send(JSON.stringify({ ...request, tan }));
    return reply;
  }

  /** The next push (from now, or already received and not yet taken) that matches. */
  next(match: (push: Message) => boolean, timeoutMs = 15_000): Promise<Message> {
    const index = this.pushes.findIndex(match);
    if (index >= 0) return Promise.resolve(this.pushes.splice(index, 1)[0] as Message);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching push in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#watchers.push({
        match,
        resolve: (push) => {
          clearTimeout(timer);
          this.pushes.splice(this.pushes.indexOf(push), 1);
          resolve(push);
        },
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}
