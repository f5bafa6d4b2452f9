import { describe, expect, it } from 'vitest';
import {
  decodeImage,
  decodeImageRequest,
  decodePixelRequest,
  encodeAbort,
  encodeError,
  encodeImagesReply,
  encodeInit,
  encodeMessage,
  encodePixelReply,
  encodeReply,
  LineLog,
  MessageReader,
  PipeMessageType,
  PipeProtocolError,
} from './effect-pipe.js';

/** Two messages back to back: COLORS [1,2,3] and READY (empty). */
const TWO = Uint8Array.of(0x01, 3, 0, 0, 0, 1, 2, 3, 0x06, 0, 0, 0, 0);

describe('MessageReader', () => {
  it('reads whole messages from one chunk as views of it, without copying', () => {
    const reader = new MessageReader();
    const messages = reader.push(TWO);
    expect(messages.map((m) => [m.type, [...m.payload]])).toEqual([
      [0x01, [1, 2, 3]],
      [0x06, []],
    ]);
    const first = messages[0]?.payload as Uint8Array;
    expect(first.buffer).toBe(TWO.buffer);
    expect(first.byteOffset).toBe(5);
    expect(reader.pendingBytes).toBe(0);
  });

  it('gives the same messages however the stream is cut', () => {
    for (let cut = 1; cut < TWO.length; cut++) {
      const reader = new MessageReader();
      const messages = [...reader.push(TWO.subarray(0, cut)), ...reader.push(TWO.subarray(cut))];
      expect(messages.map((m) => [m.type, [...m.payload]])).toEqual([
        [0x01, [1, 2, 3]],
        [0x06, []],
      ]);
    }
  });

  it('assembles a message fed one byte at a time', () => {
    const reader = new MessageReader();
    const out = [];
    for (const byte of TWO) out.push(...reader.push(Uint8Array.of(byte)));
    expect(out.map((m) => m.type)).toEqual([0x01, 0x06]);
    expect([...(out[0]?.payload ?? [])]).toEqual([1, 2, 3]);
  });

  it('holds back an unfinished message and counts its bytes', () => {
    const reader = new MessageReader();
    expect(reader.push(TWO.subarray(0, 6))).toEqual([]);
    expect(reader.pendingBytes).toBe(1);
    expect(reader.push(TWO.subarray(6, 7))).toEqual([]);
    expect(reader.pendingBytes).toBe(2);
  });

  it('reads a length above 2³¹ as unsigned and refuses it', () => {
    const reader = new MessageReader({ maxPayloadBytes: 16 });
    expect(() => reader.push(Uint8Array.of(0x01, 0, 0, 0, 0x80))).toThrow(
      'message type 0x01 announces 2147483648 bytes, more than the 16 allowed',
    );
    expect(() =>
      new MessageReader({ maxPayloadBytes: 16 }).push(Uint8Array.of(2, 17, 0, 0, 0)),
    ).toThrow(PipeProtocolError);
  });
});

describe('encoders', () => {
  it('frames a message as type, little-endian length, payload', () => {
    expect([...encodeMessage(0x83, Uint8Array.of(9, 8))]).toEqual([0x83, 2, 0, 0, 0, 9, 8]);
    expect([...encodeAbort()]).toEqual([0x82, 0, 0, 0, 0]);
    expect([...encodeReply(Uint8Array.of(7))]).toEqual([0x83, 1, 0, 0, 0, 7]);
    expect([...encodePixelReply([1, 2, 255])]).toEqual([0x83, 3, 0, 0, 0, 1, 2, 255]);
  });

  it('encodes ERROR as UTF-8 text', () => {
    const bytes = encodeError('nö');
    expect([...bytes]).toEqual([0x84, 3, 0, 0, 0, 0x6e, 0xc3, 0xb6]);
  });

  it('encodes INIT as JSON a reader gets back unchanged', () => {
    const init = {
      name: 'Fire',
      script: '/e/fire.py',
      ledCount: 3,
      latchTime: 20,
      args: { speed: 1.5, on: true },
      width: 8,
      height: 4,
      durationMs: -1,
      imageData: null,
      resourceDirs: ['/e'],
    };
    const [message] = new MessageReader().push(encodeInit(init));
    expect(message?.type).toBe(PipeMessageType.INIT);
    expect(JSON.parse(Buffer.from(message?.payload ?? []).toString())).toEqual(init);
  });

  it('encodes the GET_IMAGE reply: count, then width, height and pixels per frame', () => {
    const bytes = encodeImagesReply([
      { width: 2, height: 1, data: Uint8Array.of(1, 2, 3, 4, 5, 6) },
      { width: 1, height: 1, data: Uint8Array.of(7, 8, 9) },
    ]);
    expect([...bytes]).toEqual([
      0x83, 21, 0, 0, 0, 2, 0, 0, 0, 2, 0, 1, 0, 1, 2, 3, 4, 5, 6, 1, 0, 1, 0, 7, 8, 9,
    ]);
    expect(() => encodeImagesReply([{ width: 2, height: 2, data: new Uint8Array(3) }])).toThrow(
      'a 2×2 picture has 3 bytes instead of 12',
    );
  });
});

describe('decoders', () => {
  it('reads an IMAGE payload as a view of it', () => {
    const payload = Uint8Array.of(2, 0, 1, 0, 10, 20, 30, 40, 50, 60);
    const image = decodeImage(payload);
    expect([image.width, image.height, [...image.data]]).toEqual([2, 1, [10, 20, 30, 40, 50, 60]]);
    expect(image.data.buffer).toBe(payload.buffer);
    expect(() => decodeImage(Uint8Array.of(2, 0, 1, 0, 10))).toThrow(
      'an IMAGE of 2×1 pixels carried 1 bytes of pixels; 6 expected',
    );
  });

  it('reads GET_PIXEL as two signed 32-bit numbers', () => {
    expect(decodePixelRequest(Uint8Array.of(5, 0, 0, 0, 0xff, 0xff, 0xff, 0xff))).toEqual({
      x: 5,
      y: -1,
    });
    expect(() => decodePixelRequest(new Uint8Array(7))).toThrow(PipeProtocolError);
  });

  it('reads GET_IMAGE JSON and refuses other shapes', () => {
    const ok = Buffer.from('{"source":":fire.gif","crop":[1,2,3,4],"grayscale":true}');
    expect(decodeImageRequest(ok)).toEqual({
      source: ':fire.gif',
      crop: [1, 2, 3, 4],
      grayscale: true,
    });
    expect(() => decodeImageRequest(Buffer.from('{"source":1}'))).toThrow(PipeProtocolError);
    expect(() => decodeImageRequest(Buffer.from('nope'))).toThrow(
      'a GET_IMAGE request is not JSON',
    );
  });
});

describe('LineLog', () => {
  function collect(limits = { maxLineLength: 10, maxLinesPerSecond: 3 }) {
    const lines: string[] = [];
    let now = 0;
    const log = new LineLog(
      (line) => lines.push(line),
      limits,
      () => now,
    );
    return { lines, log, tick: (ms: number) => (now += ms) };
  }

  it('splits text into lines across chunks and drops a trailing carriage return', () => {
    const { lines, log } = collect();
    log.push('ab');
    log.push('c\r\nde\nf');
    expect(lines).toEqual(['abc', 'de']);
    log.end();
    expect(lines).toEqual(['abc', 'de', 'f']);
  });

  it('cuts long lines and marks the cut', () => {
    const { lines, log } = collect();
    log.push('0123456789ABCDEF\n');
    log.push('x'.repeat(5));
    log.push('y'.repeat(50));
    log.push('\n');
    expect(lines).toEqual(['0123456789…', 'xxxxxyyyyy…']);
  });

  it('passes a capped number of lines a second and reports how many it dropped', () => {
    const { lines, log, tick } = collect();
    log.push('1\n2\n3\n4\n5\n');
    expect(lines).toEqual(['1', '2', '3']);
    tick(999);
    log.push('6\n');
    expect(lines).toEqual(['1', '2', '3']);
    tick(1);
    log.push('7\n');
    expect(lines).toEqual(['1', '2', '3', '… 3 more lines not logged (more than 3 a second)', '7']);
    log.push('8\n9\n10\n');
    log.end();
    expect(lines.slice(5)).toEqual(['8', '9', '… 1 more line not logged (more than 3 a second)']);
  });
});
