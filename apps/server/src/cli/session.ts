/**
 * A short session of the command line with a running server, over its TCP JSON port on
 * loopback: what `glowkit token requests|approve|deny` use, since token requests live in the
 * running server's memory. One request at a time; each reply is the next line that carries
 * `success` (pushes, such as `authorize-tokenRequest`, carry none and are skipped).
 */
import { connect, type Socket } from 'node:net';

/** Where the command line looks for a running server: loopback only. */
export const LOOPBACK = '127.0.0.1';

/** How long the command line waits for the connection and for each reply. */
export const CLI_REPLY_TIMEOUT_MS = 10_000;

/** A reply of the server, as it sent it. */
export type Reply = Record<string, unknown>;

/** One line for people: the reply's error and the descriptions of its `errorData`. */
export function replyProblem(reply: Reply): string {
  const error = typeof reply.error === 'string' ? reply.error : 'the request failed';
  const details = Array.isArray(reply.errorData)
    ? reply.errorData
        .map((d) => (d && typeof d === 'object' ? (d as { description?: unknown }).description : d))
        .filter((d): d is string => typeof d === 'string' && d !== '')
    : [];
  return details.length > 0 ? `${error}: ${details.join('; ')}` : error;
}

/** A connection to the TCP JSON server of `127.0.0.1:<port>`. */
export class CliSession {
  readonly #socket: Socket;
  readonly #where: string;
  readonly #timeoutMs: number;
  #buffered = '';
  #lines: Reply[] = [];
  /** Why no more replies can come (the connection closed, or it spoke no JSON). */
  #ended: Error | undefined;
  #waiting: (() => void) | undefined;
  #tan = 0;

  private constructor(socket: Socket, where: string, timeoutMs: number) {
    this.#socket = socket;
    this.#where = where;
    this.#timeoutMs = timeoutMs;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.#receive(chunk));
    socket.on('error', (error) => this.#end(new Error(`${where}: ${error.message}`)));
    socket.on('close', () =>
      this.#end(new Error(`the server on ${where} closed the connection before it answered`)),
    );
  }

  /**
   * Connects to `127.0.0.1:<port>`. Fails, in one line, when nothing listens there (no server
   * runs, or it runs on another port) and when the connection is not made in time.
   */
  static connect(port: number, timeoutMs = CLI_REPLY_TIMEOUT_MS): Promise<CliSession> {
    const where = `${LOOPBACK}:${port}`;
    return new Promise((resolve, reject) => {
      const socket = connect({ host: LOOPBACK, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`${where} did not accept a connection within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        socket.destroy();
        reject(
          new Error(
            error.code === 'ECONNREFUSED'
              ? `no Glowkit server answers on ${where}: start it with \`glowkit start\`, or give its --tcp-port`
              : `cannot connect to ${where}: ${error.message}`,
          ),
        );
      });
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new CliSession(socket, where, timeoutMs));
      });
    });
  }

  /** Where it is connected, `127.0.0.1:<port>`. */
  get where(): string {
    return this.#where;
  }

  /** Sends a request (with the next tan) and resolves with its reply. */
  async call(request: Record<string, unknown>): Promise<Reply> {
    if (this.#ended) throw this.#ended;
    this.#tan += 1;
    this.#socket.write(`${JSON.stringify({ ...request, tan: this.#tan })}\n`);
    const until = Date.now() + this.#timeoutMs;
    for (;;) {
      const index = this.#lines.findIndex((line) => typeof line.success === 'boolean');
      if (index >= 0) {
        const [reply] = this.#lines.splice(0, index + 1).slice(-1) as [Reply];
        return reply;
      }
      this.#lines = [];
      if (this.#ended) throw this.#ended;
      const left = until - Date.now();
      if (left <= 0) {
        throw new Error(
          `the server on ${this.#where} did not answer within ${this.#timeoutMs / 1000} s: is it a Glowkit server?`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#waiting = undefined;
    }
  }

  /** Closes the connection at once. */
  close(): void {
    this.#end(new Error('the session is closed'));
    this.#socket.destroy();
  }

  #receive(chunk: string): void {
    this.#buffered += chunk;
    for (let at = this.#buffered.indexOf('\n'); at >= 0; at = this.#buffered.indexOf('\n')) {
      const text = this.#buffered.slice(0, at).trim();
      this.#buffered = this.#buffered.slice(at + 1);
      if (text === '') continue;
      let line: unknown;
      try {
        line = JSON.parse(text);
      } catch {
        line = undefined;
      }
      if (!line || typeof line !== 'object' || Array.isArray(line)) {
        this.#end(
          new Error(
            `${this.#where} answered something that is not Glowkit's JSON: is it a Glowkit server's TCP JSON port?`,
          ),
        );
        this.#socket.destroy();
        return;
      }
      this.#lines.push(line as Reply);
    }
    this.#waiting?.();
  }

  #end(why: Error): void {
    this.#ended ??= why;
    this.#waiting?.();
  }
}
