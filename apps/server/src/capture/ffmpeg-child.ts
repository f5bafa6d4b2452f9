/**
 * One `ffmpeg` child writing raw RGB frames of a fixed size to its stdout: started once per run
 * of a grabber (never per frame), read whole frame by whole frame, the newest handed on once per
 * turn of the event loop, its stderr kept in a small ring for the message when it stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { FrameArrival } from '@glowkit/engine';
import { FrameReader } from './frame-reader.js';

/** What a grabber captures, as ffmpeg is told it, and the size of the frames it gets back. */
export interface FfmpegInput {
  /**
   * The input's options ending with `-i <url>`, e.g. `-f x11grab -framerate 25 -video_size
   * 1920x1080 -i :0+0,0`.
   */
  input: readonly string[];
  /** Filters before the scaling (a crop, `hwdownload`), in ffmpeg's `-vf` syntax. */
  filters?: readonly string[];
  /** The frames' size after the filters and the scaling. */
  width: number;
  height: number;
}

/**
 * The whole command line for an input, after the program's name. The choices, for low latency
 * (a frame is read as soon as ffmpeg has it) and low cost:
 * - `-nostdin`: ffmpeg never waits on or reads the server's stdin;
 * - `-fflags nobuffer -flags low_delay`: the demuxer does not buffer packets and decoders (MJPEG,
 *   H.264 from a capture stick) hand frames out at once;
 * - `-probesize 32 -analyzeduration 0`: no frames are read ahead to "find stream info" before the
 *   first one is written (with x11grab that probing alone takes ~0.8 s at each start);
 * - one `-vf` chain ending in `scale=W:H:flags=neighbor,format=rgb24`, so swscale converts the
 *   pixel format and shrinks to the small size in one pass, point-sampling as Hyperion.ng's
 *   `pixelDecimation` does (the LEDs average whole areas of the picture anyway). Measured here,
 *   1920×1080 → 240×135 costs ffmpeg ~0.6 ms a frame with `neighbor`, ~1.3 ms with
 *   `fast_bilinear` (which also turns 255 into 252), ~5 ms with `area` or `bilinear`;
 * - `-fps_mode passthrough`: each captured frame is written once, as it comes (rawvideo output
 *   would otherwise be constant-rate, with frames duplicated or dropped);
 * - `-f rawvideo -pix_fmt rgb24 -flush_packets 1 pipe:1`: bare RGB bytes, each frame flushed to
 *   the pipe at once rather than when ffmpeg's 32 KB output buffer fills;
 * - `-loglevel warning -nostats`: stderr carries only problems, the last of which says why a
 *   child stopped.
 */
export function ffmpegArgs(input: FfmpegInput): string[] {
  const chain = [
    ...(input.filters ?? []),
    `scale=${input.width}:${input.height}:flags=neighbor`,
    'format=rgb24',
  ];
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'warning',
    '-fflags',
    'nobuffer',
    '-flags',
    'low_delay',
    '-probesize',
    '32',
    '-analyzeduration',
    '0',
    ...input.input,
    '-an',
    '-sn',
    '-dn',
    '-vf',
    chain.join(','),
    '-fps_mode',
    'passthrough',
    // One thread: ffmpeg's frame threads hold each frame back a frame or two (x11grab to the
    // pipe: about 69 ms after a screen change by default, about 22 ms so).
    '-threads',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-flush_packets',
    '1',
    'pipe:1',
  ];
}

/** How a child ended. */
export interface FfmpegExit {
  /** True when the program could not be started at all (not found, not executable). */
  missing: boolean;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why, in one line: ffmpeg's last line on stderr, or what kept it from starting. */
  line: string;
  /** Its last lines on stderr. */
  stderr: readonly string[];
}

/** The line for an `ffmpeg` that cannot be started (`error` from spawn). */
export function missingFfmpegLine(ffmpeg: string, error: NodeJS.ErrnoException): string {
  const why = error.code === 'ENOENT' ? 'not found' : (error.code ?? error.message);
  return `ffmpeg cannot be run ("${ffmpeg}": ${why}): install it (Debian: apt install ffmpeg) or give its path with --ffmpeg`;
}

/** `[x11grab @ 0x55d0c1a2b940] Cannot open display :1` → `x11grab: Cannot open display :1`. */
const COMPONENT_LINE = /^\[([\w-]+) @ 0x[0-9a-f]+\]\s*(.*)$/;

/**
 * The line of ffmpeg's stderr that says what went wrong: the last one a part of ffmpeg (the
 * capture device, a decoder) wrote, which names the cause, rather than the generic summary
 * ffmpeg prints after it (`:1: Input/output error`); undefined when it wrote nothing.
 */
export function ffmpegProblem(lines: readonly string[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = COMPONENT_LINE.exec(lines[i] as string);
    if (match) return `${match[1]}: ${match[2]}`;
  }
  return lines.at(-1);
}

/**
 * Whether `ffmpeg` can be run, without running it: a path must be an executable file, a name
 * must be one in a PATH folder. The line of {@link missingFfmpegLine} when it cannot.
 */
export function ffmpegMissing(ffmpeg: string, path = process.env.PATH ?? ''): string | undefined {
  const runnable = (file: string): NodeJS.ErrnoException | undefined => {
    try {
      if (!statSync(file).isFile())
        return Object.assign(new Error('not a file'), { code: 'EACCES' });
      accessSync(file, constants.X_OK);
      return undefined;
    } catch (error) {
      return error as NodeJS.ErrnoException;
    }
  };
  if (ffmpeg.includes('/')) {
    const error = runnable(ffmpeg);
    return error ? missingFfmpegLine(ffmpeg, error) : undefined;
  }
  for (const dir of path.split(delimiter)) {
    if (dir !== '' && runnable(join(dir, ffmpeg)) === undefined) return undefined;
  }
  return missingFfmpegLine(ffmpeg, Object.assign(new Error('not found'), { code: 'ENOENT' }));
}

/** How to run one child. */
export interface FfmpegChildOptions {
  /** The program: a path, or a name looked up on PATH. */
  ffmpeg: string;
  /** Its arguments ({@link ffmpegArgs}). */
  args: readonly string[];
  /** The size of one frame on stdout, bytes. */
  frameBytes: number;
  /**
   * The newest whole frame, at most once per turn of the event loop; the frame is the callee's.
   * `arrival`: when its last byte was read from the pipe, and how long it then waited for its turn
   * (the latency figures' capture stage).
   */
  onFrame(frame: Uint8Array, arrival: FrameArrival): void;
  /** Called once when it ended, unless {@link FfmpegChild.stop} was called first. */
  onExit(exit: FfmpegExit): void;
  /** How long `stop()` waits after SIGTERM before SIGKILL, ms. Default 2000. */
  killTimeoutMs?: number;
  /** Lines of stderr kept. Default 20. */
  stderrLines?: number;
}

/** Longest stderr line kept, characters (ffmpeg's lines are short; a stray binary dump is not). */
const MAX_LINE = 400;

/**
 * A running ffmpeg child. `stop()` ends it (SIGTERM, then SIGKILL) and resolves once it has
 * exited, so that nothing is left behind; if the server itself dies, the child's next write to
 * the closed pipe ends it.
 */
export class FfmpegChild {
  readonly #options: FfmpegChildOptions;
  readonly #reader: FrameReader;
  readonly #child: ChildProcess;
  readonly #stderr: string[] = [];
  #partialLine = '';
  #scheduled: NodeJS.Immediate | undefined;
  #exited: Promise<void>;
  #stopping = false;
  #ended = false;

  constructor(options: FfmpegChildOptions) {
    this.#options = options;
    this.#reader = new FrameReader(options.frameBytes);
    const child = spawn(options.ffmpeg, options.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    let spawnError: NodeJS.ErrnoException | undefined;
    this.#exited = new Promise<void>((resolve) => {
      child.once('error', (error: NodeJS.ErrnoException) => {
        spawnError = error;
        // Never started: no 'exit' follows.
        if (child.pid === undefined) {
          this.#end({ missing: true, code: null, signal: null, error });
          resolve();
        }
      });
      child.once('close', (code, signal) => {
        if (spawnError && child.pid === undefined) return;
        this.#end({ missing: false, code, signal });
        resolve();
      });
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.#reader.push(chunk) > 0) this.#scheduled ??= setImmediate(() => this.#handOn());
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => this.#keepStderr(text));
  }

  /** The child's process id; undefined when it could not be started. */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  /** Frames read and dropped by this child. */
  get counts(): { read: number; dropped: number } {
    return this.#reader.counts;
  }

  /** Its last lines on stderr. */
  get stderr(): readonly string[] {
    return this.#stderr;
  }

  /** Ends the child; resolves once it has exited. `onExit` is not called. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#cancelHandOn();
    if (!this.#ended && this.#child.pid !== undefined) {
      this.#child.kill('SIGTERM');
      const kill = setTimeout(
        () => this.#child.kill('SIGKILL'),
        this.#options.killTimeoutMs ?? 2000,
      );
      await this.#exited;
      clearTimeout(kill);
    }
    await this.#exited;
  }

  #handOn(): void {
    this.#scheduled = undefined;
    if (this.#stopping) return;
    const receivedAt = this.#reader.readyAt;
    const frame = this.#reader.take();
    if (frame)
      this.#options.onFrame(frame, { receivedAt, waitedMs: performance.now() - receivedAt });
  }

  #cancelHandOn(): void {
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = undefined;
  }

  #keepStderr(text: string): void {
    const lines = (this.#partialLine + text).split(/\r?\n|\r/);
    this.#partialLine = (lines.pop() ?? '').slice(0, MAX_LINE);
    for (const line of lines) {
      const trimmed = line.trim();
      if (trimmed === '') continue;
      this.#stderr.push(trimmed.slice(0, MAX_LINE));
      if (this.#stderr.length > (this.#options.stderrLines ?? 20)) this.#stderr.shift();
    }
  }

  #end(end: {
    missing: boolean;
    code: number | null;
    signal: NodeJS.Signals | null;
    error?: NodeJS.ErrnoException;
  }): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#keepStderr('\n');
    this.#cancelHandOn();
    if (this.#stopping) return;
    const last = ffmpegProblem(this.#stderr);
    const line = end.error
      ? missingFfmpegLine(this.#options.ffmpeg, end.error)
      : (last ??
        (end.signal ? `ffmpeg was ended by ${end.signal}` : `ffmpeg exited with code ${end.code}`));
    this.#options.onExit({
      missing: end.missing,
      code: end.code,
      signal: end.signal,
      line,
      stderr: [...this.#stderr],
    });
  }
}
