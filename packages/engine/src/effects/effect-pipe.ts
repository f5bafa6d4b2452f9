/**
 * The effect pipe (packages/engine/python/PIPE.md): binary messages between the engine and one
 * Python effect child, and the line framing of the child's stdout/stderr. Every message is
 * `type u8`, `length u32` (little-endian), then `length` bytes of payload.
 */
import type { RgbImage } from '../types.js';

/** Message types, both ways (PIPE.md). */
export const PipeMessageType = {
  /** engine → child: the effect's setup, UTF-8 JSON. */
  INIT: 0x81,
  /** engine → child: stop; `abort()` returns 1 from now on. */
  ABORT: 0x82,
  /** engine → child: the answer to the last request. */
  REPLY: 0x83,
  /** engine → child: the last request failed (UTF-8 text); the module raises RuntimeError. */
  ERROR: 0x84,
  /** child → engine: RGB bytes, exactly 3 · ledCount. */
  COLORS: 0x01,
  /** child → engine: `width u16`, `height u16`, RGB bytes. */
  IMAGE: 0x02,
  /** child → engine: a batch of drawing operations. */
  DRAW: 0x03,
  /** child → engine: `x i32`, `y i32`; answered with `r, g, b`. */
  GET_PIXEL: 0x04,
  /** child → engine: UTF-8 JSON `{ source, crop, grayscale }`; answered with the frames. */
  GET_IMAGE: 0x05,
  /** child → engine: the script compiled and is about to run. */
  READY: 0x06,
  /** child → engine: the one-line reason the script failed, sent just before it exits 1. */
  FAILURE: 0x07,
} as const;

/** Bytes before every payload: type u8 + length u32. */
export const HEADER_BYTES = 5;

/** One message read from the pipe. */
export interface PipeMessage {
  type: number;
  /** A view into the bytes read when the message arrived in one piece; a copy only otherwise. */
  payload: Uint8Array;
}

/** A message that breaks the pipe's rules; the child that sent it is killed. */
export class PipeProtocolError extends Error {
  override name = 'PipeProtocolError';
}

/** The largest payload a {@link MessageReader} accepts unless told otherwise (64 MiB). */
export const DEFAULT_MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/**
 * Splits a byte stream into messages. A message that lies wholly inside one chunk is returned as
 * a view of that chunk (no copy); only a message split across chunks is assembled, into one
 * buffer of its final size.
 */
export class MessageReader {
  readonly #maxPayload: number;
  readonly #header = new Uint8Array(HEADER_BYTES);
  #headerFill = 0;
  #type = 0;
  #body: Uint8Array | undefined;
  #bodyFill = 0;

  constructor(options: { maxPayloadBytes?: number } = {}) {
    this.#maxPayload = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  }

  /** Bytes of an unfinished message held back until the rest arrives. */
  get pendingBytes(): number {
    return this.#headerFill + this.#bodyFill;
  }

  /**
   * Feeds the next chunk; returns the messages it completes, in order.
   * @throws {PipeProtocolError} when a header announces more than the allowed payload.
   */
  push(chunk: Uint8Array): PipeMessage[] {
    const messages: PipeMessage[] = [];
    const end = chunk.length;
    let pos = 0;
    while (pos < end) {
      if (this.#body !== undefined) {
        pos = this.#fillBody(chunk, pos, messages);
        continue;
      }
      if (this.#headerFill === 0 && end - pos >= HEADER_BYTES) {
        const type = chunk[pos] as number;
        const length = readU32(chunk, pos + 1);
        this.#check(type, length);
        const start = pos + HEADER_BYTES;
        if (end - start >= length) {
          // A plain view, even of a Buffer: consumers get the Uint8Array the API promises.
          messages.push({
            type,
            payload: new Uint8Array(chunk.buffer, chunk.byteOffset + start, length),
          });
          pos = start + length;
        } else {
          this.#type = type;
          this.#body = new Uint8Array(length);
          pos = this.#fillBody(chunk, start, messages);
        }
        continue;
      }
      // A header split across chunks: gather its five bytes first.
      const take = Math.min(HEADER_BYTES - this.#headerFill, end - pos);
      this.#header.set(chunk.subarray(pos, pos + take), this.#headerFill);
      this.#headerFill += take;
      pos += take;
      if (this.#headerFill === HEADER_BYTES) {
        this.#headerFill = 0;
        const type = this.#header[0] as number;
        const length = readU32(this.#header, 1);
        this.#check(type, length);
        this.#type = type;
        this.#body = new Uint8Array(length);
        this.#bodyFill = 0;
        if (length === 0) this.#finishBody(messages);
      }
    }
    return messages;
  }

  #fillBody(chunk: Uint8Array, pos: number, messages: PipeMessage[]): number {
    const body = this.#body as Uint8Array;
    const take = Math.min(body.length - this.#bodyFill, chunk.length - pos);
    body.set(chunk.subarray(pos, pos + take), this.#bodyFill);
    this.#bodyFill += take;
    if (this.#bodyFill === body.length) this.#finishBody(messages);
    return pos + take;
  }

  #finishBody(messages: PipeMessage[]): void {
    messages.push({ type: this.#type, payload: this.#body as Uint8Array });
    this.#body = undefined;
    this.#bodyFill = 0;
  }

  #check(type: number, length: number): void {
    if (length > this.#maxPayload) {
      throw new PipeProtocolError(
        `message type 0x${type.toString(16).padStart(2, '0')} announces ${length} bytes, more than the ${this.#maxPayload} allowed`,
      );
    }
  }
}

function readU32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24)) >>>
    0
  );
}

/** One message: header + payload, in a single buffer ready to write. */
export function encodeMessage(type: number, payload: Uint8Array = new Uint8Array(0)): Buffer {
  const out = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  out[0] = type;
  out.writeUInt32LE(payload.length, 1);
  out.set(payload, HEADER_BYTES);
  return out;
}

/** What INIT tells the child (PIPE.md). */
export interface EffectInit {
  name: string;
  /** Absolute path of the script. */
  script: string;
  ledCount: number;
  latchTime: number;
  args: Record<string, unknown>;
  /** The canvas size. */
  width: number;
  height: number;
  /** Milliseconds; -1: endless. */
  durationMs: number;
  /** Base64 picture for `getImage()`, or null. */
  imageData: string | null;
  /** Folders that `:name` resolves in, in order. */
  resourceDirs: string[];
}

/** INIT: the effect's setup as UTF-8 JSON. */
export function encodeInit(init: EffectInit): Buffer {
  return encodeMessage(PipeMessageType.INIT, Buffer.from(JSON.stringify(init), 'utf8'));
}

/** ABORT: from now on the script's `abort()` returns 1. */
export function encodeAbort(): Buffer {
  return encodeMessage(PipeMessageType.ABORT);
}

/** REPLY: the answer to the child's last request. */
export function encodeReply(payload: Uint8Array): Buffer {
  return encodeMessage(PipeMessageType.REPLY, payload);
}

/** ERROR: the child's last request failed; the script sees `RuntimeError(text)`. */
export function encodeError(text: string): Buffer {
  return encodeMessage(PipeMessageType.ERROR, Buffer.from(text, 'utf8'));
}

/** The REPLY to GET_PIXEL: `r, g, b`. */
export function encodePixelReply(rgb: readonly [number, number, number]): Buffer {
  return encodeReply(Uint8Array.of(rgb[0], rgb[1], rgb[2]));
}

/**
 * The REPLY to GET_IMAGE: `count u32`, then per frame `width u16`, `height u16` and its RGB bytes,
 * built in one buffer.
 * @throws {RangeError} when a frame is larger than 65535 pixels either way or its data is not
 * 3 · width · height bytes.
 */
export function encodeImagesReply(images: readonly RgbImage[]): Buffer {
  let length = 4;
  for (const image of images) {
    if (image.width > 0xffff || image.height > 0xffff) {
      throw new RangeError(
        `a ${image.width}×${image.height} picture is too large for an effect (65535 pixels each way at most)`,
      );
    }
    if (image.data.length !== image.width * image.height * 3) {
      throw new RangeError(
        `a ${image.width}×${image.height} picture has ${image.data.length} bytes instead of ${image.width * image.height * 3}`,
      );
    }
    length += 4 + image.data.length;
  }
  const out = Buffer.allocUnsafe(HEADER_BYTES + length);
  out[0] = PipeMessageType.REPLY;
  out.writeUInt32LE(length, 1);
  let at = HEADER_BYTES;
  at = out.writeUInt32LE(images.length, at);
  for (const image of images) {
    at = out.writeUInt16LE(image.width, at);
    at = out.writeUInt16LE(image.height, at);
    out.set(image.data, at);
    at += image.data.length;
  }
  return out;
}

/**
 * Reads an IMAGE payload (`width u16`, `height u16`, RGB bytes) as a picture whose data is a view
 * of the payload.
 * @throws {PipeProtocolError} when the byte count does not match the size.
 */
export function decodeImage(payload: Uint8Array): RgbImage {
  if (payload.length < 4) {
    throw new PipeProtocolError(`an IMAGE message of ${payload.length} bytes has no size`);
  }
  const width = (payload[0] as number) | ((payload[1] as number) << 8);
  const height = (payload[2] as number) | ((payload[3] as number) << 8);
  const expected = 4 + width * height * 3;
  if (payload.length !== expected || width === 0 || height === 0) {
    throw new PipeProtocolError(
      `an IMAGE of ${width}×${height} pixels carried ${payload.length - 4} bytes of pixels; ${expected - 4} expected`,
    );
  }
  return { width, height, data: payload.subarray(4) };
}

/**
 * Reads a GET_PIXEL payload: `x i32`, `y i32`.
 * @throws {PipeProtocolError} unless it is 8 bytes.
 */
export function decodePixelRequest(payload: Uint8Array): { x: number; y: number } {
  if (payload.length !== 8) {
    throw new PipeProtocolError(`a GET_PIXEL request of ${payload.length} bytes; 8 expected`);
  }
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  return { x: view.getInt32(0, true), y: view.getInt32(4, true) };
}

/** What a GET_IMAGE request asks for. */
export interface ImageRequest {
  source: string;
  crop: [number, number, number, number];
  grayscale: boolean;
}

/**
 * Reads a GET_IMAGE payload (UTF-8 JSON `{ source, crop, grayscale }`).
 * @throws {PipeProtocolError} when it is not that shape.
 */
export function decodeImageRequest(payload: Uint8Array): ImageRequest {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload.buffer, payload.byteOffset, payload.length).toString());
  } catch {
    throw new PipeProtocolError('a GET_IMAGE request is not JSON');
  }
  const { source, crop, grayscale } = (value ?? {}) as Record<string, unknown>;
  if (
    typeof source !== 'string' ||
    !Array.isArray(crop) ||
    crop.length !== 4 ||
    !crop.every((n) => Number.isInteger(n)) ||
    typeof grayscale !== 'boolean'
  ) {
    throw new PipeProtocolError(
      'a GET_IMAGE request lacks "source" (string), "crop" (4 integers) or "grayscale" (boolean)',
    );
  }
  return { source, crop: crop as [number, number, number, number], grayscale };
}

/** Limits for {@link LineLog}. */
export interface LineLogLimits {
  /** Longer lines are cut and end in "…". */
  maxLineLength: number;
  /** Lines passed on per second; the rest are counted and reported once. */
  maxLinesPerSecond: number;
}

/**
 * Splits a child's stdout or stderr into lines and passes them on at a capped rate and length,
 * so that a chatty script cannot flood the server's log. Lines over the rate are dropped and
 * counted; the count is reported once the second is over (on the next line or on {@link end}).
 */
export class LineLog {
  readonly #emit: (line: string) => void;
  readonly #limits: LineLogLimits;
  readonly #now: () => number;
  #partial = '';
  #partialCut = false;
  #windowStart = Number.NEGATIVE_INFINITY;
  #windowCount = 0;
  #dropped = 0;

  constructor(
    emit: (line: string) => void,
    limits: LineLogLimits = { maxLineLength: 500, maxLinesPerSecond: 20 },
    now: () => number = Date.now,
  ) {
    this.#emit = emit;
    this.#limits = limits;
    this.#now = now;
  }

  /** Feeds decoded text (UTF-8 already assembled by the caller's decoder). */
  push(text: string): void {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline < 0) break;
      this.#appendPartial(text.slice(start, newline));
      this.#line(this.#partial, this.#partialCut);
      this.#partial = '';
      this.#partialCut = false;
      start = newline + 1;
    }
    if (start < text.length) this.#appendPartial(text.slice(start));
  }

  /** The stream ended: passes on the last unterminated line and the count of dropped lines. */
  end(): void {
    if (this.#partial.length > 0 || this.#partialCut) this.#line(this.#partial, this.#partialCut);
    this.#partial = '';
    this.#partialCut = false;
    this.#reportDropped();
  }

  #appendPartial(piece: string): void {
    // Keep at most one line's worth: a script writing megabytes without a newline costs nothing.
    const room = this.#limits.maxLineLength - this.#partial.length;
    if (piece.length > room) {
      if (room > 0) this.#partial += piece.slice(0, room);
      this.#partialCut = true;
    } else {
      this.#partial += piece;
    }
  }

  #line(raw: string, cut: boolean): void {
    const now = this.#now();
    if (now - this.#windowStart >= 1000) {
      this.#reportDropped();
      this.#windowStart = now;
      this.#windowCount = 0;
    }
    if (this.#windowCount >= this.#limits.maxLinesPerSecond) {
      this.#dropped++;
      return;
    }
    this.#windowCount++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    this.#emit(cut ? `${line}…` : line);
  }

  #reportDropped(): void {
    if (this.#dropped === 0) return;
    const dropped = this.#dropped;
    this.#dropped = 0;
    this.#emit(
      `… ${dropped} more line${dropped === 1 ? '' : 's'} not logged (more than ${this.#limits.maxLinesPerSecond} a second)`,
    );
  }
}
