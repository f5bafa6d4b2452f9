import type { Push, SessionState } from './session.js';

/**
 * A push encoded once for every session that receives it: a live LED frame goes to each client
 * streaming that instance (30 in the soak, 25 times a second), and JSON-encoding it per client
 * was most of the stream's cost. Its bytes are made on first use and shared by every socket
 * (nothing writes into them), so the wire carries exactly what `JSON.stringify(message)` gives.
 */
export class EncodedPush {
  /** What is sent, for sessions that take messages rather than bytes. */
  readonly message: Push;
  /** `JSON.stringify(message)`. */
  readonly text: string;
  #bytes: Buffer | undefined;
  #line: Buffer | undefined;

  constructor(message: Push) {
    this.message = message;
    this.text = JSON.stringify(message);
  }

  /** The text as UTF-8: one WebSocket text frame's payload. */
  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.text, 'utf8');
    return this.#bytes;
  }

  /** The text and a newline as UTF-8: one line of the TCP JSON server. */
  get line(): Buffer {
    this.#line ??= Buffer.from(`${this.text}\n`, 'utf8');
    return this.#line;
  }
}

/** Sends an encoded push to a session: as the shared bytes when it can take them. */
export function sendEncoded(session: SessionState, push: EncodedPush): void {
  if (session.pushEncoded) session.pushEncoded(push);
  else session.push(push.message);
}
