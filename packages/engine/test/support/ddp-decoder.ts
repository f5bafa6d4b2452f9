/**
 * A strict DDP receiver for tests and benchmarks: parses each packet's header, checks every header
 * byte against what Glowkit (and Hyperion.ng) must send, and reassembles frames on PUSH. A packet
 * that breaks a rule throws a {@link DdpDecodeError} saying which byte and why, so a test fails on
 * the first wrong byte.
 *
 * Rules checked (see `src/devices/network/ddp.ts`):
 * - at least 10 bytes; byte 0 is `0x40` (version 1) or `0x41` (version 1 + PUSH), nothing else;
 * - byte 1: the high nibble is 0 and the sequence number (low nibble) is the previous packet's
 *   plus one, wrapping 15 → 0 (the first packet's is `firstSequence`, or taken as it is);
 * - byte 2 is `0x0B` (RGB, 8 bits per channel); byte 3 is 1 (display);
 * - bytes 4–7 (big-endian offset) equal the frame bytes received so far;
 * - bytes 8–9 (big-endian length) equal the data bytes in the datagram, 1–1440, and every packet
 *   but the last of a frame carries exactly 1440;
 * - with `frameBytes`, a frame ends (PUSH) at exactly that many bytes.
 *
 * @example
 * const decoder = new DdpDecoder({ frameBytes: 15000, firstSequence: 0 });
 * for (const packet of receiver.packets) decoder.push(packet);
 * expect(decoder.frames).toHaveLength(1);
 */

/** The fields of a DDP header. */
export interface DdpHeader {
  flags: number;
  push: boolean;
  sequence: number;
  type: number;
  id: number;
  offset: number;
  length: number;
}

/** A packet that breaks the protocol; the message names the packet and the byte. */
export class DdpDecodeError extends Error {
  override name = 'DdpDecodeError';
}

/** Reads the 10-byte header of a packet; throws when the packet is shorter. */
export function parseDdpHeader(packet: Uint8Array): DdpHeader {
  if (packet.length < 10) {
    throw new DdpDecodeError(
      `DDP packet of ${packet.length} bytes is shorter than its header (10)`,
    );
  }
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const flags = view.getUint8(0);
  return {
    flags,
    push: (flags & 0x01) !== 0,
    sequence: view.getUint8(1),
    type: view.getUint8(2),
    id: view.getUint8(3),
    offset: view.getUint32(4),
    length: view.getUint16(8),
  };
}

/** Options of a {@link DdpDecoder}. */
export interface DdpDecoderOptions {
  /** The size every frame must have; unchecked when absent. */
  frameBytes?: number;
  /** The sequence number the first packet must carry; taken as it comes when absent. */
  firstSequence?: number;
}

/** Reassembles frames from DDP packets, checking every header byte. */
export class DdpDecoder {
  /** Complete frames (a PUSH packet ended them), oldest first. */
  readonly frames: Uint8Array[] = [];
  /** Headers of every packet accepted, oldest first. */
  readonly headers: DdpHeader[] = [];
  readonly #frameBytes: number | undefined;
  #expectedSequence: number | undefined;
  #parts: Uint8Array[] = [];
  #received = 0;
  #packets = 0;

  constructor(options: DdpDecoderOptions = {}) {
    this.#frameBytes = options.frameBytes;
    this.#expectedSequence = options.firstSequence;
  }

  /** Bytes of the frame under way (packets without PUSH yet). */
  get pendingBytes(): number {
    return this.#received;
  }

  /**
   * Checks one packet and adds its data to the frame under way. Returns the frame when the
   * packet had PUSH, else undefined. Throws a {@link DdpDecodeError} on any broken rule.
   */
  push(packet: Uint8Array): Uint8Array | undefined {
    const index = this.#packets++;
    const fail = (problem: string) => {
      throw new DdpDecodeError(`DDP packet ${index} (${packet.length} bytes): ${problem}`);
    };
    const header = parseDdpHeader(packet);
    if (header.flags !== 0x40 && header.flags !== 0x41) {
      fail(`byte 0 (flags) is 0x${hex(header.flags)}, expected 0x40 or 0x41`);
    }
    if (header.sequence > 0x0f)
      fail(`byte 1 is 0x${hex(header.sequence)}, its high nibble must be 0`);
    if (this.#expectedSequence !== undefined && header.sequence !== this.#expectedSequence) {
      fail(`byte 1 (sequence) is ${header.sequence}, expected ${this.#expectedSequence}`);
    }
    this.#expectedSequence = (header.sequence + 1) & 0x0f;
    if (header.type !== 0x0b)
      fail(`byte 2 (type) is 0x${hex(header.type)}, expected 0x0b (RGB 8-bit)`);
    if (header.id !== 1) fail(`byte 3 (id) is ${header.id}, expected 1 (display)`);
    if (header.offset !== this.#received) {
      fail(`bytes 4-7 (offset) say ${header.offset}, expected ${this.#received}`);
    }
    const data = packet.length - 10;
    if (header.length !== data)
      fail(`bytes 8-9 (length) say ${header.length}, the packet holds ${data}`);
    if (data < 1 || data > 1440) fail(`holds ${data} data bytes, expected 1 to 1440`);
    if (!header.push && data !== 1440) {
      fail(
        `holds ${data} data bytes without PUSH; only the last packet of a frame may hold fewer than 1440`,
      );
    }
    this.headers.push(header);
    this.#parts.push(Uint8Array.from(packet.subarray(10)));
    this.#received += data;
    if (!header.push) return undefined;
    if (this.#frameBytes !== undefined && this.#received !== this.#frameBytes) {
      fail(`PUSH after ${this.#received} bytes, expected a frame of ${this.#frameBytes}`);
    }
    const frame = new Uint8Array(this.#received);
    let at = 0;
    for (const part of this.#parts) {
      frame.set(part, at);
      at += part.length;
    }
    this.#parts = [];
    this.#received = 0;
    this.frames.push(frame);
    return frame;
  }
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}
