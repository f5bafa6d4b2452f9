/**
 * The DDP (Distributed Display Protocol, 3waylabs) packet encoder: one frame of RGB bytes becomes
 * one or more UDP datagrams of a 10-byte header and at most 1440 data bytes.
 *
 * Header (all multi-byte fields big-endian):
 * - byte 0: flags — version 1 (`0x40`), plus PUSH (`0x01`) on the last packet of a frame only, so
 *   the receiver shows the frame once it is complete;
 * - byte 1: sequence number, low 4 bits;
 * - byte 2: data type — `0x0B`, RGB with 8 bits per channel;
 * - byte 3: destination id — 1, the display;
 * - bytes 4–7: offset of the packet's first data byte within the frame;
 * - bytes 8–9: number of data bytes in the packet.
 */

/** The DDP port receivers listen on (WLED, xLights, ESPixelStick). */
export const DDP_PORT = 4048;
/** Bytes before the data in each packet (no time code: that flag is never set). */
export const DDP_HEADER_BYTES = 10;
/** Data bytes per packet at most: 480 RGB LEDs, what Hyperion.ng and WLED send. */
export const DDP_MAX_DATA_BYTES = 1440;
/** Flags byte: protocol version 1. */
export const DDP_FLAG_VERSION_1 = 0x40;
/** Flags byte: show the frame now (set on the last packet of a frame). */
export const DDP_FLAG_PUSH = 0x01;
/** Data type byte: RGB, 8 bits per channel (type 1 in bits 3–5, size 3 = 8 bits in bits 0–2). */
export const DDP_TYPE_RGB24 = 0x0b;
/** Destination id of the display. */
export const DDP_ID_DISPLAY = 1;

/**
 * Encodes frames of a fixed size into DDP packets. The packet buffers and every header byte that
 * does not change (flags, type, id, offset, length) are made once, so encoding a frame is a copy
 * of its bytes and one sequence byte per packet. The same buffers are returned for every frame:
 * send them before encoding the next one.
 *
 * Sequence numbers follow Hyperion.ng: a counter that starts at 0 and goes up by one per packet
 * (not per frame), wrapping after 15. WLED requires nothing of them unless its "Skip
 * out-of-sequence packets" sync option is on (`e131.cpp` `handleDDPPacket`): it then takes 0 as
 * "no number" and drops a packet whose number is among the 4–5 just before the number of the
 * last PUSH packet it kept (a late packet of an older frame). Simulating that rule against this
 * numbering, frames of 1–6, 8 and 10 packets always arrive whole; frames of 7, 9 or 11 and more
 * packets (above 2880 RGB LEDs) lose packets with that option on, so users of large WLED setups
 * should leave it off.
 *
 * Differences from Hyperion.ng: the type byte is `0x0B` (standard RGB 8-bit, what WLED's own DDP
 * output sends); ng's head sends `0x8B` (the same with the "customer-defined" bit set) and 2.0.16
 * sent 1. WLED reads only bits 3–5, so all three show the same.
 */
export class DdpEncoder {
  /** Bytes per frame this encoder takes (3 per LED). */
  readonly frameBytes: number;
  readonly #packets: Buffer[];
  #sequence = 0;

  /** @param frameBytes the size of every frame, ≥ 1. */
  constructor(frameBytes: number) {
    if (!Number.isInteger(frameBytes) || frameBytes < 1) {
      throw new RangeError(`DDP: a frame needs at least 1 byte, got ${frameBytes}`);
    }
    this.frameBytes = frameBytes;
    const count = Math.ceil(frameBytes / DDP_MAX_DATA_BYTES);
    this.#packets = [];
    for (let index = 0; index < count; index++) {
      const offset = index * DDP_MAX_DATA_BYTES;
      const length = Math.min(DDP_MAX_DATA_BYTES, frameBytes - offset);
      const packet = Buffer.alloc(DDP_HEADER_BYTES + length);
      packet[0] = index === count - 1 ? DDP_FLAG_VERSION_1 | DDP_FLAG_PUSH : DDP_FLAG_VERSION_1;
      packet[2] = DDP_TYPE_RGB24;
      packet[3] = DDP_ID_DISPLAY;
      packet.writeUInt32BE(offset, 4);
      packet.writeUInt16BE(length, 8);
      this.#packets.push(packet);
    }
  }

  /** Packets per frame. */
  get packetCount(): number {
    return this.#packets.length;
  }

  /** The sequence number (0–15) the next packet gets. */
  get nextSequence(): number {
    return this.#sequence;
  }

  /**
   * Fills the packets with one frame and numbers them; returns the reused packet buffers.
   * Throws when the frame is not {@link frameBytes} long.
   */
  encode(frame: Uint8Array): readonly Buffer[] {
    if (frame.length !== this.frameBytes) {
      throw new RangeError(
        `DDP: a frame of ${frame.length} bytes for an encoder of ${this.frameBytes}; send 3 bytes per hardware LED`,
      );
    }
    const packets = this.#packets;
    let sequence = this.#sequence;
    let offset = 0;
    for (let index = 0; index < packets.length; index++) {
      const packet = packets[index] as Buffer;
      const length = packet.length - DDP_HEADER_BYTES;
      packet[1] = sequence;
      sequence = (sequence + 1) & 0x0f;
      packet.set(frame.subarray(offset, offset + length), DDP_HEADER_BYTES);
      offset += length;
    }
    this.#sequence = sequence;
    return packets;
  }
}
