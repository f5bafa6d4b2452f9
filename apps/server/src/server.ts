import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import {
  DEVICE_TYPES,
  deviceTypeNames,
  type EngineOptions,
  listSerialPorts,
  type SerialPortLister,
} from '@glowkit/engine';
import { DEFAULT_MAX_DEPTH, type GrabberStatus, type InputSourceInfo } from '@glowkit/protocol';
import { Authenticator } from './auth/authenticator.js';
import { FailureThrottle, type ThrottleOptions } from './auth/throttle.js';
import { type CaptureKind, CaptureSources } from './capture/capture-sources.js';
import type { CaptureDiscoveryOptions } from './capture/discovery.js';
import type { GrabberTiming } from './capture/grabber.js';
import { screenKind } from './capture/screen-grabber.js';
import { videoKind } from './capture/video-grabber.js';
import { databaseFile } from './data-dir.js';
import { SystemMonitor } from './diagnostics/system-monitor.js';
import {
  type AnnounceFacts,
  type Announcements,
  createAnnouncements,
} from './discovery/announcements.js';
import { announceInterfaces } from './discovery/interfaces.js';
import { createMdnsBrowser, type MdnsBrowser } from './discovery/mdns-browser.js';
import type { Clock } from './events/clock.js';
import { OsEvents } from './events/os-events.js';
import { Schedule } from './events/schedule.js';
import { Forwarder, type ForwarderTiming } from './forwarder/forwarder.js';
import { BoblightServers } from './inputs/boblight/boblight-servers.js';
import { DEFAULT_FLATBUF_PORT, FLATBUFFERS } from './inputs/flatbuffers/flatbuf-session.js';
import { InputServer, type InputServerSettings, type PeerAccess } from './inputs/input-server.js';
import { PictureSources } from './inputs/picture-source.js';
import { DEFAULT_PROTO_PORT, PROTOBUF } from './inputs/protobuf/proto-session.js';
import { createLogger, followSettingsLevel, type Logger, logFeedOf } from './logger.js';
import { createMqttBridge, type MqttBridge, type MqttTiming } from './mqtt/mqtt-bridge.js';
import { BUNDLED_EFFECTS_DIR, WEB_UI_DIR } from './package-files.js';
import { discoveryInfo, ssdpServerHeader } from './rpc/discovery.js';
import { createDispatcher } from './rpc/dispatcher.js';
import { InputSourcesPush } from './rpc/input-sources-push.js';
import type { LogStreamLimits } from './rpc/log-streams.js';
import { PushHub } from './rpc/pushes.js';
import { latencyList } from './rpc/serverinfo.js';
import { GLOWKIT_VERSION, serverId } from './rpc/sysinfo.js';
import { PowerState } from './runtime/power-state.js';
import { ServiceRuntime } from './runtime/service-runtime.js';
import {
  ConfigStore,
  type Configuration,
  migrationLine,
  type ScryptCost,
} from './store/config-store.js';
import { type Certificate, certificateFor } from './tls.js';
import { ConnectionLimits, type ConnectionLimitsOptions } from './transport/connection-limits.js';
import { bytesText, createHttpApp } from './transport/http-app.js';
import { type HttpTimeouts, type ListenerPorts, Listeners } from './transport/listeners.js';
import { CurrentNetworkAccess } from './transport/network-access.js';
import { JsonRpcTcp } from './transport/tcp-json.js';
import { storedTcpPort } from './transport/tcp-port.js';
import { createWebUi, type WebUi } from './transport/web-ui.js';
import { JsonRpcWebSockets } from './transport/websocket.js';

/** How to run the server. Ports not given come from the stored `webConfig` group. */
export interface ServerOptions {
  /** The data directory: database, certificate, admin token. */
  dataDir: string;
  /** Address to listen on. Default every interface (a LAN appliance); tests use 127.0.0.1. */
  host?: string;
  /** HTTP port; overrides `webConfig.port` (0: any free port). */
  port?: number;
  /** HTTPS port; overrides `webConfig.sslPort` (0: any free port). */
  sslPort?: number;
  /** TCP JSON server port; overrides `jsonServer.port` (0: any free port). */
  tcpPort?: number;
  /**
   * Flatbuffers picture input port; overrides `flatbufServer.port` (0: any free port). Whether
   * it listens is still `flatbufServer.enable`.
   */
  flatbufPort?: number;
  /**
   * Protobuf picture input port; overrides `protoServer.port` (0: any free port). Whether it
   * listens is still `protoServer.enable`.
   */
  protoPort?: number;
  /**
   * Whether a peer may use a picture input (see {@link PeerAccess}). Default: every peer; the
   * `network` group's rules are to be wired here.
   */
  peerAccess?: PeerAccess;
  /** How long a token request waits for an admin, ms. Default 180 s, as in Hyperion.ng. */
  tokenRequestTimeoutMs?: number;
  /** Milliseconds between WebSocket pings; a client silent since the last ping is dropped. Default 30 s. */
  heartbeatMs?: number;
  /**
   * Milliseconds a WebSocket or TCP session may stay without signing in before it is closed
   * (a token request waiting for an admin holds it). Default 30 s; 0 never closes one.
   */
  signInGraceMs?: number;
  /**
   * Open connections per client address and in total, across HTTP, HTTPS (with their
   * WebSockets) and TCP. Default 64 per address, 512 in all.
   */
  connections?: ConnectionLimitsOptions;
  /** The forwarder's retry backoff and timeouts (see ForwarderTiming); tests shorten them. */
  forwarder?: Partial<ForwarderTiming>;
  /** Line and backlog limits of boblight clients (see BoblightServer); tests lower them. */
  boblight?: { maxLineBytes?: number; maxBadLines?: number; maxBacklogBytes?: number };
  /** How long an HTTP(S) client may take: headers 10 s, a whole request 120 s (see HttpTimeouts). */
  httpTimeouts?: HttpTimeouts;
  /** Largest request body or WebSocket message, bytes. Default 10 MB. */
  bodyLimit?: number;
  /** Deepest JSON nesting accepted. Default `DEFAULT_MAX_DEPTH` (64) of @glowkit/protocol. */
  maxDepth?: number;
  /**
   * The logger. Made with `createLogger`, its last lines are what `logging` streams, and its
   * level follows the `logger` group unless it was made with a level. Default: one without a
   * level, on standard output.
   */
  logger?: Logger;
  /** How the `logging` streams hold back from clients that do not read (tests lower them). */
  logStreams?: LogStreamLimits;
  throttle?: ThrottleOptions;
  /** The scrypt cost of new admin password hashes. Default: the store's (tests lower it). */
  scryptCost?: ScryptCost;
  /** The bundled effects. Default: the repository's `effects/` folder. */
  effectsDir?: string;
  /** The web UI's build, served at `/`. Default: the repository's `apps/web/dist/`. */
  webDir?: string;
  /** The Python interpreter, effect limits and extra device types of the instances. */
  engine?: Omit<EngineOptions, 'resourceDirs'>;
  /** Lists the serial ports `leddevice discover` offers. Default: serialport's listing. */
  listSerialPorts?: SerialPortLister;
  /**
   * Where `inputsource discover` looks for screens and capture devices, and with which tools
   * (ffmpeg, v4l2-ctl). Default: the machine's own (see CaptureDiscoveryOptions).
   */
  captureDiscovery?: CaptureDiscoveryOptions;
  /**
   * Milliseconds between two checks that the database file is still the one opened (deleted or
   * replaced, it is logged at once, not only at the next write). Default 5 s.
   */
  databaseCheckMs?: number;
  /**
   * At most one `input-sources-update` push per this many ms while a picture input's client is
   * connected. Default 1000.
   */
  inputSourcesPushMs?: number;
  /** The ffmpeg program the grabbers run (`--ffmpeg`): a path, or a name on PATH. Default `ffmpeg`. */
  ffmpeg?: string;
  /** The grabbers' waits (tests shorten them) and the USB video grabber's command line. */
  capture?: CaptureOptions;
  /** The MQTT client's reconnect backoff and timeouts (see MqttTiming); tests shorten them. */
  mqtt?: Partial<MqttTiming>;
  /**
   * The wall clock and timers the schedules (`schedEvents`) run on. Default the machine's; tests
   * move their own to a time of day rather than wait for it.
   */
  clock?: Clock;
  /**
   * The D-Bus system bus whose logind sleep signal `osEvents` follows (`unix:path=…`). Default
   * `DBUS_SYSTEM_BUS_ADDRESS`, else `/var/run/dbus/system_bus_socket`.
   */
  systemBusAddress?: string;
  /**
   * SSDP and mDNS announcements (the `network` group's `ssdp`, `mdns`, `announceInterfaces`).
   * Default on; false never binds 1900/5353 nor sends a datagram (the test harness: many
   * servers at once, none of them to be found). `ssdpPort` moves SSDP off 1900 (tests).
   */
  announce?: false | { ssdpPort?: number };
}

/** How the capture on the box runs (see {@link ServerOptions.capture}). */
export interface CaptureOptions {
  /** Retry backoff, stall and kill timeouts (see GrabberTiming). */
  timing?: Partial<GrabberTiming>;
  /** How long reading a screen's size may take, ms. Default 10 s. */
  probeTimeoutMs?: number;
  /**
   * The USB video grabber (`grabberV4L2`, component `V4L`) in place of the one that captures
   * `/dev/videoN` (tests of the machinery).
   */
  video?: (ffmpeg: string) => CaptureKind;
  /**
   * Capture devices stood in for: a `grabberV4L2.device` path → the ffmpeg input options read in
   * its place (tests, on a machine without /dev/video*); the rest of the chain is the device's.
   */
  videoDevices?: Readonly<Record<string, readonly string[]>>;
}

export { BUNDLED_EFFECTS_DIR, WEB_UI_DIR };

/** Where the server listens. */
export interface Listening {
  http: AddressInfo;
  https: AddressInfo;
  /** The TCP JSON server; undefined when its port could not be bound (logged). */
  tcp: AddressInfo | undefined;
  /** The flatbuffers picture input; undefined when switched off or not bound (logged). */
  flatbuf: AddressInfo | undefined;
  /** The protobuf picture input; undefined when switched off or not bound (logged). */
  proto: AddressInfo | undefined;
}

/** How a restart treats the clients. */
export interface RestartOptions {
  /**
   * Keeps WebSocket clients connected, as TCP clients always are: they are pushed each topic
   * that changed (a SIGHUP reload). Otherwise they are closed with 1012, as Hyperion.ng does.
   */
  keepConnections?: boolean;
}

/** What a restart did, in order. */
export interface RestartReport {
  reason: string;
  /** Milliseconds from the start of the restart to "restart complete". */
  ms: number;
  instances: number[];
  /** Whether a listener moved or the HTTPS certificate changed. */
  rebound: boolean;
  /** What changed, e.g. "https certificate", "tcp 19444 → 19555"; listeners not named stayed. */
  listeners: string[];
}

/** Events of the server, for logs, tests and the benchmark. */
export interface ServerEvents {
  'restart-begin': [{ reason: string }];
  'restart-complete': [RestartReport];
  'restart-failed': [{ reason: string; error: Error }];
}

type State = 'stopped' | 'starting' | 'ready' | 'restarting' | 'stopping';

const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;
const DEFAULT_DATABASE_CHECK_MS = 5000;

/** The stored `webConfig` group: valid against its schema, each key optional (its default). */
const webConfigOf = (configuration: Configuration) => configuration.global.settings.webConfig ?? {};

/** What of a configuration the HTTPS certificate depends on: a change rebinds the listeners. */
const tlsKeyOf = (configuration: Configuration): string => {
  const web = webConfigOf(configuration);
  return JSON.stringify([web.crtPath, web.keyPath, web.keyPassPhrase]);
};

/** The stored `flatbufServer` group: valid against its schema, each key optional (its default). */
const flatbufOf = (configuration: Configuration) =>
  configuration.global.settings.flatbufServer ?? {};

/** What the flatbuffers server applies of its group. */
const flatbufSettingsOf = (configuration: Configuration): InputServerSettings => {
  const group = flatbufOf(configuration);
  return { timeoutMs: (group.timeout ?? 5) * 1000, pixelDecimation: group.pixelDecimation ?? 1 };
};

/** The stored `protoServer` group: valid against its schema, each key optional (its default). */
const protoOf = (configuration: Configuration) => configuration.global.settings.protoServer ?? {};

/** What the protobuf server applies of its group (which has no `pixelDecimation`). */
const protoSettingsOf = (configuration: Configuration): InputServerSettings => ({
  timeoutMs: (protoOf(configuration).timeout ?? 5) * 1000,
  pixelDecimation: 1,
});

/**
 * The reference server: the configuration store, the runtime built from it, and JSON-RPC over
 * HTTP, HTTPS and WebSocket on both ports and over the TCP JSON server. `start()` opens
 * everything, `stop()` closes it, and a successful restore restarts the service in-process:
 * clients on WebSockets are closed with 1012 (TCP sessions stay), the instances are closed, the
 * configuration is read back from the store, the listeners whose port changed are moved (the old
 * one closed once the new one listens) and a changed certificate is swapped into the running
 * HTTPS server, and the instances are created again in array order. Requests meanwhile are
 * answered "Service Unavailable"; none is refused at the socket.
 */
export class GlowkitServer extends EventEmitter<ServerEvents> {
  readonly options: ServerOptions;
  readonly logger: Logger;
  readonly store: ConfigStore;
  readonly runtime: ServiceRuntime;
  /**
   * The working / idle / suspended state every event source feeds (`system`, schedules, the
   * operating system's sleep).
   */
  readonly power: PowerState;
  /** The open connections, counted per client address and in total, and their limits. */
  readonly connections: ConnectionLimits;
  /** The daily actions of `schedEvents`. */
  readonly #schedule: Schedule;
  /** The machine's sleep and wake (`osEvents`). */
  readonly #osEvents: OsEvents;
  readonly #pushes: PushHub;
  /** The System page's running figures (`diagnostics`); idle until asked. */
  readonly #systemMonitor: SystemMonitor;
  #state: State = 'stopped';
  readonly #sockets: JsonRpcWebSockets;
  readonly #tcp: JsonRpcTcp;
  readonly #listeners: Listeners;
  /** The instances' boblight listeners, which follow the instances (not the restart's ports). */
  readonly #boblight: BoblightServers;
  readonly #webUi: WebUi;
  /** The picture inputs' clients, as sources in the instances. */
  readonly #sources: PictureSources;
  /** Their frame counts, pushed while any is connected (`input-sources-update`). */
  readonly #sourcesPush: InputSourcesPush;
  readonly #flatbuf: InputServer;
  readonly #proto: InputServer;
  /** Sends what one instance shows on to other servers (the `forwarder` group). */
  readonly #forwarder: Forwarder;
  /** The grabbers on the box (`framegrabber`, `grabberV4L2`) as sources of the instances. */
  readonly #capture: CaptureSources;
  /** The running `network` group's rules, shared by the input listeners. */
  readonly #network: CurrentNetworkAccess;
  /** The MQTT client (`network.mqtt`): Home Assistant discovery, state and commands. */
  readonly #mqtt: MqttBridge;
  /** {@link tlsKeyOf} the configuration the listeners were opened with. */
  #tlsKey: string | undefined;
  /** The restart in progress, and whether another was asked for meanwhile. */
  #restarting: Promise<RestartReport> | undefined;
  #again: { reason: string; options: RestartOptions } | undefined;
  /** The check of the database file (see {@link ServerOptions.databaseCheckMs}). */
  #databaseCheck: NodeJS.Timeout | undefined;
  /** SSDP and mDNS; undefined when {@link ServerOptions.announce} is false. */
  readonly #announcements: Announcements | undefined;
  /** `service discover`'s browser, on the same interfaces; undefined with announcements off. */
  readonly #mdnsBrowser: MdnsBrowser | undefined;

  constructor(options: ServerOptions) {
    super();
    this.options = options;
    this.logger = options.logger ?? createLogger();
    const file = databaseFile(options.dataDir);
    this.store = ConfigStore.open(file, {
      // Once each: every write refused for it says it to its client too.
      onProblem: (problem) => this.logger.error({ file }, problem),
      scryptCost: options.scryptCost,
    });
    for (const warning of this.store.warnings) {
      this.logger.warn({ file: this.store.file }, warning);
    }
    // Once per start: a database the store may not write is migrated again at the next.
    for (const migration of this.store.migrations) {
      const { group, instance, pointer } = migration;
      this.logger.warn({ group, instance, key: pointer }, migrationLine(migration));
    }
    this.runtime = new ServiceRuntime({
      dataDir: options.dataDir,
      bundledEffectsDir: options.effectsDir ?? BUNDLED_EFFECTS_DIR,
      logger: this.logger,
      engine: {
        ...options.engine,
        // The database, admin token and TLS key live there: never in an effect's sight.
        effectConfinement: {
          hiddenPaths: [resolvePath(options.dataDir)],
          ...options.engine?.effectConfinement,
        },
      },
      // Read when an instance starts, long after the constructor made the power state.
      beforeStart: (instance) => this.power.beforeStart(instance),
    });
    this.#pushes = new PushHub(this.runtime, logFeedOf(this.logger)?.ring, options.logStreams);
    // `logger.level` applies at once when saved (unless --log-level fixed the level).
    this.runtime.on('settings', () => this.#followLogLevel());
    this.power = new PowerState({
      runtime: this.runtime,
      logger: this.logger,
      event: (event) => this.#pushes.toSubscribers('event-update', { event }),
      requestRestart: (reason) => this.#requestRestart(reason),
    });
    this.#schedule = new Schedule({
      runtime: this.runtime,
      power: this.power,
      logger: this.logger,
      clock: options.clock,
    });
    this.#osEvents = new OsEvents({
      runtime: this.runtime,
      power: this.power,
      logger: this.logger,
      systemBusAddress: options.systemBusAddress,
    });
    this.connections = new ConnectionLimits(this.logger, options.connections);
    this.#sourcesPush = new InputSourcesPush({
      list: () => this.#inputSources(),
      // The latency figures ride along: the overview shows them as a client streams.
      // So do the grabbers' statuses: the capture page follows them, and they keep the pushes
      // going while a grabber runs with no client connected.
      send: (inputSources) =>
        this.#pushes.toSubscribers('input-sources-update', {
          inputSources,
          latency: latencyList(this.runtime),
          grabbers: this.#grabberStatuses(),
        }),
      busy: () =>
        Object.values(this.#grabberStatuses()).some(
          (s) => s.state === 'starting' || s.state === 'running',
        ),
      ...(options.inputSourcesPushMs === undefined
        ? {}
        : { intervalMs: options.inputSourcesPushMs }),
    });
    this.#sources = new PictureSources(this.runtime, this.logger, () =>
      this.#sourcesPush.changed(),
    );
    // One reading of the running `network` group for every input listener, asked at each new
    // connection; its bad whitelist entries are logged once per value.
    this.#network = new CurrentNetworkAccess(
      () => this.runtime.globalSettings.network,
      (line) => this.logger.warn(line),
    );
    const network = this.#network;
    const peerAccess: PeerAccess =
      options.peerAccess ??
      ((address) => {
        const decision = network.rules.check(address);
        return decision.allowed ? undefined : decision.reason;
      });
    const unconfigured = { global: { settings: {} } } as Configuration;
    this.#flatbuf = new InputServer({
      protocol: FLATBUFFERS,
      sources: this.#sources,
      logger: this.logger,
      limits: this.connections,
      peerAccess,
      settings: flatbufSettingsOf(unconfigured),
    });
    this.#proto = new InputServer({
      protocol: PROTOBUF,
      sources: this.#sources,
      logger: this.logger,
      limits: this.connections,
      peerAccess,
      settings: protoSettingsOf(unconfigured),
    });
    this.#forwarder = new Forwarder({
      runtime: this.runtime,
      logger: this.logger,
      ownPorts: () => ({
        json: this.#listeners.address('tcp')?.port,
        flatbuf: this.#listeners.address('flatbuf')?.port,
      }),
      timing: options.forwarder,
    });
    const ffmpeg = options.ffmpeg ?? 'ffmpeg';
    this.#capture = new CaptureSources({
      runtime: this.runtime,
      logger: this.logger,
      ffmpeg,
      kinds: [
        screenKind({
          ffmpeg,
          ...(options.capture?.probeTimeoutMs === undefined
            ? {}
            : { probeTimeoutMs: options.capture.probeTimeoutMs }),
        }),
        options.capture?.video
          ? options.capture.video(ffmpeg)
          : videoKind({
              ffmpeg,
              ...(options.capture?.probeTimeoutMs === undefined
                ? {}
                : { probeTimeoutMs: options.capture.probeTimeoutMs }),
              ...(options.capture?.videoDevices ? { devices: options.capture.videoDevices } : {}),
            }),
      ],
      timing: options.capture?.timing,
      // A grabber that starts sets the pushes going (they run while it runs); one that stops,
      // fails or is replaced gets its last push.
      statusChanged: () => this.#sourcesPush.changed(),
    });
    const authenticator = new Authenticator(
      this.store.tokens,
      new FailureThrottle(options.throttle),
      this.logger,
    );
    this.#mdnsBrowser =
      options.announce === false
        ? undefined
        : createMdnsBrowser({
            logger: this.logger,
            interfaces: () =>
              announceInterfaces(
                options.host,
                this.runtime.globalSettings.network?.announceInterfaces ?? [],
              ),
          });
    this.#systemMonitor = new SystemMonitor({ runtime: this.runtime });
    const dispatch = createDispatcher({
      store: this.store,
      systemMonitor: this.#systemMonitor,
      authenticator,
      // The first visit may create the admin password from where the `network` group lets in.
      claimRefused: peerAccess,
      logger: this.logger,
      isAvailable: () => this.#state === 'ready',
      runtime: this.runtime,
      power: this.power,
      pushes: this.#pushes,
      python: options.engine?.python,
      tokenRequestTimeoutMs: options.tokenRequestTimeoutMs,
      deviceTypes: deviceTypeNames(
        new Map([...DEVICE_TYPES, ...(options.engine?.deviceTypes ?? new Map())]),
      ),
      listSerialPorts: options.listSerialPorts ?? listSerialPorts,
      mdnsBrowser: this.#mdnsBrowser,
      // The ffmpeg the grabbers run (`--ffmpeg`) is the one discovery asks, unless told otherwise.
      captureDiscovery: {
        ...(options.ffmpeg === undefined ? {} : { ffmpeg: options.ffmpeg }),
        ...options.captureDiscovery,
      },
      inputs: {
        components: () => [
          { enabled: this.#listeners.address('flatbuf') !== undefined, name: 'FLATBUFSERVER' },
          { enabled: this.#listeners.address('proto') !== undefined, name: 'PROTOSERVER' },
        ],
        sources: () => this.#inputSources(),
        forwarder: () => this.#forwarder.info(),
        grabbers: (kind) => this.#capture.info(kind),
      },
      forwarder: this.#forwarder,
      capture: this.#capture,
      fixedLogLevel: () => {
        const feed = logFeedOf(this.logger);
        return feed && !feed.fixed ? undefined : this.logger.level;
      },
      requestRestart: (reason) => this.#requestRestart(reason),
    });
    this.#mqtt = createMqttBridge({
      runtime: this.runtime,
      dispatch,
      logger: this.logger,
      identity: () => ({
        serverId: serverId(this.store),
        name: this.runtime.globalSettings.general?.name || 'Glowkit',
        version: GLOWKIT_VERSION,
      }),
      isSettled: () => this.#state === 'ready',
      timing: options.mqtt,
    });
    const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const isAvailable = () => this.#state === 'ready';
    this.#webUi = createWebUi({
      dir: options.webDir ?? WEB_UI_DIR,
      custom: options.webDir !== undefined,
    });
    const app = createHttpApp({
      dispatch,
      authenticator,
      logger: this.logger,
      bodyLimit,
      maxDepth,
      discovery: () =>
        discoveryInfo(this.store, {
          sslServerPort: this.listening.https.port,
          jsonServerPort: this.listening.tcp?.port,
          flatBufferPort: this.listening.flatbuf?.port,
          protoBufferPort: this.listening.proto?.port,
        }),
      webUi: this.#webUi.handler,
    });
    this.#sockets = new JsonRpcWebSockets({
      dispatch,
      authenticator,
      logger: this.logger,
      bodyLimit,
      maxDepth,
      isAvailable,
      pushes: this.#pushes,
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
      ...(options.signInGraceMs === undefined ? {} : { signInGraceMs: options.signInGraceMs }),
    });
    this.#tcp = new JsonRpcTcp({
      dispatch,
      logger: this.logger,
      bodyLimit,
      maxDepth,
      isAvailable,
      pushes: this.#pushes,
      ...(options.signInGraceMs === undefined ? {} : { signInGraceMs: options.signInGraceMs }),
      limits: this.connections,
    });
    this.#listeners = new Listeners({
      host: this.#host,
      app,
      upgrade: (req, socket, head) => this.#sockets.upgrade(req, socket, head),
      tcp: this.#tcp,
      flatbuf: this.#flatbuf,
      proto: this.#proto,
      logger: this.logger,
      limits: this.connections,
      ...(options.httpTimeouts ? { timeouts: options.httpTimeouts } : {}),
    });
    this.#announcements =
      options.announce === false
        ? undefined
        : createAnnouncements({
            host: options.host,
            logger: this.logger,
            settings: () => this.runtime.globalSettings.network ?? {},
            facts: () => this.#announceFacts(),
            ...(options.announce?.ssdpPort === undefined
              ? {}
              : { ssdpPort: options.announce.ssdpPort }),
          });
    // `config setconfig` of `network` applies without a restart: announce where it now says.
    this.runtime.on('settings', () => {
      if (this.#state === 'ready') void this.#announcements?.refresh();
    });
    this.#boblight = new BoblightServers({
      runtime: this.runtime,
      host: this.#host,
      limits: this.connections,
      logger: this.logger,
      isSettled: () => this.#state === 'ready',
      access: this.#network,
      ...(options.boblight ? { limitsOfLines: options.boblight } : {}),
      clientsChanged: () => this.#sourcesPush.changed(),
    });
  }

  /** Restarts the service without waiting for it (a restore, `system restart`, a schedule). */
  #requestRestart(reason: string): void {
    void this.restart(reason).catch(() => {
      // Reported through 'restart-failed' and the log.
    });
  }

  /** What SSDP and mDNS say: the ports of the services that listen now. */
  #announceFacts(): AnnounceFacts | undefined {
    const http = this.#listeners.address('http');
    if (!http) return undefined;
    const info = discoveryInfo(this.store, {
      sslServerPort: this.#listeners.address('https')?.port ?? 0,
      jsonServerPort: this.#listeners.address('tcp')?.port,
    });
    const ports = {
      jsonPort: this.#listeners.address('tcp')?.port,
      flatbufPort: this.#listeners.address('flatbuf')?.port,
      protoPort: this.#listeners.address('proto')?.port,
    };
    return {
      ssdp: {
        id: info.id,
        name: info.name,
        server: ssdpServerHeader(),
        httpPort: http.port,
        ...ports,
      },
      mdns: {
        id: info.id,
        version: GLOWKIT_VERSION,
        ...ports,
        httpPort: http.port,
        httpsPort: this.#listeners.address('https')?.port,
      },
    };
  }

  /** The grabbers' statuses (`serverinfo.grabbers.<kind>.status`), as the push carries them. */
  #grabberStatuses(): { screen: GrabberStatus; video: GrabberStatus } {
    return {
      screen: this.#capture.info('screen').status,
      video: this.#capture.info('video').status,
    };
  }

  /** The picture inputs' clients and the instances' boblight clients (`inputSources`). */
  #inputSources(): InputSourceInfo[] {
    return [...this.#sources.list(), ...this.#boblight.sources()];
  }

  /** The port instance `id`'s boblight server listens on; undefined when it does not. */
  boblightPort(id: number): number | undefined {
    return this.#boblight.port(id);
  }

  /** What the server is doing. */
  get state(): State {
    return this.#state;
  }

  /** The address the listeners bind: the `host` option, else every interface. */
  get #host(): string {
    return this.options.host ?? '0.0.0.0';
  }

  /** SSDP's UDP port while it runs (1900 unless {@link ServerOptions.announce} moves it). */
  get ssdpPort(): number | undefined {
    return this.#announcements?.ssdpPort();
  }

  /** The bound addresses (after start). */
  get listening(): Listening {
    const http = this.#listeners.address('http');
    const https = this.#listeners.address('https');
    if (!http || !https) throw new Error('the server is not listening');
    return {
      http,
      https,
      tcp: this.#listeners.address('tcp'),
      flatbuf: this.#listeners.address('flatbuf'),
      proto: this.#listeners.address('proto'),
    };
  }

  /**
   * The ports to bind for a configuration: options first, then the stored groups (`webConfig`,
   * `jsonServer`, `flatbufServer`, `protoServer`), then 8090/8092/19444/19400/19445; a picture
   * input's is null when its group's `enable` is false (Hyperion.ng listens all the same). A port 0 in the options (any free port) means the port
   * already bound, once there is one, so that a restart never moves the service away from its
   * clients.
   */
  #wantedPorts(configuration: Configuration): ListenerPorts {
    const web = webConfigOf(configuration);
    const bound = this.#listeners.ports;
    const chosen = (option: number | undefined, boundPort: number, stored: number) =>
      option === 0 ? boundPort : (option ?? stored);
    return {
      http: chosen(this.options.port, bound.http, web.port ?? 8090),
      https: chosen(this.options.sslPort, bound.https, web.sslPort ?? 8092),
      tcp: chosen(this.options.tcpPort, bound.tcp, storedTcpPort(configuration)),
      flatbuf:
        flatbufOf(configuration).enable === false
          ? null
          : chosen(
              this.options.flatbufPort,
              bound.flatbuf ?? 0,
              flatbufOf(configuration).port ?? DEFAULT_FLATBUF_PORT,
            ),
      proto:
        protoOf(configuration).enable === false
          ? null
          : chosen(
              this.options.protoPort,
              bound.proto ?? 0,
              protoOf(configuration).port ?? DEFAULT_PROTO_PORT,
            ),
    };
  }

  /** The certificate webConfig names; when it cannot be read, the self-signed one, loudly. */
  async #certificateOf(configuration: Configuration): Promise<Certificate> {
    try {
      return await certificateFor(this.options.dataDir, webConfigOf(configuration));
    } catch (error) {
      this.logger.error(
        { error: (error as Error).message },
        'HTTPS uses the self-signed certificate instead',
      );
      return certificateFor(this.options.dataDir, {});
    }
  }

  async #openListeners(configuration: Configuration): Promise<void> {
    const certificate = await this.#certificateOf(configuration);
    this.#flatbuf.configure(flatbufSettingsOf(configuration));
    this.#proto.configure(protoSettingsOf(configuration));
    await this.#listeners.open(this.#wantedPorts(configuration), certificate);
    this.#tlsKey = tlsKeyOf(configuration);
    const { http, https, tcp, flatbuf, proto } = this.listening;
    this.logger.info(
      {
        http: `http://${this.#host}:${http.port}`,
        https: `https://${this.#host}:${https.port}`,
        ...(tcp ? { tcp: `${this.#host}:${tcp.port}` } : {}),
        ...(flatbuf ? { flatbuffers: `${this.#host}:${flatbuf.port}` } : {}),
        ...(proto ? { protobuf: `${this.#host}:${proto.port}` } : {}),
        certificate: certificate.source,
        bodyLimit: bytesText(this.options.bodyLimit ?? DEFAULT_BODY_LIMIT),
      },
      'listening (JSON-RPC: POST /json-rpc and WebSocket on both ports, newline-delimited JSON on TCP)',
    );
  }

  /**
   * Moves the listeners whose port changed and swaps a changed certificate in, without closing
   * a listener that stays: requests keep being answered (503 until the restart completes).
   */
  async #applyListeners(configuration: Configuration): Promise<string[]> {
    const key = tlsKeyOf(configuration);
    const certificate = key === this.#tlsKey ? undefined : await this.#certificateOf(configuration);
    const ports = this.#wantedPorts(configuration);
    this.#flatbuf.configure(flatbufSettingsOf(configuration));
    this.#proto.configure(protoSettingsOf(configuration));
    const changes = await this.#listeners.apply(ports, certificate);
    // Switched off: its clients go too (their sources leave the instances).
    if (ports.flatbuf === null) this.#flatbuf.terminate();
    if (ports.proto === null) this.#proto.terminate();
    if (certificate) this.#tlsKey = key;
    if (changes.length > 0) {
      this.logger.info(
        { changes, ...(certificate ? { certificate: certificate.source } : {}) },
        'listeners changed',
      );
    }
    return changes;
  }

  /** Opens the store's configuration: listeners and instances. */
  async start(): Promise<Listening> {
    if (this.#state !== 'stopped') throw new Error(`cannot start: the server is ${this.#state}`);
    this.#state = 'starting';
    try {
      const configuration = this.store.read();
      followSettingsLevel(this.logger, configuration.global.settings.logger?.level);
      await this.#openListeners(configuration);
      await this.runtime.start(configuration);
      await this.#boblight.apply();
      await this.#forwarder.apply(configuration.global.settings.forwarder);
      this.#schedule.apply();
      this.#osEvents.apply();
      this.#state = 'ready';
      // Never waits for the broker: the client connects in the background.
      await this.#mqtt.apply(configuration.global.settings.network?.mqtt);
      // Once serving: a client that finds the server is answered, not told to come back.
      await this.#announcements?.start();
      this.#databaseCheck = setInterval(
        () => this.store.fileProblem(),
        this.options.databaseCheckMs ?? DEFAULT_DATABASE_CHECK_MS,
      );
      this.#databaseCheck.unref();
      this.logger.info(
        { instances: this.runtime.instances.map((i) => `${i.id} ${i.name}`) },
        'ready',
      );
      // Said once: the page at / says it too, to whoever opens it.
      const webUiProblem = this.#webUi.problem();
      if (webUiProblem) this.logger.warn(webUiProblem);
      return this.listening;
    } catch (error) {
      this.#state = 'stopped';
      await this.#announcements?.stop();
      await this.#forwarder.stop();
      await this.#boblight.close();
      await this.runtime.stop();
      await this.#listeners.close();
      throw error;
    }
  }

  /**
   * Restarts in-process from the store. A request for a restart while one runs leads to one
   * more restart after it, so that the last stored configuration is always the running one.
   */
  restart(reason: string, options: RestartOptions = {}): Promise<RestartReport> {
    if (this.#restarting) {
      // Connections are kept only if every restart asked for does so.
      const keep = (this.#again?.options.keepConnections ?? true) && options.keepConnections;
      this.#again = { reason, options: { keepConnections: keep } };
      return this.#restarting;
    }
    const run = this.#restart(reason, options).finally(() => {
      this.#restarting = undefined;
      const again = this.#again;
      this.#again = undefined;
      if (again !== undefined && this.#state === 'ready') {
        void this.restart(again.reason, again.options).catch(() => {});
      }
    });
    this.#restarting = run;
    return run;
  }

  async #restart(reason: string, options: RestartOptions): Promise<RestartReport> {
    if (this.#state !== 'ready') throw new Error(`cannot restart: the server is ${this.#state}`);
    const started = performance.now();
    this.#state = 'restarting';
    this.emit('restart-begin', { reason });
    this.logger.info({ reason }, 'restarting');
    let configuration: Configuration | undefined;
    try {
      if (!options.keepConnections) this.#sockets.closeAll(1012, 'Service Restart');
      this.#pushes.snapshotForRestart();
      await this.runtime.stop();
      configuration = this.store.read();
      followSettingsLevel(this.logger, configuration.global.settings.logger?.level);
      const listeners = await this.#applyListeners(configuration);
      await this.runtime.start(configuration);
      listeners.push(...(await this.#boblight.apply()));
      await this.#forwarder.apply(configuration.global.settings.forwarder);
      this.#schedule.apply();
      this.#osEvents.apply();
      const rebound = listeners.length > 0;
      this.#rebindSessions();
      // Sessions that outlived the restart (TCP) learn what changed.
      this.#pushes.announceRestart();
      this.#state = 'ready';
      await this.#mqtt.apply(configuration.global.settings.network?.mqtt);
      // A moved port: byebye and alive again; a stopped service: no longer announced.
      await this.#announcements?.refresh();
      const report: RestartReport = {
        reason,
        ms: performance.now() - started,
        instances: this.runtime.instances.map((i) => i.id),
        rebound,
        listeners,
      };
      this.logger.info(
        { ms: Math.round(report.ms), instances: report.instances, rebound },
        'restart complete',
      );
      this.emit('restart-complete', report);
      return report;
    } catch (error) {
      // The store holds the new configuration; what failed is reading or applying it (a port in
      // use, a certificate that cannot be read). Keep serving so that it can be corrected.
      const err = error instanceof Error ? error : new Error(String(error));
      this.logger.error({ reason, error: err.message }, 'restart failed');
      if (configuration !== undefined && this.runtime.instances.length === 0) {
        await this.runtime.start(configuration).catch(() => {});
      }
      await this.#boblight.apply().catch(() => {});
      await this.#forwarder.apply(this.runtime.globalSettings.forwarder).catch(() => {});
      this.#rebindSessions();
      // The listeners were never closed: the service goes on where it was.
      this.#state = 'ready';
      await this.#mqtt.apply(this.runtime.globalSettings.network?.mqtt).catch(() => {});
      this.emit('restart-failed', { reason, error: err });
      throw err;
    }
  }

  /** Takes the running `logger` group's level (see followSettingsLevel). */
  #followLogLevel(): void {
    followSettingsLevel(this.logger, this.runtime.globalSettings.logger?.level);
  }

  /**
   * Sessions that outlive a restart (TCP, and WebSocket after a reload): those bound to an
   * instance that is gone are unbound.
   */
  #rebindSessions(): void {
    const running = new Set(this.runtime.instances.map((i) => i.id));
    this.#tcp.rebindSessions((id) => running.has(id));
    this.#sockets.rebindSessions((id) => running.has(id));
  }

  /** Closes clients, instances, listeners and the store. */
  async stop(): Promise<void> {
    if (this.#state === 'stopped' || this.#state === 'stopping') return;
    await this.#restarting?.catch(() => {});
    this.#state = 'stopping';
    clearInterval(this.#databaseCheck);
    this.#databaseCheck = undefined;
    this.#systemMonitor.stop();
    // First: Home Assistant hears `offline` while the LEDs still show what they showed.
    await this.#mqtt.stop();
    // First: byebye while the ports it names still answer.
    await this.#announcements?.stop();
    await this.#mdnsBrowser?.stop();
    this.#sockets.closeAll(1001, 'Going Away');
    this.#sockets.terminate();
    this.#tcp.terminate();
    this.#flatbuf.terminate();
    this.#proto.terminate();
    this.#sources.close();
    this.#sourcesPush.close();
    // Before the instances: every ffmpeg child has exited, the grabbers' sources have left.
    await this.#capture.close();
    // Before the instances: the targets are cleared of what they were sent.
    await this.#forwarder.stop();
    // Before the instances: each client's source leaves its muxer.
    await this.#boblight.close();
    this.#schedule.close();
    this.#osEvents.close();
    this.power.close();
    await this.runtime.stop();
    this.#pushes.close();
    await this.#listeners.close();
    this.store.close();
    this.#state = 'stopped';
    this.logger.info('stopped');
  }
}

/** Creates a server (not yet listening); see {@link GlowkitServer}. */
export function createServer(options: ServerOptions): GlowkitServer {
  return new GlowkitServer(options);
}
