import type { LogRing } from '../log-ring.js';
import type { RuntimeEvents, ServiceRuntime } from '../runtime/service-runtime.js';
import { EncodedPush, sendEncoded } from './encoded-push.js';
import { ImageStreams } from './image-stream.js';
import { type LogStreamLimits, LogStreams } from './log-streams.js';
import { instanceList } from './serverinfo.js';
import type { Push, SessionState } from './session.js';

/** The shortest time between two live LED frames to one client (at most 25 per second). */
export const LEDSTREAM_INTERVAL_MS = 40;

/** A topic's data as a session saw it, with its JSON text for comparing. */
interface ViewEntry {
  topic: string;
  instance?: number;
  data: unknown;
  text: string;
}

/** What sessions were shown of the configuration at one moment (see {@link PushHub.view}). */
export type ConfigurationView = ReadonlyMap<string, ViewEntry>;

interface Stream {
  /** When the last frame went out. */
  sentAt: number;
  /** A frame that came too early, sent when the interval is over (so the last state arrives). */
  timer: NodeJS.Timeout | undefined;
}

/** An instance's LED frame as encoded for the streams, while the frame is its newest. */
interface EncodedFrame {
  /** The instance's colours array it was made from (the instance rewrites it in place). */
  colors: Uint8Array;
  push: EncodedPush;
}

/**
 * Sends the `*-update` pushes of the runtime's events to the WebSocket sessions subscribed to
 * them, each for the instance the session is bound to (Hyperion.ng's instance-specific topics),
 * and the live LED colours (as chosen: before adjustment, colour order and smoothing, as
 * Hyperion.ng streams its `rawLedColors`) to sessions that started a `ledstream`, at most every
 * {@link LEDSTREAM_INTERVAL_MS} and always ending with the latest colours (Hyperion.ng drops
 * early frames, so a client can miss the final state).
 */
export class PushHub {
  readonly #runtime: ServiceRuntime;
  readonly #sessions = new Set<SessionState>();
  /** Each session's LED streams, by instance: one session may watch several instances. */
  readonly #streams = new Map<SessionState, Map<number, Stream>>();
  /**
   * Each instance's newest frame, encoded once for every stream of it: the streams' timers fire
   * at different moments within a frame's life, and each would encode it again.
   */
  readonly #frames = new Map<number, EncodedFrame>();
  readonly #unsubscribe: (() => void)[] = [];
  /** The `imagestream-start` streams of the sessions. */
  readonly images = new ImageStreams();
  /** The `logging start` streams of the sessions. */
  readonly logs: LogStreams;
  readonly #removeListeners = new Set<(session: SessionState) => void>();
  #beforeRestart: ConfigurationView | undefined;

  /** `logRing`: the logger's last lines, which `logging start` streams (none: nothing to stream). */
  constructor(runtime: ServiceRuntime, logRing?: LogRing, logLimits?: LogStreamLimits) {
    this.#runtime = runtime;
    this.logs = new LogStreams(logRing, logLimits);
    const on = <E extends keyof RuntimeEvents>(
      event: E,
      listener: (...args: RuntimeEvents[E]) => void,
    ) => {
      runtime.on(event, listener as never);
      this.#unsubscribe.push(() => runtime.off(event, listener as never));
    };
    // Starts and stops during a restart are announced once, by announceRestart.
    on('instances', () => {
      // A removed instance's last frame is not kept.
      this.#frames.clear();
      this.#toAll('instance-update', undefined, () => instanceList(runtime));
    });
    // The effect list itself: hyperion-py (Home Assistant) reads `data` as the list and ignores
    // Hyperion.ng's `{effects: [...]}`, so the client that exists gets what it reads.
    on('effects', () =>
      this.#toAll('effects-update', undefined, () => runtime.catalogue.serverInfo()),
    );
    on('priorities', (id) =>
      this.#toAll('priorities-update', id, () => ({
        priorities: runtime.instance(id)?.view.priorities ?? [],
        priorities_autoselect: runtime.instance(id)?.view.autoSelect ?? true,
      })),
    );
    on('component', (id, change) => this.#toAll('components-update', id, () => change));
    on('videomode', (videomode) =>
      this.#toAll('videomode-update', undefined, () => ({ videomode })),
    );
    on('mapping', (id) =>
      this.#toAll('imageToLedMapping-update', id, () => ({
        imageToLedMappingType: runtime.instance(id)?.view.mappingType ?? 'multicolor_mean',
      })),
    );
    // Glowkit's own topic: a page shows the device's state without polling serverinfo.
    on('device', (id, status) => this.#toAll('device-update', id, () => status));
    on('adjustment', (id) =>
      this.#toAll('adjustment-update', id, () => [
        ...(runtime.instance(id)?.view.adjustments ?? []),
      ]),
    );
    on('leds', (id, frame) => this.#leds(id, frame));
    on('picture', (id, image, crop) => {
      if (this.images.active) this.images.picture(id, image, crop);
    });
  }

  /** Starts sending pushes to a session. */
  add(session: SessionState): void {
    this.#sessions.add(session);
  }

  /** Stops sending to a session (it closed); its stream timer is released. */
  remove(session: SessionState): void {
    this.#sessions.delete(session);
    this.stopStream(session);
    this.images.stop(session);
    this.logs.stop(session);
    for (const listener of this.#removeListeners) listener(session);
  }

  /**
   * A session signed out (`authorize logout`, or its token revoked): what it was given while
   * signed in ends — its subscriptions, its live LED colours and its input pictures. The
   * connection stays, so it can sign in again and ask anew.
   */
  signedOut(session: SessionState): void {
    session.subscriptions.clear();
    this.stopStream(session);
    this.images.stop(session);
    this.logs.stop(session);
  }

  /**
   * Calls `listener` with every session that closes from now on (what else keeps per-session
   * state, such as pending token requests, lets go of it then). Returns the way to stop.
   */
  onRemove(listener: (session: SessionState) => void): () => void {
    this.#removeListeners.add(listener);
    return () => this.#removeListeners.delete(listener);
  }

  /**
   * Starts the live LED colours of an instance for a session (its own instance by default), with
   * the current colours at once. A session may stream several instances, each at most every
   * {@link LEDSTREAM_INTERVAL_MS}.
   */
  startStream(session: SessionState, instance?: number): void {
    const id = instance ?? session.instance;
    if (id === undefined) return;
    session.ledstream = true;
    let streams = this.#streams.get(session);
    if (!streams) {
      streams = new Map();
      this.#streams.set(session, streams);
    }
    if (!streams.has(id)) streams.set(id, { sentAt: 0, timer: undefined });
    const view = this.#runtime.instance(id)?.view;
    if (view) this.#sendLeds(session, id, view.rawColors);
  }

  /** Stops a session's live LED colours: of one instance, or of all when none is given. */
  stopStream(session: SessionState, instance?: number): void {
    const streams = this.#streams.get(session);
    for (const [id, stream] of streams ?? []) {
      if (instance !== undefined && id !== instance) continue;
      if (stream.timer) clearTimeout(stream.timer);
      streams?.delete(id);
    }
    if (!streams || streams.size === 0) {
      this.#streams.delete(session);
      session.ledstream = false;
    }
  }

  /** Stops listening; every stream timer is released. */
  close(): void {
    for (const off of this.#unsubscribe) off();
    for (const session of [...this.#streams.keys()]) this.stopStream(session);
    this.#frames.clear();
    this.images.close();
    this.logs.close();
    this.#sessions.clear();
  }

  /** Sends a global topic (e.g. `token-update`) to the sessions subscribed to it. */
  toSubscribers(topic: string, data: unknown): void {
    this.#toAll(topic, undefined, () => data);
  }

  /**
   * Remembers what sessions were shown of the configuration, before a restart: sessions that
   * outlive it (TCP) then get an update for each topic that changed ({@link announceRestart}).
   */
  snapshotForRestart(): void {
    this.#beforeRestart = this.view();
  }

  /** After a restart: pushes each configuration topic whose data changed since the snapshot. */
  announceRestart(): void {
    const before = this.#beforeRestart;
    this.#beforeRestart = undefined;
    if (before) this.announceSince(before);
  }

  /**
   * What sessions are shown of the configuration now (settings, layouts, adjustments, …), to
   * compare with after a change ({@link announceSince}): `config setconfig` takes one before it
   * applies groups without a service restart.
   */
  view(): ConfigurationView {
    return this.#configurationView();
  }

  /** Pushes each configuration topic whose data changed since `before` to its subscribers. */
  announceSince(before: ConfigurationView): void {
    for (const [key, { topic, instance, data, text }] of this.#configurationView()) {
      if (before.get(key)?.text === text) continue;
      this.#toAll(topic, instance, () => data);
    }
  }

  /** The data of every topic a restart can change, keyed by topic and instance. */
  #configurationView(): Map<string, ViewEntry> {
    const runtime = this.#runtime;
    const view = new Map<string, ViewEntry>();
    const add = (topic: string, instance: number | undefined, key: string, data: unknown) =>
      view.set(`${topic}|${instance ?? ''}|${key}`, {
        topic,
        ...(instance === undefined ? {} : { instance }),
        data,
        text: JSON.stringify(data),
      });
    add('instance-update', undefined, '', instanceList(runtime));
    add('effects-update', undefined, '', runtime.catalogue.serverInfo());
    for (const [group, value] of Object.entries(runtime.globalSettings)) {
      add('settings-update', undefined, group, { [group]: value });
    }
    for (const info of runtime.instances) {
      const view = runtime.instance(info.id)?.view;
      if (!view) continue;
      const id = info.id;
      add('leds-update', id, '', { leds: view.settings.leds ?? [] });
      add('imageToLedMapping-update', id, '', { imageToLedMappingType: view.mappingType });
      add('adjustment-update', id, '', [...view.adjustments]);
      add('priorities-update', id, '', {
        priorities: view.priorities,
        priorities_autoselect: view.autoSelect,
      });
      for (const component of view.components) {
        add('components-update', id, component.name, component);
      }
      for (const [group, value] of Object.entries(view.settings)) {
        add('settings-update', id, group, { [group]: value });
      }
    }
    return view;
  }

  #toAll(topic: string, instance: number | undefined, data: () => unknown): void {
    // Encoded for the first receiver, then the same bytes for every other.
    let encoded: EncodedPush | undefined;
    for (const session of this.#sessions) {
      if (!session.subscriptions.has(topic)) continue;
      if (
        instance !== undefined &&
        session.instance !== instance &&
        !session.watched?.has(instance)
      ) {
        continue;
      }
      if (!encoded) {
        const value = data();
        const push: Push =
          instance === undefined
            ? { command: topic, data: value }
            : { command: topic, instance, data: value };
        encoded = new EncodedPush(push);
      }
      sendEncoded(session, encoded);
    }
  }

  #leds(id: number, frame: Uint8Array): void {
    // A new frame: the encoded one is stale even if the array is the same (rewritten in place).
    this.#frames.delete(id);
    for (const [session, streams] of this.#streams) {
      const stream = streams.get(id);
      if (!stream) continue;
      const wait = stream.sentAt + LEDSTREAM_INTERVAL_MS - performance.now();
      if (wait <= 0 && !stream.timer) {
        this.#sendLeds(session, id, frame);
        continue;
      }
      // Too early: send the newest colours when the interval is over.
      stream.timer ??= setTimeout(
        () => {
          stream.timer = undefined;
          const view = this.#runtime.instance(id)?.view;
          if (view && this.#streams.get(session)?.get(id) === stream) {
            this.#sendLeds(session, id, view.rawColors);
          }
        },
        Math.max(0, wait),
      );
    }
  }

  #sendLeds(session: SessionState, id: number, frame: Uint8Array): void {
    const stream = this.#streams.get(session)?.get(id);
    if (stream) stream.sentAt = performance.now();
    sendEncoded(session, this.#encodedFrame(id, frame));
  }

  /**
   * The push of an instance's frame, encoded at most once per frame. What was encoded serves as
   * long as no newer frame came ({@link #leds} forgets it) and `frame` is the same array: an
   * instance restarted by a restore has an array of its own.
   */
  #encodedFrame(id: number, frame: Uint8Array): EncodedPush {
    const cached = this.#frames.get(id);
    if (cached?.colors === frame) return cached.push;
    const push = new EncodedPush({
      command: 'ledcolors-ledstream-update',
      instance: id,
      data: { leds: Array.from(frame) },
    });
    this.#frames.set(id, { colors: frame, push });
    return push;
  }
}
