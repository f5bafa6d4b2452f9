/**
 * The `file` device: one text line per frame, the format of Hyperion.ng's `LedDeviceFile`, so
 * scripts that read ng's output read Glowkit's.
 */
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
  let line = stamp
    ? `${localIsoWithMs(stamp.now)} | +${String(Math.max(0, Math.round(stamp.sinceLastMs))).padStart(4, ' ')}`
    : '';
  line += ' [';
  for (let i = 0; i + 2 < frame.length; i += 3) {
    line += `{${DECIMAL[frame[i] as number]},${DECIMAL[frame[i + 1] as number]},${DECIMAL[frame[i + 2] as number]}}`;
  }
  return `${line}]`;
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
    this.#lastLineAt = Date.now();
  }

  /** Appends one line for the frame. */
  async write(frame: Uint8Array): Promise<void> {
    const file = this.#file;
    if (file === undefined)
      throw new Error('file device: write before open; open the device first');
    let stamp: { now: Date; sinceLastMs: number } | undefined;
    if (this.#printTimeStamp) {
      const now = Date.now();
      stamp = { now: new Date(now), sinceLastMs: now - this.#lastLineAt };
      this.#lastLineAt = now;
    }
    try {
      await file.write(`${fileDeviceLine(frame, stamp)}\n`);
    } catch (error) {
      throw new Error(
        `file device: cannot write to "${this.output}" (${osReason(error)}): check the disk and the path`,
      );
    }
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
