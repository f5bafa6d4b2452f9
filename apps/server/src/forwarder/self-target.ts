/**
 * Whether a forwarder target is this server: a server that forwarded to itself would feed its
 * own output back in, forever.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { clientAddress } from '../auth/client-address.js';

/** Resolves a host name to every address it has (`dns.lookup` with `all`). */
export type HostLookup = (host: string) => Promise<string[]>;

/** `dns.lookup(host, { all: true })`: the system's resolver, hosts file included. */
export const lookupAll: HostLookup = async (host) =>
  isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);

/** Loopback, and the "this host" addresses a connection to reaches this machine. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('0.0.0.0', 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('::', 'ipv6');

/** Whether an address is loopback or one of this machine's interfaces' addresses. */
export function isThisMachine(address: string): boolean {
  const plain = clientAddress(address);
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(plain) === 0) return false;
  if (LOOPBACK.check(plain, family)) return true;
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) if (clientAddress(entry.address) === plain) return true;
  }
  return false;
}

/**
 * Whether `host:port` is this server: `port` is the server's own port for that kind of target
 * (`ownPort`; undefined when it does not listen there) and any address the host resolves to is
 * this machine. A host that does not resolve is not this server (connecting will fail and say so).
 */
export async function isSelfTarget(
  host: string,
  port: number,
  ownPort: number | undefined,
  resolve: HostLookup = lookupAll,
): Promise<boolean> {
  if (ownPort === undefined || port !== ownPort) return false;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return false;
  }
  return addresses.some(isThisMachine);
}
