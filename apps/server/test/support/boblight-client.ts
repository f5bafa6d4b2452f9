// A boblight client written from the protocol's description (inputs.md §4), not from the
// server's code: lines out, lines in.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** One connection to a boblight server. */
export class BoblightClient {
  readonly socket: Socket;
  /** Lines received and not read yet. */
  readonly #lines: string[] = [];
  #rest = '';
  #waiting: (() => void) | undefined;
  /** Resolves once the server closed the connection (or it broke). */
  readonly closed: Promise<void>;
  #isClosed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => {
      const parts = (this.#rest + text).split('\n');
      this.#rest = parts.pop() ?? '';
      this.#lines.push(...parts);
      this.#waiting?.();
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.#isClosed = true;
        this.#waiting?.();
        resolve();
      }),
    );
  }

  static async connect(port: number): Promise<BoblightClient> {
    const socket = connect({ host: '127.0.0.1', port });
    await once(socket, 'connect');
    return new BoblightClient(socket);
  }

  get isClosed(): boolean {
    return this.#isClosed;
  }

  /** Sends lines, each ended by "\n". */
  send(...lines: string[]): void {
    this.socket.write(lines.map((l) => `${l}\n`).join(''), 'latin1');
  }

  /** The next `count` lines, waiting for them for up to `timeoutMs`. */
  async read(count = 1, timeoutMs = 10_000): Promise<string[]> {
    const end = Date.now() + timeoutMs;
    while (this.#lines.length < count) {
      if (this.#isClosed) throw new Error(`the server closed the connection; got ${this.#lines}`);
      const left = end - Date.now();
      if (left <= 0) throw new Error(`no reply in time; got ${JSON.stringify(this.#lines)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#waiting = undefined;
    }
    return this.#lines.splice(0, count);
  }

  /** Sends a line and reads the `count` lines of its reply. */
  async ask(line: string, count = 1): Promise<string[]> {
    this.send(line);
    return this.read(count);
  }

  /** `set light <n> rgb r g b` for every light, colours as 0..1 fractions. */
  setLights(colors: readonly (readonly [number, number, number])[]): void {
    this.send(
      ...colors.map(([r, g, b], i) => `set light ${String(i).padStart(3, '0')} rgb ${r} ${g} ${b}`),
    );
  }

  close(): Promise<void> {
    this.socket.end();
    return this.closed;
  }
}
