// For bench/discovery.mjs, inside its network namespace (loopback only): starts the built server
// `runs` times and stamps, from the call to start(), when (1) the TCP JSON port first answers
// sysinfo (the baseline), (2) a plain M-SEARCH, repeated every 20 ms, is first answered, and
// (3) python3-zeroconf, browsing before the start, first resolves `_hyperiond-json._tcp`.
// Prints one JSON line per run.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const { createLogger, createServer } = await import(
  join(root, 'apps', 'server', 'dist', 'index.js')
);
const runs = Number(process.argv[2] ?? 5);
const TCP_PORT = 19444;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves when the python browser has said "ready"; `seen` resolves with its stamp. */
function pythonBrowser() {
  const child = spawn('/usr/bin/python3', [join(here, 'zeroconf-first-seen.py'), '30']);
  let out = '';
  let onReady;
  let onSeen;
  const ready = new Promise((r) => {
    onReady = r;
  });
  const seen = new Promise((r) => {
    onSeen = r;
  });
  child.stdout.on('data', (c) => {
    out += c;
    if (out.includes('ready')) onReady();
    const match = /seen ([\d.]+)/.exec(out);
    if (match) onSeen(Number(match[1]));
  });
  child.on('exit', () => {
    onReady();
    onSeen(undefined);
  });
  return { ready, seen, child };
}

/** Polls the TCP JSON port with sysinfo until it answers; resolves with the time. */
async function jsonAnswers(token) {
  for (let i = 0; i < 3000; i++) {
    const answered = await new Promise((resolve) => {
      const socket = connect(TCP_PORT, '127.0.0.1');
      let text = '';
      socket.on('connect', () => {
        socket.write(
          `${JSON.stringify({ command: 'authorize', subcommand: 'login', token, tan: 1 })}\n`,
        );
        socket.write(`${JSON.stringify({ command: 'sysinfo', tan: 2 })}\n`);
      });
      socket.on('data', (c) => {
        text += c;
        if (text.includes('"command":"sysinfo"')) {
          socket.destroy();
          resolve(Date.now());
        }
      });
      // Refused before the port listens; closed with "Service Unavailable" while starting.
      socket.on('error', () => resolve(undefined));
      socket.on('close', () => resolve(undefined));
      socket.setTimeout(5000, () => {
        socket.destroy();
        resolve(undefined);
      });
    });
    if (answered) return answered;
    await sleep(5);
  }
  return undefined;
}

/** Sends M-SEARCH every 20 ms until a first answer; resolves with the time. */
async function ssdpAnswers() {
  const socket = createSocket('udp4');
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  socket.setMulticastInterface('127.0.0.1');
  const search = Buffer.from(
    'M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: "ssdp:discover"\r\nMX: 1\r\nST: urn:hyperion-project.org:device:basic:1\r\n\r\n',
  );
  let answered;
  socket.on('message', () => {
    answered ??= Date.now();
  });
  for (let i = 0; i < 1500 && answered === undefined; i++) {
    socket.send(search, 1900, '239.255.255.250');
    await sleep(20);
  }
  socket.close();
  return answered;
}

for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-bench-discovery-'));
  const server = createServer({
    dataDir,
    host: '0.0.0.0',
    port: 8090,
    sslPort: 8092,
    tcpPort: TCP_PORT,
    flatbufPort: 0,
    protoPort: 0,
    logger: createLogger({ level: 'silent' }),
  });
  const token = server.store.tokens.create('bench').token;
  const browser = pythonBrowser();
  await browser.ready;
  const t0 = Date.now();
  const json = jsonAnswers(token);
  const ssdp = ssdpAnswers();
  await server.start();
  const [jsonAt, ssdpAt, mdnsAt] = await Promise.all([json, ssdp, browser.seen]);
  const ms = (at) => (at === undefined ? null : Math.round(at - t0));
  process.stdout.write(
    `${JSON.stringify({ run, json: ms(jsonAt), ssdp: ms(ssdpAt), mdns: ms(mdnsAt) })}\n`,
  );
  await server.stop();
  browser.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
