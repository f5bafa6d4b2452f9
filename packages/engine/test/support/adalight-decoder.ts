/**
 * A strict decoder of the Adalight family's byte streams, written from the protocol description
 * (hyperion.md §11.1) independently of Glowkit's encoder, for tests and benchmarks that read what
 * an Adalight controller would receive (the far side of a pty pair).
 *
 * It plays the controller: it splits a stream into frames and checks every byte that is not LED
 * data — the magic bytes, the count, the header checksum, LightBerry's start frame, `0xFF` LED
 * markers and end frame, AWA's calibration header and its three trailer bytes. Unlike a real
 * sketch it never resynchronises: the first wrong byte is an {@link AdalightDecodeError} naming
 * its offset in the stream, so a test fails on any corruption, gap or interleaving.
 *
 * @example
 * ```ts
 * const decoder = new AdalightDecoder('awa');
 * farSide.on('data', (chunk) => {
 *   for (const frame of decoder.push(chunk)) frames.push(frame);
 * });
 * ```
 *
 * {@link AdalightReceiver} is the whole LED controller's end of a pty pair: it opens the path with
 * serialport and feeds every byte to a decoder.
 */
import { SerialPort } from 'serialport';

/** The protocols by their `streamProtocol` meaning: `"0"` Ada, `"1"` LightBerry APA102, `"2"` AWA. */
export type AdalightStreamProtocol = 'ada' | 'lbapa' | 'awa';

/** One frame as the controller understood it. */
export interface DecodedAdalightFrame {
  /** How many LEDs the header announced (for Ada and AWA: hi:lo + 1; for LightBerry: hi:lo). */
  ledCount: number;
  /** R, G, B for each LED, in the order they came (the device's colour order). */
  rgb: Uint8Array;
  /** AWA's `AwA` frames only: the four white-channel calibration bytes. */
  calibration?: { limit: number; red: number; green: number; blue: number };
  /** The frame's bytes exactly as received. */
  bytes: Uint8Array;
  /** Offset of the frame's first byte in the stream. */
  offset: number;
}

/** A byte of the stream that no valid frame can contain there. */
export class AdalightDecodeError extends Error {
  /** Offset of the wrong byte in the stream (counting every byte pushed). */
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(`adalight stream, byte ${offset}: ${message}`);
    this.name = 'AdalightDecodeError';
    this.offset = offset;
  }
}

const HEADER = 6;
const hex = (b: number) => `0x${b.toString(16).padStart(2, '0')}`;

/**
 * Splits a byte stream of one protocol into checked frames. Bytes may come in chunks of any size;
 * a frame cut between chunks is kept until it is complete. After an error the decoder stays
 * failed: every later {@link push} throws the same error.
 */
export class AdalightDecoder {
  /** The protocol the stream must follow (Ada and LightBerry share the `Ada` magic). */
  readonly protocol: AdalightStreamProtocol;
  /** When given, every frame must announce this many LEDs. */
  readonly expectedLedCount: number | undefined;
  /** Frames decoded so far. */
  frameCount = 0;
  /** Bytes pushed so far. */
  byteCount = 0;
  #pending: Uint8Array = new Uint8Array(0);
  /** Stream offset of `#pending[0]`. */
  #pendingOffset = 0;
  #failed: AdalightDecodeError | undefined;

  /**
   * @param protocol the protocol the stream must follow.
   * @param expectedLedCount when given, a frame announcing another count is an error.
   */
  constructor(protocol: AdalightStreamProtocol, expectedLedCount?: number) {
    this.protocol = protocol;
    this.expectedLedCount = expectedLedCount;
  }

  /** Bytes received that do not complete a frame yet (a frame in transit, or garbage). */
  get pendingBytes(): number {
    return this.#pending.length;
  }

  /**
   * Takes the next chunk of the stream and returns the frames it completed, in order. Throws an
   * {@link AdalightDecodeError} at the first byte no valid frame could have there.
   */
  push(chunk: Uint8Array): DecodedAdalightFrame[] {
    if (this.#failed) throw this.#failed;
    this.byteCount += chunk.length;
    const data = new Uint8Array(this.#pending.length + chunk.length);
    data.set(this.#pending);
    data.set(chunk, this.#pending.length);
    const frames: DecodedAdalightFrame[] = [];
    let at = 0;
    try {
      for (;;) {
        const length = this.#frameLength(data, at);
        if (length === undefined || at + length > data.length) break;
        frames.push(this.#decode(data.subarray(at, at + length), this.#pendingOffset + at));
        at += length;
      }
    } catch (error) {
      if (error instanceof AdalightDecodeError) this.#failed = error;
      throw error;
    }
    this.#pending = data.slice(at);
    this.#pendingOffset += at;
    this.frameCount += frames.length;
    return frames;
  }

  /** Throws unless the stream ended on a frame boundary (nothing half-sent). */
  end(): void {
    if (this.#failed) throw this.#failed;
    if (this.#pending.length > 0) {
      throw new AdalightDecodeError(
        `the stream ended inside a frame (${this.#pending.length} bytes of it received)`,
        this.#pendingOffset + this.#pending.length,
      );
    }
  }

  /**
   * The whole frame's length once the header at `at` is in, checking the header bytes that are
   * in; undefined while it is incomplete.
   */
  #frameLength(data: Uint8Array, at: number): number | undefined {
    const offset = this.#pendingOffset + at;
    const magic = this.protocol === 'awa' ? [0x41, 0x77] : [0x41, 0x64, 0x61];
    for (let i = 0; i < magic.length && at + i < data.length; i++) {
      if (data[at + i] !== magic[i]) {
        throw new AdalightDecodeError(
          `header byte ${i} of frame ${this.frameCount + 1} is ${hex(data[at + i] as number)}, expected ${hex(magic[i] as number)} ('${String.fromCharCode(magic[i] as number)}')`,
          offset + i,
        );
      }
    }
    if (this.protocol === 'awa' && at + 2 < data.length) {
      const third = data[at + 2] as number;
      if (third !== 0x61 && third !== 0x41) {
        throw new AdalightDecodeError(
          `header byte 2 of an AWA frame is ${hex(third)}, expected 0x61 ('a') or 0x41 ('A', calibrated)`,
          offset + 2,
        );
      }
    }
    if (at + HEADER > data.length) return undefined;
    const hi = data[at + 3] as number;
    const lo = data[at + 4] as number;
    const chk = data[at + 5] as number;
    if (chk !== (hi ^ lo ^ 0x55)) {
      throw new AdalightDecodeError(
        `header checksum is ${hex(chk)}, expected hi ^ lo ^ 0x55 = ${hex(hi ^ lo ^ 0x55)}`,
        offset + 5,
      );
    }
    const field = hi * 256 + lo;
    const ledCount = this.protocol === 'lbapa' ? field : field + 1;
    if (this.protocol === 'lbapa' && ledCount === 0) {
      throw new AdalightDecodeError('a LightBerry frame announces 0 LEDs', offset + 4);
    }
    if (this.expectedLedCount !== undefined && ledCount !== this.expectedLedCount) {
      throw new AdalightDecodeError(
        `the header announces ${ledCount} LEDs, expected ${this.expectedLedCount}`,
        offset + 3,
      );
    }
    if (this.protocol === 'ada') return HEADER + ledCount * 3;
    if (this.protocol === 'lbapa') {
      return HEADER + 4 + ledCount * 4 + Math.max(Math.floor((ledCount + 15) / 16), 4);
    }
    const calibrated = data[at + 2] === 0x41;
    return HEADER + ledCount * 3 + (calibrated ? 4 : 0) + 3;
  }

  /** Checks the body of a complete frame and pulls the LED data out of it. */
  #decode(bytes: Uint8Array, offset: number): DecodedAdalightFrame {
    const field = (bytes[3] as number) * 256 + (bytes[4] as number);
    const ledCount = this.protocol === 'lbapa' ? field : field + 1;
    const frame: DecodedAdalightFrame = {
      ledCount,
      rgb: new Uint8Array(ledCount * 3),
      bytes: bytes.slice(),
      offset,
    };
    const expectByte = (at: number, value: number, what: string) => {
      if (bytes[at] !== value) {
        throw new AdalightDecodeError(
          `${what} is ${hex(bytes[at] as number)}, expected ${hex(value)}`,
          offset + at,
        );
      }
    };

    if (this.protocol === 'ada') {
      frame.rgb.set(bytes.subarray(HEADER));
      return frame;
    }

    if (this.protocol === 'lbapa') {
      for (let i = 0; i < 4; i++) expectByte(HEADER + i, 0, `start frame byte ${i}`);
      for (let led = 0; led < ledCount; led++) {
        const at = HEADER + 4 + led * 4;
        expectByte(at, 0xff, `the brightness byte of LED ${led}`);
        frame.rgb[led * 3] = bytes[at + 1] as number;
        frame.rgb[led * 3 + 1] = bytes[at + 2] as number;
        frame.rgb[led * 3 + 2] = bytes[at + 3] as number;
      }
      for (let at = HEADER + 4 + ledCount * 4, i = 0; at < bytes.length; at++, i++) {
        expectByte(at, 0, `end frame byte ${i}`);
      }
      return frame;
    }

    // AWA: the trailer covers the LED data and, in `AwA` frames, the calibration bytes.
    const dataEnd = HEADER + ledCount * 3;
    frame.rgb.set(bytes.subarray(HEADER, dataEnd));
    const trailerAt = bytes.length - 3;
    if (bytes[2] === 0x41) {
      frame.calibration = {
        limit: bytes[dataEnd] as number,
        red: bytes[dataEnd + 1] as number,
        green: bytes[dataEnd + 2] as number,
        blue: bytes[dataEnd + 3] as number,
      };
    }
    let f1 = 0;
    let f2 = 0;
    let fx = 0;
    for (let i = HEADER; i < trailerAt; i++) {
      const b = bytes[i] as number;
      const position = (i - HEADER) % 256;
      f1 = (f1 + b) % 255;
      f2 = (f2 + f1) % 255;
      fx = (fx + (b ^ position)) % 255;
    }
    expectByte(trailerAt, f1, 'trailer fletcher1');
    expectByte(trailerAt + 1, f2, 'trailer fletcher2');
    expectByte(trailerAt + 2, fx === 0x41 ? 0xaa : fx, 'trailer fletcherExt');
    return frame;
  }
}

/**
 * The fletcherExt value of an AWA body before the 0x41 → 0xAA rule, for tests that need a frame
 * whose trailer hits it. `body` is everything between the header and the trailer.
 */
export function awaRawFletcherExt(body: Uint8Array): number {
  let fx = 0;
  for (let i = 0; i < body.length; i++) fx = (fx + ((body[i] as number) ^ (i % 256))) % 255;
  return fx;
}

/** Options of {@link AdalightReceiver.open}. */
export interface AdalightReceiverOptions {
  /**
   * serialport's read buffer (default 64 KiB). With a small one and `flowing: false`, the receiver
   * is a slow controller: the kernel buffers fill and the sender's writes wait.
   */
  highWaterMark?: number;
  /** Read everything as it comes (default true); false leaves reading to {@link AdalightReceiver.take}. */
  flowing?: boolean;
}

/**
 * The LED controller's end of a serial link (the far end of a pty pair): every byte read is
 * checked by an {@link AdalightDecoder}. A decode error is kept in {@link error} (never thrown
 * out of the event loop) and fails {@link waitFrames}. Always {@link close} it.
 */
export class AdalightReceiver {
  /** Every frame decoded so far, in order. */
  readonly frames: DecodedAdalightFrame[] = [];
  readonly decoder: AdalightDecoder;
  readonly port: SerialPort;
  /** The first decode error, if any. */
  error: unknown;
  #waiters: (() => void)[] = [];

  private constructor(port: SerialPort, decoder: AdalightDecoder) {
    this.port = port;
    this.decoder = decoder;
  }

  /** Opens `path` (a pty end or a real port) and starts decoding `protocol` frames of `ledCount`. */
  static open(
    path: string,
    protocol: AdalightStreamProtocol,
    ledCount: number,
    options: AdalightReceiverOptions = {},
  ): Promise<AdalightReceiver> {
    const port = new SerialPort({
      path,
      baudRate: 115200, // a pty ignores it
      autoOpen: false,
      ...(options.highWaterMark ? { highWaterMark: options.highWaterMark } : {}),
    });
    port.on('error', () => {});
    const receiver = new AdalightReceiver(port, new AdalightDecoder(protocol, ledCount));
    return new Promise((resolve, reject) =>
      port.open((error) => {
        if (error) return reject(error);
        if (options.flowing ?? true) receiver.flow();
        resolve(receiver);
      }),
    );
  }

  /** Switches to reading everything as it comes. */
  flow(): void {
    this.port.on('data', (chunk: Buffer) => this.take(chunk));
    this.port.resume();
  }

  /** Decodes a chunk read by the caller (for a receiver opened with `flowing: false`). */
  take(chunk: Uint8Array): void {
    try {
      this.frames.push(...this.decoder.push(chunk));
    } catch (error) {
      this.error = error;
    }
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Resolves once `count` frames in all have arrived; rejects on a decode error or the timeout. */
  async waitFrames(count: number, timeoutMs = 10_000): Promise<DecodedAdalightFrame[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length < count && this.error === undefined) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`receiver: ${this.frames.length} of ${count} frames after ${timeoutMs} ms`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (this.error !== undefined) throw this.error;
    return this.frames;
  }

  /** Sends bytes back, as a controller's firmware does (`Ada\n`, `FPS: …`). */
  send(data: string | Uint8Array): Promise<void> {
    return new Promise((resolve, reject) =>
      this.port.write(data, (error) => (error ? reject(error) : this.port.drain(() => resolve()))),
    );
  }

  /** Closes the port; safe when it is closed already (socat gone). */
  close(): Promise<void> {
    return this.port.isOpen
      ? new Promise((resolve) => this.port.close(() => resolve()))
      : Promise.resolve();
  }
}
