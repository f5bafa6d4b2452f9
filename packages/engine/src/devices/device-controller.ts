/**
 * The controller around every LED device: lifecycle (enable, disable, switch off, close),
 * coalescing of frames, latchTime and rewriteTime, retries and reconnection. A device that fails
 * never throws into the pipeline; it reports its state and comes back by itself when it can.
 */
import { EventEmitter } from 'node:events';
import { type DeviceState, type DeviceStatus, errorFirstLine } from '@glowkit/protocol';
import { DEVICE_TYPES, deviceTypeNames } from './device-types.js';
import type { DeviceConfig, DeviceFactory, LedDevice } from './led-device.js';

/** A device's state and its snapshot for clients and logs (`serverinfo.device`): protocol's. */
export type { DeviceState, DeviceStatus };

/**
 * Running totals of a device's writes since the controller was made, for diagnostics: a reader
 * takes two readings and divides the differences (frames per second, mean write time). Kept as
 * plain numbers, so that counting costs no allocation per frame.
 */
export interface DeviceCounters {
  /** Writes that reached the device (as {@link DeviceStatus.frames}). */
  writes: number;
  /** Frames dropped by the latch (as {@link DeviceStatus.dropped}). */
  dropped: number;
  /** Frames replaced by a newer one while a write was under way, so never written. */
  superseded: number;
  /** Milliseconds spent in the device's `write()`, summed over {@link writes}. */
  writeMs: number;
  /** The longest single `write()`, ms. */
  writeMsMax: number;
}

/** What the controller tells about itself. */
export type DeviceLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

/** Options of a {@link DeviceController}. */
export interface DeviceControllerOptions {
  /** The device types to choose from; default {@link DEVICE_TYPES}. */
  types?: ReadonlyMap<string, DeviceFactory>;
  /** Where messages go; default nowhere. */
  log?: DeviceLog;
}

/**
 * Wraps one LED device. All device calls run one after the other, never overlapping, so a device
 * needs no locking of its own.
 *
 * - Frames are coalesced: while a write is under way, only the newest frame waits; older ones are
 *   skipped (not counted as dropped). A frame within `latchTime` ms of the previous write is
 *   dropped and counted.
 * - `rewriteTime` > 0 re-sends the newest frame after that many ms without a write (a keep-alive;
 *   at most `latchTime` becomes `latchTime + 10`, as in Hyperion.ng). Unlike ng, a frame dropped by
 *   the latch is what the next rewrite sends, and a drop does not stop the rewrites, so the last
 *   frame of a burst still reaches the LEDs.
 * - A failed open or write of a recoverable device is retried `enableAttempts` times, every
 *   `enableAttemptsInterval` s. Once the device is back, the newest frame is written again (ng
 *   writes nothing until the next change).
 * - Frames of another length than 3·hardwareLedCount are padded with black or cut (warned once
 *   per length), as ng pads the layout to the hardware LED count.
 */
export class DeviceController extends EventEmitter<{
  status: [DeviceStatus];
  written: [Uint8Array];
}> {
  /** The configuration the controller was made with. */
  readonly config: DeviceConfig;
  readonly #types: ReadonlyMap<string, DeviceFactory>;
  readonly #log: DeviceLog;
  readonly #frameBytes: number;
  readonly #black: Uint8Array;
  /** Effective rewrite interval, ms; 0 = off. */
  readonly #rewriteMs: number;

  #device: LedDevice | undefined;
  #state: DeviceState = 'off';
  #enabled = false;
  #error: string | undefined;
  #attempts = 0;
  #frames = 0;
  #dropped = 0;
  #superseded = 0;
  #writeMs = 0;
  #writeMsMax = 0;
  #published = '';

  /** Every device call is chained here so that none overlap. */
  #io: Promise<void> = Promise.resolve();
  #pumpQueued = false;
  /** The newest frame from the pipeline (what the LEDs should show), never changed once stored. */
  #newest: Uint8Array | undefined;
  /** The last frame written, to tell new frames from repeats. */
  #shown: Uint8Array | undefined;
  #lastWriteAt = Number.NEGATIVE_INFINITY;
  /** switchOff() was called and no frame came since. */
  #wantOff = false;
  /** The lights are dark (black written or the device's switchOff done) since the last frame. */
  #dark = false;
  /** The device's own switchOff() ran and its switchOn() is due before the next frame. */
  #needsSwitchOn = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #rewriteTimer: NodeJS.Timeout | undefined;
  /** Bumped whenever the rewrite timer is re-armed or stopped, so a stale rewrite does nothing. */
  #rewriteToken = 0;
  #closing: Promise<void> | undefined;
  readonly #warnedLengths = new Set<number>();

  /**
   * @param config the `device` group, valid and complete (protocol's InstanceRunSettings).
   * @param options the device types to choose from and where to log.
   */
  constructor(config: DeviceConfig, options: DeviceControllerOptions = {}) {
    super();
    this.config = config;
    this.#types = options.types ?? DEVICE_TYPES;
    this.#log = options.log ?? (() => {});
    this.#frameBytes = config.hardwareLedCount * 3;
    this.#black = new Uint8Array(this.#frameBytes);
    this.#rewriteMs =
      config.rewriteTime > 0 && config.rewriteTime <= config.latchTime
        ? config.latchTime + 10
        : config.rewriteTime;
  }

  /** The device's current status (a copy). */
  get status(): DeviceStatus {
    return {
      type: this.config.type,
      state: this.#state,
      enabled: this.#enabled,
      error: this.#error,
      attempts: this.#attempts,
      frames: this.#frames,
      dropped: this.#dropped,
    };
  }

  /** The running totals of writes and their time (a copy; see {@link DeviceCounters}). */
  get counters(): DeviceCounters {
    return {
      writes: this.#frames,
      dropped: this.#dropped,
      superseded: this.#superseded,
      writeMs: this.#writeMs,
      writeMsMax: this.#writeMsMax,
    };
  }

  /** Enables the device when `autoStart` is on (what an instance does when it starts). */
  start(): Promise<void> {
    return this.config.autoStart ? this.enable() : Promise.resolve();
  }

  /**
   * Opens the device. Resolves once the first attempt is over (state `on` or `error`); never
   * rejects. A recoverable device that failed is retried in the background. Called while in
   * error, it tries again at once with a fresh count of attempts.
   */
  enable(): Promise<void> {
    if (this.#closing) return this.#closing;
    if (this.#enabled && this.#state !== 'error') return this.flush();
    this.#enabled = true;
    this.#stopRetry();
    this.#attempts = 0;
    this.#publish();
    return this.#enqueue(() => this.#open(false));
  }

  /** Switches the lights off (black once, or the device's own switchOff), closes the device. */
  disable(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#enabled = false;
    this.#stopRetry();
    this.#stopRewrite();
    this.#publish();
    return this.#enqueue(() => this.#shutdown('off'));
  }

  /**
   * Hands a frame to the device; returns at once and never throws. The frame is copied, so the
   * caller may reuse its buffer. While the device is not on, the newest frame is kept and written
   * as soon as it is. After {@link switchOff}, a frame switches the lights back on. Returns the
   * copy kept, which `written` gives back once it is written (undefined once closing).
   */
  write(frame: Uint8Array): Uint8Array | undefined {
    if (this.#closing) return undefined;
    const kept = this.#fit(frame);
    // A write is under way and the frame waiting for it was never written: this one replaces it.
    if (this.#pumpQueued && this.#newest !== undefined && this.#newest !== this.#shown) {
      this.#superseded += 1;
    }
    this.#newest = kept;
    this.#wantOff = false;
    if (this.#state !== 'on' || this.#pumpQueued) return kept;
    this.#pumpQueued = true;
    void this.#enqueue(() => this.#pump());
    return kept;
  }

  /**
   * Nothing to show (the visible priority is the empty 255): writes black once, or lets the device
   * switch itself off; the device stays open and enabled, and the next frame switches it on.
   */
  switchOff(): void {
    if (this.#closing || this.#wantOff) return;
    this.#wantOff = true;
    this.#stopRewrite();
    if (this.#state !== 'on') return;
    void this.#enqueue(async () => {
      const device = this.#device;
      if (this.#state !== 'on' || !this.#wantOff || this.#dark || device === undefined) return;
      try {
        await this.#darken(device);
      } catch (error) {
        this.#attempts = 0;
        await this.#fail(device, error);
      }
    });
  }

  /** Resolves once every device call asked for so far is over. */
  flush(): Promise<void> {
    return this.#enqueue(async () => {});
  }

  /**
   * Switches the lights off, closes the device and stops every timer; the controller cannot be
   * used again. Idempotent.
   */
  close(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#enabled = false;
    this.#stopRetry();
    this.#stopRewrite();
    this.#closing = this.#enqueue(async () => {
      await this.#shutdown('closed');
      this.#stopRetry();
      this.#stopRewrite();
      this.#device = undefined;
      this.#newest = undefined;
      this.#shown = undefined;
    });
    return this.#closing;
  }

  /** Runs `op` after every device call asked for before it; a failure of `op` is logged. */
  #enqueue(op: () => Promise<void>): Promise<void> {
    const next = this.#io.then(op).catch((error: unknown) => {
      this.#log('error', `device ${this.config.type}: ${reasonOf(error)}`);
    });
    this.#io = next;
    return next;
  }

  /** Makes the device on first use; undefined (state error) when the type is unknown or bad. */
  #ensureDevice(): LedDevice | undefined {
    if (this.#device !== undefined) return this.#device;
    const factory = this.#types.get(this.config.type);
    let device: LedDevice;
    try {
      if (factory === undefined) {
        throw new Error(
          `unknown device type "${this.config.type}" (known: ${deviceTypeNames(this.#types).join(', ')}): set device.type to one of them`,
        );
      }
      device = factory(this.config, { log: this.#log });
    } catch (error) {
      this.#error = reasonOf(error);
      this.#state = 'error';
      this.#log('error', this.#error);
      this.#publish();
      return undefined;
    }
    for (const warning of device.warnings ?? []) this.#log('warn', warning);
    device.onLost?.((error) => this.#lost(device, error));
    this.#device = device;
    return device;
  }

  /** One open attempt; on success the lights show what they should. */
  async #open(isRetry: boolean): Promise<void> {
    if (!this.#enabled || this.#closing || this.#state === 'on') return;
    const device = this.#ensureDevice();
    if (device === undefined) return;
    if (isRetry) this.#attempts += 1;
    this.#state = 'opening';
    this.#publish();
    try {
      await device.open();
    } catch (error) {
      await this.#fail(device, error);
      return;
    }
    // A device that opens but cannot take the resent frame stays in the same run of attempts, so
    // enableAttempts still bounds the retries.
    const attemptsSoFar = this.#attempts;
    this.#state = 'on';
    this.#error = undefined;
    this.#attempts = 0;
    this.#needsSwitchOn = false;
    this.#dark = false;
    this.#log('info', `device ${this.config.type}: on`);
    this.#publish();
    // Disabled or closed while opening: the shutdown queued after this switches it off.
    if (!this.#enabled || this.#closing) return;
    // Show what the LEDs should show now: ng leaves a reconnected device dark until the next change.
    try {
      if (this.#wantOff) await this.#darken(device);
      else if (this.#newest !== undefined) await this.#send(device, this.#newest, true);
    } catch (error) {
      this.#attempts = attemptsSoFar;
      await this.#fail(device, error);
    }
  }

  /** Writes the newest frame, unless the latch drops it. */
  async #pump(): Promise<void> {
    this.#pumpQueued = false;
    const device = this.#device;
    const frame = this.#newest;
    if (this.#state !== 'on' || device === undefined || frame === undefined || this.#wantOff) {
      return;
    }
    if (frame === this.#shown) return;
    if (this.config.latchTime > 0 && now() - this.#lastWriteAt < this.config.latchTime) {
      this.#dropped += 1;
      return;
    }
    try {
      await this.#send(device, frame, false);
    } catch (error) {
      this.#attempts = 0;
      await this.#fail(device, error);
    }
  }

  /** The keep-alive: re-sends the newest frame unless something was written since arming. */
  async #rewrite(token: number): Promise<void> {
    const device = this.#device;
    const frame = this.#newest;
    if (token !== this.#rewriteToken || this.#state !== 'on' || this.#wantOff) return;
    if (device === undefined || frame === undefined) return;
    try {
      await this.#send(device, frame, false);
    } catch (error) {
      this.#attempts = 0;
      await this.#fail(device, error);
    }
  }

  /**
   * Writes one frame (a forced one after waiting out the latch), counts it, tells listeners
   * about new frames and re-arms the rewrite timer. Throws what the device throws.
   */
  async #send(device: LedDevice, frame: Uint8Array, forced: boolean): Promise<void> {
    this.#stopRewrite();
    if (forced && this.config.latchTime > 0) {
      const wait = this.#lastWriteAt + this.config.latchTime - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    if (this.#needsSwitchOn && frame !== this.#black) {
      await device.switchOn?.();
      this.#needsSwitchOn = false;
    }
    const started = now();
    await device.write(frame);
    this.#frames += 1;
    this.#lastWriteAt = now();
    const took = this.#lastWriteAt - started;
    this.#writeMs += took;
    if (took > this.#writeMsMax) this.#writeMsMax = took;
    this.#dark = frame === this.#black;
    if (frame !== this.#shown) {
      this.#shown = frame;
      this.#emitWritten(frame);
    }
    this.#armRewrite();
  }

  /** Black once, or the device's own switchOff. Throws what the device throws. */
  async #darken(device: LedDevice): Promise<void> {
    this.#stopRewrite();
    if (device.switchOff !== undefined) {
      await device.switchOff();
      this.#needsSwitchOn = device.switchOn !== undefined;
      this.#dark = true;
    } else {
      await this.#send(device, this.#black, true);
    }
  }

  /** A failed open or write: release the device, then retry if it may come back. */
  async #fail(device: LedDevice, error: unknown): Promise<void> {
    const reason = reasonOf(error);
    this.#stopRewrite();
    await closeQuietly(device);
    if (!this.#enabled || this.#closing) return;
    this.#state = 'error';
    this.#error = reason;
    const { enableAttempts, enableAttemptsInterval } = this.config;
    if (device.recoverable && this.#attempts < enableAttempts) {
      this.#log(
        'warn',
        `${reason}; attempt ${this.#attempts + 1} of ${enableAttempts} to reopen the device in ${enableAttemptsInterval} s`,
      );
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = undefined;
        void this.#enqueue(() => this.#open(true));
      }, enableAttemptsInterval * 1000);
    } else if (device.recoverable) {
      this.#log(
        'error',
        `${reason}; gave up after ${enableAttempts} attempts: fix the device, then enable it again`,
      );
    } else {
      this.#log('error', reason);
    }
    this.#publish();
  }

  /** The device says its connection dropped outside a write. */
  #lost(device: LedDevice, error: Error): void {
    if (this.#closing || device !== this.#device) return;
    void this.#enqueue(async () => {
      if (this.#state !== 'on' || device !== this.#device) return;
      this.#attempts = 0;
      await this.#fail(device, error);
    });
  }

  /** Dark once if on, close, settle in `final`. Device failures are logged, not retried. */
  async #shutdown(final: 'off' | 'closed'): Promise<void> {
    const device = this.#device;
    if (device !== undefined && this.#state === 'on' && !this.#dark) {
      try {
        await this.#darken(device);
      } catch (error) {
        this.#log('warn', `${reasonOf(error)} (while switching off)`);
      }
    }
    this.#stopRewrite();
    if (device !== undefined) await closeQuietly(device, this.#log);
    this.#state = final;
    this.#error = undefined;
    this.#attempts = 0;
    this.#needsSwitchOn = false;
    this.#dark = false;
    this.#publish();
  }

  #armRewrite(): void {
    if (this.#rewriteMs <= 0 || !this.#enabled || this.#closing || this.#wantOff) return;
    const token = ++this.#rewriteToken;
    this.#rewriteTimer = setTimeout(() => {
      this.#rewriteTimer = undefined;
      void this.#enqueue(() => this.#rewrite(token));
    }, this.#rewriteMs);
  }

  #stopRewrite(): void {
    this.#rewriteToken += 1;
    if (this.#rewriteTimer !== undefined) clearTimeout(this.#rewriteTimer);
    this.#rewriteTimer = undefined;
  }

  #stopRetry(): void {
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
  }

  /** A copy of the frame at the device's size: padded with black or cut. */
  #fit(frame: Uint8Array): Uint8Array {
    const fitted = new Uint8Array(this.#frameBytes);
    if (frame.length === this.#frameBytes) {
      fitted.set(frame);
      return fitted;
    }
    fitted.set(frame.length > this.#frameBytes ? frame.subarray(0, this.#frameBytes) : frame);
    if (!this.#warnedLengths.has(frame.length)) {
      this.#warnedLengths.add(frame.length);
      this.#log(
        'warn',
        `device ${this.config.type}: a frame of ${frame.length} bytes for ${this.config.hardwareLedCount} LEDs (${this.#frameBytes} bytes) was ${frame.length > this.#frameBytes ? 'cut' : 'padded with black'}; make device.hardwareLedCount match the LED layout`,
      );
    }
    return fitted;
  }

  #emitWritten(frame: Uint8Array): void {
    try {
      this.emit('written', frame);
    } catch (error) {
      this.#log('error', `a "written" listener failed: ${reasonOf(error)}`);
    }
  }

  /** Emits `status` when the state, `enabled`, the error or the attempts changed. */
  #publish(): void {
    const status = this.status;
    const key = `${status.state}|${status.enabled}|${status.attempts}|${status.error ?? ''}`;
    if (key === this.#published) return;
    this.#published = key;
    try {
      this.emit('status', status);
    } catch (error) {
      this.#log('error', `a "status" listener failed: ${reasonOf(error)}`);
    }
  }
}

/** Monotonic milliseconds. */
function now(): number {
  return performance.now();
}

/** The first line of an error's message, for state and logs. */
function reasonOf(error: unknown): string {
  return errorFirstLine(error) || 'unknown device error';
}

/** Closes a device, logging (not throwing) a failure. */
async function closeQuietly(device: LedDevice, log?: DeviceLog): Promise<void> {
  try {
    await device.close();
  } catch (error) {
    log?.('warn', `${reasonOf(error)} (while closing)`);
  }
}
