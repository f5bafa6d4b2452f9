/**
 * The one reading of a `network.ipWhitelist` entry: an IP address or a CIDR range. The settings
 * rule (relations.ts) refuses an entry it cannot read, in the web UI as in the server, and the
 * input servers' listener (apps/server's transport/network-access.ts) matches peers against what
 * it reads, so both take the same entries. Written here rather than with node:net, which the
 * browser lacks; it takes exactly the addresses node:net's `isIP` takes (a test compares them).
 */

/** An address or a CIDR range, as `ipWhitelist` holds it, parsed. */
export interface AddressRange {
  /**
   * The address as a peer's is written: IPv4 dotted, IPv6 canonical (RFC 5952: lower case,
   * leading zeros dropped, the longest run of zero groups compressed), without a zone.
   */
  address: string;
  /** The range's prefix length: 32 or 128 for a single address. */
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** What an entry {@link parseAddressRange} cannot read breaks, phrased to follow its pointer. */
export const ADDRESS_RANGE_RULE =
  'must be an IP address or a CIDR range (e.g. 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32)';

// A decimal 0 to 255 without leading zeros, as node:net takes it (an octal reading is refused).
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const PREFIX = /^\d{1,3}$/;

/** IPv4 addresses inside IPv6 (`::ffff:a.b.c.d`) are the last 32 bits of a /96. */
const MAPPED_PREFIX_BITS = 96;

/** The four bytes of a dotted IPv4 address; undefined when it is none. */
function ipv4Bytes(text: string): number[] | undefined {
  return IPV4.test(text) ? text.split('.').map(Number) : undefined;
}

/** The 16-bit groups of one side of `::`; an IPv4 tail counts two. Undefined when malformed. */
function groupsOf(side: string, ipv4Tail: boolean): number[] | undefined {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: number[] = [];
  for (const [index, part] of parts.entries()) {
    if (ipv4Tail && index === parts.length - 1 && part.includes('.')) {
      const bytes = ipv4Bytes(part);
      if (bytes === undefined) return undefined;
      groups.push(
        ((bytes[0] as number) << 8) | (bytes[1] as number),
        ((bytes[2] as number) << 8) | (bytes[3] as number),
      );
    } else if (HEX_GROUP.test(part)) {
      groups.push(Number.parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}

/** The eight 16-bit groups of an IPv6 address in any of RFC 4291's text forms; undefined else. */
function ipv6Groups(text: string): number[] | undefined {
  const sides = text.split('::');
  if (sides.length > 2) return undefined;
  const head = groupsOf(sides[0] as string, sides.length === 1);
  const tail = sides.length === 2 ? groupsOf(sides[1] as string, true) : [];
  if (head === undefined || tail === undefined) return undefined;
  const given = head.length + tail.length;
  // `::` stands for at least one zero group.
  if (sides.length === 1 ? given !== 8 : given > 7) return undefined;
  return [...head, ...new Array<number>(8 - given).fill(0), ...tail];
}

/** Eight groups as RFC 5952 writes them: the first longest run of two or more zeros is `::`. */
function ipv6Text(groups: readonly number[]): string {
  let start = -1;
  let length = 0;
  for (let i = 0; i < groups.length; ) {
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > length) {
      start = i;
      length = j - i;
    }
    i = j + 1;
  }
  const hex = (part: readonly number[]) => part.map((g) => g.toString(16)).join(':');
  if (length < 2) return hex(groups);
  return `${hex(groups.slice(0, start))}::${hex(groups.slice(start + length))}`;
}

/** Whether eight groups are an IPv4-mapped address (`::ffff:0:0/96`). */
const isMapped = (groups: readonly number[]) =>
  groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;

/**
 * An address (`192.168.1.20`, `2001:db8::5`) or a CIDR range (`192.168.1.0/24`,
 * `2001:db8::/32`) as a range; undefined when it is neither. Spaces around the entry are
 * ignored; an IPv6 address may carry a zone (`fe80::1%eth0`), which is dropped. An IPv4-mapped
 * IPv6 address or range (`::ffff:203.0.113.0/120`) is its IPv4 one, as peers are compared.
 */
export function parseAddressRange(entry: string): AddressRange | undefined {
  const text = entry.trim();
  const slash = text.indexOf('/');
  const host = slash < 0 ? text : text.slice(0, slash);
  const prefixText = slash < 0 ? undefined : text.slice(slash + 1);
  if (prefixText !== undefined && !PREFIX.test(prefixText)) return undefined;
  const ipv4 = ipv4Bytes(host);
  if (ipv4 !== undefined) {
    const prefix = prefixText === undefined ? 32 : Number(prefixText);
    return prefix > 32 ? undefined : { address: host, prefix, family: 'ipv4' };
  }
  const zone = host.indexOf('%');
  if (zone === host.length - 1) return undefined;
  const groups = ipv6Groups(zone < 0 ? host : host.slice(0, zone));
  if (groups === undefined) return undefined;
  const prefix = prefixText === undefined ? 128 : Number(prefixText);
  if (prefix > 128) return undefined;
  if (!isMapped(groups)) return { address: ipv6Text(groups), prefix, family: 'ipv6' };
  // A mapped range's prefix counts the 96 bits before the IPv4 address.
  if (prefix < MAPPED_PREFIX_BITS) return undefined;
  const [high, low] = groups.slice(6) as [number, number];
  const address = [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  return { address, prefix: prefix - MAPPED_PREFIX_BITS, family: 'ipv4' };
}
