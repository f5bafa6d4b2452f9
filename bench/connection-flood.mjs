// Benchmark: a flood of connections that never sign in, and a normal client beside it. The
// server runs in a child process (bench/support/server-child.mjs) with its defaults. From 25
// loopback addresses (127.0.1.1 …, all this machine) the flood opens 1000 idle TCP JSON
// sessions, 300 idle WebSockets and 250 slowloris HTTP connections (a header line every 2 s);
// it then counts how many of them the server still holds after 15 s and after --wait seconds
// (default 35: past the 30 s time to sign in). Meanwhile a normal client on 127.0.0.1 sends
// `serverinfo` over one keep-alive HTTP connection with its token: its latency (median, p95)
// alone is the baseline, and the same during the flood is printed as a ratio. It asserts nothing.
//
// Flags: --server <dist/index.js> runs another build (e.g. the landed revision's, built into a
// folder of its own) to compare revisions; --wait S; --requests N (default 300).
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { DEFAULT_SERVER, startServerChild } from './support/server-child.mjs';
import { median, percentile } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    server: { type: 'string' },
    wait: { type: 'string', default: '35' },
    requests: { type: 'string', default: '300' },
  },
});
const WAIT_S = Math.max(16, Number(flags.wait) || 35);
const REQUESTS = Math.max(20, Number.parseInt(flags.requests, 10) || 300);
const FLOOD = { tcp: 1000, ws: 300, slowloris: 250 };
const ADDRESSES = Array.from({ length: 25 }, (_, i) => `127.0.1.${i + 1}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startServerChild(flags.server ?? DEFAULT_SERVER);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const body = JSON.stringify({ command: 'serverinfo', tan: 1 });

/** One `serverinfo` over the normal client's keep-alive connection; its latency in ms. */
function call() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port: server.http,
        path: '/json-rpc',
        method: 'POST',
        agent,
        headers: {
          Authorization: `Bearer ${server.token}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`the normal client got ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function latencies(label) {
  const samples = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await call());
  const result = { median: median(samples), p95: percentile(samples, 0.95) };
  console.log(
    `${label.padEnd(28)} median ${result.median.toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms`,
  );
  return result;
}

/** The flood's connections, each with whether the server has closed it. */
const flood = [];
const track = (kind, close, onClosed) => {
  const entry = { kind, open: true, close };
  flood.push(entry);
  onClosed(() => {
    entry.open = false;
  });
};

function openTcp(localAddress) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: server.tcp, localAddress });
    socket.on('error', () => {});
    socket.resume();
    track(
      'tcp',
      () => socket.destroy(),
      (closed) => socket.once('close', closed),
    );
    socket.once('connect', resolve);
    socket.once('close', resolve);
  });
}

function openWs(localAddress) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.http}/`, { localAddress });
    ws.on('error', () => {});
    track(
      'ws',
      () => ws.terminate(),
      (closed) => {
        ws.once('close', closed);
        // A refused upgrade (503 over the limits): its connection is what the server holds.
        ws.once('unexpected-response', (req, res) => {
          res.resume();
          if (req.socket.destroyed) closed();
          else req.socket.once('close', closed);
          resolve();
        });
      },
    );
    ws.once('open', resolve);
    ws.once('close', resolve);
  });
}

function openSlowloris(localAddress) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: server.http, localAddress });
    socket.on('error', () => {});
    socket.resume();
    let line = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(`X-Slow-${line++}: a\r\n`);
    }, 2000);
    track(
      'slowloris',
      () => {
        clearInterval(timer);
        socket.destroy();
      },
      (closed) =>
        socket.once('close', () => {
          clearInterval(timer);
          closed();
        }),
    );
    socket.once('connect', () => {
      socket.write('GET / HTTP/1.1\r\nHost: glowkit\r\n');
      resolve();
    });
    socket.once('close', resolve);
  });
}

const held = () => {
  const counts = { tcp: 0, ws: 0, slowloris: 0 };
  for (const entry of flood) if (entry.open) counts[entry.kind] += 1;
  const total = counts.tcp + counts.ws + counts.slowloris;
  return `${total} of ${flood.length} (TCP ${counts.tcp}/${FLOOD.tcp}, WebSocket ${counts.ws}/${FLOOD.ws}, slowloris ${counts.slowloris}/${FLOOD.slowloris})`;
};

try {
  console.log(`server: ${flags.server ?? DEFAULT_SERVER}`);
  await call(); // The keep-alive connection, opened before the flood.
  const alone = await latencies('normal client alone');
  const started = performance.now();
  // The kinds interleaved, so that each has its share of what the server admits.
  const total = FLOOD.tcp + FLOOD.ws + FLOOD.slowloris;
  const kinds = Object.entries(FLOOD)
    .flatMap(([kind, count]) => Array.from({ length: count }, (_, i) => [(i + 0.5) / count, kind]))
    .sort((a, b) => a[0] - b[0])
    .map(([, kind]) => kind);
  const opening = [];
  for (let n = 0; n < total; n++) {
    const from = ADDRESSES[n % ADDRESSES.length];
    const kind = kinds[n];
    opening.push(
      kind === 'tcp' ? openTcp(from) : kind === 'ws' ? openWs(from) : openSlowloris(from),
    );
    // A few at a time, as a client would open them.
    if (opening.length % 50 === 0) await Promise.all(opening.slice(-50));
  }
  await Promise.all(opening);
  console.log(
    `flood opened in ${((performance.now() - started) / 1000).toFixed(1)} s; held at once: ${held()}`,
  );
  const during = await latencies('normal client during flood');
  console.log(
    `latency during / alone: median ×${(during.median / alone.median).toFixed(2)}, p95 ×${(during.p95 / alone.p95).toFixed(2)}`,
  );
  await sleep(Math.max(0, 15_000 - (performance.now() - started)));
  console.log(`held after 15 s: ${held()}`);
  await sleep(Math.max(0, WAIT_S * 1000 - (performance.now() - started)));
  console.log(`held after ${WAIT_S} s: ${held()}`);
} finally {
  for (const entry of flood) entry.close();
  agent.destroy();
  await server.stop();
}
