/**
 * The forwarder (global group `forwarder`): what one instance shows, sent on to other servers —
 * the JSON commands it is given to JSON targets, its visible picture source's picture to
 * flatbuffers targets. It runs while the group's `enable` is on, an instance is chosen and that
 * instance's component FORWARDER is on; it starts, changes and stops with the service's
 * in-process restart.
 */
import type { LedInstance, VisibleSource } from '@glowkit/engine';
import type { ForwarderInfo, ForwarderSettings } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import { DEFAULT_TCP_PORT } from '../transport/tcp-port.js';
import { FlatbufTarget } from './flatbuf-target.js';
import { type ForwardedRequest, JsonTarget } from './json-target.js';
import { type HostLookup, isSelfTarget, lookupAll } from './self-target.js';

/** `forwarder.instance` when no instance is forwarded (Hyperion.ng's NO_INSTANCE_ID). */
export const NO_INSTANCE = 255;

/**
 * The sources whose picture goes to flatbuffers targets while visible: the network picture
 * inputs and the capture on the box (GRABBER, V4L), as Hyperion.ng forwards them.
 */
export const PICTURE_SOURCES: ReadonlySet<string> = new Set([
  'FLATBUFSERVER',
  'PROTOSERVER',
  'GRABBER',
  'V4L',
]);

/** The waits of the targets, ms; tests shorten them. */
export interface ForwarderTiming {
  /** First wait before connecting again to a target that is down (0.5 s), doubled each time… */
  retryMinMs: number;
  /** …up to this (30 s). */
  retryMaxMs: number;
  /** A connection not made in this long failed (5 s). */
  connectTimeoutMs: number;
  /** A flatbuffers request not answered in this long means the target is gone (5 s). */
  replyTimeoutMs: number;
  /** How long a stop waits for a target to take its clear and close (1 s). */
  stopGraceMs: number;
}

const DEFAULT_TIMING: ForwarderTiming = {
  retryMinMs: 500,
  retryMaxMs: 30_000,
  connectTimeoutMs: 5000,
  replyTimeoutMs: 5000,
  stopGraceMs: 1000,
};

/** What the forwarder needs. */
export interface ForwarderOptions {
  runtime: ServiceRuntime;
  logger: Logger;
  /** This server's own TCP JSON and flatbuffers ports (undefined: not listening), for the self check. */
  ownPorts(): { json: number | undefined; flatbuf: number | undefined };
  timing?: Partial<ForwarderTiming> | undefined;
  /** Resolves a target's host for the self check. Default `dns.lookup` with `all`. */
  lookup?: HostLookup;
}

/** Whether the forwarder is on for instance `id` as a configuration starts it (FORWARDER's start). */
export function forwarderStartsOn(
  settings: ForwarderSettings | undefined,
  id: number,
): boolean | undefined {
  const instance = settings?.instance ?? NO_INSTANCE;
  return instance === id && instance !== NO_INSTANCE ? settings?.enable === true : undefined;
}

/** A target skipped because it is this server. */
interface SkippedTarget {
  kind: 'jsonapi' | 'flatbuffer';
  name: string;
  host: string;
  port: number;
}

/** The targets of one group value, and whether that value and the ports it was checked on still hold. */
interface Running {
  key: string;
  settings: ForwarderSettings;
  json: JsonTarget[];
  flatbuf: FlatbufTarget[];
  skipped: SkippedTarget[];
}

/** See the module. One per server; {@link apply} at each start and restart, {@link stop} at the end. */
export class Forwarder {
  readonly #options: ForwarderOptions;
  readonly #timing: ForwarderTiming;
  #running: Running | undefined;
  /** The forwarded instance this forwarder listens to now. */
  #attached: LedInstance | undefined;
  /** Whether the targets run (the instance's FORWARDER is on). */
  #active = false;
  /** Whether the flatbuffers targets were last sent a picture (so a change away clears them). */
  #showing = false;
  readonly #onVisible = (source: VisibleSource | undefined) => this.#visible(source);
  readonly #onStarted = (info: { id: number; running: boolean }) => {
    if (info.id === this.#instanceId) this.#follow();
  };
  readonly #onStopped = (info: { id: number }) => {
    if (info.id === this.#instanceId) this.#follow();
  };
  readonly #onComponent = (id: number, change: { name: string }) => {
    if (id === this.#instanceId && change.name === 'FORWARDER') this.#follow();
  };

  constructor(options: ForwarderOptions) {
    this.#options = options;
    this.#timing = { ...DEFAULT_TIMING, ...options.timing };
    const { runtime } = options;
    runtime.on('instance-started', this.#onStarted);
    runtime.on('instance-stopped', this.#onStopped);
    runtime.on('component', this.#onComponent);
  }

  /** The forwarded instance's id; undefined when the forwarder is off or none is chosen. */
  get #instanceId(): number | undefined {
    const settings = this.#running?.settings;
    const id = settings?.instance ?? NO_INSTANCE;
    return settings?.enable === true && id !== NO_INSTANCE ? id : undefined;
  }

  /**
   * Runs the group as stored (after a start or a restart). The targets of an unchanged group
   * (and unchanged own ports) keep their connections; otherwise the old ones are stopped — each
   * target cleared of what it was sent — and the new ones started.
   */
  async apply(settings: ForwarderSettings | undefined): Promise<void> {
    const group = settings ?? {};
    const key = JSON.stringify([group, this.#options.ownPorts()]);
    if (this.#running?.key === key) {
      this.#follow();
      return;
    }
    await this.#stopTargets();
    this.#running = await this.#build(key, group);
    this.#follow();
  }

  /** Stops forwarding for good: each target is cleared of what it was sent, and closed. */
  async stop(): Promise<void> {
    const { runtime } = this.#options;
    runtime.off('instance-started', this.#onStarted);
    runtime.off('instance-stopped', this.#onStopped);
    runtime.off('component', this.#onComponent);
    await this.#stopTargets();
    this.#running = undefined;
  }

  /**
   * The forwarded instance was given a JSON command (`color`, `image`, `effect`, `clear`,
   * `clearall`) and took it: the JSON targets get it too.
   */
  jsonCommand(instanceId: number, request: ForwardedRequest): void {
    if (!this.#active || instanceId !== this.#instanceId) return;
    for (const target of this.#running?.json ?? []) target.send(request);
  }

  /** `serverinfo.forwarder`. */
  info(): ForwarderInfo {
    const running = this.#running;
    return {
      enabled: this.#active,
      instance: this.#instanceId ?? null,
      targets: [
        ...(running?.json ?? []).map((t) => t.info()),
        ...(running?.flatbuf ?? []).map((t) => t.info()),
        ...(running?.skipped ?? []).map((t) => ({
          ...t,
          state: 'skipped-self' as const,
          framesSent: 0,
          framesDropped: 0,
        })),
      ],
    };
  }

  async #build(key: string, settings: ForwarderSettings): Promise<Running> {
    const { logger, ownPorts } = this.#options;
    const lookup = this.#options.lookup ?? lookupAll;
    const own = ownPorts();
    const running: Running = { key, settings, json: [], flatbuf: [], skipped: [] };
    if (settings.enable !== true) return running;
    const link = {
      retryMinMs: this.#timing.retryMinMs,
      retryMaxMs: this.#timing.retryMaxMs,
      connectTimeoutMs: this.#timing.connectTimeoutMs,
    };
    const self = async (kind: SkippedTarget['kind'], target: SkippedTarget, ownPort?: number) => {
      if (!(await isSelfTarget(target.host, target.port, ownPort, lookup))) return false;
      running.skipped.push(target);
      logger.warn(
        { kind, target: target.name, host: target.host, port: target.port },
        `forwarder: skipped ${kind} target "${target.name}" (${target.host}:${target.port}): it is this server, and a server never forwards to itself`,
      );
      return true;
    };
    for (const entry of settings.jsonapi ?? []) {
      const target = {
        kind: 'jsonapi' as const,
        name: entry.name ?? '',
        host: entry.host ?? '',
        port: entry.port ?? DEFAULT_TCP_PORT,
      };
      if (await self('jsonapi', target, own.json)) continue;
      running.json.push(
        new JsonTarget({
          settings: {
            name: target.name,
            host: target.host,
            port: target.port,
            instanceIds: entry.instanceIds ?? [],
            token: entry.token ?? '',
          },
          logger,
          timing: link,
        }),
      );
    }
    for (const entry of settings.flatbuffer ?? []) {
      const target = {
        kind: 'flatbuffer' as const,
        name: entry.name ?? '',
        host: entry.host ?? '',
        port: entry.port ?? 19400,
      };
      if (await self('flatbuffer', target, own.flatbuf)) continue;
      running.flatbuf.push(
        new FlatbufTarget({
          settings: { name: target.name, host: target.host, port: target.port },
          logger,
          timing: { ...link, replyTimeoutMs: this.#timing.replyTimeoutMs },
        }),
      );
    }
    return running;
  }

  /**
   * Brings the targets in line with the forwarded instance: attached to it while it runs, and
   * running while its FORWARDER is on.
   */
  #follow(): void {
    const id = this.#instanceId;
    const instance = id === undefined ? undefined : this.#options.runtime.instance(id);
    if (instance !== this.#attached) {
      this.#attached?.off('visible', this.#onVisible);
      this.#attached = instance;
      instance?.on('visible', this.#onVisible);
    }
    // A stopped instance keeps the switch it had; a restart builds it again from the group.
    const on =
      instance === undefined
        ? this.#active
        : instance.view.components.some((c) => c.name === 'FORWARDER' && c.enabled);
    if (on === this.#active) return;
    this.#active = on;
    const running = this.#running;
    if (!running) return;
    const { logger } = this.#options;
    if (on) {
      logger.info(
        { instance: id, targets: running.json.length + running.flatbuf.length },
        `forwarder: forwarding instance ${id}`,
      );
      for (const target of running.json) target.start();
      const visible = instance?.muxer.visible;
      if (visible) this.#visible(visible);
    } else {
      logger.info({ instance: id }, `forwarder: stopped forwarding instance ${id}`);
      this.#showing = false;
      void this.#stopEach(running);
    }
  }

  /** What the forwarded instance shows changed: flatbuffers targets follow its picture sources. */
  #visible(source: VisibleSource | undefined): void {
    const targets = this.#running?.flatbuf ?? [];
    if (!this.#active || targets.length === 0) return;
    // A picture that came from a forwarder is not sent on: two servers forwarding to each other
    // would pass it back and forth for ever.
    const forwardable =
      source !== undefined &&
      PICTURE_SOURCES.has(source.component) &&
      !source.origin.startsWith('Forwarder@');
    if (forwardable && source.image) {
      this.#showing = true;
      for (const target of targets) target.show({ kind: 'image', image: source.image });
    } else if (forwardable && source.colors && source.colors.length >= 3) {
      const rgb: [number, number, number] = [
        source.colors[0] ?? 0,
        source.colors[1] ?? 0,
        source.colors[2] ?? 0,
      ];
      this.#showing = true;
      for (const target of targets) target.show({ kind: 'color', rgb });
    } else if (this.#showing) {
      this.#showing = false;
      for (const target of targets) target.clear();
    }
  }

  async #stopTargets(): Promise<void> {
    this.#attached?.off('visible', this.#onVisible);
    this.#attached = undefined;
    this.#showing = false;
    const running = this.#running;
    if (running && this.#active) await this.#stopEach(running);
    this.#active = false;
  }

  /** Clears and closes every target; they can start again after. */
  async #stopEach(running: Running): Promise<void> {
    const grace = this.#timing.stopGraceMs;
    await Promise.all([
      ...running.json.map((t) => t.stop(grace)),
      ...running.flatbuf.map((t) => t.stop(grace)),
    ]);
  }
}
