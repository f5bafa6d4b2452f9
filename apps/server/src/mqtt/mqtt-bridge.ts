import type { ComponentName } from '@glowkit/protocol';
import type { MqttClient } from 'mqtt';
import type { Logger } from '../logger.js';
import type { Session } from '../rpc/session.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import { CommandBridge, type Dispatch, mqttSession } from './command-bridge.js';
import {
  type DiscoverySubject,
  discoveryConfigs,
  instanceTopic,
  type MqttMessage,
  statusTopic,
} from './discovery.js';
import {
  type MqttSettings,
  mqttSettingsOf,
  type StoredMqttSettings,
  sameSettings,
} from './settings.js';
import { instanceStates } from './state.js';

/** Node's codes for a TLS certificate it cannot verify. */
const UNTRUSTED_CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The client's waits; tests shorten them. */
export interface MqttTiming {
  /** The first wait before reconnecting, ms; doubled after each failed attempt. Default 1 s. */
  reconnectMinMs: number;
  /** The longest wait between attempts, ms. Default 60 s. */
  reconnectMaxMs: number;
  /** How long a connection attempt may take until the broker answers, ms. Default 10 s. */
  connectTimeoutMs: number;
  /**
   * At most one capture latency and one picture rate message per instance per this many ms (the
   * rate is measured over it). Default 5 s.
   */
  latencyIntervalMs: number;
}

const DEFAULT_TIMING: MqttTiming = {
  reconnectMinMs: 1000,
  reconnectMaxMs: 60_000,
  connectTimeoutMs: 10_000,
  latencyIntervalMs: 5000,
};

/** What the bridge works with. */
export interface MqttBridgeOptions {
  runtime: ServiceRuntime;
  /** Runs a JSON-RPC request as any transport does (validation, permissions, handlers). */
  dispatch: Dispatch;
  logger: Logger;
  /** The server's id (`sysinfo`), name (`general.name`) and Glowkit's version. */
  identity(): { serverId: string; name: string; version: string };
  /** False while the service restarts: changes are published once it is back (apply). */
  isSettled(): boolean;
  timing?: Partial<MqttTiming> | undefined;
}

/**
 * Glowkit's MQTT client (`network.mqtt`): announces every instance to Home Assistant (discovery,
 * retained, again when Home Assistant says `online`), publishes each instance's state when it
 * changes (retained, from the runtime's events, never polled), and runs the commands published to
 * it through the dispatcher, a bad one refused whole and answered on `<base>/error`.
 *
 * Nothing waits for the broker: publishing while offline is skipped (the state is published
 * afresh at each connection), so a broker that is down never slows the LEDs; the client
 * reconnects with a backoff doubling up to {@link MqttTiming.reconnectMaxMs}.
 */
export class MqttBridge {
  readonly #options: MqttBridgeOptions;
  readonly #timing: MqttTiming;
  readonly #logger: Logger;
  #settings: MqttSettings | undefined;
  #client: MqttClient | undefined;
  #session: Session | undefined;
  /** The last payload published on each retained topic (since the connection). */
  readonly #published = new Map<string, string>();
  /** The discovery config topics published last: those no longer made are deleted. */
  #configTopics = new Set<string>();
  /** Each instance's switchable components, as last seen running (a stopped one keeps them). */
  readonly #components = new Map<number, ComponentName[]>();
  /** Instances whose state is to be published, and whether discovery is; flushed at once after. */
  readonly #dirty = new Set<number>();
  #discoveryDirty = false;
  #flush: NodeJS.Immediate | undefined;
  readonly #latencyTimers = new Map<number, NodeJS.Timeout>();
  /** Each instance's frame count when its latency was last looked at. */
  readonly #latencyFrames = new Map<number, number>();
  /** Each instance's pictures since its rate window began, and when it began (performance.now). */
  readonly #pictures = new Map<number, { count: number; since: number }>();
  /** Each instance's picture rate, frames a second, as last measured. */
  readonly #fps = new Map<number, number>();
  /** Runs the commands published to this server. */
  readonly #commands: CommandBridge;
  /** Commands run one after another, in the order they came. */
  #queue: Promise<void> = Promise.resolve();
  /** The last connection problem logged (said once until it changes or a connection succeeds). */
  #problem: string | undefined;
  readonly #unsubscribe: (() => void)[] = [];

  constructor(options: MqttBridgeOptions) {
    this.#options = options;
    this.#timing = { ...DEFAULT_TIMING, ...options.timing };
    this.#logger = options.logger;
    this.#commands = new CommandBridge(options.runtime, options.dispatch);
    const runtime = options.runtime;
    const on = (event: string, listener: (...args: never[]) => void) => {
      runtime.on(event as never, listener as never);
      this.#unsubscribe.push(() => runtime.off(event as never, listener as never));
    };
    const changed = (id: number) => this.#changed(id);
    on('priorities', changed);
    on('component', changed);
    on('adjustment', changed);
    on('instances', () => {
      this.#rediscover();
      for (const { id } of runtime.instances) this.#changed(id);
    });
    on('effects', () => this.#rediscover());
    on('instance-started', () => this.#rediscover());
    on('settings', () => {
      void this.apply(runtime.globalSettings.network?.mqtt);
    });
    on('picture', (id: number) => {
      // Counted while connected only: a window begun offline would dilute the first rate.
      if (!this.#client?.connected) return;
      const window = this.#pictures.get(id);
      if (window) window.count++;
      else this.#pictures.set(id, { count: 1, since: performance.now() });
      this.#latencySoon(id);
    });
  }

  /** Whether the client is connected to the broker now. */
  get connected(): boolean {
    return this.#client?.connected ?? false;
  }

  /**
   * Follows `network.mqtt`: connects, reconnects with new settings, or disconnects; with the same
   * settings, publishes discovery and state afresh (after a restart, instances may have changed).
   */
  async apply(stored: StoredMqttSettings | undefined): Promise<void> {
    const { serverId } = this.#options.identity();
    const resolved = mqttSettingsOf(stored, serverId);
    if (typeof resolved === 'string') this.#say(resolved);
    const settings = typeof resolved === 'string' ? undefined : resolved;
    if (this.#client && sameSettings(settings, this.#settings)) {
      this.#rediscover();
      for (const { id } of this.#options.runtime.instances) this.#changed(id);
      return;
    }
    await this.#disconnect();
    this.#settings = settings;
    if (!settings) return;
    // The client library (about 6 MB resident, 0.2 s to load) loads with the first connection:
    // most servers never enable MQTT. Stopped or given other settings meanwhile: not this one.
    const { connect } = await import('mqtt');
    if (this.#settings === settings && !this.#client) this.#connect(connect, settings, serverId);
  }

  /** Says `offline`, disconnects and stops following the runtime. */
  async stop(): Promise<void> {
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe.length = 0;
    await this.#disconnect();
    this.#settings = undefined;
  }

  #connect(connect: typeof import('mqtt').connect, settings: MqttSettings, serverId: string): void {
    const timing = this.#timing;
    this.#session = mqttSession(settings.broker);
    this.#problem = undefined;
    const client = connect(settings.url, {
      clientId: `glowkit_${serverId}`,
      clean: true,
      keepalive: 60,
      connectTimeout: timing.connectTimeoutMs,
      reconnectPeriod: timing.reconnectMinMs,
      // A refused sign-in is tried again too (the broker's users may change), with the backoff.
      reconnectOnConnackError: true,
      // Offline, nothing is queued: the state is published afresh at the next connection.
      queueQoSZero: false,
      rejectUnauthorized: settings.rejectUnauthorized,
      ...(settings.username === undefined ? {} : { username: settings.username }),
      ...(settings.password === undefined ? {} : { password: settings.password }),
      will: { topic: statusTopic(settings.baseTopic), payload: 'offline', retain: true, qos: 1 },
    });
    this.#client = client;
    client.on('connect', () => {
      client.options.reconnectPeriod = timing.reconnectMinMs;
      this.#problem = undefined;
      this.#logger.info(
        { broker: settings.broker, baseTopic: settings.baseTopic },
        'MQTT connected',
      );
      this.#published.clear();
      client.publish(statusTopic(settings.baseTopic), 'online', { retain: true, qos: 1 });
      client.subscribe(this.#subscriptions(settings), { qos: 0 });
      this.#rediscover();
      for (const { id } of this.#options.runtime.instances) this.#changed(id);
    });
    client.on('reconnect', () => {
      // Each attempt waits twice as long as the one before, up to the most.
      client.options.reconnectPeriod = Math.min(
        timing.reconnectMaxMs,
        (client.options.reconnectPeriod ?? timing.reconnectMinMs) * 2,
      );
    });
    client.on('error', (error) => this.#say(this.#problemLine(settings, error)));
    client.on('offline', () => {
      if (this.#problem === undefined) {
        this.#say(
          `MQTT broker ${settings.broker} is not reachable; retrying in the background (the LEDs are not affected)`,
        );
      }
    });
    client.on('message', (topic, payload) => this.#message(settings, topic, String(payload)));
  }

  /**
   * Home Assistant's birth message republishes discovery; anything else is a command, run after
   * those before it, its answers (refusals, JSON-RPC replies) published as they come.
   */
  #message(settings: MqttSettings, topic: string, payload: string): void {
    if (settings.discoveryPrefix !== '' && topic === `${settings.discoveryPrefix}/status`) {
      // Home Assistant (re)started: it forgets entities whose configs are not retained.
      if (payload === 'online') {
        for (const t of this.#configTopics) this.#published.delete(t);
        this.#rediscover();
      }
      return;
    }
    const session = this.#session;
    if (!session) return;
    this.#queue = this.#queue
      .then(async () => {
        const answers = await this.#commands.handle(settings, session, topic, payload);
        for (const answer of answers) this.#client?.publish(answer.topic, answer.payload);
      })
      .catch((error: unknown) => {
        this.#logger.error(
          { topic, error: error instanceof Error ? error.message : String(error) },
          'MQTT command failed',
        );
      });
  }

  /** One line for a connection problem: what, where, what to do; never a credential. */
  #problemLine(settings: MqttSettings, error: Error & { code?: unknown }): string {
    const code = error.code;
    if (code === 4 || code === 5 || code === 134 || code === 135) {
      return `MQTT broker ${settings.broker} refused the sign-in (${error.message}): check network.mqtt.username and password`;
    }
    if (typeof code === 'string' && UNTRUSTED_CERTIFICATE.has(code)) {
      return `MQTT broker ${settings.broker} has a certificate this machine does not trust (${error.message}): give it one the system trusts, or switch off network.mqtt.rejectUnauthorized`;
    }
    return `MQTT broker ${settings.broker} is not reachable (${error.message}); retrying in the background (the LEDs are not affected)`;
  }

  /** Logs a problem once, until it changes or a connection succeeds. */
  #say(line: string): void {
    if (line === this.#problem) return;
    this.#problem = line;
    this.#logger.warn(line);
  }

  async #disconnect(): Promise<void> {
    const client = this.#client;
    const settings = this.#settings;
    this.#client = undefined;
    clearImmediate(this.#flush);
    this.#flush = undefined;
    for (const timer of this.#latencyTimers.values()) clearTimeout(timer);
    this.#latencyTimers.clear();
    this.#latencyFrames.clear();
    this.#pictures.clear();
    this.#fps.clear();
    if (!client) return;
    client.removeAllListeners('message');
    if (client.connected && settings) {
      // Said before leaving (a will is only for a connection lost).
      await new Promise<void>((resolve) =>
        client.publish(statusTopic(settings.baseTopic), 'offline', { retain: true }, () =>
          resolve(),
        ),
      );
    }
    await client.endAsync(true).catch(() => {});
    this.#published.clear();
  }

  #subscriptions(settings: MqttSettings): string[] {
    const base = settings.baseTopic;
    return [
      `${base}/+/set`,
      `${base}/+/component/+/set`,
      `${base}/jsonrpc`,
      ...(settings.discoveryPrefix === '' ? [] : [`${settings.discoveryPrefix}/status`]),
      ...(settings.groupTopic === '' ? [] : [`${settings.groupTopic}/set`]),
    ];
  }

  // --- publishing -------------------------------------------------------------------------

  #changed(id: number): void {
    this.#dirty.add(id);
    this.#schedule();
  }

  #rediscover(): void {
    this.#discoveryDirty = true;
    this.#schedule();
  }

  /** Publishes what changed once the current event is over (a burst of events, one message). */
  #schedule(): void {
    if (this.#flush || !this.#client?.connected) return;
    this.#flush = setImmediate(() => {
      this.#flush = undefined;
      if (!this.#options.isSettled()) return;
      if (this.#discoveryDirty) this.#publishDiscovery();
      for (const id of this.#dirty) this.#publishState(id);
      this.#dirty.clear();
    });
  }

  /** Publishes a retained message unless it says what the topic holds already. */
  #retain({ topic, payload }: MqttMessage): void {
    const client = this.#client;
    if (!client?.connected || this.#published.get(topic) === payload) return;
    this.#published.set(topic, payload);
    client.publish(topic, payload, { retain: true });
  }

  #subject(): DiscoverySubject {
    const runtime = this.#options.runtime;
    const { serverId, name, version } = this.#options.identity();
    return {
      serverId,
      name,
      version,
      effects: runtime.catalogue.serverInfo().map((effect) => effect.name),
      instances: runtime.instances.map(({ id, name: instanceName }) => {
        const view = runtime.instance(id)?.view;
        if (view)
          this.#components.set(
            id,
            view.components.map((c) => c.name),
          );
        return { id, name: instanceName, components: this.#components.get(id) ?? ['LEDDEVICE'] };
      }),
    };
  }

  #publishDiscovery(): void {
    this.#discoveryDirty = false;
    const settings = this.#settings;
    if (!settings || settings.discoveryPrefix === '') return;
    const configs = discoveryConfigs(settings.discoveryPrefix, settings.baseTopic, this.#subject());
    const topics = new Set(configs.map((c) => c.topic));
    // Entities of instances deleted (or of components gone) leave Home Assistant.
    for (const topic of this.#configTopics) {
      if (!topics.has(topic)) this.#retain({ topic, payload: '' });
    }
    for (const config of configs) this.#retain(config);
    this.#configTopics = topics;
  }

  #publishState(id: number): void {
    const settings = this.#settings;
    if (!settings) return;
    const view = this.#options.runtime.instance(id)?.view;
    if (view) {
      const fps = this.#fps.get(id) ?? 0;
      for (const message of instanceStates(settings.baseTopic, id, view, fps)) {
        this.#retain(message);
      }
    } else if (this.#options.runtime.info(id)) {
      // Stopped: its light is off.
      this.#retain({
        topic: `${instanceTopic(settings.baseTopic, id)}/state`,
        payload: JSON.stringify({ state: 'OFF' }),
      });
    }
  }

  /**
   * The capture latency and the picture rate follow the pictures, at most once per interval per
   * instance, and once more after each interval in which frames reached the device or pictures
   * came: the figure of the last picture is published even when its write ends after the picture
   * came, and the rate goes back to 0 once the pictures stop.
   */
  #latencySoon(id: number): void {
    if (this.#latencyTimers.has(id) || !this.#client?.connected) return;
    this.#latencyTimers.set(
      id,
      setTimeout(() => {
        this.#latencyTimers.delete(id);
        const fps = this.#measureFps(id);
        this.#changed(id);
        const frames = this.#options.runtime.instance(id)?.view.latency.frames;
        if (fps > 0 || (frames !== undefined && frames !== this.#latencyFrames.get(id))) {
          if (frames !== undefined) this.#latencyFrames.set(id, frames);
          this.#latencySoon(id);
        }
      }, this.#timing.latencyIntervalMs).unref(),
    );
  }

  /**
   * The pictures `id` showed a second since its window began (one decimal), kept for its state;
   * a new window begins now. No picture in the window: 0, and the window ends.
   */
  #measureFps(id: number): number {
    const window = this.#pictures.get(id);
    const now = performance.now();
    const ms = window ? now - window.since : 0;
    const fps = window && ms > 0 ? Math.round((window.count * 10000) / ms) / 10 : 0;
    this.#fps.set(id, fps);
    if (fps > 0) this.#pictures.set(id, { count: 0, since: now });
    else this.#pictures.delete(id);
    return fps;
  }
}

/** Creates the MQTT client of a server; it connects at the first {@link MqttBridge.apply}. */
export function createMqttBridge(options: MqttBridgeOptions): MqttBridge {
  return new MqttBridge(options);
}
