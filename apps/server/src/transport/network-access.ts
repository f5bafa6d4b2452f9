/**
 * Who may use the picture and colour inputs (boblight; flatbuffers and protobuf wire to it too):
 * the `network` group's access rules. The JSON transports do not use this: they ask a token of
 * every client instead.
 *
 * A peer on the local network is always served — a grabber on the living-room PC must just
 * work. "Local" is Hyperion.ng's `NetOrigin::isLocalAddress` (loopback, link-local, inside the
 * subnet of one of the machine's interfaces) plus the private ranges (RFC 1918 and IPv6 unique
 * local addresses), so that a LAN behind a second router or a VPN counts as local too. An
 * IPv4-mapped IPv6 address is taken as its IPv4 address first. Any other peer is served only when
 * `internetAccessAPI` is on, and then, when `ipWhitelist` names addresses or ranges, only when it
 * is one of them. An entry is read by protocol's `parseAddressRange`, the reading the settings rule
 * refuses a bad entry with.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { type AddressRange, parseAddressRange } from '@glowkit/protocol';
import { clientAddress } from '../auth/client-address.js';

/** The machine's interfaces, as `os.networkInterfaces()` lists them. */
export type InterfaceList = () => NodeJS.Dict<NetworkInterfaceInfo[]>;

/** The `network` group's keys this module reads (valid; absent keys take their defaults). */
export interface NetworkAccessSettings {
  internetAccessAPI?: boolean;
  ipWhitelist?: readonly string[];
}

/** Whether a peer is served, and why not. */
export type AccessDecision =
  | { allowed: true; local: boolean }
  | { allowed: false; address: string; reason: string };

/** Loopback, link-local and private ranges: local whatever the interfaces say. */
const LOCAL_RANGES: readonly AddressRange[] = [
  { address: '127.0.0.0', prefix: 8, family: 'ipv4' },
  { address: '169.254.0.0', prefix: 16, family: 'ipv4' },
  { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
  { address: '172.16.0.0', prefix: 12, family: 'ipv4' },
  { address: '192.168.0.0', prefix: 16, family: 'ipv4' },
  { address: '::1', prefix: 128, family: 'ipv6' },
  { address: 'fe80::', prefix: 10, family: 'ipv6' },
  { address: 'fc00::', prefix: 7, family: 'ipv6' },
];

function blockListOf(ranges: Iterable<AddressRange>): BlockList {
  const list = new BlockList();
  for (const { address, prefix, family } of ranges) list.addSubnet(address, prefix, family);
  return list;
}

const LOCAL = blockListOf(LOCAL_RANGES);

/** The subnets of the machine's interfaces (`192.168.1.5/24` → `192.168.1.0/24`). */
function interfaceRanges(interfaces: InterfaceList): AddressRange[] {
  const ranges: AddressRange[] = [];
  for (const entries of Object.values(interfaces())) {
    for (const entry of entries ?? []) {
      if (entry.cidr === null) continue;
      const range = parseAddressRange(entry.cidr);
      if (range) ranges.push(range);
    }
  }
  return ranges;
}

/** An address as {@link clientAddress} writes it, and its family; undefined when it is none. */
function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  return isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
}

/**
 * Whether a peer (a socket's `remoteAddress`) is on the local network: loopback, link-local, a
 * private range, or inside the subnet of one of the machine's interfaces (read at each call:
 * DHCP and VPNs change them while the server runs).
 */
export function isLocalAddress(
  remote: string | undefined,
  interfaces: InterfaceList = networkInterfaces,
): boolean {
  const address = clientAddress(remote);
  const family = familyOf(address);
  if (family === undefined) return false;
  if (LOCAL.check(address, family)) return true;
  return blockListOf(interfaceRanges(interfaces)).check(address, family);
}

/**
 * The access rules of one `network` group value. Build it once per value (it parses the
 * whitelist); {@link problems} lists the whitelist entries that are neither an address nor a
 * range, which are left out. The settings rule refuses such entries and the store's migration
 * removes them, so they only come from a value given here directly.
 */
export class NetworkAccess {
  readonly #internet: boolean;
  readonly #whitelist: BlockList | undefined;
  readonly #interfaces: InterfaceList;
  /** One line per whitelist entry left out. */
  readonly problems: readonly string[];

  constructor(settings: NetworkAccessSettings = {}, options: { interfaces?: InterfaceList } = {}) {
    this.#internet = settings.internetAccessAPI === true;
    this.#interfaces = options.interfaces ?? networkInterfaces;
    const entries = settings.ipWhitelist ?? [];
    const ranges: AddressRange[] = [];
    const problems: string[] = [];
    entries.forEach((entry, i) => {
      const range = parseAddressRange(entry);
      if (range) ranges.push(range);
      else
        problems.push(
          `network.ipWhitelist[${i}] ${JSON.stringify(entry)} is neither an IP address nor a CIDR range (e.g. 203.0.113.7 or 203.0.113.0/24); it is left out`,
        );
    });
    // A list of nothing but bad entries still means "only these": nobody from the internet.
    this.#whitelist = entries.length > 0 ? blockListOf(ranges) : undefined;
    this.problems = problems;
  }

  /** Whether a peer (a socket's `remoteAddress`) is served, and why not. */
  check(remote: string | undefined): AccessDecision {
    const address = clientAddress(remote);
    if (isLocalAddress(address, this.#interfaces)) return { allowed: true, local: true };
    if (!this.#internet) {
      return {
        allowed: false,
        address,
        reason:
          'it is not on the local network and network.internetAccessAPI is off (switch it on to serve internet addresses)',
      };
    }
    const family = familyOf(address);
    if (this.#whitelist && (family === undefined || !this.#whitelist.check(address, family))) {
      return {
        allowed: false,
        address,
        reason:
          'it is not on the local network and not in network.ipWhitelist (add it there to serve it)',
      };
    }
    return { allowed: true, local: false };
  }
}

/**
 * The rules of the running `network` group, for a listener that checks each new connection:
 * built again only when the group's value changed (a `config setconfig` of `network` applies to
 * the next connection), its bad whitelist entries logged once per value.
 */
export class CurrentNetworkAccess {
  readonly #read: () => NetworkAccessSettings | undefined;
  readonly #warn: (line: string) => void;
  #built: { value: NetworkAccessSettings | undefined; rules: NetworkAccess } | undefined;

  /** @param read the running `network` group (e.g. `runtime.globalSettings.network`). */
  constructor(read: () => NetworkAccessSettings | undefined, warn: (line: string) => void) {
    this.#read = read;
    this.#warn = warn;
  }

  /** The rules now. */
  get rules(): NetworkAccess {
    const value = this.#read();
    const built = this.#built;
    if (built !== undefined && built.value === value) return built.rules;
    const rules = new NetworkAccess(value ?? {});
    for (const problem of rules.problems) this.#warn(problem);
    this.#built = { value, rules };
    return rules;
  }
}
