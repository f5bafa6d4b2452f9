import {
  type AddressInfo,
  createServer as createNetServer,
  type Server,
  type Socket,
} from 'node:net';
import type { LedInstance } from '@glowkit/engine';
import type { InputSourceInfo } from '@glowkit/protocol';
import { clientAddress } from '../../auth/client-address.js';
import type { Logger } from '../../logger.js';
import type { ConnectionLimits } from '../../transport/connection-limits.js';
import type { NetworkAccess } from '../../transport/network-access.js';
import { BoblightConnection } from './boblight-connection.js';

/** Hyperion.ng's boblight port (`boblightServer.port`). */
export const DEFAULT_BOBLIGHT_PORT = 19333;

/** How long a boblight line may be, bytes: a real one is under 60 (`set light 000 rgb …`). */
export const MAX_LINE_BYTES = 1024;
/** Lines in a row that are no boblight command after which a connection is closed. */
export const MAX_BAD_LINES = 64;
/** Reply bytes a client has not read after which it is closed (`get lights` of 65536 LEDs: 3 MB). */
export const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/** What one instance's boblight server needs. */
export interface BoblightServerOptions {
  instanceId: number;
  host: string;
  /** The instance's running pipeline now; undefined while it is stopped or being rebuilt. */
  instance(): LedInstance | undefined;
  /** The priority a client starts at (`boblightServer.priority`). */
  priority(): number;
  /** The `network` group's rules now. */
  access(): Pick<NetworkAccess, 'check'>;
  /** The open connections' limits, shared with every listener. */
  limits: ConnectionLimits;
  logger: Logger;
  /** Default {@link MAX_LINE_BYTES}. */
  maxLineBytes?: number;
  /** Default {@link MAX_BAD_LINES}. */
  maxBadLines?: number;
  /** Default {@link MAX_BACKLOG_BYTES}. */
  maxBacklogBytes?: number;
  /** Called when a client connects or leaves (the `input-sources-update` pushes follow). */
  clientsChanged?(): void;
}

/**
 * One instance's boblight server: a listening socket, and the clients, which outlive it — moving
 * to another port opens the new socket first and closes the old one once the new one listens,
 * and its clients stay. Closing the server closes its clients, and their sources leave the
 * instance's muxer.
 */
export class BoblightServer {
  readonly #options: BoblightServerOptions;
  readonly #connections = new Set<BoblightConnection>();
  #server: Server | undefined;

  constructor(options: BoblightServerOptions) {
    this.#options = options;
  }

  /** The bound port; 0 when not listening. */
  get port(): number {
    return (this.#server?.address() as AddressInfo | null)?.port ?? 0;
  }

  /** Clients connected now. */
  get connections(): number {
    return this.#connections.size;
  }

  /** Its clients, as `serverinfo.inputSources` lists them. */
  sources(): InputSourceInfo[] {
    return [...this.#connections].map((connection) => connection.info());
  }

  /**
   * Listens on `port` (0: any free port): a new socket, then the old one (if any) closed, its
   * clients kept. Rejects, with the listener left as it was, when the port cannot be bound.
   */
  async listen(port: number): Promise<void> {
    const server = createNetServer((socket) => this.#accept(socket));
    const { host, instanceId } = this.#options;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `the boblight port ${port} of instance ${instanceId} is in use on ${host}: stop what uses it, or choose another boblightServer.port`
              : `the boblight server of instance ${instanceId} cannot listen on ${host}:${port}: ${error.message}`,
          ),
        );
      server.once('error', fail);
      server.listen(port, host, () => {
        server.off('error', fail);
        // A failed accept (out of file descriptors) loses that client, not the server.
        server.on('error', (error: NodeJS.ErrnoException) =>
          this.#options.logger.warn(
            { instance: instanceId, code: error.code },
            `the boblight listener of instance ${instanceId} could not accept a connection (${error.code ?? error.message})`,
          ),
        );
        resolve();
      });
    });
    const previous = this.#server;
    this.#server = server;
    previous?.close();
  }

  /** Stops listening and closes every client; their sources leave the muxer. */
  async close(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const connection of this.#connections) connection.destroy();
    this.#connections.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #accept(socket: Socket): void {
    const { logger, instanceId } = this.#options;
    socket.on('error', (error) => logger.debug({ err: error }, 'boblight socket error'));
    const address = clientAddress(socket.remoteAddress);
    const decision = this.#options.access().check(socket.remoteAddress);
    if (!decision.allowed) {
      logger.warn(
        { instance: instanceId, address },
        `refused a boblight connection from ${address} (instance ${instanceId}): ${decision.reason}`,
      );
      socket.destroy();
      return;
    }
    const admission = this.#options.limits.admit(address, 'boblight');
    if (!admission.ok) {
      socket.destroy();
      return;
    }
    socket.once('close', admission.release);
    const connection = new BoblightConnection(socket, {
      instance: this.#options.instance,
      priority: this.#options.priority,
      address,
      instanceId,
      logger,
      maxLineBytes: this.#options.maxLineBytes ?? MAX_LINE_BYTES,
      maxBadLines: this.#options.maxBadLines ?? MAX_BAD_LINES,
      maxBacklogBytes: this.#options.maxBacklogBytes ?? MAX_BACKLOG_BYTES,
    });
    this.#connections.add(connection);
    socket.once('close', () => {
      this.#connections.delete(connection);
      logger.info({ instance: instanceId, address }, 'boblight client disconnected');
      this.#options.clientsChanged?.();
    });
    this.#options.clientsChanged?.();
    logger.info({ instance: instanceId, address }, 'boblight client connected');
  }
}
