/**
 * The DNS-SD records of the services that listen (automation.md §3), through bonjour-service:
 * maintained, typed, and it both publishes and browses (@homebridge/ciao only responds,
 * multicast-dns is the codec bonjour-service is built on). One responder per announced
 * interface, so that the records go out on those interfaces only.
 */
import { hostname } from 'node:os';
import { Bonjour, type Service } from 'bonjour-service';
import type { Logger } from '../logger.js';
import type { AnnounceInterface } from './interfaces.js';

/** What the records say: the listening services' ports (undefined: not listening). */
export interface MdnsFacts {
  id: string;
  version: string;
  jsonPort?: number | undefined;
  flatbufPort?: number | undefined;
  protoPort?: number | undefined;
  httpPort?: number | undefined;
  httpsPort?: number | undefined;
}

/** One published service: its DNS-SD type (without `_` and protocol), instance name and port. */
interface PublishedService {
  type: string;
  name: string;
  port: number;
}

/** The records of Hyperion.ng's table: the picture and JSON servers by host name, the web by `Hyperion@`. */
export function mdnsRecords(facts: MdnsFacts, host: string = hostname()): PublishedService[] {
  const web = `Hyperion@${host}`;
  const all: [string, string, number | undefined][] = [
    ['hyperiond-json', host, facts.jsonPort],
    ['hyperiond-flatbuf', host, facts.flatbufPort],
    ['hyperiond-protobuf', host, facts.protoPort],
    ['http', web, facts.httpPort],
    ['https', web, facts.httpsPort],
  ];
  return all.flatMap(([type, name, port]) => (port === undefined ? [] : [{ type, name, port }]));
}

/** The responder (see {@link createMdnsPublisher}). */
export interface MdnsPublisher {
  /** Publishes what `facts` says on `interfaces`, withdrawing what it no longer says. */
  apply(facts: MdnsFacts | undefined, interfaces: AnnounceInterface[]): Promise<void>;
  /** Withdraws every record (goodbye packets) and closes the sockets. */
  stop(): Promise<void>;
}

/** The internals of bonjour-service this module reaches into (see {@link addLoopback}). */
interface ResponderInternals {
  server?: {
    register(records: unknown[]): void;
    mdns: { on(event: 'error', listener: (error: Error) => void): void };
  };
}

/**
 * bonjour-service gives a service the A records of the non-loopback interfaces only; on the
 * loopback interface (`--host 127.0.0.1`, a test's network namespace) the host's loopback
 * address is what a peer there can reach.
 */
function addLoopback(responder: Bonjour, host: string, iface: AnnounceInterface): void {
  if (!iface.internal) return;
  (responder as unknown as ResponderInternals).server?.register([
    { name: host, type: 'A', ttl: 120, data: iface.address },
  ]);
}

/** Creates the mDNS responder; nothing is sent before the first {@link MdnsPublisher.apply}. */
export function createMdnsPublisher(logger: Logger, host: string = hostname()): MdnsPublisher {
  const target = `${host.split('.')[0]}.local`;
  let responders: Bonjour[] = [];
  let key = '';

  const close = async (): Promise<void> => {
    const closing = responders;
    responders = [];
    await Promise.all(
      closing.map(
        (responder) =>
          new Promise<void>((resolve) => {
            // Goodbyes (TTL 0) for every record, then the socket closes.
            responder.unpublishAll(() => responder.destroy(() => resolve()));
          }),
      ),
    );
  };

  return {
    async apply(facts, interfaces) {
      const records = facts ? mdnsRecords(facts, host.split('.')[0]) : [];
      const next = JSON.stringify([records, facts?.id, interfaces.map((i) => i.address)]);
      if (next === key) return;
      key = next;
      // All anew: bonjour-service withdraws a service by record name, which takes the host's
      // A records from the services that stay too.
      await close();
      if (!facts || records.length === 0) return;
      for (const iface of interfaces) {
        const responder = new Bonjour(
          { interface: iface.address, bind: '0.0.0.0' } as never,
          (error: Error) => logger.warn({ error: error.message, interface: iface.name }, 'mDNS'),
        );
        // multicast-dns emits its socket's errors, and nothing in bonjour-service listens.
        (responder as unknown as ResponderInternals).server?.mdns.on('error', (error) =>
          logger.warn({ error: error.message, interface: iface.name }, 'mDNS socket error'),
        );
        addLoopback(responder, target, iface);
        for (const record of records) {
          const service: Service = responder.publish({
            name: record.name,
            type: record.type,
            protocol: 'tcp',
            port: record.port,
            host: target,
            txt: { id: facts.id, version: facts.version },
            // Instance names are the host's own: no other responder claims them.
            probe: false,
          });
          service.on('error', (error: Error) =>
            logger.warn({ error: error.message, service: record.type }, 'mDNS'),
          );
        }
        responders.push(responder);
      }
    },
    async stop() {
      key = '';
      await close();
    },
  };
}
