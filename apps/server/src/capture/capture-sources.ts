/**
 * The capture on the box as sources of the instances (`instCapture`): the screen grabber
 * (`framegrabber`, component `GRABBER`) and the USB video grabber (`grabberV4L2`, component
 * `V4L`). A grabber runs while its group's `enable` is on AND at least one running instance takes
 * it (its component on) — Hyperion.ng captures with no instance listening; Glowkit does not. Its
 * frames go to every taking instance at that instance's priority, origin `System`, owner the
 * grabber's name; an instance that gets no frame for its inactive timeout keeps the entry,
 * inactive, and the next frame makes it active again.
 */
import type { FrameArrival, LedInstance, RgbImage, SourceHandle } from '@glowkit/engine';
import { type CaptureGrabberList, type GlobalSettings, withDefaults } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import { ffmpegMissing } from './ffmpeg-child.js';
import { Grabber, type GrabberTiming, idleStatus, type Prepared } from './grabber.js';

/** How one kind of grabber is configured from the global groups. */
export interface CaptureKind {
  kind: 'screen' | 'video';
  component: 'GRABBER' | 'V4L';
  /** Its global settings group (`framegrabber`, `grabberV4L2`). */
  group: string;
  /** `grabbers.<kind>.available`: the devices it can capture. */
  available: readonly string[];
  /**
   * Its group in the running configuration: whether it is enabled, a key that changes when
   * anything it captures with changes (the grabber is made anew then), and how it prepares a run.
   */
  configure(settings: Readonly<GlobalSettings>): {
    enabled: boolean;
    key: string;
    prepare(signal: AbortSignal): Promise<Prepared>;
    /** What keeps it from capturing that can be told without trying (one line), if anything. */
    problem?(): string | undefined;
  };
}

/** An instance that takes a grabber, and its entry in that instance's muxer. */
interface Taker {
  priority: number;
  timeoutMs: number;
  /** Its entry while it holds its priority; undefined before the first frame and once cleared. */
  handle: SourceHandle | undefined;
  idle: NodeJS.Timeout | undefined;
}

/** One kind's grabber and the instances that take it. */
interface Capture {
  kind: CaptureKind;
  key: string | undefined;
  enabled: boolean;
  grabber: Grabber | undefined;
  takers: Map<LedInstance, Taker>;
}

/** What the capture of a server needs. */
export interface CaptureSourcesOptions {
  runtime: ServiceRuntime;
  logger: Logger;
  /** The ffmpeg program (`--ffmpeg`; default `ffmpeg` on PATH). */
  ffmpeg: string;
  kinds: readonly CaptureKind[];
  timing?: Partial<GrabberTiming> | undefined;
  /**
   * A grabber's status (`info(kind).status`) may have changed: its state moved, its signal was
   * lost or found, or a changed group replaced it.
   */
  statusChanged?(): void;
}

/** The grabbers of a server as sources of its instances; see the module. */
export class CaptureSources {
  readonly #options: CaptureSourcesOptions;
  readonly #captures: Capture[];
  readonly #follow: () => void;
  #scheduled: NodeJS.Immediate | undefined;
  /** Grabbers being stopped: `close()` waits for them. */
  readonly #stopping = new Set<Promise<void>>();
  #closed = false;

  constructor(options: CaptureSourcesOptions) {
    this.#options = options;
    this.#captures = options.kinds.map((kind) => ({
      kind,
      key: undefined,
      enabled: false,
      grabber: undefined,
      takers: new Map(),
    }));
    // Several changes in one turn (a restart's instances, a setconfig) are brought in line once.
    this.#follow = () => {
      if (this.#closed) return;
      this.#scheduled ??= setImmediate(() => {
        this.#scheduled = undefined;
        this.apply();
      });
    };
    const { runtime } = options;
    runtime.on('instance-started', this.#follow);
    runtime.on('instance-stopped', this.#follow);
    runtime.on('instances', this.#follow);
    runtime.on('settings', this.#follow);
    runtime.on('component', this.#onComponent);
  }

  readonly #onComponent = (_id: number, change: { name: string }): void => {
    if (change.name === 'ALL' || this.#captures.some((c) => c.kind.component === change.name)) {
      this.#follow();
    }
  };

  /**
   * Brings the grabbers in line with the running configuration and instances: a changed group
   * makes its grabber anew, an instance that stopped taking a grabber loses its entry, and a
   * grabber starts or stops as it is wanted.
   */
  apply(): void {
    if (this.#closed) return;
    const settings = this.#options.runtime.globalSettings;
    for (const capture of this.#captures) {
      const config = capture.kind.configure(settings);
      if (config.key !== capture.key) {
        this.#retire(capture);
        capture.key = config.key;
        capture.grabber = this.#grabberFor(capture, config.prepare);
        this.#options.statusChanged?.();
      }
      capture.enabled = config.enabled;
      this.#updateTakers(capture);
      if (capture.enabled && capture.takers.size > 0) capture.grabber?.start();
      else this.#track(capture.grabber?.stop());
    }
  }

  /** `serverinfo.grabbers.screen` and `.video`: Hyperion.ng's lists and Glowkit's status. */
  info(kind: 'screen' | 'video'): CaptureGrabberList {
    const capture = this.#captures.find((c) => c.kind.kind === kind);
    const instances = capture
      ? [...capture.takers.keys()].map((i) => i.id).sort((a, b) => a - b)
      : [];
    const status = capture?.grabber?.status(instances) ?? idleStatus(kind, instances);
    return {
      active: status.state === 'running' ? [status.name] : [],
      available: capture ? [...capture.kind.available] : [],
      status,
    };
  }

  /**
   * What keeps the enabled grabbers of `groups` from capturing, said at once when they are saved
   * (the grabber itself says it again in the log and `serverinfo` when it tries): ffmpeg that
   * cannot be run, settings that cannot capture here.
   */
  problems(groups: readonly string[]): string[] {
    const settings = this.#options.runtime.globalSettings;
    const lines: string[] = [];
    for (const { kind } of this.#captures) {
      if (!groups.includes(kind.group)) continue;
      const config = kind.configure(settings);
      if (!config.enabled) continue;
      const problem = ffmpegMissing(this.#options.ffmpeg) ?? config.problem?.();
      if (problem) lines.push(`${kind.group}: ${problem}`);
    }
    return lines;
  }

  /** The running ffmpeg children's process ids (for tests and diagnostics). */
  get pids(): number[] {
    return this.#captures.flatMap((c) => (c.grabber?.pid === undefined ? [] : [c.grabber.pid]));
  }

  /** Stops every grabber (no ffmpeg child is left) and stops following the runtime. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = undefined;
    const { runtime } = this.#options;
    runtime.off('instance-started', this.#follow);
    runtime.off('instance-stopped', this.#follow);
    runtime.off('instances', this.#follow);
    runtime.off('settings', this.#follow);
    runtime.off('component', this.#onComponent);
    for (const capture of this.#captures) {
      this.#track(capture.grabber?.stop());
      for (const [instance, taker] of capture.takers) this.#leave(taker, instance);
      capture.takers.clear();
    }
    await Promise.all(this.#stopping);
  }

  #grabberFor(capture: Capture, prepare: (signal: AbortSignal) => Promise<Prepared>): Grabber {
    const { logger, ffmpeg, timing } = this.#options;
    return new Grabber({
      kind: capture.kind.kind,
      ffmpeg,
      prepare,
      logger,
      timing,
      onFrame: (image, name, arrival) => this.#show(capture, image, name, arrival),
      onStopped: () => {
        for (const [instance, taker] of capture.takers) this.#leave(taker, instance);
      },
      ...(this.#options.statusChanged ? { onState: this.#options.statusChanged } : {}),
    });
  }

  /** The old grabber of a changed group ends; its sources leave. */
  #retire(capture: Capture): void {
    const old = capture.grabber;
    capture.grabber = undefined;
    this.#track(old?.stop());
  }

  #track(stopping: Promise<void> | undefined): void {
    if (!stopping) return;
    this.#stopping.add(stopping);
    void stopping.finally(() => this.#stopping.delete(stopping));
  }

  /** The running instances with the kind's component on, with their `instCapture` values. */
  #updateTakers(capture: Capture): void {
    const { runtime } = this.#options;
    const wanted = new Map<LedInstance, { priority: number; timeoutMs: number }>();
    for (const info of runtime.instances) {
      const instance = runtime.instance(info.id);
      if (!instance?.components.get('ALL') || !instance.components.get(capture.kind.component)) {
        continue;
      }
      const group = withDefaults('instCapture', instance.view.settings.instCapture);
      wanted.set(
        instance,
        capture.kind.kind === 'screen'
          ? { priority: group.systemPriority, timeoutMs: group.screenInactiveTimeout * 1000 }
          : { priority: group.v4lPriority, timeoutMs: group.videoInactiveTimeout * 1000 },
      );
    }
    for (const [instance, taker] of capture.takers) {
      if (wanted.has(instance)) continue;
      this.#leave(taker, instance);
      capture.takers.delete(instance);
    }
    for (const [instance, values] of wanted) {
      if (capture.takers.has(instance)) continue;
      capture.takers.set(instance, { ...values, handle: undefined, idle: undefined });
    }
  }

  /** A frame for every taking instance; an entry cleared meanwhile (a JSON `clear`) comes back. */
  #show(capture: Capture, image: RgbImage, name: string, arrival: FrameArrival): void {
    for (const [instance, taker] of capture.takers) {
      for (let attempt = 0; attempt < 2; attempt++) {
        taker.handle ??= this.#register(capture, instance, taker, name);
        if (!taker.handle) break;
        if (instance.showSourceImage(taker.handle, image, arrival)) break;
        taker.handle = undefined;
      }
      if (!taker.handle) continue;
      if (taker.idle) taker.idle.refresh();
      else {
        taker.idle = setTimeout(
          () => this.#inactive(capture, instance, taker, name),
          taker.timeoutMs,
        );
        taker.idle.unref();
      }
    }
  }

  #register(
    capture: Capture,
    instance: LedInstance,
    taker: Taker,
    name: string,
  ): SourceHandle | undefined {
    return instance.registerSource({
      priority: taker.priority,
      component: capture.kind.component,
      origin: 'System',
      owner: name,
    });
  }

  /**
   * No frame for the instance's inactive timeout: its entry stays listed, inactive (registered
   * anew, without data), and the priorities below it show.
   */
  #inactive(capture: Capture, instance: LedInstance, taker: Taker, name: string): void {
    taker.idle = undefined;
    if (!taker.handle || !instance.holds(taker.handle)) return;
    taker.handle = this.#register(capture, instance, taker, name);
  }

  /** An instance's entry leaves its muxer (the grabber stopped, or the instance no longer takes it). */
  #leave(taker: Taker, instance: LedInstance): void {
    if (taker.idle) clearTimeout(taker.idle);
    taker.idle = undefined;
    if (taker.handle) instance.clearSource(taker.handle);
    taker.handle = undefined;
  }
}
