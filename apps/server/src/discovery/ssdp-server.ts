/**
 * The SSDP announcer and answerer (automation.md §1): NOTIFY ssdp:alive at start and every half
 * max-age, ssdp:byebye at stop and before a changed announcement, and unicast answers to
 * M-SEARCH, each on the address of the interface the peer is reached through. Plain node:dgram:
 * node-ssdp is unmaintained and answers with one address chosen at start, not the receiving
 * interface's.
 */
import { createSocket, type Socket } from 'node:dgram';
import type { Logger } from '../logger.js';
import { type AnnounceInterface, interfaceFor } from './interfaces.js';
import {
  isDiscover,
  mxSeconds,
  notificationTypes,
  notifyAlive,
  notifyByebye,
  parseSsdp,
  SSDP_GROUP,
  SSDP_MAX_AGE_S,
  SSDP_PORT,
  type SsdpFacts,
  searchReply,
  searchTargets,
} from './ssdp-message.js';

/** How the SSDP server runs; tests give a port of 0 and no multicast. */
export interface SsdpServerOptions {
  /** What to announce; undefined while there is nothing to announce (no HTTP listener). */
  facts: () => SsdpFacts | undefined;
  /** The interfaces to announce on and answer searches from (read at each use). */
  interfaces: () => AnnounceInterface[];
  logger: Logger;
  /** UDP port. Default 1900; 0 for any free port (tests). */
  port?: number;
  /** Join the group and send NOTIFYs. Default true; false answers unicast searches only (tests). */
  multicast?: boolean;
  /** Milliseconds between two rounds of ssdp:alive. Default half the max-age (15 min). */
  refreshMs?: number;
  /** 0 ≤ x < 1: where in its MX window a search is answered. Default Math.random. */
  random?: () => number;
}

/** Answers waiting for their MX delay, at most; a flood of searches beyond that is dropped. */
const MAX_PENDING = 64;

/** A started SSDP server (see {@link createSsdpServer}). */
export interface SsdpServer {
  start(): Promise<void>;
  /** Says byebye and closes the socket. */
  stop(): Promise<void>;
  /**
   * Announces again if what is announced changed since (a port moved, a service stopped): byebye
   * for the old announcement, then alive. Called after each restart.
   */
  refresh(): Promise<void>;
  /** The bound UDP port (after start). */
  port(): number | undefined;
}

/** Creates the SSDP server (not yet bound). */
export function createSsdpServer(options: SsdpServerOptions): SsdpServer {
  const { logger } = options;
  const multicast = options.multicast ?? true;
  const random = options.random ?? Math.random;
  let socket: Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  const pending = new Set<NodeJS.Timeout>();
  /** What the last alive round said, to tell a change (and to say byebye for it). */
  let announced: { key: string; id: string; interfaces: AnnounceInterface[] } | undefined;

  const send = (data: Buffer, port: number, address: string): Promise<void> =>
    new Promise((resolve) => {
      if (!socket) return resolve();
      try {
        socket.send(data, port, address, (error) => {
          if (error) logger.debug({ error: error.message, to: address }, 'SSDP send failed');
          resolve();
        });
      } catch {
        resolve(); // Closed meanwhile (a stop during a round).
      }
    });

  /** One datagram per interface: the multicast interface is the socket's, switched in turn. */
  const multicastOn = async (iface: AnnounceInterface, data: Buffer[]): Promise<void> => {
    try {
      socket?.setMulticastInterface(iface.address);
    } catch {
      return; // The interface went away since it was listed.
    }
    for (const datagram of data) await send(datagram, SSDP_PORT, SSDP_GROUP);
  };

  const byebye = async (): Promise<void> => {
    if (!announced || !multicast) return;
    const { id, interfaces } = announced;
    announced = undefined;
    const data = notificationTypes(id).map((nt) => notifyByebye(id, nt));
    for (const iface of interfaces) await multicastOn(iface, data);
  };

  const alive = async (): Promise<void> => {
    const facts = options.facts();
    const interfaces = options.interfaces();
    if (!facts || !multicast) return;
    announced = { key: keyOf(facts, interfaces), id: facts.id, interfaces };
    for (const iface of interfaces) {
      const data = notificationTypes(facts.id).map((nt) => notifyAlive(facts, nt, iface.address));
      await multicastOn(iface, data);
    }
  };

  const joinGroups = (interfaces: AnnounceInterface[]): void => {
    for (const iface of interfaces) {
      try {
        socket?.addMembership(SSDP_GROUP, iface.address);
      } catch (error) {
        // Already a member (a restart lists it again), or the interface has no multicast.
        logger.debug({ interface: iface.name, error: (error as Error).message }, 'SSDP join');
      }
    }
  };

  const onSearch = (datagram: Buffer, peer: { address: string; port: number }): void => {
    const msg = parseSsdp(datagram);
    if (!msg || !isDiscover(msg)) return;
    const facts = options.facts();
    if (!facts) return;
    const targets = searchTargets(msg.headers.get('st'), facts.id);
    if (targets.length === 0) return;
    const via = interfaceFor(peer.address, options.interfaces());
    if (!via || pending.size >= MAX_PENDING) return;
    const delay = Math.floor(random() * mxSeconds(msg.headers.get('mx')) * 1000);
    const answer = setTimeout(() => {
      pending.delete(answer);
      // The facts of when the answer goes out: a restart meanwhile moved ports.
      const now = options.facts();
      if (!now) return;
      void (async () => {
        for (const target of targets) {
          await send(searchReply(now, target, via.address), peer.port, peer.address);
        }
      })();
    }, delay);
    pending.add(answer);
  };

  return {
    async start() {
      const s = createSocket({ type: 'udp4', reuseAddr: true });
      socket = s;
      s.on('message', (datagram, rinfo) => {
        try {
          onSearch(datagram, rinfo);
        } catch (error) {
          // Nothing a peer sends may stop the server; a bug here is logged, not thrown.
          logger.warn({ error: (error as Error).message }, 'SSDP datagram dropped');
        }
      });
      s.on('error', (error) => logger.warn({ error: error.message }, 'SSDP socket error'));
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.bind(options.port ?? SSDP_PORT, multicast ? '0.0.0.0' : '127.0.0.1', () => {
          s.off('error', reject);
          resolve();
        });
      });
      if (multicast) {
        s.setMulticastTTL(2);
        s.setMulticastLoopback(true);
        joinGroups(options.interfaces());
      }
      await alive();
      timer = setInterval(
        () => {
          void alive();
        },
        options.refreshMs ?? (SSDP_MAX_AGE_S * 1000) / 2,
      );
      timer.unref();
    },
    async refresh() {
      if (!socket) return;
      const facts = options.facts();
      const interfaces = options.interfaces();
      const key = facts ? keyOf(facts, interfaces) : '';
      if (announced?.key === key) return;
      await byebye();
      if (multicast) joinGroups(interfaces);
      await alive();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      for (const answer of pending) clearTimeout(answer);
      pending.clear();
      const s = socket;
      if (!s) return;
      await byebye();
      socket = undefined;
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    port() {
      return socket?.address().port;
    },
  };
}

const keyOf = (facts: SsdpFacts, interfaces: AnnounceInterface[]): string =>
  JSON.stringify([facts, interfaces.map((i) => i.address)]);
