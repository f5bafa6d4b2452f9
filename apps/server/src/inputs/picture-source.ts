/**
 * The source lifecycle every picture input shares (flatbuffers now, protobuf next): one client
 * connection is one source, registered in every running instance's muxer, fed its newest frame,
 * and gone from the muxers when it disconnects, clears, or its frame's duration ends.
 */
import type { FrameArrival, LedInstance, RgbImage, SourceHandle } from '@glowkit/engine';
import type { InputSourceInfo, PrioritySource } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import { type Picture, toRgb } from './picture.js';

/**
 * A frame as it arrived, checked; converted only if it is still the newest when its turn comes.
 * A picture's `receivedAt` (`performance.now()`: its last byte read, or read from a grabber's
 * pipe) starts its latency figures; default: when it is offered.
 */
export type SourceFrame =
  | { kind: 'picture'; picture: Picture; durationMs: number; receivedAt?: number }
  | { kind: 'color'; rgb: [number, number, number]; durationMs: number };

/** What a new source is. */
export interface SourceOptions {
  /** The protocol's component, as `priorities` shows it. */
  component: PrioritySource;
  /** The client's address (normalised: `::ffff:` dropped). */
  peer: string;
}

/** How the sources treat pictures: the protocol group's `pixelDecimation`. */
export interface SourceSettings {
  pixelDecimation: number;
}

/** Weight of the newest frame in the decode time shown (an exponential mean). */
const DECODE_WEIGHT = 0.1;

/**
 * The picture inputs' sources of a server. Sources are daemon-wide (Hyperion.ng's flatbuffers and
 * protobuf servers are): each registers in every running instance, and again in an instance that
 * starts (after a restart, `instance startInstance`, a setconfig that rebuilt it), with its last
 * frame, so that a client keeps its place without reconnecting.
 */
export class PictureSources {
  readonly #runtime: ServiceRuntime;
  readonly #logger: Logger;
  readonly #sources = new Set<PictureSource>();
  readonly #onStarted: (info: { id: number; running: boolean }) => void;
  readonly #changed: () => void;

  /** `changed` is called each time a client's source opens or closes. */
  constructor(runtime: ServiceRuntime, logger: Logger, changed: () => void = () => {}) {
    this.#runtime = runtime;
    this.#logger = logger;
    this.#changed = changed;
    this.#onStarted = (info) => {
      const instance = info.running ? runtime.instance(info.id) : undefined;
      if (instance) for (const source of this.#sources) source.instanceStarted(instance);
    };
    runtime.on('instance-started', this.#onStarted);
  }

  /** A new source for a client that connected (registered nowhere until it asks to). */
  open(options: SourceOptions, settings: () => SourceSettings): PictureSource {
    const source = new PictureSource(options, {
      instances: () => this.#running(),
      settings,
      logger: this.#logger,
      closed: () => {
        this.#sources.delete(source);
        this.#changed();
      },
    });
    this.#sources.add(source);
    this.#changed();
    return source;
  }

  /** Every source, for `serverinfo.inputSources`. */
  list(): InputSourceInfo[] {
    return [...this.#sources].map((source) => source.info());
  }

  /** Stops following the runtime (the sources are closed by their connections). */
  close(): void {
    this.#runtime.off('instance-started', this.#onStarted);
  }

  #running(): LedInstance[] {
    const running: LedInstance[] = [];
    for (const { id, running: on } of this.#runtime.instances) {
      const instance = on ? this.#runtime.instance(id) : undefined;
      if (instance) running.push(instance);
    }
    return running;
  }
}

interface SourceContext {
  instances(): LedInstance[];
  settings(): SourceSettings;
  logger: Logger;
  closed(): void;
}

/**
 * One client's source. The newest frame wins: a frame offered while the previous one waits for
 * its turn replaces it (counted dropped), so a client sending faster than the LEDs can follow
 * costs its checks, never a queue. Frames are converted and handed to the instances on the next
 * turn of the event loop, after the bytes read meanwhile.
 */
export class PictureSource {
  readonly component: PrioritySource;
  readonly peer: string;
  readonly #context: SourceContext;
  #clientOrigin = '';
  #priority: number | undefined;
  /** Its entry in each instance, while it holds its priority there. */
  readonly #handles = new Map<LedInstance, SourceHandle>();
  #pending: SourceFrame | undefined;
  /** When the pending frame was offered: its newest-wins wait starts there. */
  #pendingAt = 0;
  #scheduled: NodeJS.Immediate | undefined;
  /** The last frame shown, converted: what an instance that starts shows at once. */
  #last: { image: RgbImage } | { rgb: [number, number, number] } | undefined;
  #expiry: NodeJS.Timeout | undefined;
  #closed = false;
  readonly #stats = { received: 0, shown: 0, dropped: 0, decodeMs: 0 };

  constructor(options: SourceOptions, context: SourceContext) {
    this.component = options.component;
    this.peer = options.peer;
    this.#context = context;
  }

  /** The priority it registered at; undefined before it registered, and after it cleared. */
  get priority(): number | undefined {
    return this.#priority;
  }

  /** `"<client's origin>@<address>"`, as `priorities` shows it (Hyperion.ng's form). */
  get origin(): string {
    return `${this.#clientOrigin}@${this.peer}`;
  }

  /**
   * Registers at a priority in every running instance, inactive until the first frame (as
   * Hyperion.ng lists a grabber that has not sent yet). A source registered elsewhere leaves
   * its previous priority first.
   */
  register(priority: number, clientOrigin: string): void {
    if (this.#closed) return;
    this.#leave();
    this.#clientOrigin = clientOrigin;
    this.#priority = priority;
    this.#last = undefined;
    for (const instance of this.#context.instances()) this.#enter(instance);
  }

  /** Offers a frame; see the class. Ignored while not registered (the caller says so). */
  offer(frame: SourceFrame): void {
    if (this.#closed || this.#priority === undefined) return;
    this.#stats.received += 1;
    if (this.#pending) this.#stats.dropped += 1;
    this.#pending = frame;
    this.#pendingAt = performance.now();
    this.#scheduled ??= setImmediate(() => this.#process());
  }

  /**
   * Leaves every muxer and forgets its priority (the client's `Clear`): the LEDs show what lies
   * below at once. The client registers again to come back.
   */
  clear(): void {
    this.#leave();
    this.#priority = undefined;
  }

  /** The client is gone: leaves every muxer; nothing of it is left running. */
  close(): void {
    if (this.#closed) return;
    this.#leave();
    this.#closed = true;
    this.#context.closed();
  }

  /** An instance started: the source takes its place there, with its last frame. */
  instanceStarted(instance: LedInstance): void {
    if (this.#closed || this.#priority === undefined) return;
    const handle = this.#enter(instance);
    if (!handle || !this.#last) return;
    if ('image' in this.#last) instance.showSourceImage(handle, this.#last.image);
    else instance.showSourceColor(handle, this.#last.rgb);
  }

  /** What `serverinfo.inputSources` shows of it. */
  info(): InputSourceInfo {
    const { received, shown, dropped, decodeMs } = this.#stats;
    return {
      componentId: this.component,
      decodeMs: Math.round(decodeMs * 1000) / 1000,
      framesDropped: dropped,
      framesReceived: received,
      framesShown: shown,
      origin: this.origin,
      peer: this.peer,
      ...(this.#priority === undefined ? {} : { priority: this.#priority }),
    };
  }

  #enter(instance: LedInstance): SourceHandle | undefined {
    const priority = this.#priority;
    if (priority === undefined) return undefined;
    const handle = instance.registerSource({
      priority,
      component: this.component,
      origin: this.origin,
    });
    if (handle) this.#handles.set(instance, handle);
    else this.#handles.delete(instance);
    return handle;
  }

  #leave(): void {
    this.#cancelPending();
    this.#disarmExpiry();
    for (const [instance, handle] of this.#handles) instance.clearSource(handle);
    this.#handles.clear();
  }

  #cancelPending(): void {
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = undefined;
    this.#pending = undefined;
  }

  #process(): void {
    this.#scheduled = undefined;
    const frame = this.#pending;
    this.#pending = undefined;
    if (!frame || this.#closed || this.#priority === undefined) return;
    let shown: { image: RgbImage } | { rgb: [number, number, number] };
    let arrival: FrameArrival | undefined;
    if (frame.kind === 'picture') {
      const started = performance.now();
      arrival = {
        receivedAt: frame.receivedAt ?? this.#pendingAt,
        waitedMs: started - this.#pendingAt,
      };
      const image = toRgb(frame.picture, this.#context.settings().pixelDecimation);
      const ms = performance.now() - started;
      this.#stats.decodeMs =
        this.#stats.shown === 0
          ? ms
          : this.#stats.decodeMs + DECODE_WEIGHT * (ms - this.#stats.decodeMs);
      shown = { image };
    } else {
      shown = { rgb: frame.rgb };
    }
    this.#last = shown;
    // Instances that stopped are dropped; one that started (or whose entry was cleared by a
    // JSON `clear`) gets the source again: the newest frame brings it back.
    const running = this.#context.instances();
    for (const instance of this.#handles.keys()) {
      if (!running.includes(instance)) this.#handles.delete(instance);
    }
    for (const instance of running) {
      let handle = this.#handles.get(instance);
      for (let attempt = 0; attempt < 2; attempt++) {
        if (!handle) handle = this.#enter(instance);
        if (!handle) break;
        const ok =
          'image' in shown
            ? instance.showSourceImage(handle, shown.image, arrival)
            : instance.showSourceColor(handle, shown.rgb);
        if (ok) break;
        handle = undefined;
      }
    }
    this.#stats.shown += 1;
    this.#armExpiry(frame.durationMs);
  }

  /**
   * A frame with a duration (HyperionScreenCap sends 1500 ms, the Kodi add-on its frame
   * interval) lasts that long unless a newer one comes: then the source leaves the muxers and the
   * LEDs show what lies below; its next frame brings it back.
   */
  #armExpiry(durationMs: number): void {
    this.#disarmExpiry();
    if (durationMs < 0) return;
    this.#expiry = setTimeout(() => {
      this.#expiry = undefined;
      for (const [instance, handle] of this.#handles) instance.clearSource(handle);
      this.#handles.clear();
    }, durationMs);
    this.#expiry.unref();
  }

  #disarmExpiry(): void {
    if (this.#expiry) clearTimeout(this.#expiry);
    this.#expiry = undefined;
  }
}
