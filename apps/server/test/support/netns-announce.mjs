// Runs inside a network namespace of its own (`unshare -rn`, loopback up with a multicast
// route; see announce.test.ts): the built server on every interface of the namespace — its
// loopback only —, with independent clients: a UDP socket listening to NOTIFYs, a plain
// M-SEARCH, a fetch of description.xml, and Debian's python3-zeroconf browsing
// `_hyperiond-json._tcp`. Then a setconfig that stops the flatbuffers input (a restart), and a
// stop. Prints one JSON line of what the clients saw; the test asserts on it.
// Never run outside a namespace: the server announces on every interface it finds.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { createLogger, createServer } = await import(join(here, '..', '..', 'dist', 'index.js'));
const HYPERION_URN = 'urn:hyperion-project.org:device:basic:1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function headersOf(text) {
  const headers = { _start: text.split('\r\n')[0] };
  for (const line of text.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Polls until `check` is truthy, at most `ms`. */
async function until(check, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = check();
    if (value) return value;
    await sleep(25);
  }
  return undefined;
}

// What any SSDP listener on the network hears.
const notifies = [];
const listener = createSocket({ type: 'udp4', reuseAddr: true });
listener.on('message', (m) => notifies.push(headersOf(String(m))));
await new Promise((r) => listener.bind(1900, '0.0.0.0', r));
listener.addMembership('239.255.255.250', '127.0.0.1');

// A searcher, as Home Assistant's scanner is: multicast M-SEARCH, unicast answers.
const answers = [];
const searcher = createSocket('udp4');
searcher.on('message', (m) => answers.push(headersOf(String(m))));
await new Promise((r) => searcher.bind(0, '127.0.0.1', r));
searcher.setMulticastInterface('127.0.0.1');
const mSearch = (st) =>
  new Promise((r) =>
    searcher.send(
      `M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: "ssdp:discover"\r\nMX: 1\r\nST: ${st}\r\n\r\n`,
      1900,
      '239.255.255.250',
      r,
    ),
  );
/** Searches (again every 2 s: UDP may drop) until an answer with ST `st` comes after `from`. */
async function search(st) {
  const from = answers.length;
  for (let i = 0; i < 10; i++) {
    await mSearch(st);
    const found = await until(() => answers.slice(from).find((a) => a.st === st), 2000);
    if (found) return found;
  }
  return undefined;
}

function browse(type) {
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/python3', [join(here, 'zeroconf_browse.py'), type, '1', '20']);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('exit', () =>
      resolve({
        services: out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l)),
        error: err.trim().split('\n').pop() ?? '',
      }),
    );
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-netns-'));
const server = createServer({
  dataDir,
  host: '0.0.0.0',
  port: 0,
  sslPort: 0,
  tcpPort: 0,
  flatbufPort: 0,
  protoPort: 0,
  // Its log goes to stderr: stdout carries the one JSON line the test reads.
  logger: createLogger({ level: 'warn', pretty: false, destination: process.stderr }),
});
const result = {};
try {
  const token = server.store.tokens.create('netns test').token;
  const started = await server.start();
  result.listening = {
    http: started.http.port,
    tcp: started.tcp?.port,
    flatbuf: started.flatbuf?.port,
    proto: started.proto?.port,
  };
  result.id = server.store.read().global.uuid;
  result.aliveAtStart = await until(() =>
    notifies.find((n) => n.nts === 'ssdp:alive' && n.nt === HYPERION_URN),
  );
  result.search = await search(HYPERION_URN);
  if (result.search?.location) {
    const response = await fetch(result.search.location);
    result.description = { status: response.status, xml: await response.text() };
  }
  result.mdns = await browse('_hyperiond-json._tcp.local.');

  const setNetwork = (network) =>
    fetch(`http://127.0.0.1:${started.http.port}/json-rpc`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: 'config', subcommand: 'setconfig', config: { network } }),
    }).then((r) => r.json());

  // The JSON API's browser: this server itself, and a WLED python3-zeroconf announces.
  const wled = spawn('/usr/bin/python3', [
    join(here, 'zeroconf_register.py'),
    '_wled._tcp.local.',
    'wled-desk',
    '80',
    'mac=0123456789ab',
  ]);
  let wledOut = '';
  wled.stdout.on('data', (c) => {
    wledOut += c;
  });
  wled.stderr.on('data', (c) => {
    wledOut += c;
  });
  try {
    result.wledRegistered = Boolean(await until(() => wledOut.includes('registered')));
    const rpc = async (body) =>
      (
        await fetch(`http://127.0.0.1:${started.http.port}/json-rpc`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    // A first call starts the browse and may find nothing yet (as in Hyperion.ng): ask again.
    const ask = async (body, found) => {
      let reply;
      for (let i = 0; i < 10; i++) {
        reply = await rpc(body);
        if (found(reply)) break;
      }
      return reply;
    };
    result.serviceDiscover = await ask(
      { command: 'service', subcommand: 'discover', serviceType: 'jsonapi', params: {} },
      (r) => r.info?.services?.jsonapi?.length > 0,
    );
    result.serviceUnknown = await rpc({
      command: 'service',
      subcommand: 'discover',
      serviceType: 'gopher',
    });
    result.wledDiscover = await ask(
      { command: 'leddevice', subcommand: 'discover', ledDeviceType: 'wled', params: {} },
      (r) => r.info?.devices?.length > 0,
    );
    // network.announceInterfaces naming no interface here: nothing is browsed (the WLED is
    // still there, on loopback); back to every interface, the browser finds it again.
    result.noInterface = await setNetwork({ announceInterfaces: ['nope0'] });
    const wledRequest = {
      command: 'leddevice',
      subcommand: 'discover',
      ledDeviceType: 'wled',
    };
    result.wledNowhere = await rpc(wledRequest);
    await setNetwork({ announceInterfaces: [] });
    result.wledAgain = await ask(wledRequest, (r) => r.info?.devices?.length > 0);
  } finally {
    wled.stdin.end();
    await once(wled, 'exit');
  }

  // network.ssdp off and on again by setconfig, without a restart: byebye, then alive.
  const beforeOff = notifies.length;
  result.ssdpOff = await setNetwork({ ssdp: false });
  result.byebyeWhenOff = await until(() =>
    notifies.slice(beforeOff).find((n) => n.nts === 'ssdp:byebye' && n.nt === HYPERION_URN),
  );
  const beforeOn = notifies.length;
  result.ssdpOn = await setNetwork({ ssdp: true });
  result.aliveWhenOn = await until(() =>
    notifies.slice(beforeOn).find((n) => n.nts === 'ssdp:alive' && n.nt === HYPERION_URN),
  );

  // A restart that stops the flatbuffers input: byebye, then alive without its port; its
  // mDNS record withdrawn, as a watching python3-zeroconf sees.
  const watch = spawn('/usr/bin/python3', [
    join(here, 'zeroconf_watch.py'),
    '_hyperiond-flatbuf._tcp.local.',
  ]);
  let watched = '';
  watch.stdout.on('data', (c) => {
    watched += c;
  });
  result.flatbufAdded = (await until(() => /^added .*$/m.exec(watched)))?.[0];
  const before = notifies.length;
  const restarted = once(server, 'restart-complete');
  const reply = await fetch(`http://127.0.0.1:${started.http.port}/json-rpc`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      command: 'config',
      subcommand: 'setconfig',
      config: { flatbufServer: { enable: false } },
    }),
  });
  result.setconfig = await reply.json();
  await restarted;
  result.afterRestart = await until(() => {
    const later = notifies.slice(before);
    const bye = later.findIndex((n) => n.nts === 'ssdp:byebye' && n.nt === HYPERION_URN);
    const alive = later.findIndex(
      (n, i) => i > bye && bye >= 0 && n.nts === 'ssdp:alive' && n.nt === HYPERION_URN,
    );
    return alive > bye && bye >= 0 ? { byebye: later[bye], alive: later[alive] } : undefined;
  });
  result.searchAfterRestart = await search(HYPERION_URN);
  result.flatbufRemoved = (await until(() => /^removed .*$/m.exec(watched)))?.[0];
  watch.stdin.end();
  await once(watch, 'exit');

  const beforeStop = notifies.length;
  await server.stop();
  result.byebyeAtStop = await until(() =>
    notifies.slice(beforeStop).find((n) => n.nts === 'ssdp:byebye' && n.nt === HYPERION_URN),
  );
} catch (error) {
  result.error = String(error?.stack ?? error);
} finally {
  await server.stop().catch(() => {});
  listener.close();
  searcher.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify(result)}\n`);
