/**
 * The `file` device: one text line per frame, the format of Hyperion.ng's `LedDeviceFile`, so
 * scripts that read ng's output read Glowkit's.
 */
import { writeSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { errorFirstLine, type RunDevice } from '@glowkit/protocol';
import type { LedDevice } from './led-device.js';

/** `{r,g,b}` for every byte triple is built from these, so a frame is string concatenation only. */
const DECIMAL: readonly string[] = Array.from({ length: 256 }, (_, i) => String(i));

/**
 * One frame as a line, without the newline: ` [{255,0,0}{0,0,0}]`, with
 * `2024-05-01T12:34:56.789 | +  40` before it when a time stamp is given (the local time, ISO-8601
 * with milliseconds and no offset, as Qt's `ISODateWithMs` prints it, then the ms since the last
 * line right-aligned in 4 characters).
 */
export function fileDeviceLine(
  frame: Uint8Array,
  stamp?: { now: Date; sinceLastMs: number },
): string {
  let line = stamp ? stampText(stamp) : '';
  line += ' [';
  for (let i = 0; i + 2 < frame.length; i += 3) {
    line += `{${DECIMAL[frame[i] as number]},${DECIMAL[frame[i + 1] as number]},${DECIMAL[frame[i + 2] as number]}}`;
  }
  return `${line}]`;
}

const DONE: Promise<void> = Promise.resolve();

/** A line's time stamp: the local time, then the ms since the last line right-aligned in 4. */
function stampText(stamp: { now: Date; sinceLastMs: number }): string {
  return `${localIsoWithMs(stamp.now)} | +${String(Math.max(0, Math.round(stamp.sinceLastMs))).padStart(4, ' ')}`;
}

/**
 * Per byte value v, at 4·v: how many digits it has, then its ASCII digits. One flat table, so
 * that a frame's line is written without touching 256 little arrays.
 */
const DIGITS = new Uint8Array(256 * 4);
for (let v = 0; v < 256; v++) {
  const text = DECIMAL[v] as string;
  DIGITS[4 * v] = text.length;
  for (let d = 0; d < text.length; d++) DIGITS[4 * v + 1 + d] = text.charCodeAt(d);
}
const [SPACE, OPEN, BRACE, COMMA, UNBRACE, CLOSE, NEWLINE] = Array.from(' [{,}]\n', (c) =>
  c.charCodeAt(0),
) as [number, number, number, number, number, number, number];

/**
 * {@link fileDeviceLine} plus its newline, as ASCII bytes into `target` (grown when too short);
 * returns the buffer used and the line's length. Byte by byte into a buffer kept between frames:
 * the string of 300 LEDs is 3.6 KB of concatenation and an encoding per frame.
 */
export function encodeFileDeviceLine(
  frame: Uint8Array,
  stamp: string,
  target: Buffer,
): { buffer: Buffer; length: number } {
  const need = stamp.length + 4 + Math.floor(frame.length / 3) * 13;
  const buffer = target.length >= need ? target : Buffer.allocUnsafe(need);
  let p = stamp.length > 0 ? buffer.write(stamp, 0, 'latin1') : 0;
  buffer[p++] = SPACE;
  buffer[p++] = OPEN;
  for (let i = 0; i + 2 < frame.length; i += 3) {
    buffer[p++] = BRACE;
    for (let c = 0; c < 3; c++) {
      const at = 4 * (frame[i + c] as number);
      const length = DIGITS[at] as number;
      buffer[p] = DIGITS[at + 1] as number;
      buffer[p + 1] = DIGITS[at + 2] as number;
      buffer[p + 2] = DIGITS[at + 3] as number;
      p += length;
      buffer[p++] = c < 2 ? COMMA : UNBRACE;
    }
  }
  buffer[p++] = CLOSE;
  buffer[p++] = NEWLINE;
  return { buffer, length: p };
}

/** `YYYY-MM-DDTHH:mm:ss.sss` in local time. */
function localIsoWithMs(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}` +
    `T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}` +
    `.${String(d.getMilliseconds()).padStart(3, '0')}`
  );
}

/**
 * Writes each frame as a line to a file (`device.output`). Opening truncates the file, as ng
 * does. Every line goes to the file with its own write call, so a reader sees each frame as soon
 * as it is written. Not recoverable: a path that cannot be opened is reported, not retried.
 *
 * Differences from Hyperion.ng: switching off writes one black line, where ng writes five; the
 * first line's `+ms` counts from the opening of the file (ng counts from the device's creation).
 */
export class FileDevice implements LedDevice {
  /** A bad path does not heal by waiting. */
  readonly recoverable = false;
  /** The file written to. */
  readonly output: string;
  readonly #printTimeStamp: boolean;
  #file: FileHandle | undefined;
  /**
   * Whether lines go out with a synchronous write: a regular file or a character device
   * (/dev/null), where a write lands in the page cache at once, as Hyperion.ng's does. A pipe or
   * a socket may block, so it keeps the asynchronous write.
   */
  #direct = false;
  #line: Buffer = Buffer.alloc(0);
  #lastLineAt = 0;

  /** @param config the instance's device configuration. */
  constructor(config: RunDevice<'file'>) {
    this.output = config.output;
    this.#printTimeStamp = config.printTimeStamp;
  }

  /** Opens `output` for writing, truncating it; rejects with the path and the OS reason. */
  async open(): Promise<void> {
    await this.close();
    try {
      this.#file = await open(this.output, 'w');
    } catch (error) {
      throw new Error(
        `file device: cannot open "${this.output}" (${osReason(error)}): set device.output to a writable file path`,
      );
    }
    try {
      const stats = await this.#file.stat();
      this.#direct = stats.isFile() || stats.isCharacterDevice();
    } catch {
      this.#direct = false;
    }
    this.#lastLineAt = Date.now();
  }

  /** Appends one line for the frame. */
  write(frame: Uint8Array): Promise<void> {
    const file = this.#file;
    if (file === undefined)
      return Promise.reject(new Error('file device: write before open; open the device first'));
    let stamp = '';
    if (this.#printTimeStamp) {
      const now = Date.now();
      stamp = stampText({ now: new Date(now), sinceLastMs: now - this.#lastLineAt });
      this.#lastLineAt = now;
    }
    const { buffer, length } = encodeFileDeviceLine(frame, stamp, this.#line);
    this.#line = buffer;
    if (!this.#direct) {
      return file.write(buffer.subarray(0, length)).then(
        () => undefined,
        (error: unknown) => Promise.reject(this.#writeFailed(error)),
      );
    }
    try {
      // A synchronous write costs a system call; the asynchronous one a trip through the thread
      // pool and two promises, several times the CPU of the line itself at 25 frames a second.
      for (let done = 0; done < length; ) done += writeSync(file.fd, buffer, done, length - done);
    } catch (error) {
      return Promise.reject(this.#writeFailed(error));
    }
    return DONE;
  }

  #writeFailed(error: unknown): Error {
    return new Error(
      `file device: cannot write to "${this.output}" (${osReason(error)}): check the disk and the path`,
    );
  }

  /** Closes the file; nothing happens when it is not open. */
  async close(): Promise<void> {
    const file = this.#file;
    this.#file = undefined;
    await file?.close();
  }
}

/** The OS's words for a failed file operation, without Node's repetition of the path. */
function osReason(error: unknown): string {
  return errorFirstLine(error).replace(/, \w+ '.*'$/, '');
}
