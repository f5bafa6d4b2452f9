import type { IncomingMessage, RequestListener } from 'node:http';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo, Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERRORS, errorReply } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { ConnectionLimits } from './connection-limits.js';
import { HttpAdmission } from './http-admission.js';
import { endWith, rawHttpReply } from './raw-reply.js';
import type { JsonRpcTcp } from './tcp-json.js';

/**
 * The listeners of the server: HTTP, HTTPS (both also WebSocket), the TCP JSON server and the
 * flatbuffers and protobuf picture inputs.
 */
export type ListenerName = 'http' | 'https' | 'tcp' | InputListener;

/** The picture inputs' listeners, which their groups switch on and off. */
type InputListener = 'flatbuf' | 'proto';
const INPUT_LISTENERS: readonly InputListener[] = ['flatbuf', 'proto'];

/** The listeners the server runs without when their port cannot be bound (logged). */
type OptionalListener = 'tcp' | InputListener;

/**
 * A port per listener; 0 for "any free port" (asked) or "not bound" (reported). A picture
 * input's is null when it is switched off (`flatbufServer.enable`, `protoServer.enable`).
 */
export type ListenerPorts = Record<'http' | 'https' | 'tcp', number> &
  Record<InputListener, number | null>;

/** Makes the listening sockets of a TCP protocol whose connections it keeps itself. */
export interface NetListenerFactory {
  createServer(): NetServer;
}

/** The HTTPS certificate as TLS takes it. */
export interface TlsMaterial {
  cert: string;
  key: string;
  passphrase?: string;
}

/**
 * How long an HTTP(S) client may take, in ms. Node checks the headers and request times only
 * every `checkIntervalMs`, so a connection is dropped between the time and the time plus that.
 */
export interface HttpTimeouts {
  /**
   * From the connection (or the end of the previous request) to the end of the headers, and for
   * the TLS handshake on HTTPS. Default 10 s: a slowloris client, or one that sends nothing, is
   * dropped within seconds.
   */
  headersMs?: number;
  /**
   * To the end of a whole request. Default 120 s: a 10 MB restore over a slow LAN (700 kbit/s)
   * still fits.
   */
  requestMs?: number;
  /** An idle keep-alive connection between requests. Default 5 s. */
  keepAliveMs?: number;
  /** How often the headers and request times are checked. Default 1 s (Node's own: 30 s). */
  checkIntervalMs?: number;
}

/** The {@link HttpTimeouts} by default. */
export const HTTP_TIMEOUTS: Readonly<Required<HttpTimeouts>> = {
  headersMs: 10_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

/** What the listeners serve. */
export interface ListenersOptions {
  host: string;
  /** The HTTP(S) request handler (http-app.ts). */
  app: RequestListener;
  /** WebSocket upgrades on either HTTP port. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Makes the TCP JSON server's listening sockets. */
  tcp: JsonRpcTcp;
  /** Makes the flatbuffers server's listening sockets. */
  flatbuf: NetListenerFactory;
  /** Makes the protobuf server's listening sockets. */
  proto: NetListenerFactory;
  logger: Logger;
  /** The open connections' limits, shared with the TCP JSON server. */
  limits: ConnectionLimits;
  /** Default {@link HTTP_TIMEOUTS}. */
  timeouts?: HttpTimeouts;
}

/** The answer to a request the HTTP parser gave up on: status and reason, by Node's error code. */
function clientErrorReply(code: string | undefined, timeouts: Required<HttpTimeouts>): string {
  const [status, error, detail] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [
          408,
          'Request timeout',
          `the request did not arrive in time (its headers within ${timeouts.headersMs / 1000} s, the whole of it within ${timeouts.requestMs / 1000} s)`,
        ]
      : code === 'HPE_HEADER_OVERFLOW'
        ? [431, ERRORS.tooLarge, 'the request headers are too large']
        : code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? [413, ERRORS.tooLarge, 'the chunk extensions are too large']
          : [400, ERRORS.parse, `the request is not valid HTTP/1.1 (${code ?? 'unreadable'})`];
  return rawHttpReply(status, errorReply('unknown', 0, error, [detail]));
}

/** How long a listener that was moved away from keeps its unfinished requests. */
const RETIRE_MS = 10_000;

/** Where each listener's port is chosen, for error messages. */
const PORT_SOURCE: Readonly<Record<ListenerName, string>> = {
  http: '--port or webConfig.port',
  https: '--ssl-port or webConfig.sslPort',
  tcp: 'the tcpPort option or jsonServer.port',
  flatbuf: 'the flatbufPort option or flatbufServer.port',
  proto: 'the protoPort option or protoServer.port',
};

/** What a listener that cannot bind leaves running. */
const WITHOUT: Readonly<Record<OptionalListener, string>> = {
  tcp: 'the TCP JSON server is not listening (HTTP, HTTPS and WebSocket are)',
  flatbuf: 'the flatbuffers server is not listening (the other listeners are)',
  proto: 'the protobuf server is not listening (the other listeners are)',
};

type AnyServer = HttpServer | HttpsServer | NetServer;

/**
 * The three listening sockets, and how a restart changes them without dropping a request: a
 * listener whose port did not change stays open (a new certificate is swapped into the running
 * HTTPS server), a listener whose port changed is opened anew first and the old one closed only
 * once the new one listens, letting the requests it is answering finish. A port that cannot be
 * bound keeps the listener where it was, and says why.
 */
export class Listeners {
  readonly #options: ListenersOptions;
  readonly #timeouts: Required<HttpTimeouts>;
  readonly #admission: HttpAdmission;
  /** The app, with connections over the limits answered 503 instead. */
  readonly #app: RequestListener;
  readonly #servers: Partial<Record<ListenerName, AnyServer>> = {};
  /** The certificate the HTTPS server uses. */
  #tls: TlsMaterial | undefined;
  /** Moved-away servers finishing their requests. */
  readonly #retiring = new Set<AnyServer>();

  constructor(options: ListenersOptions) {
    this.#options = options;
    this.#timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
    this.#admission = new HttpAdmission(options.limits);
    this.#app = this.#admission.guard(options.app);
  }

  /** Where a listener is bound; undefined when it is not. */
  address(name: ListenerName): AddressInfo | undefined {
    const address = this.#servers[name]?.address();
    return address && typeof address !== 'string' ? address : undefined;
  }

  /** The bound ports (0: not bound). */
  get ports(): ListenerPorts {
    return {
      http: this.address('http')?.port ?? 0,
      https: this.address('https')?.port ?? 0,
      tcp: this.address('tcp')?.port ?? 0,
      flatbuf: this.address('flatbuf')?.port ?? 0,
      proto: this.address('proto')?.port ?? 0,
    };
  }

  /**
   * Opens every listener. HTTP and HTTPS must bind (else everything opened is closed and the
   * error thrown); the TCP JSON and picture input servers are optional, as in Hyperion.ng: when a
   * port is taken the error is logged and the server runs without that listener.
   */
  async open(ports: ListenerPorts, tls: TlsMaterial): Promise<void> {
    try {
      this.#servers.http = await this.#bind('http', this.#create('http'), ports.http);
      this.#servers.https = await this.#bind('https', this.#create('https', tls), ports.https);
      this.#tls = tls;
    } catch (error) {
      await this.close();
      throw error;
    }
    await this.#openOptional('tcp', ports.tcp);
    for (const name of INPUT_LISTENERS) {
      const port = ports[name];
      if (port !== null) await this.#openOptional(name, port);
    }
  }

  /**
   * Applies new ports and, when given, a new certificate; returns what changed, for the log
   * and the restart report ("https certificate", "tcp 19444 → 19555").
   */
  async apply(ports: ListenerPorts, tls: TlsMaterial | undefined): Promise<string[]> {
    const changes: string[] = [];
    const bound = this.ports;
    let certificateApplied = false;
    for (const name of ['http', 'https'] as const) {
      if (ports[name] === bound[name]) continue;
      let server: AnyServer;
      try {
        server = this.#create(name, tls ?? this.#tls);
      } catch (error) {
        this.#options.logger.error(
          { error: (error as Error).message },
          `the HTTPS certificate cannot be used; ${name} stays on port ${bound[name]}`,
        );
        continue;
      }
      if (await this.#move(name, server, ports[name])) {
        changes.push(`${name} ${bound[name]} → ${this.ports[name]}`);
        if (name === 'https' && tls) {
          this.#tls = tls;
          certificateApplied = true;
        }
      }
    }
    if (tls && !certificateApplied) {
      // Same port: the running server takes the certificate for its next handshakes, and no
      // connection is closed or refused meanwhile.
      try {
        (this.#servers.https as HttpsServer).setSecureContext(tls);
        this.#tls = tls;
        changes.push('https certificate');
      } catch (error) {
        this.#options.logger.error(
          { error: (error as Error).message },
          'the new HTTPS certificate cannot be used; the previous one stays',
        );
      }
    }
    if (ports.tcp !== bound.tcp) {
      const moved = this.#servers.tcp
        ? await this.#move('tcp', this.#options.tcp.createServer(), ports.tcp)
        : await this.#openOptional('tcp', ports.tcp);
      if (moved) changes.push(`tcp ${bound.tcp || 'none'} → ${this.ports.tcp}`);
    }
    for (const name of INPUT_LISTENERS) {
      const server = this.#servers[name];
      const port = ports[name];
      if (port === null) {
        if (server) {
          delete this.#servers[name];
          this.#retire(server);
          changes.push(`${name} ${bound[name]} → off`);
        }
      } else if (!server || port !== bound[name]) {
        const moved = server
          ? await this.#move(name, this.#options[name].createServer(), port)
          : await this.#openOptional(name, port);
        if (moved) changes.push(`${name} ${bound[name] || 'off'} → ${this.ports[name]}`);
      }
    }
    return changes;
  }

  /** Closes every listener and drops its connections (TCP clients are the transport's). */
  async close(): Promise<void> {
    const servers = [...Object.values(this.#servers), ...this.#retiring];
    for (const name of Object.keys(this.#servers) as ListenerName[]) delete this.#servers[name];
    this.#retiring.clear();
    const closed = Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            if ('closeAllConnections' in server) server.closeAllConnections();
            else resolve(); // A net server waits for its connections, which are closed elsewhere.
          }),
      ),
    );
    // Those Node's HTTP servers do not track: HTTPS ones still in their handshake.
    this.#admission.destroyAll();
    await closed;
  }

  #create(name: ListenerName, tls?: TlsMaterial): AnyServer {
    if (name === 'tcp' || name === 'flatbuf' || name === 'proto') {
      return this.#options[name].createServer();
    }
    const { upgrade } = this.#options;
    const app = this.#app;
    const timeouts = this.#timeouts;
    const http = {
      headersTimeout: timeouts.headersMs,
      requestTimeout: Math.max(timeouts.requestMs, timeouts.headersMs),
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    };
    let server: HttpServer | HttpsServer;
    if (name === 'http') {
      server = createHttpServer(http, app);
    } else {
      if (!tls) throw new Error('HTTPS needs a certificate');
      server = createHttpsServer(
        {
          ...http,
          // A client that never completes its handshake is dropped as one that never sends headers.
          handshakeTimeout: timeouts.headersMs,
          cert: tls.cert,
          key: tls.key,
          passphrase: tls.passphrase,
        },
        app,
      );
    }
    if (name === 'https') {
      // A handshake that fails or never completes (handshakeTimeout) leaves its socket open
      // unless it is dropped here.
      server.on('tlsClientError', (_error: Error, socket: Duplex) => socket.destroy());
    }
    this.#admission.attach(server, name);
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!this.#admission.refuseUpgrade(req, socket)) upgrade(req, socket, head);
    });
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      if (!socket.writable || error.code === 'ECONNRESET') {
        socket.destroy();
        return;
      }
      // Closed once said: a slowloris client must not keep its half of the connection.
      endWith(socket, clientErrorReply(error.code, timeouts));
    });
    return server;
  }

  async #bind<S extends AnyServer>(name: ListenerName, server: S, port: number): Promise<S> {
    const { host } = this.#options;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: NodeJS.ErrnoException) => {
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `${name} port ${port} on ${host} is in use: stop what uses it, or choose another with ${PORT_SOURCE[name]}`
              : `cannot listen (${name}) on ${host}:${port}: ${error.message}`,
          ),
        );
      };
      server.once('error', fail);
      server.listen(port, host, () => {
        server.off('error', fail);
        // A listening server reports a failed accept (out of file descriptors, of memory) as an
        // 'error' event, which would end the process without a listener: the client is lost,
        // the server carries on.
        server.on('error', (error: NodeJS.ErrnoException) =>
          this.#options.logger.warn(
            { code: error.code, error: error.message },
            `the ${name} listener could not accept a connection (${error.code ?? error.message}); if it is EMFILE or ENFILE, close connections or raise the open file limit (ulimit -n)`,
          ),
        );
        resolve();
      });
    });
    return server;
  }

  async #openOptional(name: OptionalListener, port: number): Promise<boolean> {
    try {
      this.#servers[name] = await this.#bind(name, this.#options[name].createServer(), port);
      return true;
    } catch (error) {
      this.#options.logger.error({ error: (error as Error).message }, WITHOUT[name]);
      return false;
    }
  }

  /** Binds a listener's new server, then retires the old one; false (logged) when it cannot. */
  async #move(name: ListenerName, server: AnyServer, port: number): Promise<boolean> {
    const previous = this.#servers[name];
    try {
      await this.#bind(name, server, port);
    } catch (error) {
      this.#options.logger.error(
        { error: (error as Error).message, port: previous ? this.ports[name] : undefined },
        `the new ${name} port cannot be bound; listening on the previous one`,
      );
      return false;
    }
    this.#servers[name] = server;
    if (previous) this.#retire(previous);
    return true;
  }

  /**
   * Stops a moved-away server from accepting, closes its idle connections, and lets the
   * requests it is answering finish (for {@link RETIRE_MS} at most). TCP JSON and picture input
   * clients stay connected: their sessions belong to the transport, not to the listening socket.
   */
  #retire(server: AnyServer): void {
    this.#retiring.add(server);
    const done = () => {
      clearTimeout(timer);
      this.#retiring.delete(server);
    };
    const timer = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      done();
    }, RETIRE_MS);
    timer.unref();
    server.close(done);
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    else done();
  }
}
