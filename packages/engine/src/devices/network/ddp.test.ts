import { describe, expect, it } from 'vitest';
import { DdpDecoder, parseDdpHeader } from '../../../test/support/ddp-decoder.js';
import { DDP_HEADER_BYTES, DDP_MAX_DATA_BYTES, DdpEncoder } from './ddp.js';

/** A frame whose every byte differs from its neighbours, so a misplaced byte shows. */
function pattern(bytes: number, salt = 0): Uint8Array {
  return Uint8Array.from({ length: bytes }, (_, i) => (i * 7 + salt) & 0xff);
}

describe('DdpEncoder', () => {
  it('encodes a small frame as one packet with PUSH, byte for byte', () => {
    const encoder = new DdpEncoder(6);
    const packets = encoder.encode(Uint8Array.of(255, 0, 0, 1, 2, 3));
    expect(packets.map((packet) => [...packet])).toEqual([
      [0x41, 0, 0x0b, 1, 0, 0, 0, 0, 0, 6, 255, 0, 0, 1, 2, 3],
    ]);
  });

  it('fits 480 LEDs (1440 bytes) in one packet and splits 481 into two', () => {
    const one = new DdpEncoder(480 * 3).encode(pattern(1440));
    expect(one).toHaveLength(1);
    expect([...(one[0] as Buffer).subarray(0, 10)]).toEqual([
      0x41, 0, 0x0b, 1, 0, 0, 0, 0, 0x05, 0xa0,
    ]);

    const frame = pattern(481 * 3);
    const two = new DdpEncoder(481 * 3).encode(frame);
    expect(two.map((packet) => packet.length)).toEqual([1450, 13]);
    expect([...(two[0] as Buffer).subarray(0, 10)]).toEqual([
      0x40, 0, 0x0b, 1, 0, 0, 0, 0, 0x05, 0xa0,
    ]);
    expect([...(two[1] as Buffer).subarray(0, 10)]).toEqual([
      0x41, 1, 0x0b, 1, 0, 0, 0x05, 0xa0, 0, 3,
    ]);
    expect([...(two[1] as Buffer).subarray(10)]).toEqual([...frame.subarray(1440)]);
  });

  it('fragments a 5000-LED frame into 11 packets with offsets, lengths, sequence and PUSH', () => {
    const frame = pattern(5000 * 3);
    const packets = new DdpEncoder(frame.length).encode(frame);
    const headers = packets.map(parseDdpHeader);
    // 15000 bytes = 10 × 1440 + 600.
    expect(headers.map((h) => h.offset)).toEqual([
      0, 1440, 2880, 4320, 5760, 7200, 8640, 10080, 11520, 12960, 14400,
    ]);
    expect(headers.map((h) => h.length)).toEqual([...Array(10).fill(1440), 600]);
    expect(headers.map((h) => h.sequence)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(headers.map((h) => h.flags)).toEqual([...Array(10).fill(0x40), 0x41]);
    const decoder = new DdpDecoder({ frameBytes: frame.length, firstSequence: 0 });
    const decoded = packets.map((packet) => decoder.push(packet));
    expect(decoded.slice(0, 10).every((part) => part === undefined)).toBe(true);
    expect(decoded[10]).toEqual(frame);
  });

  it('numbers packets on across frames, wrapping from 15 to 0', () => {
    const encoder = new DdpEncoder(5000 * 3);
    const decoder = new DdpDecoder({ frameBytes: 15000, firstSequence: 0 });
    const frames = [pattern(15000, 1), pattern(15000, 2), pattern(15000, 3)];
    const sequences: number[] = [];
    for (const frame of frames) {
      const packets = encoder.encode(frame);
      sequences.push(...packets.map((packet) => packet[1] as number));
      // Decode before the next encode: the buffers are reused.
      for (const packet of packets) decoder.push(packet);
    }
    expect(sequences.slice(9, 13)).toEqual([9, 10, 11, 12]);
    expect(sequences.slice(14, 18)).toEqual([14, 15, 0, 1]);
    expect(encoder.nextSequence).toBe(33 & 0x0f);
    expect(decoder.frames).toEqual(frames);
  });

  it('reuses the same packet buffers for every frame', () => {
    const encoder = new DdpEncoder(3000);
    const first = encoder.encode(pattern(3000, 1));
    const firstBuffers = [...first];
    const second = encoder.encode(pattern(3000, 2));
    expect(second).toBe(first);
    expect(second.every((packet, i) => packet === firstBuffers[i])).toBe(true);
    expect(encoder.packetCount).toBe(3);
    expect(second.reduce((sum, packet) => sum + packet.length - DDP_HEADER_BYTES, 0)).toBe(3000);
  });

  it('refuses a frame of another size and a size below 1', () => {
    expect(() => new DdpEncoder(6).encode(new Uint8Array(9))).toThrow(
      'DDP: a frame of 9 bytes for an encoder of 6; send 3 bytes per hardware LED',
    );
    expect(() => new DdpEncoder(0)).toThrow(RangeError);
  });

  it('never puts more than 1440 data bytes in a packet', () => {
    const packets = new DdpEncoder(65536 * 3).encode(new Uint8Array(65536 * 3));
    expect(packets).toHaveLength(Math.ceil((65536 * 3) / DDP_MAX_DATA_BYTES));
    expect(Math.max(...packets.map((packet) => packet.length))).toBe(DDP_HEADER_BYTES + 1440);
  });
});

describe('DdpDecoder (test support) catches wrong bytes', () => {
  const good = () =>
    Buffer.from(new DdpEncoder(6).encode(Uint8Array.of(1, 2, 3, 4, 5, 6))[0] as Buffer);

  it.each([
    [0, 0x41 | 0x10, /byte 0 \(flags\) is 0x51/],
    [1, 3, /byte 1 \(sequence\) is 3, expected 0/],
    [2, 0x8b, /byte 2 \(type\) is 0x8b/],
    [3, 2, /byte 3 \(id\) is 2/],
    [7, 1, /bytes 4-7 \(offset\) say 1, expected 0/],
    [9, 5, /bytes 8-9 \(length\) say 5, the packet holds 6/],
  ])('byte %i set to %i', (index, value, message) => {
    const packet = good();
    packet[index] = value;
    expect(() => new DdpDecoder({ firstSequence: 0 }).push(packet)).toThrow(message);
  });

  it('a short packet before PUSH and a frame of the wrong size', () => {
    const packet = good();
    packet[0] = 0x40;
    expect(() => new DdpDecoder().push(packet)).toThrow(/without PUSH/);
    expect(() => new DdpDecoder({ frameBytes: 9 }).push(good())).toThrow(
      /PUSH after 6 bytes, expected a frame of 9/,
    );
  });
});
