/**
 * SSDP text: reading a datagram (any bytes at all, never throwing) and writing the NOTIFY and
 * M-SEARCH answers Hyperion-protocol clients read (automation.md §1). No socket here.
 */

/** The multicast group and port of SSDP. */
export const SSDP_GROUP = '239.255.255.250';
export const SSDP_PORT = 1900;
/** How long an announcement holds, s: the NOTIFY's `max-age`; it is renewed at half that. */
export const SSDP_MAX_AGE_S = 1800;
/** Hyperion.ng's search target, the one Home Assistant's `hyperion` integration matches. */
export const HYPERION_URN = 'urn:hyperion-project.org:device:basic:1';
const BASIC_LOWER = 'urn:schemas-upnp-org:device:basic:1';
const BASIC_UPPER = 'urn:schemas-upnp-org:device:Basic:1';

/** A datagram read as SSDP: the request line's method and the headers (names lower-cased). */
export interface SsdpMessage {
  method: string;
  headers: ReadonlyMap<string, string>;
}

/** Largest datagram read; a longer one is no SSDP a client sends and is dropped unread. */
const MAX_DATAGRAM = 8192;

/**
 * A datagram as SSDP, or undefined when it is none: an HTTP-like request line (`M-SEARCH *
 * HTTP/1.1`) and `Name: value` lines. Header names are case-insensitive and values trimmed,
 * as every SSDP stack reads them; lines that are no header are skipped.
 */
export function parseSsdp(datagram: Uint8Array): SsdpMessage | undefined {
  if (datagram.length === 0 || datagram.length > MAX_DATAGRAM) return undefined;
  const lines = Buffer.from(datagram).toString('latin1').split(/\r?\n/);
  const start = /^([A-Z-]+) \* HTTP\/1\.[01]$/.exec((lines[0] ?? '').trim());
  if (!start?.[1]) return undefined;
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { method: start[1], headers };
}

/**
 * The seconds an answer may wait (the search's `MX`), clamped to 1–5: UPnP asks at least 1 and
 * caps it at 5; a missing, zero, negative or unreadable MX counts as 1 (Hyperion.ng 2.2.2 dies
 * of a division by zero on `MX: 0`).
 */
export function mxSeconds(value: string | undefined): number {
  const mx = /^\d{1,6}$/.test(value ?? '') ? Number(value) : 1;
  return Math.min(5, Math.max(1, mx));
}

/** What an announcement says about this server. */
export interface SsdpFacts {
  /** The configuration's UUID (`sysinfo` id, description.xml `serialNumber`). */
  id: string;
  /** `general.name`. */
  name: string;
  /** The `SERVER` header: `<OS>/<version> UPnP/1.0 Glowkit/<version>`. */
  server: string;
  /** The HTTP port description.xml is served on. */
  httpPort: number;
  /** The ports of the services that listen; a service that does not is left out. */
  jsonPort?: number | undefined;
  flatbufPort?: number | undefined;
  protoPort?: number | undefined;
}

/** The notification types announced: root device, this server's UUID, the Hyperion URN. */
export const notificationTypes = (id: string): string[] => [
  'upnp:rootdevice',
  `uuid:${id}`,
  HYPERION_URN,
];

/** The `USN` of a target: `uuid:<id>` for the UUID itself, `uuid:<id>::<target>` otherwise. */
const usnOf = (id: string, target: string): string =>
  target === `uuid:${id}` ? target : `uuid:${id}::${target}`;

/** `http://<address>:<http port>/description.xml`. */
export const locationOf = (address: string, facts: SsdpFacts): string =>
  `http://${address}:${facts.httpPort}/description.xml`;

const hyperionHeaders = (facts: SsdpFacts): string[] => [
  `HYPERION-NAME: ${oneLine(facts.name)}`,
  ...(facts.jsonPort === undefined ? [] : [`HYPERION-JSS-PORT: ${facts.jsonPort}`]),
  ...(facts.flatbufPort === undefined ? [] : [`HYPERION-FBS-PORT: ${facts.flatbufPort}`]),
  ...(facts.protoPort === undefined ? [] : [`HYPERION-PBS-PORT: ${facts.protoPort}`]),
];

/** A header value cannot hold a line break: a name with one would forge headers. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ');

const message = (lines: string[]): Buffer => Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');

/** The NOTIFY ssdp:alive of one target, as sent on the interface with address `address`. */
export function notifyAlive(facts: SsdpFacts, target: string, address: string): Buffer {
  return message([
    'NOTIFY * HTTP/1.1',
    `HOST: ${SSDP_GROUP}:${SSDP_PORT}`,
    `CACHE-CONTROL: max-age=${SSDP_MAX_AGE_S}`,
    `LOCATION: ${locationOf(address, facts)}`,
    `NT: ${target}`,
    'NTS: ssdp:alive',
    `SERVER: ${oneLine(facts.server)}`,
    `USN: ${usnOf(facts.id, target)}`,
    ...hyperionHeaders(facts),
  ]);
}

/** The NOTIFY ssdp:byebye of one target. */
export function notifyByebye(id: string, target: string): Buffer {
  return message([
    'NOTIFY * HTTP/1.1',
    `HOST: ${SSDP_GROUP}:${SSDP_PORT}`,
    `NT: ${target}`,
    'NTS: ssdp:byebye',
    `USN: ${usnOf(id, target)}`,
  ]);
}

/**
 * The targets an M-SEARCH's `ST` is answered with: every announced one and the device type for
 * `ssdp:all`; the target itself for the root device, this UUID, the Hyperion URN and either
 * spelling of the UPnP basic device; nothing for any other.
 */
export function searchTargets(st: string | undefined, id: string): string[] {
  if (st === undefined) return [];
  if (st === 'ssdp:all') return [...notificationTypes(id), BASIC_UPPER];
  const known = ['upnp:rootdevice', `uuid:${id}`, HYPERION_URN, BASIC_LOWER, BASIC_UPPER];
  return known.includes(st) ? [st] : [];
}

/** Whether a message is a search to answer: M-SEARCH with `MAN: "ssdp:discover"`. */
export const isDiscover = (msg: SsdpMessage): boolean =>
  msg.method === 'M-SEARCH' && msg.headers.get('man') === '"ssdp:discover"';

/** The unicast answer to a search for `target`, its `LOCATION` on `address`. */
export function searchReply(
  facts: SsdpFacts,
  target: string,
  address: string,
  now: Date = new Date(),
): Buffer {
  return message([
    'HTTP/1.1 200 OK',
    `CACHE-CONTROL: max-age=${SSDP_MAX_AGE_S}`,
    `DATE: ${now.toUTCString()}`,
    'EXT:',
    `LOCATION: ${locationOf(address, facts)}`,
    `SERVER: ${oneLine(facts.server)}`,
    `ST: ${target}`,
    `USN: ${usnOf(facts.id, target)}`,
    ...hyperionHeaders(facts),
  ]);
}
