/**
 * One running Python effect: a `python3` child with Glowkit's `hyperion` module, contained so
 * that a script can never block or crash the server (packages/engine/python/PIPE.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { closeSync, openSync, readSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { errorOnOneLine } from '@glowkit/protocol';
import type { RgbImage } from '../types.js';
import {
  CpuCap,
  cpuCapProblem,
  type EffectConfinement,
  launcherSettings,
  scriptPidOf,
} from './effect-confinement.js';
import {
  decodeImage,
  decodeImageRequest,
  decodePixelRequest,
  encodeAbort,
  encodeError,
  encodeImagesReply,
  encodeInit,
  encodePixelReply,
  LineLog,
  MessageReader,
  type PipeMessage,
  PipeMessageType,
  PipeProtocolError,
} from './effect-pipe.js';

/** What contains an effect. */
export interface EffectLimits {
  /** Frames (colours, pictures, shown canvases) allowed in one second; Infinity disables. */
  maxFramesPerSecond: number;
  /** Resident memory of the child, bytes. */
  maxMemoryBytes: number;
  /** How long a stopped script may take to end by itself before it is killed, ms. */
  abortGraceMs: number;
  /** How long after READY a script may run without a frame before it counts as started, ms. */
  startTimeoutMs: number;
  /** The part of one core the script (with all it starts) may use, e.g. 0.5; Infinity: no cap. */
  maxCpuShare: number;
  /** Files the script may have open at once (RLIMIT_NOFILE). */
  maxOpenFiles: number;
  /** Processes the script may run, itself included (RLIMIT_NPROC; a fork bomb stops there). */
  maxProcesses: number;
}

/** The limits used for every value not given (or not valid). */
export const DEFAULT_EFFECT_LIMITS: Readonly<EffectLimits> = Object.freeze({
  // Hyperion.ng's own scripts pace themselves by the device's latchTime, taking 1 ms when it is
  // 0 (the default): its fade.py then sleeps as little as 1/1.5 ms between frames, up to 1500
  // frames a second ("Notify blue" and the strobes run at ≈850-1000). A script that floods
  // (no sleep at all) sends tens of thousands.
  maxFramesPerSecond: 2000,
  maxMemoryBytes: 256 * 1024 * 1024,
  abortGraceMs: 500,
  startTimeoutMs: 1000,
  // Hyperion.ng's heaviest bundled scripts use a few % of a core; a spinning one gets no more
  // than half of one.
  maxCpuShare: 0.5,
  maxOpenFiles: 64,
  maxProcesses: 32,
});

/** What EffectProcess needs of a canvas; the canvas helper's EffectCanvas implements it. */
export interface EffectCanvasLike {
  /** Draws one DRAW batch; returns the pictures its SHOW operations produced, in order. */
  apply(batch: Uint8Array): RgbImage[];
  getPixel(x: number, y: number): [number, number, number];
}

/** How to run one effect. */
export interface EffectProcessOptions {
  name: string;
  /** Absolute path of the script. */
  script: string;
  args: Record<string, unknown>;
  ledCount: number;
  latchTime: number;
  /** The canvas size. */
  width: number;
  height: number;
  /** Milliseconds; -1: endless. */
  durationMs: number;
  /** Base64 picture for `getImage()`. */
  imageData?: string;
  /** Folders that `:name` images resolve in, in order. */
  resourceDirs: string[];
  /** The interpreter; default `python3`. */
  python?: string;
  limits?: Partial<EffectLimits>;
  /** How the child is confined (packages/engine/README.md, "What an effect script can do"). */
  confinement?: EffectConfinement;
  /** Draws DRAW batches; built lazily on the first DRAW (or pixel request). */
  createCanvas(width: number, height: number): EffectCanvasLike;
  /** Answers GET_IMAGE. */
  loadImage(request: {
    source: string;
    crop: [number, number, number, number];
    grayscale: boolean;
    imageData?: string;
    resourceDirs: string[];
  }): Promise<RgbImage[]>;
}

/** One frame of an effect: LED colours (3 bytes per LED) or a picture for the LED mapping. */
export type EffectFrame =
  | { kind: 'colors'; colors: Uint8Array }
  | { kind: 'image'; image: RgbImage };

/** How and why an effect ended. */
export interface EffectExit {
  reason: 'finished' | 'stopped' | 'failed' | 'killed';
  /** One line for people, e.g. "Effect 'Fire' failed: ZeroDivisionError: division by zero (fire.py line 12)". */
  message: string;
  /** The tail of the script's stderr (its traceback), when there is one. */
  detail?: string;
}

/** Why {@link EffectProcess.start} failed; `message` is the one-line reason. */
export class EffectStartError extends Error {
  override name = 'EffectStartError';
  constructor(readonly exit: EffectExit) {
    super(exit.message);
  }
}

type EffectEvents = {
  frame: [EffectFrame];
  exit: [EffectExit];
  log: ['info' | 'warn', string];
};

/** The caller of start(), until the effect counts as started or ends first. */
interface Starting {
  resolve: () => void;
  reject: (error: EffectStartError) => void;
}

/**
 * Where an effect is in its life; each state holds what only it needs. The child's own exit
 * status and what it said (stderr, a FAILURE line) are facts about the child, kept beside it:
 * they decide the exit's wording, not what happens next.
 */
type Lifecycle =
  /** Made: listeners may be attached; start() not called yet. */
  | { kind: 'idle' }
  /** python3 starting and compiling the script, until READY. */
  | { kind: 'spawning'; starting: Starting }
  /** READY came: started at the first frame, or when `timer` (startTimeoutMs) fires. */
  | { kind: 'ready'; starting: Starting; timer: NodeJS.Timeout }
  /** Started: frames are delivered. */
  | { kind: 'running' }
  /** stop() asked the script to end; it is killed if it has not abortGraceMs later. */
  | { kind: 'stopping' }
  /** Killed, or never spawned, for a reason of ours; the first reason counts. */
  | {
      kind: 'killing';
      reason: 'failed' | 'killed';
      message: string;
      /** Set when it ends before it counted as started: start() rejects with the reason. */
      starting: Starting | undefined;
    }
  /** Gone: pipes and timers closed. */
  | { kind: 'exited'; exit: EffectExit };

const RUNNER = fileURLToPath(new URL('../../python/glowkit_effect.py', import.meta.url));
/** From spawn to READY: python3 starting and compiling the script. */
const READY_TIMEOUT_MS = 10_000;
/**
 * How often the child's memory is read while it sends output: on the first message this long
 * after the last reading, so that a running effect costs the server no wake-up of its own (each
 * one costs about as much as a frame's drawing here).
 */
const MEMORY_POLL_MS = 200;
/** How often it is read while the child sends nothing: a timer, pushed back by every reading. */
const MEMORY_IDLE_POLL_MS = 400;
/** After the child exits, how long its pipes may take to deliver their last bytes. */
const DRAIN_TIMEOUT_MS = 1000;
const STDERR_TAIL_CHARS = 4000;
const FAILURE_CHARS = 400;
/** The launcher's one line on what confinement it could not set up (glowkit_confine.py). */
const CONFINEMENT_NOTICE = /^glowkit: effect confinement incomplete: .*\n?/m;
/** The only variables a script sees: no tokens or paths of the server leak into effects. */
const CHILD_ENV_KEYS = ['PATH', 'TZ', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR'];

/**
 * A Python effect in its own `python3` child. Attach listeners, then call {@link start}: frames
 * arrive as `frame` events while it runs (the first ones before start() resolves), its print()
 * output as rate-capped `log` events, and `exit` once it is gone after a successful start (when
 * start() rejects, the rejection carries the exit instead). A script that floods frames, grows
 * beyond its memory limit, breaks the pipe protocol or ignores a stop is killed.
 *
 * ```ts
 * const effect = new EffectProcess(options);
 * effect.on('frame', show).on('log', log).once('exit', ended);
 * await effect.start(); // rejects with an EffectStartError: the one-line reason
 * ```
 *
 * Differences from Hyperion.ng, on purpose: a script that never polls `abort()` is killed
 * `abortGraceMs` after stop() (ng waits forever, issue #1586); `sys.exit()` ends the effect
 * normally instead of being logged as a failure.
 */
export class EffectProcess extends EventEmitter<EffectEvents> {
  readonly #options: EffectProcessOptions;
  readonly #limits: EffectLimits;
  /** Said as `log` warnings when start() is called, once listeners are attached. */
  readonly #limitWarnings: string[];
  #state: Lifecycle = { kind: 'idle' };
  #started: Promise<void> | undefined;
  /** Undefined before start() and when spawn() itself threw. */
  #child: ChildProcess | undefined;
  /** The child's own exit; its pipes may still hold its last output. */
  #childExit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** The script's own account of its failure (a FAILURE line). */
  #failure: string | undefined;
  #stderrTail = '';
  readonly #reader = new MessageReader();
  readonly #closed: Promise<EffectExit>;
  #resolveClosed!: (exit: EffectExit) => void;
  #canvas: EffectCanvasLike | undefined;
  #replies: Promise<void> = Promise.resolve();
  #frameWindowStart = Number.NEGATIVE_INFINITY;
  #frameWindowCount = 0;
  /** Looks up the process running the script once, after READY (the launcher's child). */
  #scriptLookup: Promise<void> | undefined;
  /** The process running the script, once looked up. */
  #scriptPid: number | undefined;
  /** The effect's CPU cap, once made (undefined without one). */
  #cpuCap: Promise<CpuCap> | undefined;
  readonly #timers = new Set<NodeJS.Timeout>();
  #memoryTimer: NodeJS.Timeout | undefined;
  #memoryReadAt = Number.NEGATIVE_INFINITY;
  /** The child's /proc status file, open while it runs (null: there is none to read). */
  #status: { fd: number; buffer: Buffer } | null | undefined;

  /** Makes an effect that has not started: attach listeners, then call {@link start}. */
  constructor(options: EffectProcessOptions) {
    super();
    this.#options = options;
    this.#closed = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    const { limits, warnings } = resolveLimits(options.limits);
    this.#limits = limits;
    this.#limitWarnings = warnings;
  }

  /**
   * Starts the effect. Resolves at its first frame, or `startTimeoutMs` after the script began
   * with the child still alive; rejects with an {@link EffectStartError} whose message is the
   * one-line reason when it fails before (syntax error, exception, missing script, no python3),
   * or was stopped before it started. Every call returns the same promise.
   */
  start(): Promise<void> {
    this.#started ??= new Promise((resolve, reject) => {
      const state = this.#state;
      // Stopped before it started.
      if (state.kind === 'exited') throw new EffectStartError(state.exit);
      this.#state = { kind: 'spawning', starting: { resolve, reject } };
      for (const warning of this.#limitWarnings) this.emit('log', 'warn', warning);
      const { script } = this.#options;
      access(script).then(
        () => this.#spawn(),
        () =>
          this.#notSpawned(
            `its script ${script} was not found; check the "script" of its definition`,
          ),
      );
    });
    return this.#started;
  }

  /** The child's process id (0 before start() and when it could not be started). */
  get pid(): number {
    return this.#child?.pid ?? 0;
  }

  /** True from start() until stop() is called or the child ends; frames are delivered only then. */
  get running(): boolean {
    const { kind } = this.#state;
    return kind === 'spawning' || kind === 'ready' || kind === 'running';
  }

  /** How the effect ended, once it has. */
  get exitInfo(): EffectExit | undefined {
    return this.#state.kind === 'exited' ? this.#state.exit : undefined;
  }

  /**
   * Asks the script to end (its `abort()` returns 1) and kills it if it has not ended
   * `abortGraceMs` later. Resolves when the process is gone and every pipe and timer is closed.
   * While it starts, stop() waits for start() to settle first; before start(), it never starts.
   * Idempotent: every call returns the same exit.
   */
  stop(): Promise<EffectExit> {
    const state = this.#state;
    switch (state.kind) {
      case 'idle': {
        const exit: EffectExit = {
          reason: 'stopped',
          message: `Effect '${this.#options.name}' stopped`,
        };
        this.#state = { kind: 'exited', exit };
        this.#resolveClosed(exit);
        break;
      }
      case 'spawning':
      case 'ready':
        return (this.#started as Promise<void>).then(
          () => this.stop(),
          () => this.#closed,
        );
      case 'running':
        this.#state = { kind: 'stopping' };
        this.#write(encodeAbort());
        this.#after(this.#limits.abortGraceMs, () =>
          this.#terminate(
            'killed',
            `it did not end within ${this.#limits.abortGraceMs} ms of being stopped; its script should check hyperion.abort() more often`,
          ),
        );
        break;
      case 'stopping':
      case 'killing':
      case 'exited':
        break;
    }
    return this.#closed;
  }

  #spawn(): void {
    const options = this.#options;
    let init: Buffer;
    try {
      init = encodeInit({
        name: options.name,
        script: options.script,
        ledCount: options.ledCount,
        latchTime: options.latchTime,
        args: options.args,
        width: options.width,
        height: options.height,
        durationMs: options.durationMs,
        imageData: options.imageData ?? null,
        resourceDirs: options.resourceDirs,
      });
    } catch (error) {
      this.#notSpawned(`its settings could not be sent to the script: ${errorOnOneLine(error)}`);
      return;
    }
    const env: NodeJS.ProcessEnv = {};
    for (const key of CHILD_ENV_KEYS)
      if (process.env[key] !== undefined) env[key] = process.env[key];
    const confinement = options.confinement ?? {};
    const confined = confinement.enabled !== false;
    const limits = this.#limits;
    const share = limits.maxCpuShare;
    // A cgroup where one can be made; else the launcher throttles the script's namespace.
    const byCgroup =
      confined &&
      Number.isFinite(share) &&
      confinement.cpuCap !== 'signals' &&
      cpuCapProblem(share) === undefined;
    const bySignals = confined && Number.isFinite(share) && !byCgroup;
    const settings = confined
      ? [launcherSettings(confinement, limits, bySignals ? share : null, [])]
      : [];
    try {
      // detached: the child leads its own process group, so a kill takes whatever it started too.
      this.#child = spawn(
        options.python ?? 'python3',
        ['-I', '-S', '-u', '-B', RUNNER, ...settings],
        {
          stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
          cwd: dirname(options.script),
          env,
          detached: true,
        },
      );
    } catch (error) {
      // Failures other than the five spawn() reports as an 'error' event are thrown at once;
      // reported on the next tick as those are, so that start() settles the same way.
      process.nextTick(() => this.#spawnFailed(error as NodeJS.ErrnoException));
    }
    if (this.#child) this.#wire(this.#child);
    const pid = this.#child?.pid;
    if (byCgroup && pid !== undefined) {
      // INIT only once the launcher is in its group: it forks the script's process after reading
      // INIT, so that process and everything it starts are in the group.
      this.#cpuCap = CpuCap.create(pid, share).then((cap) => {
        // Gone before its group was made (killed meanwhile): nothing to say or to send; its
        // exit handler releases the group.
        if (this.#childExit !== undefined) return cap;
        if (cap.missing !== undefined)
          this.emit('log', 'warn', `glowkit: effect confinement incomplete: no ${cap.missing}`);
        this.#write(init);
        return cap;
      });
    } else {
      this.#write(init);
    }
    this.#after(READY_TIMEOUT_MS, () => {
      if (this.#state.kind === 'spawning')
        this.#terminate(
          'failed',
          `${basename(options.python ?? 'python3')} did not start within ${READY_TIMEOUT_MS / 1000} s`,
        );
    });
    if (this.#child?.pid !== undefined) {
      this.#memoryTimer = setInterval(() => this.#pollMemory(), MEMORY_IDLE_POLL_MS);
    }
  }

  #wire(child: ChildProcess): void {
    // First, before anything can throw: an 'error' event without a listener ends the server.
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) this.#spawnFailed(error);
    });
    // Unset when spawn() failed for lack of file descriptors (EMFILE, ENFILE).
    const [stdin, stdout, stderr, pipe] = child.stdio ?? [];
    child.on('exit', (code, signal) => {
      this.#childExit = { code, signal };
      // Whatever the script started in its process group goes with it.
      this.#signalGroup();
      void this.#cpuCap?.then((cap) => cap.release());
      if (this.#state.kind !== 'exited') this.#after(DRAIN_TIMEOUT_MS, () => this.#finalize());
    });
    child.on('close', () => this.#finalize());
    stdin?.on('error', () => {
      // EPIPE: the child is gone; its exit tells why.
    });
    const frames = pipe as Readable | null | undefined;
    frames?.on('error', () => {});
    frames?.on('data', (chunk: Buffer) => this.#onPipeData(chunk));
    this.#lines(stdout, 'info');
    this.#lines(stderr, 'warn', true);
  }

  #lines(
    stream: NodeJS.ReadableStream | null | undefined,
    level: 'info' | 'warn',
    tail = false,
  ): void {
    if (!stream) return;
    const decoder = new StringDecoder('utf8');
    const log = new LineLog((line) => this.emit('log', level, line));
    stream.on('error', () => {});
    stream.on('data', (chunk: Buffer) => {
      const text = decoder.write(chunk);
      if (tail) this.#stderrTail = (this.#stderrTail + text).slice(-STDERR_TAIL_CHARS);
      log.push(text);
    });
    stream.on('end', () => {
      log.push(decoder.end());
      log.end();
    });
  }

  /** The child could not be started: the effect fails with why, in one line. */
  #spawnFailed(error: NodeJS.ErrnoException): void {
    this.#notSpawned(spawnProblem(this.#options.python ?? 'python3', error));
  }

  /** Fails an effect that has no child; a reason already given counts first. */
  #notSpawned(why: string): void {
    const state = this.#state;
    if (state.kind === 'exited') return;
    if (state.kind !== 'killing') {
      const message = this.#say('failed', why);
      this.#state = { kind: 'killing', reason: 'failed', message, starting: startingOf(state) };
    }
    this.#close();
  }

  #onPipeData(chunk: Buffer): void {
    if (performance.now() - this.#memoryReadAt >= MEMORY_POLL_MS) this.#pollMemory();
    let messages: PipeMessage[];
    try {
      messages = this.#reader.push(chunk);
    } catch (error) {
      this.#protocolError((error as Error).message);
      return;
    }
    for (const message of messages) {
      if (this.#state.kind === 'killing' || this.#state.kind === 'exited') return;
      try {
        this.#onMessage(message);
      } catch (error) {
        // Contained here: a bad message (or a throwing listener) must never crash the server.
        if (error instanceof PipeProtocolError) this.#protocolError(error.message);
        else
          this.#terminate(
            'failed',
            `the engine could not take its output: ${errorOnOneLine(error)}`,
          );
      }
    }
  }

  #onMessage({ type, payload }: PipeMessage): void {
    const state = this.#state;
    if (type === PipeMessageType.READY) {
      if (state.kind !== 'spawning') throw new PipeProtocolError('READY came twice');
      const timer = this.#after(this.#limits.startTimeoutMs, () => this.#handOver());
      this.#state = { kind: 'ready', starting: state.starting, timer };
      return;
    }
    if (type === PipeMessageType.FAILURE) {
      this.#failure = errorOnOneLine(Buffer.from(payload).toString('utf8')).slice(0, FAILURE_CHARS);
      return;
    }
    if (state.kind === 'spawning') {
      throw new PipeProtocolError(`message type 0x${hex(type)} came before READY`);
    }
    switch (type) {
      case PipeMessageType.COLORS: {
        const expected = 3 * this.#options.ledCount;
        if (payload.length !== expected) {
          throw new PipeProtocolError(
            `a colour frame of ${payload.length} bytes; 3 × ${this.#options.ledCount} LEDs = ${expected} expected`,
          );
        }
        this.#frame({ kind: 'colors', colors: payload });
        return;
      }
      case PipeMessageType.IMAGE:
        this.#frame({ kind: 'image', image: decodeImage(payload) });
        return;
      case PipeMessageType.DRAW: {
        // Drawing costs the server's time: skip it once the picture can no longer be shown.
        if (!this.running) return;
        let shown: RgbImage[];
        try {
          shown = this.#canvasNow().apply(payload);
        } catch (error) {
          this.#terminate('failed', `its drawing could not be done: ${errorOnOneLine(error)}`);
          return;
        }
        for (const image of shown) {
          if (!this.#frame({ kind: 'image', image })) return;
        }
        return;
      }
      case PipeMessageType.GET_PIXEL: {
        const { x, y } = decodePixelRequest(payload);
        this.#write(encodePixelReply(this.#canvasNow().getPixel(x, y)));
        return;
      }
      case PipeMessageType.GET_IMAGE:
        this.#answerImage(decodeImageRequest(payload));
        return;
      default:
        throw new PipeProtocolError(`unknown message type 0x${hex(type)}`);
    }
  }

  #canvasNow(): EffectCanvasLike {
    this.#canvas ??= this.#options.createCanvas(this.#options.width, this.#options.height);
    return this.#canvas;
  }

  #answerImage(request: {
    source: string;
    crop: [number, number, number, number];
    grayscale: boolean;
  }): void {
    const { imageData, resourceDirs, loadImage } = this.#options;
    // The script waits for each answer, so answers go out in the order asked.
    this.#replies = this.#replies.then(async () => {
      let reply: Buffer;
      try {
        const images = await loadImage({
          ...request,
          ...(imageData === undefined ? {} : { imageData }),
          resourceDirs,
        });
        reply = encodeImagesReply(images);
      } catch (error) {
        reply = encodeError(errorOnOneLine(error));
      }
      this.#write(reply);
    });
  }

  /** Counts and delivers a frame; false once the effect has been killed for flooding. */
  #frame(frame: EffectFrame): boolean {
    if (!this.running) return false;
    const now = performance.now();
    if (now - this.#frameWindowStart >= 1000) {
      this.#frameWindowStart = now;
      this.#frameWindowCount = 0;
    }
    if (++this.#frameWindowCount > this.#limits.maxFramesPerSecond) {
      this.#terminate(
        'killed',
        `it sent more than ${this.#limits.maxFramesPerSecond} frames in one second; pace it with time.sleep(hyperion.lowestUpdateInterval())`,
      );
      return false;
    }
    this.emit('frame', frame);
    this.#handOver();
    return true;
  }

  /** The effect counts as started (its first frame, or startTimeoutMs after READY). */
  #handOver(): void {
    const state = this.#state;
    if (state.kind !== 'ready') return;
    this.#clear(state.timer);
    this.#state = { kind: 'running' };
    state.starting.resolve();
  }

  #pollMemory(): void {
    const launcher = this.#child?.pid;
    if (launcher === undefined || this.#childExit !== undefined || this.#status === null) return;
    this.#memoryReadAt = performance.now();
    this.#memoryTimer?.refresh();
    // A confined script runs in the launcher's child, forked before READY; until READY the
    // launcher is all there is. The script's process is looked up once (a /proc scan, so not on
    // every frame), and its status file is read from then on.
    if (this.#scriptPid === undefined && this.#state.kind !== 'spawning') {
      this.#scriptLookup ??= scriptPidOf(launcher)
        .then((pid) => {
          this.#scriptPid = pid;
          if (this.#status && this.#childExit === undefined && pid !== launcher) {
            closeSync(this.#status.fd);
            this.#status = undefined;
          }
        })
        .catch(() => {
          // Gone already: nothing to measure.
        });
    }
    const pid = this.#scriptPid ?? launcher;
    let status: string;
    try {
      // The file stays open and is read again from its start: a /proc file is made anew on each
      // read, and opening it each time (or five reads a second through fs/promises' thread pool)
      // cost the server more than a drawing effect's own frames.
      this.#status ??= { fd: openSync(`/proc/${pid}/status`, 'r'), buffer: Buffer.alloc(4096) };
      const { fd, buffer } = this.#status;
      status = buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
    } catch {
      // Gone already, or no /proc on this system: nothing to measure.
      if (this.#status === undefined) this.#status = null;
      return;
    }
    const match = /VmRSS:\s+(\d+)\s*kB/.exec(status);
    const bytes = match ? Number(match[1]) * 1024 : 0;
    if (bytes > this.#limits.maxMemoryBytes) {
      this.#terminate(
        'killed',
        `it used ${mib(bytes)} MiB of memory, more than the ${mib(this.#limits.maxMemoryBytes)} MiB allowed`,
      );
    }
  }

  #protocolError(detail: string): void {
    this.#terminate('killed', `it broke the effect pipe protocol (${detail})`);
  }

  /** Kills the child for a reason of ours; the first reason counts. */
  #terminate(reason: 'failed' | 'killed', why: string): void {
    const state = this.#state;
    if (state.kind === 'idle' || state.kind === 'exited' || this.#childExit !== undefined) return;
    if (state.kind !== 'killing') {
      const message = this.#say(reason, why);
      this.#state = { kind: 'killing', reason, message, starting: startingOf(state) };
    }
    this.#signalGroup();
  }

  #signalGroup(): void {
    const pid = this.#child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // No such group any more (or not a group leader): kill the child alone if it is there.
      if (this.#childExit === undefined) this.#child?.kill('SIGKILL');
    }
  }

  #write(message: Buffer): void {
    const stdin = this.#child?.stdin;
    if (stdin && !stdin.destroyed && stdin.writable && this.#childExit === undefined) {
      stdin.write(message);
    }
  }

  #after(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run();
    }, ms);
    this.#timers.add(timer);
    return timer;
  }

  #clear(timer: NodeJS.Timeout): void {
    clearTimeout(timer);
    this.#timers.delete(timer);
  }

  #say(reason: EffectExit['reason'], why: string): string {
    const name = this.#options.name;
    return reason === 'killed'
      ? `Effect '${name}' was killed: ${why}`
      : `Effect '${name}' failed: ${why}`;
  }

  /** The child has exited and its pipes are drained (or had their time). */
  #finalize(): void {
    if (this.#childExit !== undefined) this.#close();
  }

  /** The child is gone (or never came): close everything, then tell. Runs once. */
  #close(): void {
    const state = this.#state;
    if (state.kind === 'exited' || state.kind === 'idle') return;
    const exit = this.#classify(state);
    const starting = startingOf(state);
    this.#state = { kind: 'exited', exit };
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    if (this.#memoryTimer !== undefined) clearInterval(this.#memoryTimer);
    if (this.#status) closeSync(this.#status.fd);
    this.#status = null;
    // A destroyed pipe closes its handle on a later tick: wait for that, so that nothing of the
    // child is left when stop() resolves.
    const closing: Promise<unknown>[] = [];
    for (const stream of this.#child?.stdio ?? []) {
      if (!stream || stream.closed) continue;
      closing.push(once(stream, 'close').catch(() => undefined));
      stream.destroy();
    }
    // libuv closes the process handle in the loop's close phase: a zero timer runs after it.
    closing.push(new Promise((resolve) => setTimeout(resolve, 0)));
    void Promise.all(closing).then(async () => {
      // A script that ended well before its first frame has run: only a failure rejects start().
      if (starting !== undefined && exit.reason !== 'finished') {
        starting.reject(new EffectStartError(exit));
        this.#resolveClosed(exit);
        return;
      }
      if (starting !== undefined) {
        starting.resolve();
        // The caller of start() resumes on a microtask: it hears of the end after that.
        await new Promise((resolve) => setImmediate(resolve));
      }
      this.emit('exit', exit);
      this.#resolveClosed(exit);
    });
  }

  #classify(state: Lifecycle): EffectExit {
    const name = this.#options.name;
    // The launcher's notice of what confinement it could not set up is a log line, not output.
    const tail = this.#stderrTail.replace(CONFINEMENT_NOTICE, '').trim();
    const detail = tail.length > 0 ? { detail: tail } : {};
    if (state.kind === 'killing') {
      return { reason: state.reason, message: state.message, ...detail };
    }
    if (this.#failure !== undefined) {
      return { reason: 'failed', message: `Effect '${name}' failed: ${this.#failure}`, ...detail };
    }
    const { code, signal } = this.#childExit ?? { code: null, signal: null };
    if (code === 0) {
      return state.kind === 'stopping'
        ? { reason: 'stopped', message: `Effect '${name}' stopped`, ...detail }
        : { reason: 'finished', message: `Effect '${name}' finished`, ...detail };
    }
    const python = basename(this.#options.python ?? 'python3');
    const lastLine = tail.split('\n').pop()?.trim();
    const why =
      signal !== null
        ? `${python} was ended by ${signal}`
        : `${python} exited with code ${code}${lastLine ? `: ${lastLine}` : ''}`;
    return { reason: 'failed', message: `Effect '${name}' failed: ${why}`, ...detail };
  }
}

/** The caller still waiting for start() in a state, if any. */
function startingOf(state: Lifecycle): Starting | undefined {
  switch (state.kind) {
    case 'spawning':
    case 'ready':
    case 'killing':
      return state.starting;
    default:
      return undefined;
  }
}

function resolveLimits(given: Partial<EffectLimits> | undefined): {
  limits: EffectLimits;
  warnings: string[];
} {
  const limits: EffectLimits = { ...DEFAULT_EFFECT_LIMITS };
  const warnings: string[] = [];
  for (const key of Object.keys(DEFAULT_EFFECT_LIMITS) as (keyof EffectLimits)[]) {
    const value = given?.[key];
    if (value === undefined) continue;
    const infiniteAllowed = key !== 'abortGraceMs' && key !== 'startTimeoutMs';
    if (typeof value === 'number' && value >= 0 && (Number.isFinite(value) || infiniteAllowed)) {
      limits[key] = value;
    } else {
      warnings.push(
        `effect limit ${key} = ${String(value)} is not a number ≥ 0; using ${DEFAULT_EFFECT_LIMITS[key]}`,
      );
    }
  }
  return { limits, warnings };
}

/** Why the interpreter could not be started, and what to do about it: one line. */
function spawnProblem(python: string, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return `${python} was not found; install Python 3 or set the engine's python option`;
    case 'EACCES':
      return `${python} could not be started: permission denied (EACCES); make it executable or set the engine's python option`;
    case 'EMFILE':
    case 'ENFILE':
      return `${python} could not be started: the server has run out of file descriptors (${error.code}); close connections or raise its limit (ulimit -n)`;
    case 'EAGAIN':
      return `${python} could not be started: the system refused a new process (EAGAIN); too many processes run, try again later`;
    default:
      return `${python} could not be started: ${errorOnOneLine(error)}`;
  }
}

function hex(type: number): string {
  return type.toString(16).padStart(2, '0');
}

/** Whole MiB, rounded up: a use just over the limit never reads as equal to it. */
function mib(bytes: number): string {
  return String(Math.ceil(bytes / (1024 * 1024)));
}
