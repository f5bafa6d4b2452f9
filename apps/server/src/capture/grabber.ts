/**
 * A grabber: one ffmpeg child at a time for an input, kept running while wanted. It fails and
 * comes back by itself (a display that went away, a stick unplugged, ffmpeg killed): each failure
 * waits longer before the next try, 0.5 s doubling to 30 s, and a run that delivers frames starts
 * the waits afresh. Generic over what it captures: the screen and the USB video grabber differ
 * only in how they {@link GrabberOptions.prepare} their ffmpeg input.
 */
import type { FrameArrival, RgbImage, SignalDetector } from '@glowkit/engine';
import type { GrabberState, GrabberStatus } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import { FfmpegChild, type FfmpegInput, ffmpegArgs } from './ffmpeg-child.js';

/** What a grabber runs, or why it cannot run now. */
export type Prepared =
  | {
      ok: true;
      name: string;
      input: FfmpegInput;
      /**
       * Resolves with a line when what is captured is gone while ffmpeg goes on (x11grab keeps
       * writing its last picture when its X server dies); the child is then ended and started
       * again. Stops watching when `signal` aborts.
       */
      watch?(signal: AbortSignal): Promise<string>;
      /** A line about this start that is no fault (picture controls not applied), for the status. */
      note?: string;
      /**
       * Judges each frame before it is shown (the USB video grabber's signal detection): frames
       * after the signal is lost are not shown; `device` names the input in the log lines.
       */
      signal?: { detector: SignalDetector; device: string };
    }
  | {
      ok: false;
      /**
       * `retrying`: worth another try later (a display not there yet); `missing-ffmpeg`: ffmpeg
       * cannot be run; `error`: the settings cannot capture here, nothing is tried until they
       * change.
       */
      state: 'retrying' | 'missing-ffmpeg' | 'error';
      line: string;
    };

/** The waits of a grabber, ms; tests shorten them. */
export interface GrabberTiming {
  /** The first wait after a failure (0.5 s), doubled at each further one… */
  retryMinMs: number;
  /** …up to this (30 s). */
  retryMaxMs: number;
  /** A running child that sends no frame for this long is ended and started again (5 s). */
  stallMs: number;
  /** How long a stop waits after SIGTERM before SIGKILL (2 s). */
  killTimeoutMs: number;
}

export const DEFAULT_GRABBER_TIMING: GrabberTiming = {
  retryMinMs: 500,
  retryMaxMs: 30_000,
  stallMs: 5000,
  killTimeoutMs: 2000,
};

/** How to make a grabber. */
export interface GrabberOptions {
  kind: 'screen' | 'video';
  /** The ffmpeg program (a path or a name on PATH). */
  ffmpeg: string;
  /**
   * What to run now; called before each start, so that a display come back is found again.
   * `signal` aborts it when the grabber stops meanwhile (a probe's child is ended).
   */
  prepare(signal: AbortSignal): Promise<Prepared>;
  /** A new frame (the newest), the grabber's name (the owner of its entries), and when it came. */
  onFrame(image: RgbImage, name: string, arrival: FrameArrival): void;
  /** Frames stopped (the child ended, or the grabber was stopped): its sources leave the muxers. */
  onStopped(): void;
  /** Its state changed (for pushes). */
  onState?(): void;
  logger: Logger;
  timing?: Partial<GrabberTiming> | undefined;
}

/** The status of a grabber that does not run and never ran (or that the server does not have). */
export function idleStatus(kind: 'screen' | 'video', instances: number[] = []): GrabberStatus {
  return {
    kind,
    state: 'stopped',
    name: '',
    error: null,
    width: 0,
    height: 0,
    framesRead: 0,
    framesShown: 0,
    framesDropped: 0,
    fps: 0,
    instances,
  };
}

/** How many recent hand-ons the frame rate is measured over. */
const RATE_SAMPLES = 16;

const LABELS = { screen: 'The screen grabber', video: 'The USB video grabber' } as const;

/** One grabber; see the module. */
export class Grabber {
  readonly kind: 'screen' | 'video';
  readonly #options: GrabberOptions;
  readonly #timing: GrabberTiming;
  #wanted = false;
  /** Bumped by every start and stop: an answer of an older run is ignored. */
  #run = 0;
  #state: GrabberState = 'stopped';
  #child: FfmpegChild | undefined;
  #retry: NodeJS.Timeout | undefined;
  #stall: NodeJS.Timeout | undefined;
  /** Ends the watch of the running child's input. */
  #unwatch: AbortController | undefined;
  #delay: number;
  #name = '';
  #size = { width: 0, height: 0 };
  #error: string | null = null;
  #note: string | null = null;
  #signal: { detector: SignalDetector; device: string } | undefined;
  /** The line last logged as a failure, so that a retry failing the same way is not logged again. */
  #logged: string | undefined;
  /** Frames read and dropped by children that ended. */
  #ended = { read: 0, dropped: 0 };
  #shown = 0;
  /** `[ms, frames read]` at recent hand-ons, oldest first. */
  readonly #samples: [number, number][] = [];
  #stopping: Promise<void> = Promise.resolve();
  /** The preparation under way, and how to abort it. */
  #preparing: { controller: AbortController; done: Promise<unknown> } | undefined;

  constructor(options: GrabberOptions) {
    this.kind = options.kind;
    this.#options = options;
    this.#timing = { ...DEFAULT_GRABBER_TIMING, ...options.timing };
    this.#delay = this.#timing.retryMinMs;
  }

  /** What it is doing. */
  get state(): GrabberState {
    return this.#state;
  }

  /** Its name once it ran (`X11`), else empty. */
  get name(): string {
    return this.#name;
  }

  /** The running child's process id, if one runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Starts capturing (again after a stop); nothing happens while it already is wanted. */
  start(): void {
    if (this.#wanted) return;
    this.#wanted = true;
    this.#delay = this.#timing.retryMinMs;
    const run = ++this.#run;
    // A stop under way ends its child first: never two children at once.
    void this.#stopping.then(() => this.#start(run));
  }

  /** Stops capturing: the child is ended (resolves once it has exited) and the sources leave. */
  stop(): Promise<void> {
    if (!this.#wanted) return this.#stopping;
    this.#wanted = false;
    this.#run += 1;
    this.#cancelTimers();
    const child = this.#child;
    this.#child = undefined;
    const preparing = this.#preparing;
    this.#preparing = undefined;
    preparing?.controller.abort();
    this.#setState('stopped');
    this.#stopping = (async () => {
      await preparing?.done.catch(() => {});
      if (child) {
        await child.stop();
        this.#countEnded(child);
      }
      this.#options.onStopped();
    })();
    return this.#stopping;
  }

  /** What `serverinfo` shows of it; `instances` are those taking it. */
  status(instances: number[]): GrabberStatus {
    const counts = this.#counts();
    return {
      kind: this.kind,
      state: this.#state,
      name: this.#name,
      error: this.#error,
      width: this.#size.width,
      height: this.#size.height,
      framesRead: counts.read,
      framesShown: this.#shown,
      framesDropped: counts.dropped,
      fps: this.#fps(),
      instances,
      ...(this.#note === null ? {} : { note: this.#note }),
      ...(this.#signal ? { signal: this.#signal.detector.verdict } : {}),
    };
  }

  async #start(run: number): Promise<void> {
    if (run !== this.#run) return;
    this.#setState('starting');
    const controller = new AbortController();
    const done = this.#options.prepare(controller.signal);
    this.#preparing = { controller, done };
    const prepared = await done;
    if (this.#preparing?.done === done) this.#preparing = undefined;
    if (run !== this.#run) return;
    if (!prepared.ok) {
      this.#failed(prepared.line, prepared.state);
      return;
    }
    const { name, input } = prepared;
    this.#name = name;
    this.#signal = prepared.signal;
    const note = prepared.note ?? null;
    if (note !== null && note !== this.#note) {
      this.#options.logger.warn({ grabber: this.kind, name }, `${LABELS[this.kind]}: ${note}`);
    }
    this.#note = note;
    this.#size = { width: input.width, height: input.height };
    const child = new FfmpegChild({
      ffmpeg: this.#options.ffmpeg,
      args: ffmpegArgs(input),
      frameBytes: input.width * input.height * 3,
      killTimeoutMs: this.#timing.killTimeoutMs,
      onFrame: (data, arrival) => {
        if (run !== this.#run) return;
        this.#frame(child, { width: input.width, height: input.height, data }, arrival);
      },
      onExit: (exit) => {
        if (run !== this.#run) return;
        this.#child = undefined;
        this.#countEnded(child);
        this.#cancelTimers();
        this.#options.onStopped();
        this.#failed(exit.line, exit.missing ? 'missing-ffmpeg' : 'retrying');
      },
    });
    this.#child = child;
    this.#armStall(child, run);
    if (prepared.watch) {
      const controller = new AbortController();
      this.#unwatch = controller;
      void prepared.watch(controller.signal).then((line) => {
        if (!controller.signal.aborted) this.#endChild(child, run, line);
      });
    }
  }

  #frame(child: FfmpegChild, image: RgbImage, arrival: FrameArrival): void {
    this.#stall?.refresh();
    if (this.#state !== 'running') {
      this.#delay = this.#timing.retryMinMs;
      this.#error = null;
      if (this.#logged !== undefined) {
        this.#options.logger.info(
          { grabber: this.kind, name: this.#name },
          `${LABELS[this.kind]} runs again`,
        );
      }
      this.#logged = undefined;
      this.#setState('running');
    }
    const read = this.#ended.read + child.counts.read;
    this.#samples.push([performance.now(), read]);
    if (this.#samples.length > RATE_SAMPLES) this.#samples.shift();
    if (this.#signal && !this.#judge(this.#signal, image)) return;
    this.#shown += 1;
    this.#options.onFrame(image, this.#name, arrival);
  }

  /**
   * Whether a frame is shown: not once the signal is lost (the instances' entries then go
   * inactive after their timeout, as when no frame comes). Each change is said once.
   */
  #judge(signal: { detector: SignalDetector; device: string }, image: RgbImage): boolean {
    const verdict = signal.detector.feed(image);
    const change = signal.detector.change;
    if (change === 'lost') {
      this.#options.logger.info(
        { grabber: this.kind, name: this.#name },
        `Signal lost on ${signal.device}`,
      );
      this.#options.onState?.();
    } else if (change === 'detected') {
      this.#options.logger.info(
        { grabber: this.kind, name: this.#name },
        `Signal detected on ${signal.device}`,
      );
      this.#options.onState?.();
    }
    return verdict === 'signal';
  }

  /** A child that hangs (a device that stopped answering) counts as failed: it is ended. */
  #armStall(child: FfmpegChild, run: number): void {
    this.#stall = setTimeout(() => {
      this.#stall = undefined;
      this.#endChild(child, run, `ffmpeg sent no frame for ${this.#timing.stallMs / 1000} s`);
    }, this.#timing.stallMs);
    this.#stall.unref();
  }

  /** Ends a child that runs but captures nothing any more; counts as a failure. */
  #endChild(child: FfmpegChild, run: number, line: string): void {
    if (run !== this.#run || this.#child !== child) return;
    this.#run += 1;
    this.#child = undefined;
    this.#cancelTimers();
    const stopped = child.stop().then(() => this.#countEnded(child));
    this.#stopping = stopped;
    this.#options.onStopped();
    const next = this.#run;
    void stopped.then(() => {
      if (next === this.#run) this.#failed(line, 'retrying');
    });
  }

  #failed(line: string, state: 'retrying' | 'missing-ffmpeg' | 'error'): void {
    this.#error = line;
    this.#samples.length = 0;
    this.#setState(state);
    const { logger } = this.#options;
    const again =
      state === 'error'
        ? 'it starts again when its settings change'
        : `tried again in ${this.#delay / 1000} s`;
    const message = `${LABELS[this.kind]} is not capturing: ${line.replace(/\.$/, '')}; ${again}`;
    // One line per distinct problem, not one per retry.
    if (this.#logged === line) logger.debug({ grabber: this.kind }, message);
    else
      (state === 'retrying' ? logger.warn : logger.error).call(
        logger,
        { grabber: this.kind },
        message,
      );
    this.#logged = line;
    if (state === 'error') return;
    const run = this.#run;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#start(run);
    }, this.#delay);
    this.#delay = Math.min(this.#delay * 2, this.#timing.retryMaxMs);
  }

  #cancelTimers(): void {
    if (this.#retry) clearTimeout(this.#retry);
    if (this.#stall) clearTimeout(this.#stall);
    this.#unwatch?.abort();
    this.#retry = undefined;
    this.#stall = undefined;
    this.#unwatch = undefined;
  }

  #countEnded(child: FfmpegChild): void {
    this.#ended.read += child.counts.read;
    this.#ended.dropped += child.counts.dropped;
  }

  #counts(): { read: number; dropped: number } {
    const child = this.#child?.counts ?? { read: 0, dropped: 0 };
    return { read: this.#ended.read + child.read, dropped: this.#ended.dropped + child.dropped };
  }

  /** Frames read a second over the recent hand-ons; 0 when none came lately. */
  #fps(): number {
    const first = this.#samples[0];
    const last = this.#samples.at(-1);
    if (this.#state !== 'running' || !first || !last || last === first) return 0;
    const ms = last[0] - first[0];
    // Nothing for a while: the rate of long ago is not today's.
    if (ms <= 0 || performance.now() - last[0] > 2000) return 0;
    return Math.round(((last[1] - first[1]) * 10000) / ms) / 10;
  }

  #setState(state: GrabberState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#options.onState?.();
  }
}
