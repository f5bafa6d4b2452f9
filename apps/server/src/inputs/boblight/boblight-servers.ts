import { type InputSourceInfo, withDefaults } from '@glowkit/protocol';
import type { Logger } from '../../logger.js';
import type { ServiceRuntime } from '../../runtime/service-runtime.js';
import type { ConnectionLimits } from '../../transport/connection-limits.js';
import type { CurrentNetworkAccess } from '../../transport/network-access.js';
import { BoblightServer, type BoblightServerOptions } from './boblight-server.js';

/** What the boblight servers of every instance need. */
export interface BoblightServersOptions {
  runtime: ServiceRuntime;
  host: string;
  limits: ConnectionLimits;
  logger: Logger;
  /**
   * Whether runtime events may change the listeners now: false while the server starts, restarts
   * or stops, which call {@link BoblightServers.apply} themselves once the instances run.
   */
  isSettled(): boolean;
  /** The running `network` group's rules, shared with the server's other input listeners. */
  access: CurrentNetworkAccess;
  /** Line and backlog limits of the connections (tests lower them). */
  limitsOfLines?: Pick<BoblightServerOptions, 'maxLineBytes' | 'maxBadLines' | 'maxBacklogBytes'>;
  /** Called when a client of any instance connects or leaves. */
  clientsChanged?(): void;
}

/**
 * The boblight servers of the instances: one listener for each running instance whose
 * `boblightServer` is enabled and whose component `BOBLIGHTSERVER` is on, on its port. After
 * every change of the instances (a start, a restart, `config setconfig`, `instance`,
 * `componentstate`) the listeners are brought in line: a new one opens, one no longer wanted
 * closes with its clients (their sources cleared), one whose port changed moves, and the others
 * are not touched.
 */
export class BoblightServers {
  readonly #options: BoblightServersOptions;
  readonly #servers = new Map<number, BoblightServer>();
  /** The one apply running, so that two never bind at once. */
  #applying: Promise<unknown> = Promise.resolve();
  /** The running `network` group's rules. */
  readonly #access: CurrentNetworkAccess;
  #closed = false;

  constructor(options: BoblightServersOptions) {
    this.#options = options;
    const { runtime } = options;
    this.#access = options.access;
    const follow = () => {
      if (options.isSettled()) void this.apply();
    };
    runtime.on('instance-started', follow);
    runtime.on('instances', follow);
    runtime.on('component', (_id, change) => {
      if (change.name === 'BOBLIGHTSERVER') follow();
    });
  }

  /** The clients of every instance, as `serverinfo.inputSources` lists them. */
  sources(): InputSourceInfo[] {
    return [...this.#servers.values()].flatMap((server) => server.sources());
  }

  /** The port an instance's boblight server listens on; undefined when it does not. */
  port(instanceId: number): number | undefined {
    const port = this.#servers.get(instanceId)?.port;
    return port ? port : undefined;
  }

  /**
   * Brings the listeners in line with the running instances; resolves to what changed
   * ("boblight 0 19333 → 19334", "boblight 1 off"). A port that cannot be bound is logged, and
   * the listener stays where it was.
   */
  apply(): Promise<string[]> {
    const run = this.#applying.then(() => this.#apply());
    this.#applying = run.catch(() => {});
    return run;
  }

  /** Closes every listener and client. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#applying;
    const servers = [...this.#servers.values()];
    this.#servers.clear();
    await Promise.all(servers.map((server) => server.close()));
  }

  /** The port each instance should listen on now. */
  #wanted(): Map<number, number> {
    const wanted = new Map<number, number>();
    for (const info of this.#options.runtime.instances) {
      const instance = this.#options.runtime.instance(info.id);
      if (!instance) continue;
      const on = instance.view.components.some((c) => c.name === 'BOBLIGHTSERVER' && c.enabled);
      if (on) wanted.set(info.id, this.#settingsOf(info.id).port);
    }
    return wanted;
  }

  #settingsOf(instanceId: number) {
    return withDefaults(
      'boblightServer',
      this.#options.runtime.instance(instanceId)?.view.settings.boblightServer,
    );
  }

  async #apply(): Promise<string[]> {
    if (this.#closed) return [];
    const { logger } = this.#options;
    const changes: string[] = [];
    const wanted = this.#wanted();
    for (const [id, server] of this.#servers) {
      if (wanted.has(id)) continue;
      this.#servers.delete(id);
      const port = server.port;
      await server.close();
      changes.push(`boblight ${id} ${port} → off`);
    }
    for (const [id, port] of wanted) {
      let server = this.#servers.get(id);
      if (server?.port === port) continue;
      const before = server?.port;
      server ??= this.#create(id);
      try {
        await server.listen(port);
      } catch (error) {
        logger.error(
          { instance: id, error: (error as Error).message },
          before
            ? `the boblight server of instance ${id} stays on port ${before}`
            : `the boblight server of instance ${id} is not listening`,
        );
        continue;
      }
      this.#servers.set(id, server);
      changes.push(`boblight ${id} ${before ?? 'off'} → ${server.port}`);
    }
    if (changes.length > 0) logger.info({ changes }, 'boblight servers changed');
    return changes;
  }

  #create(instanceId: number): BoblightServer {
    const { runtime, host, limits, logger } = this.#options;
    return new BoblightServer({
      instanceId,
      host,
      instance: () => runtime.instance(instanceId),
      priority: () => this.#settingsOf(instanceId).priority,
      access: () => this.#access.rules,
      limits,
      logger,
      ...this.#options.limitsOfLines,
      ...(this.#options.clientsChanged ? { clientsChanged: this.#options.clientsChanged } : {}),
    });
  }
}
