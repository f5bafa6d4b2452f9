/**
 * The mDNS browser behind `service discover` and `leddevice discover` (automation.md §3): one
 * bonjour-service browser per kind, started at its first use and kept, on the interfaces the
 * announcements use (loopback only for `--host 127.0.0.1`).
 */
import { hostname } from 'node:os';
import type { DiscoveredService } from '@glowkit/protocol';
import { Bonjour, type Browser, type Service } from 'bonjour-service';
import type { Logger } from '../logger.js';
import type { AnnounceInterface } from './interfaces.js';

/** A kind `service discover` knows: its DNS-SD type (no `_`, TCP) and an instance name filter. */
interface Kind {
  type: string;
  name?: RegExp;
}

/** Hyperion.ng's keys: its own services, then the LED devices its wizard browses for. */
export const SERVICE_KINDS: Readonly<Record<string, Kind>> = {
  jsonapi: { type: 'hyperiond-json' },
  flatbuffer: { type: 'hyperiond-flatbuf' },
  protobuffer: { type: 'hyperiond-protobuf' },
  http: { type: 'http' },
  https: { type: 'https' },
  wled: { type: 'wled' },
  philipshue: { type: 'hue' },
  nanoleaf: { type: 'nanoleafapi' },
  homeassistant: { type: 'home-assistant' },
  cololight: { type: 'hap', name: /^ColoLight/ },
  yeelight: { type: 'hap', name: /^(Yeelight|YLBulb)/ },
};

/** How long a first look waits for answers: `tries` looks `intervalMs` apart (Hyperion.ng: 4 × 500 ms). */
export interface BrowseTiming {
  tries: number;
  intervalMs: number;
}

/** The browser (see {@link createMdnsBrowser}). */
export interface MdnsBrowser {
  /**
   * The instances of kind `key` found so far, after waiting up to {@link BrowseTiming} for a
   * first one; undefined for a key that is no kind.
   */
  discover(key: string): Promise<DiscoveredService[] | undefined>;
  /** Stops every browser and closes its sockets. */
  stop(): Promise<void>;
}

/**
 * The instance names this host publishes under: its name with dots as dashes (Hyperion.ng's, and
 * bonjour-service's), and its first label (Glowkit's own publisher).
 */
const ownNames = (host: string = hostname()): Set<string> =>
  new Set([host.replace(/\./g, '-'), host.split('.')[0] ?? host]);

function entryOf(service: Service): DiscoveredService {
  const type = `_${service.type}._${service.protocol ?? 'tcp'}.local.`;
  const id = `${service.name}.${type}`;
  const addresses = service.addresses ?? [];
  const address = addresses.find((a) => a.includes('.')) ?? addresses[0];
  const txt: Record<string, string> = {};
  for (const [key, value] of Object.entries((service.txt as Record<string, unknown>) ?? {})) {
    txt[key] = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  }
  const own = ownNames();
  const name = service.name;
  return {
    id,
    service: id.slice(0, -1),
    type,
    name,
    hostname: service.host,
    ...(address === undefined ? {} : { address }),
    domain: 'local.',
    sameHost: own.has(name.slice(name.indexOf('@') + 1)),
    port: service.port,
    txt,
  };
}

/** Creates the browser; nothing is sent before the first {@link MdnsBrowser.discover}. */
export function createMdnsBrowser(options: {
  logger: Logger;
  interfaces: () => AnnounceInterface[];
  timing?: Partial<BrowseTiming>;
}): MdnsBrowser {
  const { logger } = options;
  const tries = options.timing?.tries ?? 4;
  const intervalMs = options.timing?.intervalMs ?? 500;
  let responders: Bonjour[] | undefined;
  /** The interfaces {@link responders} were opened on. */
  let interfacesKey: string | undefined;
  const browsers = new Map<string, Browser[]>();

  const respondersNow = (): Bonjour[] => {
    responders ??= options.interfaces().map((iface) => {
      const responder = new Bonjour(
        { interface: iface.address, bind: '0.0.0.0' } as never,
        (error: Error) => logger.warn({ error: error.message }, 'mDNS browse'),
      );
      (
        responder as unknown as {
          server?: { mdns: { on(e: 'error', l: (e: Error) => void): void } };
        }
      ).server?.mdns.on('error', (error) =>
        logger.warn({ error: error.message, interface: iface.name }, 'mDNS browse socket error'),
      );
      return responder;
    });
    return responders;
  };

  const found = (key: string, kind: Kind): DiscoveredService[] => {
    const seen = new Map<string, DiscoveredService>();
    for (const browser of browsers.get(key) ?? []) {
      for (const service of browser.services) {
        if (kind.name && !kind.name.test(service.name)) continue;
        const entry = entryOf(service);
        if (!seen.has(entry.id)) seen.set(entry.id, entry);
      }
    }
    return [...seen.values()].sort((a, b) => a.id.localeCompare(b.id));
  };

  return {
    async discover(key) {
      const kind = Object.hasOwn(SERVICE_KINDS, key) ? SERVICE_KINDS[key] : undefined;
      if (!kind) return undefined;
      // The network group moved the interfaces: browse anew on the ones it names now.
      const now = JSON.stringify(options.interfaces().map((i) => i.address));
      if (now !== interfacesKey) {
        await this.stop();
        interfacesKey = now;
      }
      if (!browsers.has(key)) {
        browsers.set(
          key,
          respondersNow().map((r) => r.find({ type: kind.type, protocol: 'tcp' })),
        );
      }
      for (let i = 1; ; i++) {
        const list = found(key, kind);
        if (list.length > 0 || i >= tries) return list;
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    async stop() {
      for (const list of browsers.values()) for (const browser of list) browser.stop();
      browsers.clear();
      const closing = responders ?? [];
      responders = undefined;
      await Promise.all(
        closing.map((r) => new Promise<void>((resolve) => r.destroy(() => resolve()))),
      );
    },
  };
}
