import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_DOTTED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/**
 * The address a client is counted, throttled, limited and logged as, from a socket's
 * `remoteAddress`: an IPv4-mapped IPv6 address (`::ffff:192.168.1.20`, what a dual-stack listener
 * reports for IPv4 clients) is its IPv4 address, so one client is one address whichever way it
 * came; an IPv6 address loses its zone (`%eth0`) and is written canonically (lower case, zeros
 * compressed). IPv6 addresses are not grouped by /64: every device of a home LAN shares its /64,
 * so grouping would make a per-address limit a per-LAN one. Anything else (a missing address)
 * is `unknown`.
 */
export function clientAddress(remote: string | undefined): string {
  if (remote === undefined || remote === '') return 'unknown';
  const address = remote.trim();
  const dotted = MAPPED_DOTTED.exec(address)?.[1];
  if (dotted !== undefined && isIPv4(dotted)) return dotted;
  const hex = MAPPED_HEX.exec(address);
  if (hex) {
    const high = Number.parseInt(hex[1] as string, 16);
    const low = Number.parseInt(hex[2] as string, 16);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  if (isIPv4(address)) return address;
  const withoutZone = address.replace(/%.*$/, '');
  if (!isIPv6(withoutZone)) return 'unknown';
  // The URL parser writes IPv6 canonically (RFC 5952): the same address is the same text.
  return new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
}
