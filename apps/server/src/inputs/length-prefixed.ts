/**
 * The framing of the flatbuffers and protobuf picture protocols: each message is a u32
 * big-endian length, then that many bytes.
 */

/**
 * Largest message taken by default: a 3840×2160 RGBX picture (33.2 MB) and its table. Grabbers
 * send decimated pictures far below it (1920×1080 RGB at decimation 8 is 97 KB); Hyperion.ng has
 * no limit and buffers a 4 GiB length until it is complete.
 */
export const MAX_FRAME_BYTES = 34 * 1024 * 1024;

/** A length prefix that cannot be a message: the connection is beyond repair. */
export class FramingError extends Error {}

/**
 * Cuts a byte stream into messages. Bytes are kept as they arrive and joined once a message is
 * complete (one copy), so a client that announces a large message and sends little holds only
 * what it sent. A message that lies whole inside one chunk is not copied at all.
 */
export class LengthPrefixedReader {
  readonly #max: number;
  /** Bytes of the message (or prefix) under way. */
  #parts: Buffer[] = [];
  #have = 0;
  /** The length of the message under way; -1 while its prefix is incomplete. */
  #expected = -1;

  /** @param maxBytes the largest message taken (default {@link MAX_FRAME_BYTES}). */
  constructor(maxBytes = MAX_FRAME_BYTES) {
    this.#max = maxBytes;
  }

  /** Bytes held for the message under way. */
  get pending(): number {
    return this.#have;
  }

  /**
   * Takes a chunk; returns the messages it completed, in order. Throws a {@link FramingError}
   * for a length of 0 or over the limit (said in its message).
   */
  push(chunk: Buffer): Buffer[] {
    const messages: Buffer[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (this.#expected < 0) {
        const take = Math.min(4 - this.#have, chunk.length - at);
        this.#parts.push(chunk.subarray(at, at + take));
        this.#have += take;
        at += take;
        if (this.#have < 4) break;
        const prefix = Buffer.concat(this.#parts, 4);
        this.#parts = [];
        this.#have = 0;
        const length = prefix.readUInt32BE(0);
        if (length === 0) throw new FramingError('a message of length 0');
        if (length > this.#max) {
          throw new FramingError(
            `a message of ${length} bytes, over the ${this.#max}-byte limit (is the client speaking this protocol?)`,
          );
        }
        this.#expected = length;
        continue;
      }
      const take = Math.min(this.#expected - this.#have, chunk.length - at);
      const piece = chunk.subarray(at, at + take);
      at += take;
      if (this.#have === 0 && take === this.#expected) {
        messages.push(piece);
      } else {
        this.#parts.push(piece);
        this.#have += take;
        if (this.#have < this.#expected) break;
        messages.push(Buffer.concat(this.#parts, this.#expected));
      }
      this.#parts = [];
      this.#have = 0;
      this.#expected = -1;
    }
    return messages;
  }
}

/** A message with its u32 big-endian length before it. */
export function withLengthPrefix(body: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(4 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.set(body, 4);
  return out;
}
