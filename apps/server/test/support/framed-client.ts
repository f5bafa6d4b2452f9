/**
 * A client of a length-prefixed picture protocol (flatbuffers, protobuf): sends messages after
 * their u32 big-endian length, reads the replies in order with the protocol's decoder, and sees
 * the connection close.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { framed } from '../../../../scripts/flatbuf-messages.mjs';

export { framed };

/** Opens a loopback connection to `port`. */
export async function connectTo(port: number): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port });
  await once(socket, 'connect');
  return socket;
}

/** A connected client; `decode` reads one reply (the bytes after its length). */
export class FramedClient<Reply> {
  readonly socket: Socket;
  readonly replies: Reply[] = [];
  #buffer = Buffer.alloc(0);
  #waiting: (() => void)[] = [];
  closed = false;

  constructor(socket: Socket, decode: (bytes: Uint8Array) => Reply) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      while (this.#buffer.length >= 4) {
        const length = this.#buffer.readUInt32BE(0);
        if (this.#buffer.length < 4 + length) break;
        this.replies.push(decode(this.#buffer.subarray(4, 4 + length)));
        this.#buffer = this.#buffer.subarray(4 + length);
      }
      this.#wake();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.#wake();
    });
  }

  #wake(): void {
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /** Waits (10 s at most) until `done` holds, checking on every reply and close. */
  async #wait(done: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(what);
      await new Promise<void>((resolve) => {
        this.#waiting.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  send(body: Uint8Array): void {
    this.socket.write(framed(body));
  }

  /** Resolves with the n-th reply (0-based) once it is there; rejects if the connection closes first. */
  async reply(n: number): Promise<Reply> {
    await this.#wait(() => {
      if (this.replies.length <= n && this.closed) {
        throw new Error(`closed after ${this.replies.length} replies`);
      }
      return this.replies.length > n;
    }, 'no reply in time');
    return this.replies[n] as Reply;
  }

  /** Sends a message and waits for its reply (the client must have read all earlier ones). */
  async ask(body: Uint8Array): Promise<Reply> {
    const n = this.replies.length;
    this.send(body);
    return this.reply(n);
  }

  /** Resolves once the server closed the connection. */
  async whenClosed(): Promise<void> {
    await this.#wait(() => this.closed, 'the connection stayed open');
  }

  close(): void {
    this.socket.destroy();
  }
}
