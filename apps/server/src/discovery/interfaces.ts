/**
 * Which of the machine's interfaces the announcements (SSDP, mDNS) go out on, and which of them
 * a searching peer is reached through. IPv4 only: SSDP is IPv4 in every client that looks for
 * Hyperion-protocol servers (Home Assistant, HyperTizen, the Kodi add-on).
 */
import { BlockList } from 'node:net';
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import type { InterfaceList } from '../transport/network-access.js';

/** An interface address announcements are sent from. */
export interface AnnounceInterface {
  /** The interface's name (`eth0`, `lo`). */
  name: string;
  /** Its IPv4 address: the multicast interface, and the host of what is announced on it. */
  address: string;
  /** `address/prefix`: the peers this interface reaches directly. */
  cidr: string;
  /** Loopback. */
  internal: boolean;
}

const EVERY_ADDRESS = new Set(['', '0.0.0.0', '::', '::0']);

/**
 * The interfaces to announce on: those whose address the listeners are bound to (`host`: every
 * interface for 0.0.0.0 or ::, else the one holding that address — `127.0.0.1` is loopback
 * only), narrowed to `names` when it names any (the `network.announceInterfaces` key).
 */
export function announceInterfaces(
  host: string | undefined,
  names: readonly string[] = [],
  interfaces: InterfaceList = networkInterfaces,
): AnnounceInterface[] {
  const every = host === undefined || EVERY_ADDRESS.has(host);
  const wanted = new Set(names);
  const found: AnnounceInterface[] = [];
  for (const [name, list] of Object.entries(interfaces())) {
    if (wanted.size > 0 && !wanted.has(name)) continue;
    for (const info of list ?? []) {
      if (!isIPv4Info(info) || info.cidr === null) continue;
      if (!every && info.address !== host) continue;
      found.push({ name, address: info.address, cidr: info.cidr, internal: info.internal });
    }
  }
  return found;
}

const isIPv4Info = (info: NetworkInterfaceInfo): boolean =>
  info.family === 'IPv4' || (info.family as unknown) === 4;

/**
 * The announced interface a peer is reached through: the one whose subnet holds the peer's
 * address (loopback for a peer on loopback). Undefined for a peer on none of them — a routed
 * peer, or one on an interface Glowkit does not announce on — which is not answered.
 */
export function interfaceFor(
  peer: string,
  interfaces: readonly AnnounceInterface[],
): AnnounceInterface | undefined {
  for (const candidate of interfaces) {
    const [network, prefix] = candidate.cidr.split('/');
    if (network === undefined || prefix === undefined) continue;
    const list = new BlockList();
    try {
      list.addSubnet(network, Number(prefix), 'ipv4');
      if (list.check(peer, 'ipv4')) return candidate;
    } catch {
      // A peer that is no IPv4 address is on no subnet.
    }
  }
  return undefined;
}
