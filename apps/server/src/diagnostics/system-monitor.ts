/**
 * The running figures of the System page and of `diagnostics getInfo`: the server's CPU and
 * event-loop delay, each effect child's CPU and memory, each instance's frames per second and
 * frames dropped, each device's write time. Rates need two readings, so the monitor takes one
 * every interval and keeps the last interval's figures; a request reads those.
 *
 * It costs nothing while nobody asks: the first request starts it (and waits for a first, short
 * interval), and it stops by itself once nobody has asked for a while.
 */
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { DeviceCounters, EffectChild, LedInstance } from '@glowkit/engine';
import type { EventLoopDelay, ProcessFigures } from '@glowkit/protocol';
import { type ProcReading, readProc } from './proc-stat.js';

/** What the monitor reads the instances from: the server's runtime. */
export interface MonitoredRuntime {
  readonly instances: ReadonlyArray<{ id: number }>;
  instance(id: number): LedInstance | undefined;
}

/** Options of a {@link SystemMonitor}. */
export interface SystemMonitorOptions {
  runtime: MonitoredRuntime;
  /** The interval the figures are taken over, ms (default 5000). */
  intervalMs?: number;
  /** The first interval after a start, ms (default 1000, at most `intervalMs`). */
  firstIntervalMs?: number;
  /** How long the monitor runs on after the last request, ms (default 60 000). */
  idleMs?: number;
  /** Reads a process (for tests; default: Linux's /proc). */
  readProcess?: (pid: number) => Promise<ProcReading | undefined>;
}

/** An effect child's figures, with where it runs. */
export interface MonitoredChild extends ProcessFigures {
  instance: number;
  priority: number;
  name: string;
}

/** An instance's rates over the last interval. */
export interface InstanceRates {
  fps: number;
  framesDropped: number;
  /** Mean write time over the interval, ms; null when nothing was written. */
  writeMsMean: number | null;
}

/** The figures of one interval. */
export interface IntervalFigures {
  /** When the interval ended, ms since the epoch. */
  time: number;
  intervalMs: number;
  /** The server's CPU, percent of one core. */
  serverCpuPercent: number;
  eventLoop: EventLoopDelay;
  effects: MonitoredChild[];
  /** By instance id; only running instances. */
  instances: Map<number, InstanceRates>;
}

/** One reading of everything the rates are made from. */
interface Reading {
  /** Monotonic, ms. */
  at: number;
  /** process.cpuUsage(): user + system, µs. */
  cpuUs: number;
  children: Map<number, { child: EffectChild; instance: number; proc: ProcReading | undefined }>;
  devices: Map<number, { owner: LedInstance; counters: DeviceCounters }>;
}

const ZERO_COUNTERS: DeviceCounters = {
  writes: 0,
  dropped: 0,
  superseded: 0,
  writeMs: 0,
  writeMsMax: 0,
};

/**
 * How often the event loop's delay is sampled, ms: the histogram times a timer of this period,
 * so a sample is the period plus the delay. Cheap enough to leave on while someone watches.
 */
const LOOP_RESOLUTION_MS = 10;

/** A sample of the histogram (ns between two runs of its timer) as the delay past the period, ms. */
const lateness = (ns: number): number => round2(Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS));

const round1 = (value: number): number => Math.round(value * 10) / 10;
const round2 = (value: number): number => Math.round(value * 100) / 100;

/** See the module's comment. Create one per server; {@link stop} ends it for good. */
export class SystemMonitor {
  readonly #runtime: MonitoredRuntime;
  readonly #intervalMs: number;
  readonly #firstIntervalMs: number;
  readonly #idleMs: number;
  readonly #readProcess: (pid: number) => Promise<ProcReading | undefined>;

  #histogram: IntervalHistogram | undefined;
  #timer: NodeJS.Timeout | undefined;
  #last: Reading | undefined;
  #figures: IntervalFigures | undefined;
  /** The first interval under way: requests wait for it. */
  #first: Promise<void> | undefined;
  #lastAskedAt = 0;
  #ticking: Promise<void> | undefined;

  constructor(options: SystemMonitorOptions) {
    this.#runtime = options.runtime;
    this.#intervalMs = options.intervalMs ?? 5000;
    this.#firstIntervalMs = Math.min(options.firstIntervalMs ?? 1000, this.#intervalMs);
    this.#idleMs = options.idleMs ?? 60_000;
    this.#readProcess = options.readProcess ?? ((pid) => readProc(pid));
  }

  /** The interval the figures are taken over, ms. */
  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** Whether the monitor is taking readings now. */
  get running(): boolean {
    return this.#timer !== undefined || this.#first !== undefined;
  }

  /**
   * The figures of the last interval; starts the monitor when it is not running, and then
   * resolves after its first (short) interval.
   */
  async figures(): Promise<IntervalFigures> {
    this.#lastAskedAt = performance.now();
    if (!this.running) this.#start();
    if (this.#first) await this.#first;
    // Stopped during the first interval: nothing was measured.
    return this.#figures ?? emptyFigures();
  }

  /** Stops taking readings (a later {@link figures} starts again). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#histogram?.disable();
    this.#histogram = undefined;
    this.#last = undefined;
    this.#figures = undefined;
  }

  #start(): void {
    this.#histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    this.#histogram.enable();
    const first = this.#read().then(async (reading) => {
      this.#last = reading;
      await new Promise((resolve) => setTimeout(resolve, this.#firstIntervalMs));
      await this.#tick();
      this.#timer = setInterval(() => {
        this.#ticking ??= this.#tick().finally(() => {
          this.#ticking = undefined;
        });
      }, this.#intervalMs);
      // Diagnostics never keep the process alive.
      this.#timer.unref();
    });
    this.#first = first.finally(() => {
      this.#first = undefined;
    });
  }

  /** Ends an interval: its figures replace the previous ones. */
  async #tick(): Promise<void> {
    if (performance.now() - this.#lastAskedAt > this.#idleMs) {
      this.stop();
      return;
    }
    // After the timers due now: a loop that was blocked runs this tick and the histogram's own
    // late timer in the same phase, and the late sample must be in before the reset. A reset
    // also forgets when the histogram's timer last ran, so a delay that begins within one
    // resolution (10 ms) of a tick is not counted: a blind spot of 0.2 % of each interval.
    await new Promise((resolve) => setImmediate(resolve));
    const previous = this.#last;
    const histogram = this.#histogram;
    if (!previous || !histogram) return;
    const reading = await this.#read();
    if (this.#histogram !== histogram) return; // Stopped meanwhile.
    const seconds = Math.max((reading.at - previous.at) / 1000, 1e-3);
    const eventLoop: EventLoopDelay =
      histogram.count > 0
        ? {
            p50Ms: lateness(histogram.percentile(50)),
            p99Ms: lateness(histogram.percentile(99)),
            maxMs: lateness(histogram.max),
          }
        : { p50Ms: null, p99Ms: null, maxMs: null };
    histogram.reset();
    const effects: MonitoredChild[] = [];
    for (const [pid, { child, instance, proc }] of reading.children) {
      effects.push({
        instance,
        priority: child.priority,
        name: child.name,
        pid,
        cpuPercent: cpuPercent(proc, previous.children.get(pid)?.proc, seconds),
        rssBytes: proc?.rssBytes ?? null,
      });
    }
    const instances = new Map<number, InstanceRates>();
    for (const [id, { owner, counters }] of reading.devices) {
      const before = previous.devices.get(id);
      // Another LedInstance since the last reading (a restart): every write it made is new.
      const base = before && before.owner === owner ? before.counters : ZERO_COUNTERS;
      const writes = counters.writes - base.writes;
      const dropped = counters.dropped + counters.superseded - base.dropped - base.superseded;
      instances.set(id, {
        fps: round1(writes / seconds),
        framesDropped: dropped,
        writeMsMean: writes > 0 ? round2((counters.writeMs - base.writeMs) / writes) : null,
      });
    }
    this.#figures = {
      time: Date.now(),
      intervalMs: Math.round(seconds * 1000),
      serverCpuPercent: round1((reading.cpuUs - previous.cpuUs) / 1e4 / seconds),
      eventLoop,
      effects: effects.sort((a, b) => a.instance - b.instance || a.priority - b.priority),
      instances,
    };
    this.#last = reading;
  }

  async #read(): Promise<Reading> {
    const at = performance.now();
    const cpu = process.cpuUsage();
    const children: Reading['children'] = new Map();
    const devices: Reading['devices'] = new Map();
    const pending: Promise<void>[] = [];
    for (const { id } of this.#runtime.instances) {
      const owner = this.#runtime.instance(id);
      if (!owner) continue;
      devices.set(id, { owner, counters: owner.device.counters });
      for (const child of owner.effects.children) {
        const entry = { child, instance: id, proc: undefined as ProcReading | undefined };
        children.set(child.pid, entry);
        pending.push(
          this.#readProcess(child.pid).then((proc) => {
            entry.proc = proc;
          }),
        );
      }
    }
    await Promise.all(pending);
    return { at, cpuUs: cpu.user + cpu.system, children, devices };
  }
}

/** Figures of no interval: nothing measured. */
function emptyFigures(): IntervalFigures {
  return {
    time: Date.now(),
    intervalMs: 0,
    serverCpuPercent: 0,
    eventLoop: { p50Ms: null, p99Ms: null, maxMs: null },
    effects: [],
    instances: new Map(),
  };
}

/**
 * Percent of one core a process used between two readings; over its life when there is no
 * earlier reading (it started within the interval); null when it could not be read.
 */
function cpuPercent(
  now: ProcReading | undefined,
  before: ProcReading | undefined,
  seconds: number,
): number | null {
  if (!now) return null;
  if (before && now.ageS >= before.ageS) {
    return round1(((now.cpuS - before.cpuS) / seconds) * 100);
  }
  return now.ageS > 0 ? round1((now.cpuS / now.ageS) * 100) : 0;
}
