/**
 * The `adalight` device: the Adalight family's stream protocols over a serial port (Hyperion.ng's
 * `LedDeviceAdalight` on `ProviderRs232`), through serialport.
 */
import { errorFirstLine, type RunDevice } from '@glowkit/protocol';
import type { SerialPort } from 'serialport';
import type { LedDevice } from '../led-device.js';
import {
  type AdalightEncoder,
  type AdalightSettings,
  adalightSettingsOf,
  createAdalightEncoder,
} from './adalight-protocol.js';
import { findUsbSerialPort, listSerialPorts, type SerialPortLister } from './serial-port-finder.js';

/** Opening (and listing the ports for "auto") gives up after this, as ng's OPEN_TIMEOUT. */
const OPEN_TIMEOUT_MS = 5000;
/** How often an idle open port is checked for a loss serialport did not notice. */
const WATCH_INTERVAL_MS = 1000;
/** A line the controller sends back is cut here; the rest, up to its newline, is dropped. */
const MAX_FEEDBACK_LINE = 200;

/** Where the device's own messages go (it only uses `debug`). */
export type AdalightLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

/** Options of an {@link AdalightDevice} beyond its configuration. */
export interface AdalightDeviceOptions {
  /**
   * Receives, at `debug` level, every line the controller sends back (`Ada`, `Ada: LED num: N`,
   * HyperSerial's `FPS: …` statistics, anything else), as `adalight <port>: <line>`. Lines are cut
   * at 200 characters. Default: lines are read and dropped.
   */
  log?: AdalightLog;
  /** Lists the ports for `output: "auto"`; default serialport's `SerialPort.list()`. */
  listPorts?: SerialPortLister;
  /**
   * A write that has not drained after this many ms fails (the controller does not take data).
   * Default 1000 ms plus three times the frame's time on the wire at the baud rate.
   */
  writeTimeoutMs?: number;
}

/**
 * An Adalight, LightBerry APA102 or AWA (HyperSerial) controller behind a serial port.
 *
 * - `open()` resolves the port (`"auto"`: the first USB serial port, looked up at every open so a
 *   controller that comes back under another name is found), opens it at the baud rate, and waits
 *   `delayAfterConnect` ms before resolving. ng has no handshake; neither has Glowkit.
 * - `write()` encodes the frame into a buffer prepared for the configuration and resolves once the
 *   bytes are handed to the port and drained, so nothing queues behind it: the controller drops
 *   frames while one is in flight. A write that does not drain in time fails.
 * - Lines the controller sends back are read all the time (also to notice a pulled cable) and go
 *   to `options.log` at debug level; memory stays bounded whatever arrives.
 * - A port that closes or errors outside a write (cable pulled, pty's other side gone) is reported
 *   once through {@link onLost}, within a second even when serialport misses it (the port is
 *   checked once a second); the controller then reconnects per `enableAttempts`. Nothing throws
 *   out of the event loop.
 *
 * Differences from Hyperion.ng: any path that opens as a serial port works (ng opens only ports
 * its library lists, never a pseudo-terminal); `"auto"` skips ports without a USB vendor id; a
 * write that times out fails at once and the device reconnects (ng counts 5 timeouts while the
 * data piles up in its buffer); switching off writes black once (ng five times); lines sent back
 * are logged for every protocol (ng prints them to stdout).
 */
export class AdalightDevice implements LedDevice {
  /** A pulled cable or a rebooting controller comes back. */
  readonly recoverable = true;
  /** The resolved keys. */
  readonly settings: Readonly<AdalightSettings>;
  readonly #encoder: AdalightEncoder;
  readonly #log: AdalightLog | undefined;
  readonly #listPorts: SerialPortLister;
  readonly #writeTimeoutMs: number;

  #port: SerialPort | undefined;
  #path: string | undefined;
  #lost: ((error: Error) => void) | undefined;
  /** Bumped by close(), so an open still under way knows it is no longer wanted. */
  #generation = 0;
  /** Set while open() waits after connecting: a loss then rejects open() instead. */
  #opening: { loss: Error | undefined; wake: () => void } | undefined;
  /** Fails the write in flight when the port goes away under it. */
  #failWrite: ((error: Error) => void) | undefined;
  #watchTimer: NodeJS.Timeout | undefined;
  #line = '';
  #lineCut = false;

  /**
   * @param config the instance's device configuration.
   * @param options where lines sent back go, and test hooks.
   */
  constructor(config: RunDevice<'adalight'>, options: AdalightDeviceOptions = {}) {
    const settings = adalightSettingsOf(config);
    this.settings = settings;
    this.#encoder = createAdalightEncoder(
      settings.protocol,
      config.hardwareLedCount,
      settings.calibration,
    );
    this.#log = options.log;
    this.#listPorts = options.listPorts ?? listSerialPorts;
    const wireMs = (this.#encoder.frameLength * 10 * 1000) / settings.baudRate;
    this.#writeTimeoutMs = options.writeTimeoutMs ?? Math.ceil(1000 + 3 * wireMs);
  }

  /** The port open now (the found one for `"auto"`), or undefined. */
  get path(): string | undefined {
    return this.#port === undefined ? undefined : this.#path;
  }

  /** Registers the controller's listener for a port lost outside a write. */
  onLost(listener: (error: Error) => void): void {
    this.#lost = listener;
  }

  /**
   * Opens the port and waits `delayAfterConnect`. Rejects with one line naming the port when it
   * does not exist, cannot be opened, is lost during the wait, or `"auto"` finds no USB port.
   */
  async open(): Promise<void> {
    await this.close();
    const generation = this.#generation;
    const { port, path } = await this.#acquire(generation);
    this.#port = port;
    this.#path = path;
    this.#line = '';
    this.#lineCut = false;
    port.on('data', (chunk: Buffer) => {
      if (this.#port === port) this.#feedback(chunk);
    });
    port.on('close', (error: Error | null) => {
      if (this.#port === port) this.#drop(port, error ? error.message : 'the port closed');
    });
    port.on('error', (error: Error) => {
      if (this.#port === port) this.#drop(port, error.message);
    });
    // Until open() resolves, a loss rejects it rather than reaching onLost.
    const opening: { loss: Error | undefined; wake: () => void } = { loss: undefined, wake() {} };
    this.#opening = opening;
    try {
      await this.#watch(port);
      const delay = this.settings.delayAfterConnect;
      if (delay > 0 && this.#port === port) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          opening.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      if (this.#opening === opening) this.#opening = undefined;
    }
    if (opening.loss) throw opening.loss;
    if (generation !== this.#generation || this.#port !== port) {
      throw new Error(`adalight device: "${path}" was closed while opening`);
    }
  }

  /** Sends one frame (3·hardwareLedCount bytes in the device's colour order) and drains it. */
  async write(frame: Uint8Array): Promise<void> {
    const port = this.#port;
    const path = this.#path ?? this.settings.output;
    if (port === undefined || !port.isOpen) {
      throw new Error(`adalight device: serial port "${path}" is not open; open the device first`);
    }
    const bytes = this.#encoder.encode(frame);
    const wire = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const ms = this.#writeTimeoutMs;
    const late = `adalight device: writing to "${path}" did not finish within ${ms} ms; check that the controller runs and reads at ${this.settings.baudRate} baud`;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(late)), ms);
      const finish = (error?: Error) => {
        if (this.#failWrite !== finish) return;
        this.#failWrite = undefined;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const failed = (error: Error) =>
        finish(
          new Error(
            `adalight device: cannot write to "${path}" (${reason(error)}); check the cable`,
          ),
        );
      this.#failWrite = finish;
      port.write(wire, (error) => {
        if (error) failed(error);
        else port.drain((drainError) => (drainError ? failed(drainError) : finish()));
      });
    });
  }

  /** Closes the port; a write or an open under way fails. Safe when not open. */
  async close(): Promise<void> {
    this.#generation += 1;
    const port = this.#port;
    this.#port = undefined;
    this.#failWrite?.(new Error(`adalight device: "${this.#path}" was closed during a write`));
    this.#opening?.wake();
    this.#stopWatch();
    if (port !== undefined) await closePort(port);
  }

  /**
   * Checks the port once a second while it is open. serialport does not always notice a pty
   * whose other side is gone (its reads then return 0 bytes and it retries without end) nor, on
   * some systems, a pulled USB adapter, so an idle device would stay "on" until the next write.
   * An ioctl fails on such a port (EIO). Where the check itself is unsupported (serialport has
   * no getBaudRate on macOS), the port is not watched.
   */
  async #watch(port: SerialPort): Promise<void> {
    const binding = port.port;
    if (binding === undefined) return;
    try {
      await binding.getBaudRate();
    } catch {
      return;
    }
    if (this.#port !== port) return;
    this.#stopWatch();
    const timer = setInterval(() => {
      binding.getBaudRate().catch((error: unknown) => {
        if (this.#port === port) this.#drop(port, reason(error));
      });
    }, WATCH_INTERVAL_MS);
    timer.unref();
    this.#watchTimer = timer;
  }

  #stopWatch(): void {
    clearInterval(this.#watchTimer);
    this.#watchTimer = undefined;
  }

  /** Opens the port (finding it first for "auto"); a port opened too late is closed again. */
  #acquire(generation: number): Promise<{ port: SerialPort; path: string }> {
    const output = this.settings.output;
    const acquiring = (async () => {
      const path = output === 'auto' ? await findUsbSerialPort(this.#listPorts) : output;
      return { path, port: await openPort(path, this.settings.baudRate) };
    })();
    const timeout = new Error(
      `adalight device: serial port "${output}" did not open within ${OPEN_TIMEOUT_MS / 1000} s; check the device`,
    );
    return withTimeout(acquiring, OPEN_TIMEOUT_MS, timeout).then(
      (opened) => {
        if (generation === this.#generation) return opened;
        void closePort(opened.port);
        throw new Error(`adalight device: "${opened.path}" was closed while opening`);
      },
      (error: unknown) => {
        if (error === timeout) acquiring.then((late) => closePort(late.port)).catch(() => {});
        throw error;
      },
    );
  }

  /** The port went away by itself: forget it and tell whoever waits. */
  #drop(port: SerialPort, why: string): void {
    this.#port = undefined;
    this.#stopWatch();
    void closePort(port);
    const error = new Error(
      `adalight device: lost serial port "${this.#path}" (${reason(why)}); check the cable and the controller`,
    );
    this.#failWrite?.(error);
    const opening = this.#opening;
    if (opening) {
      opening.loss = error;
      opening.wake();
      return;
    }
    try {
      this.#lost?.(error);
    } catch {
      // The listener's failure must not escape into serialport's event handler.
    }
  }

  /** Splits what the controller sends back into lines for the log, bounded in memory. */
  #feedback(chunk: Buffer): void {
    if (this.#log === undefined) return;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      const room = MAX_FEEDBACK_LINE - this.#line.length;
      if (end - start > room) this.#lineCut = true;
      if (room > 0 && end > start) {
        this.#line += chunk.toString('latin1', start, Math.min(end, start + room));
      }
      if (newline === -1) return;
      const line = printable(this.#line);
      const cut = this.#lineCut;
      this.#line = '';
      this.#lineCut = false;
      start = newline + 1;
      if (line !== '') this.#emitLine(cut ? `${line}…` : line);
    }
  }

  #emitLine(line: string): void {
    try {
      this.#log?.('debug', `adalight ${this.#path}: ${line}`);
    } catch {
      // A failing logger must not break reading.
    }
  }
}

/** `promise`, or a rejection with `timeout` after `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, timeout: Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeout), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * Opens a serial port; rejects with one line naming it. serialport (and its native bindings,
 * about 3 MB resident) loads with the first port a device opens, not with the engine.
 */
async function openPort(path: string, baudRate: number): Promise<SerialPort> {
  const { SerialPort } = await import('serialport');
  return new Promise((resolve, reject) => {
    let port: SerialPort;
    try {
      port = new SerialPort({ path, baudRate, autoOpen: false });
    } catch (error) {
      reject(openError(path, error));
      return;
    }
    // serialport emits 'error' when no callback takes it; with no listener that would throw out
    // of the event loop. The device's own listeners come after a successful open.
    port.on('error', () => {});
    port.open((error) => {
      if (error) reject(openError(path, error));
      else resolve(port);
    });
  });
}

function openError(path: string, error: unknown): Error {
  return new Error(
    `adalight device: cannot open serial port "${path}" (${reason(error)}); check device.output and that the controller is plugged in`,
  );
}

/** Closes a port if it is open; never rejects. */
function closePort(port: SerialPort): Promise<void> {
  if (!port.isOpen) return Promise.resolve();
  return new Promise((resolve) => port.close(() => resolve()));
}

/** serialport's message without its "Error: " prefix and its ", cannot open /dev/…" tail. */
function reason(error: unknown): string {
  const first = errorFirstLine(error).replace(/^Error:?\s*/, '');
  return first.replace(/, cannot \w.*$/, '').trim() || 'unknown error';
}

/** A line as text for the log: a trailing \r dropped, control characters shown as `?`. */
function printable(line: string): string {
  let text = '';
  for (const char of line.replace(/\r$/, '')) {
    const code = char.charCodeAt(0);
    text += code < 0x20 || (code >= 0x7f && code < 0xa0) ? '?' : char;
  }
  return text.trim();
}
