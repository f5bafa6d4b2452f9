import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnnounceInterface,
  announceInterfaces,
  interfaceFor,
} from '../src/discovery/interfaces.js';
import {
  HYPERION_URN,
  mxSeconds,
  parseSsdp,
  type SsdpFacts,
  searchTargets,
} from '../src/discovery/ssdp-message.js';
import { createSsdpServer, type SsdpServer } from '../src/discovery/ssdp-server.js';
import { createLogger } from '../src/logger.js';
import { until } from './support/until.js';

const ID = '6f1c2f5e-6a51-4b7e-9d2b-0c1f0e3a9b44';
const LOOPBACK: AnnounceInterface = {
  name: 'lo',
  address: '127.0.0.1',
  cidr: '127.0.0.1/8',
  internal: true,
};

const search = (st: string, extra: string[] = ['MX: 1']) =>
  Buffer.from(
    [
      'M-SEARCH * HTTP/1.1',
      'HOST: 239.255.255.250:1900',
      'MAN: "ssdp:discover"',
      `ST: ${st}`,
      ...extra,
      '',
      '',
    ].join('\r\n'),
  );

/** The headers of a reply, names lower-cased. */
function headersOf(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

describe('announced interfaces', () => {
  const machine = () =>
    ({
      lo: [
        {
          address: '127.0.0.1',
          netmask: '255.0.0.0',
          family: 'IPv4',
          mac: '00:00:00:00:00:00',
          internal: true,
          cidr: '127.0.0.1/8',
        },
        {
          address: '::1',
          netmask: 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
          family: 'IPv6',
          mac: '00:00:00:00:00:00',
          internal: true,
          cidr: '::1/128',
          scopeid: 0,
        },
      ],
      eth0: [
        {
          address: '192.168.1.5',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:01',
          internal: false,
          cidr: '192.168.1.5/24',
        },
      ],
      wlan0: [
        {
          address: '10.0.0.7',
          netmask: '255.255.0.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:02',
          internal: false,
          cidr: '10.0.0.7/16',
        },
      ],
    }) as never;
  const names = (list: AnnounceInterface[]) => list.map((i) => `${i.name} ${i.address}`);

  it('every IPv4 interface for 0.0.0.0, loopback only for --host 127.0.0.1', () => {
    expect(names(announceInterfaces('0.0.0.0', [], machine))).toEqual([
      'lo 127.0.0.1',
      'eth0 192.168.1.5',
      'wlan0 10.0.0.7',
    ]);
    expect(names(announceInterfaces(undefined, [], machine))).toHaveLength(3);
    expect(names(announceInterfaces('127.0.0.1', [], machine))).toEqual(['lo 127.0.0.1']);
    expect(names(announceInterfaces('192.168.1.5', [], machine))).toEqual(['eth0 192.168.1.5']);
    // announceInterfaces narrows, never widens past what the listeners are bound on.
    expect(names(announceInterfaces('0.0.0.0', ['eth0', 'nope'], machine))).toEqual([
      'eth0 192.168.1.5',
    ]);
    expect(announceInterfaces('127.0.0.1', ['eth0'], machine)).toEqual([]);
  });

  it('answers a peer through the interface whose subnet holds it, and none elsewhere', () => {
    const list = announceInterfaces('0.0.0.0', [], machine);
    expect(interfaceFor('192.168.1.77', list)?.address).toBe('192.168.1.5');
    expect(interfaceFor('10.0.200.1', list)?.address).toBe('10.0.0.7');
    expect(interfaceFor('127.0.0.1', list)?.address).toBe('127.0.0.1');
    expect(interfaceFor('203.0.113.9', list)).toBeUndefined();
    expect(interfaceFor('not an address', list)).toBeUndefined();
    expect(
      interfaceFor('192.168.1.77', announceInterfaces('127.0.0.1', [], machine)),
    ).toBeUndefined();
  });
});

describe('SSDP messages', () => {
  it('reads any bytes without throwing, and only SSDP requests as messages', () => {
    expect(parseSsdp(Buffer.alloc(0))).toBeUndefined();
    expect(parseSsdp(Buffer.from('garbage'))).toBeUndefined();
    expect(parseSsdp(Buffer.from([0xff, 0xfe, 0x00, 0x0a]))).toBeUndefined();
    const msg = parseSsdp(search('ssdp:all', ['mx:  3 ', 'No colon here']));
    expect(msg?.method).toBe('M-SEARCH');
    expect(msg?.headers.get('st')).toBe('ssdp:all');
    expect(msg?.headers.get('mx')).toBe('3');
    expect(msg?.headers.get('man')).toBe('"ssdp:discover"');
  });

  it('clamps MX to 1–5 s and takes 0, negative and garbage as 1', () => {
    expect(['0', '-1', 'abc', '', undefined, '1e9'].map(mxSeconds)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(['1', '3', '5', '6', '120', '999999'].map(mxSeconds)).toEqual([1, 3, 5, 5, 5, 5]);
  });

  it('answers the targets Hyperion-protocol clients search for, and no other', () => {
    expect(searchTargets('ssdp:all', ID)).toEqual([
      'upnp:rootdevice',
      `uuid:${ID}`,
      HYPERION_URN,
      'urn:schemas-upnp-org:device:Basic:1',
    ]);
    for (const st of [
      'upnp:rootdevice',
      `uuid:${ID}`,
      HYPERION_URN,
      'urn:schemas-upnp-org:device:basic:1',
      'urn:schemas-upnp-org:device:Basic:1',
    ]) {
      expect(searchTargets(st, ID)).toEqual([st]);
    }
    expect(searchTargets('uuid:someone-else', ID)).toEqual([]);
    expect(searchTargets('urn:hyperhdr.eu:device:basic:1', ID)).toEqual([]);
    expect(searchTargets(undefined, ID)).toEqual([]);
  });
});

describe('SSDP server (unicast on loopback)', () => {
  let server: SsdpServer;
  let client: Socket;
  const replies: string[] = [];
  let facts: SsdpFacts = {
    id: ID,
    name: 'Den\r\nEVIL: 1',
    server: 'Linux/6.1 UPnP/1.0 Glowkit/0.1.0',
    httpPort: 8090,
    jsonPort: 19444,
    flatbufPort: 19400,
  };
  /** Set: the next search comes in while only this (foreign) interface is announced. */
  let foreignOnce: AnnounceInterface | undefined;

  beforeAll(async () => {
    server = createSsdpServer({
      facts: () => facts,
      interfaces: () => {
        const foreign = foreignOnce;
        foreignOnce = undefined;
        return foreign ? [foreign] : [LOOPBACK];
      },
      logger: createLogger({ level: process.env.SSDP_DEBUG ? 'debug' : 'silent' }),
      port: 0,
      multicast: false,
      random: () => 0,
    });
    await server.start();
    client = createSocket('udp4');
    client.on('message', (m) => replies.push(String(m)));
    await new Promise<void>((resolve) => client.bind(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await server?.stop();
    client?.close();
  });

  const send = (datagram: Buffer) =>
    new Promise<void>((resolve, reject) =>
      client.send(datagram, server.port() ?? 0, '127.0.0.1', (e) => (e ? reject(e) : resolve())),
    );
  /**
   * Sends `datagram` and waits for `count` more replies; returns them. UDP may drop a datagram
   * under load, so the search is repeated (as SSDP clients do) up to 5 times, 3 s apart.
   */
  const ask = async (datagram: Buffer, count = 1): Promise<string[]> => {
    const before = replies.length;
    for (let attempt = 0; ; attempt++) {
      await send(datagram);
      try {
        await until(() => replies.length >= before + count, 3000);
        return replies.slice(before, before + count);
      } catch (error) {
        if (attempt === 4) throw error;
      }
    }
  };

  it('answers the Hyperion URN with the headers Home Assistant and HyperTizen read', async () => {
    const [reply] = await ask(search(HYPERION_URN));
    expect(reply?.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    expect(reply?.endsWith('\r\n\r\n')).toBe(true);
    const h = headersOf(reply ?? '');
    expect(h.st).toBe(HYPERION_URN);
    expect(h.usn).toBe(`uuid:${ID}::${HYPERION_URN}`);
    expect(h.location).toBe('http://127.0.0.1:8090/description.xml');
    expect(h['cache-control']).toBe('max-age=1800');
    expect(h.ext).toBe('');
    expect(h.server).toBe('Linux/6.1 UPnP/1.0 Glowkit/0.1.0');
    // A real RFC 1123 date (Hyperion.ng writes "G11T" for GMT).
    expect(h.date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Number.isNaN(Date.parse(h.date ?? ''))).toBe(false);
    // A line break in the name cannot forge a header.
    expect(h['hyperion-name']).toBe('Den EVIL: 1');
    expect(h.evil).toBeUndefined();
    expect(h['hyperion-jss-port']).toBe('19444');
    expect(h['hyperion-fbs-port']).toBe('19400');
    // The protobuf server does not listen: its port is not advertised.
    expect(h['hyperion-pbs-port']).toBeUndefined();
  });

  it('answers ssdp:all once per target, and each single target as asked', async () => {
    const all = await ask(search('ssdp:all'), 4);
    expect(all.map((r) => headersOf(r).st)).toEqual(searchTargets('ssdp:all', ID));
    expect(all.map((r) => headersOf(r).usn)).toEqual([
      `uuid:${ID}::upnp:rootdevice`,
      `uuid:${ID}`,
      `uuid:${ID}::${HYPERION_URN}`,
      `uuid:${ID}::urn:schemas-upnp-org:device:Basic:1`,
    ]);
    for (const st of [
      'upnp:rootdevice',
      `uuid:${ID}`,
      'urn:schemas-upnp-org:device:basic:1',
      'urn:schemas-upnp-org:device:Basic:1',
    ]) {
      const [reply] = await ask(search(st));
      expect(headersOf(reply ?? '').st).toBe(st);
    }
  });

  it('ignores other targets, a MAN without quotes and NOTIFYs: the next search is answered first', async () => {
    await send(search('urn:schemas-upnp-org:device:MediaRenderer:1'));
    await send(search(`uuid:not-${ID}`));
    await send(
      Buffer.from(`M-SEARCH * HTTP/1.1\r\nMAN: ssdp:discover\r\nST: ${HYPERION_URN}\r\n\r\n`),
    );
    await send(Buffer.from(`NOTIFY * HTTP/1.1\r\nNT: ${HYPERION_URN}\r\nNTS: ssdp:alive\r\n\r\n`));
    const [reply] = await ask(search('upnp:rootdevice'));
    expect(headersOf(reply ?? '').st).toBe('upnp:rootdevice');
  });

  it('survives any datagram: MX 0, negative, garbage, random bytes; then still answers', async () => {
    // Deterministic: the same datagrams each run (a linear congruential generator).
    let seed = 0x2024;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const pieces = [
      'M-SEARCH * HTTP/1.1',
      'MAN: "ssdp:discover"',
      `ST: ${HYPERION_URN}`,
      'ST: ssdp:all',
      'MX: 0',
      'MX: -5',
      'MX: 99999999999999999999',
      'MX: NaN',
      'MX:',
      ':',
      'HOST: 239.255.255.250:1900',
      '\u0000\u00ff',
      'X'.repeat(9000),
    ];
    for (let i = 0; i < 1500; i++) {
      let datagram: Buffer;
      if (i % 3 === 0) {
        datagram = Buffer.alloc(next() % 600);
        for (let j = 0; j < datagram.length; j++) datagram[j] = next() & 0xff;
      } else {
        const lines = Array.from(
          { length: 1 + (next() % 8) },
          () => pieces[next() % pieces.length],
        );
        datagram = Buffer.from(lines.join(i % 2 ? '\r\n' : '\n'));
      }
      // Searches that happen to be valid are answered; the rest are dropped.
      if (datagram.length < 65000) await send(datagram);
    }
    // The answers to the searches that happened to be valid are not what this test reads.
    replies.length = 0;
    // MX 0 and garbage MX are answered (as MX 1), not crashed on.
    // Late answers to the fuzz may still come: wait for the one of this search.
    const answered = async (datagram: Buffer, st: string) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        await send(datagram);
        const found = await until(() => replies.find((r) => headersOf(r).st === st), 3000).catch(
          () => undefined,
        );
        if (found) return found;
      }
      return undefined;
    };
    const zero = await answered(search(`uuid:${ID}`, ['MX: 0']), `uuid:${ID}`);
    expect(headersOf(zero ?? '').usn).toBe(`uuid:${ID}`);
    replies.length = 0;
    const garbage = await answered(search(HYPERION_URN, ['MX: garbage']), HYPERION_URN);
    expect(headersOf(garbage ?? '').st).toBe(HYPERION_URN);
  });

  it('answers only peers on an announced interface, with what listens when it answers', async () => {
    foreignOnce = { name: 'eth0', address: '192.0.2.5', cidr: '192.0.2.5/24', internal: false };
    await send(search(HYPERION_URN));
    await until(() => foreignOnce === undefined);
    facts = { ...facts, jsonPort: 19555, flatbufPort: undefined };
    replies.length = 0;
    const [reply] = await ask(search('upnp:rootdevice'));
    const h = headersOf(reply ?? '');
    expect(h.st).toBe('upnp:rootdevice');
    expect(h['hyperion-jss-port']).toBe('19555');
    expect(h['hyperion-fbs-port']).toBeUndefined();
  });
});
