import { EventEmitter } from 'node:events';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { EngineOptions } from '@glowkit/engine';
import { DEFAULT_MAX_DEPTH, isJsonObject } from '@glowkit/protocol';
import { Authenticator } from './auth/authenticator.js';
import { FailureThrottle, type ThrottleOptions } from './auth/throttle.js';
import { databaseFile } from './data-dir.js';
import { createLogger, type Logger } from './logger.js';
import { createDispatcher } from './rpc/dispatcher.js';
import { PushHub } from './rpc/pushes.js';
import { ServiceRuntime } from './runtime/service-runtime.js';
import { ConfigStore, type Configuration } from './store/config-store.js';
import { type Certificate, certificateFor } from './tls.js';
import { bytesText, createHttpApp } from './transport/http-app.js';
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
  /** Largest request body or WebSocket message, bytes. Default 10 MB. */
  bodyLimit?: number;
  /** Deepest JSON nesting accepted. Default `DEFAULT_MAX_DEPTH` (64) of @glowkit/protocol. */
  maxDepth?: number;
  logger?: Logger;
  throttle?: ThrottleOptions;
  /** The bundled effects. Default: the repository's `effects/` folder. */
  effectsDir?: string;
  /** The Python interpreter, effect limits and extra device types of the instances. */
  engine?: Omit<EngineOptions, 'resourceDirs'>;
}

/** The bundled effects of this repository (from `src/` and from `dist/` alike). */
export const BUNDLED_EFFECTS_DIR = fileURLToPath(new URL('../../../effects/', import.meta.url));

/** Where the server listens. */
export interface Listening {
  http: AddressInfo;
  https: AddressInfo;
}

/** What a restart did, in order. */
export interface RestartReport {
  reason: string;
  /** Milliseconds from the start of the restart to "restart complete". */
  ms: number;
  instances: number[];
  rebound: boolean;
}

/** Events of the server, for logs, tests and the benchmark. */
export interface ServerEvents {
  'restart-begin': [{ reason: string }];
  'restart-complete': [RestartReport];
  'restart-failed': [{ reason: string; error: Error }];
}

type State = 'stopped' | 'starting' | 'ready' | 'restarting' | 'stopping';

const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

const portOf = (value: unknown, fallback: number): number =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) < 65536
    ? (value as number)
    : fallback;

const webConfigOf = (configuration: Configuration): Record<string, unknown> => {
  const group = configuration.global.settings.webConfig;
  return isJsonObject(group) ? group : {};
};

/** What of a configuration the HTTPS certificate depends on: a change rebinds the listeners. */
const tlsKeyOf = (configuration: Configuration): string => {
  const web = webConfigOf(configuration);
  return JSON.stringify([web.crtPath, web.keyPath, web.keyPassPhrase]);
};

/**
 * The reference server: the configuration store, the runtime built from it, and JSON-RPC over
 * HTTP, HTTPS and WebSocket on both ports. `start()` opens everything, `stop()` closes it, and a
 * successful restore restarts the service in-process: clients on WebSockets are closed with 1012,
 * the instances are closed, the configuration is read back from the store, the listeners are
 * rebound when `webConfig` moved them, and the instances are created again in array order.
 */
export class GlowkitServer extends EventEmitter<ServerEvents> {
  readonly options: ServerOptions;
  readonly logger: Logger;
  readonly store: ConfigStore;
  readonly runtime: ServiceRuntime;
  readonly #pushes: PushHub;
  #state: State = 'stopped';
  #http: HttpServer | undefined;
  #https: HttpsServer | undefined;
  #sockets: JsonRpcWebSockets;
  #app: ReturnType<typeof createHttpApp>;
  #ports = { http: 0, https: 0 };
  /** {@link tlsKeyOf} the configuration the listeners were opened with. */
  #tlsKey: string | undefined;
  /** The restart in progress, and whether another was asked for meanwhile. */
  #restarting: Promise<RestartReport> | undefined;
  #again: string | undefined;

  constructor(options: ServerOptions) {
    super();
    this.options = options;
    this.logger = options.logger ?? createLogger();
    this.store = ConfigStore.open(databaseFile(options.dataDir));
    this.runtime = new ServiceRuntime({
      dataDir: options.dataDir,
      bundledEffectsDir: options.effectsDir ?? BUNDLED_EFFECTS_DIR,
      logger: this.logger,
      ...(options.engine ? { engine: options.engine } : {}),
    });
    this.#pushes = new PushHub(this.runtime);
    const authenticator = new Authenticator(
      this.store.tokens,
      new FailureThrottle(options.throttle),
      this.logger,
    );
    const dispatch = createDispatcher({
      store: this.store,
      authenticator,
      logger: this.logger,
      isAvailable: () => this.#state === 'ready',
      runtime: this.runtime,
      pushes: this.#pushes,
      requestRestart: (reason) => {
        void this.restart(reason).catch(() => {
          // Reported through 'restart-failed' and the log.
        });
      },
    });
    const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.#app = createHttpApp({
      dispatch,
      authenticator,
      logger: this.logger,
      bodyLimit,
      maxDepth,
    });
    this.#sockets = new JsonRpcWebSockets({
      dispatch,
      authenticator,
      logger: this.logger,
      bodyLimit,
      maxDepth,
      isAvailable: () => this.#state === 'ready',
      pushes: this.#pushes,
    });
  }

  /** What the server is doing. */
  get state(): State {
    return this.#state;
  }

  /** The address the listeners bind: the `host` option, else every interface. */
  get #host(): string {
    return this.options.host ?? '0.0.0.0';
  }

  /** The bound addresses (after start). */
  get listening(): Listening {
    const http = this.#http?.address();
    const https = this.#https?.address();
    if (!http || typeof http === 'string' || !https || typeof https === 'string') {
      throw new Error('the server is not listening');
    }
    return { http, https };
  }

  /**
   * The ports to bind for a configuration: options first, then webConfig, then 8090/8092. A port
   * 0 in the options (any free port) means the port already bound, once there is one, so that
   * a restart never moves the service away from its clients.
   */
  #wantedPorts(configuration: Configuration): { http: number; https: number } {
    const web = webConfigOf(configuration);
    const chosen = (
      option: number | undefined,
      bound: number,
      stored: unknown,
      fallback: number,
    ) => (option === 0 ? bound : (option ?? portOf(stored, fallback)));
    return {
      http: chosen(this.options.port, this.#ports.http, web.port, 8090),
      https: chosen(this.options.sslPort, this.#ports.https, web.sslPort, 8092),
    };
  }

  async #listen(server: HttpServer | HttpsServer, port: number): Promise<number> {
    const host = this.#host;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: NodeJS.ErrnoException) => {
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `port ${port} on ${host} is in use: stop what uses it, or choose another with --port/--ssl-port`
              : `cannot listen on ${host}:${port}: ${error.message}`,
          ),
        );
      };
      server.once('error', fail);
      server.listen(port, host, () => {
        server.off('error', fail);
        resolve();
      });
    });
    return (server.address() as AddressInfo).port;
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

  async #openListeners(
    configuration: Configuration,
    ports: { http: number; https: number } = this.#wantedPorts(configuration),
  ): Promise<void> {
    const certificate = await this.#certificateOf(configuration);
    const http = createHttpServer(this.#app);
    const https = createHttpsServer(
      { cert: certificate.cert, key: certificate.key, passphrase: certificate.passphrase },
      this.#app,
    );
    for (const server of [http, https]) {
      server.on('upgrade', (req, socket, head) => this.#sockets.upgrade(req, socket, head));
      server.on('clientError', (_error, socket) => {
        if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
        else socket.destroy();
      });
    }
    try {
      await this.#listen(http, ports.http);
      await this.#listen(https, ports.https);
    } catch (error) {
      http.close();
      https.close();
      throw error;
    }
    this.#http = http;
    this.#https = https;
    this.#ports = {
      http: (http.address() as AddressInfo).port,
      https: (https.address() as AddressInfo).port,
    };
    this.#tlsKey = tlsKeyOf(configuration);
    this.logger.info(
      {
        http: `http://${this.#host}:${this.listening.http.port}`,
        https: `https://${this.#host}:${this.listening.https.port}`,
        certificate: certificate.source,
        bodyLimit: bytesText(this.options.bodyLimit ?? DEFAULT_BODY_LIMIT),
      },
      'listening (JSON-RPC: POST /json-rpc and WebSocket on both ports)',
    );
  }

  async #closeListeners(): Promise<void> {
    const servers = [this.#http, this.#https].filter((s) => s !== undefined);
    this.#http = undefined;
    this.#https = undefined;
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  }

  /** Opens the store's configuration: listeners and instances. */
  async start(): Promise<Listening> {
    if (this.#state !== 'stopped') throw new Error(`cannot start: the server is ${this.#state}`);
    this.#state = 'starting';
    try {
      const configuration = this.store.read();
      await this.#openListeners(configuration);
      await this.runtime.start(configuration);
      this.#state = 'ready';
      this.logger.info(
        { instances: this.runtime.instances.map((i) => `${i.id} ${i.name}`) },
        'ready',
      );
      return this.listening;
    } catch (error) {
      this.#state = 'stopped';
      await this.runtime.stop();
      await this.#closeListeners();
      throw error;
    }
  }

  /**
   * Restarts in-process from the store. A request for a restart while one runs leads to one
   * more restart after it, so that the last stored configuration is always the running one.
   */
  restart(reason: string): Promise<RestartReport> {
    if (this.#restarting) {
      this.#again = reason;
      return this.#restarting;
    }
    const run = this.#restart(reason).finally(() => {
      this.#restarting = undefined;
      const again = this.#again;
      this.#again = undefined;
      if (again !== undefined && this.#state === 'ready') void this.restart(again).catch(() => {});
    });
    this.#restarting = run;
    return run;
  }

  async #restart(reason: string): Promise<RestartReport> {
    if (this.#state !== 'ready') throw new Error(`cannot restart: the server is ${this.#state}`);
    const started = performance.now();
    this.#state = 'restarting';
    this.emit('restart-begin', { reason });
    this.logger.info({ reason }, 'restarting');
    let configuration: Configuration | undefined;
    try {
      this.#sockets.closeAll(1012, 'Service Restart');
      await this.runtime.stop();
      configuration = this.store.read();
      const wanted = this.#wantedPorts(configuration);
      const rebound =
        wanted.http !== this.#ports.http ||
        wanted.https !== this.#ports.https ||
        tlsKeyOf(configuration) !== this.#tlsKey;
      if (rebound) {
        const previous = this.#ports;
        await this.#closeListeners();
        try {
          await this.#openListeners(configuration);
        } catch (error) {
          // The new ports are taken: keep serving where clients found the service so far.
          this.logger.error(
            { error: (error as Error).message, ports: previous },
            'the new ports cannot be bound; listening on the previous ones',
          );
          await this.#openListeners(configuration, previous);
        }
      }
      await this.runtime.start(configuration);
      this.#state = 'ready';
      const report: RestartReport = {
        reason,
        ms: performance.now() - started,
        instances: this.runtime.instances.map((i) => i.id),
        rebound,
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
      if (configuration !== undefined) {
        if (!this.#http) await this.#openListeners(configuration).catch(() => {});
        if (this.runtime.instances.length === 0) {
          await this.runtime.start(configuration).catch(() => {});
        }
      }
      this.#state = this.#http ? 'ready' : 'stopped';
      this.emit('restart-failed', { reason, error: err });
      throw err;
    }
  }

  /** Closes clients, instances, listeners and the store. */
  async stop(): Promise<void> {
    if (this.#state === 'stopped' || this.#state === 'stopping') return;
    await this.#restarting?.catch(() => {});
    this.#state = 'stopping';
    this.#sockets.closeAll(1001, 'Going Away');
    this.#sockets.terminate();
    await this.runtime.stop();
    this.#pushes.close();
    await this.#closeListeners();
    this.store.close();
    this.#state = 'stopped';
    this.logger.info('stopped');
  }
}

/** Creates a server (not yet listening); see {@link GlowkitServer}. */
export function createServer(options: ServerOptions): GlowkitServer {
  return new GlowkitServer(options);
}
