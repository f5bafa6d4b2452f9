/**
 * Being found: SSDP and mDNS announcements of the services that listen, on the interfaces the
 * `network` group selects, following restarts (a moved port is announced again, a stopped
 * service withdrawn).
 */
import type { Logger } from '../logger.js';
import { type AnnounceInterface, announceInterfaces } from './interfaces.js';
import { createMdnsPublisher, type MdnsFacts, type MdnsPublisher } from './mdns-publisher.js';
import type { SsdpFacts } from './ssdp-message.js';
import { createSsdpServer, type SsdpServer } from './ssdp-server.js';

/** The `network` group's announcement keys (Glowkit's own; see network.schema.json). */
export interface AnnounceSettings {
  ssdp?: boolean | undefined;
  mdns?: boolean | undefined;
  announceInterfaces?: readonly string[] | undefined;
}

/** What is announced: SSDP's facts and mDNS's, both from the listening services. */
export interface AnnounceFacts {
  ssdp: SsdpFacts;
  mdns: MdnsFacts;
}

/** How the announcements run (see {@link createAnnouncements}). */
export interface AnnouncementsOptions {
  /** The address the listeners are bound to (`--host`); undefined: every interface. */
  host: string | undefined;
  logger: Logger;
  /** The running configuration's `network` keys (read at start and at each refresh). */
  settings: () => AnnounceSettings;
  /** What to announce now; undefined while nothing listens. */
  facts: () => AnnounceFacts | undefined;
  /** The SSDP UDP port. Default 1900. */
  ssdpPort?: number;
}

/** The announcements (see {@link createAnnouncements}). */
export interface Announcements {
  start(): Promise<void>;
  /** Follows the configuration and the listeners after a restart. */
  refresh(): Promise<void>;
  stop(): Promise<void>;
  /** SSDP's UDP port while it runs. */
  ssdpPort(): number | undefined;
}

/** Creates the announcements; nothing is bound or sent before {@link Announcements.start}. */
export function createAnnouncements(options: AnnouncementsOptions): Announcements {
  const { logger } = options;
  const interfaces = (): AnnounceInterface[] =>
    announceInterfaces(options.host, options.settings().announceInterfaces ?? []);
  let ssdp: SsdpServer | undefined;
  let mdns: MdnsPublisher | undefined;

  const startSsdp = async (): Promise<void> => {
    const server = createSsdpServer({
      facts: () => options.facts()?.ssdp,
      interfaces,
      logger,
      ...(options.ssdpPort === undefined ? {} : { port: options.ssdpPort }),
    });
    try {
      await server.start();
      ssdp = server;
    } catch (error) {
      await server.stop().catch(() => {});
      logger.warn(
        { error: (error as Error).message, port: options.ssdpPort ?? 1900 },
        'SSDP is off: its UDP port cannot be bound (another SSDP server without SO_REUSEADDR?); clients must be given the address',
      );
    }
  };

  /** Applies in turn: a settings change during a restart's refresh waits for it. */
  let queue: Promise<void> = Promise.resolve();
  const apply = (): Promise<void> => {
    queue = queue.then(applyOnce);
    return queue;
  };

  /** Never throws: being found is a convenience, and a failure of it never stops the server. */
  const applyOnce = async (): Promise<void> => {
    try {
      await applySettings();
    } catch (error) {
      logger.warn(
        { error: (error as Error).message },
        'announcements failed; clients must be given the address',
      );
    }
  };

  const applySettings = async (): Promise<void> => {
    const settings = options.settings();
    const wantSsdp = settings.ssdp !== false;
    if (wantSsdp && !ssdp) await startSsdp();
    else if (!wantSsdp && ssdp) {
      await ssdp.stop();
      ssdp = undefined;
    } else await ssdp?.refresh();
    if (settings.mdns !== false) {
      mdns ??= createMdnsPublisher(logger);
      await mdns.apply(options.facts()?.mdns, interfaces());
    } else {
      await mdns?.stop();
      mdns = undefined;
    }
  };

  return {
    async start() {
      await apply();
      const on = interfaces().map((i) => `${i.name} ${i.address}`);
      logger.info(
        { ssdp: ssdp !== undefined, mdns: mdns !== undefined, interfaces: on },
        on.length === 0 ? 'announcing nowhere: no interface selected' : 'announcing',
      );
    },
    refresh: apply,
    async stop() {
      await queue;
      await ssdp?.stop();
      ssdp = undefined;
      await mdns?.stop();
      mdns = undefined;
    },
    ssdpPort: () => ssdp?.port(),
  };
}
