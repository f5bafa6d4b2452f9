// Benchmark: the reference server's restore against an express endpoint that only parses and
// echoes the same body, in one run on loopback. It restores a realistic 4-instance configuration
// (about 100 KB) 100 times over HTTP and 100 times over WebSocket, waiting for each restart to
// finish, and reports p50/p99 reply latency, the ratio to the echo baseline, and the time from
// the reply to "restart complete"; it times an fsync of the same size alone (SQLite commits with
// synchronous=FULL, so an fsync bounds a restore); then 20 concurrent clients read
// `config getconfig` for 10 s (autocannon): requests/s and p99. It asserts nothing.
//
// Runs the built server (apps/server/dist): `npm run bench` builds first. Flags:
// --restores N (default 100), --seconds S for the load test (default 10).
import { once } from 'node:events';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import express from 'express';
import WebSocket from 'ws';
import { createLogger, createServer } from '../apps/server/dist/index.js';
import { configuration } from './support/configuration.mjs';
import { percentile } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    restores: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
  },
});
const RESTORES = Math.max(5, Number.parseInt(flags.restores, 10) || 100);
const SECONDS = Math.max(1, Number.parseInt(flags.seconds, 10) || 10);

const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

const body = (step) =>
  JSON.stringify({
    command: 'config',
    subcommand: 'restoreconfig',
    config: configuration(step),
    tan: step,
  });

function postText(port, path, text, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

// --- Set-up --------------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-bench-'));
const server = createServer({
  dataDir,
  host: '127.0.0.1',
  port: 0,
  sslPort: 0,
  logger: createLogger({ level: 'silent' }),
});
const { token } = server.store.tokens.create('benchmark');
const { http } = await server.start();
const auth = { Authorization: `Bearer ${token}` };

const echo = express();
echo.post('/echo', express.json({ limit: '10mb' }), (req, res) => res.json(req.body));
const echoServer = createHttpServer(echo);
echoServer.listen(0, '127.0.0.1');
await once(echoServer, 'listening');
const echoPort = echoServer.address().port;

const size = Buffer.byteLength(body(0));
console.log(
  `Restore of a 4-instance configuration (${(size / 1024).toFixed(0)} KB: 15 global groups, 4 × 10 instance groups, 4 × 450 LEDs), ${RESTORES} times per transport;`,
);
console.log(
  'baseline: an express endpoint that parses (express.json) and echoes the same body, interleaved with the restores.',
);

// --- Restores, interleaved with the baseline -----------------------------------------------------
const times = { http: [], ws: [], echo: [], restartHttp: [], restartWs: [], restartTotal: [] };
for (let i = 0; i < 5; i++) await postText(echoPort, '/echo', body(i)); // warm-up

for (let step = 0; step < RESTORES; step++) {
  const text = body(step);
  let t0 = performance.now();
  const echoed = await postText(echoPort, '/echo', text);
  times.echo.push(performance.now() - t0);
  if (echoed.status !== 200) throw new Error(`echo failed: ${echoed.status}`);

  const complete = once(server, 'restart-complete');
  t0 = performance.now();
  const reply = await postText(http.port, '/json-rpc', text, auth);
  const replied = performance.now();
  times.http.push(replied - t0);
  if (!JSON.parse(reply.text).success) throw new Error(`restore failed: ${reply.text}`);
  const [report] = await complete;
  times.restartHttp.push(performance.now() - replied);
  times.restartTotal.push(report.ms);
}

for (let step = 0; step < RESTORES; step++) {
  const text = body(step);
  const socket = new WebSocket(`ws://127.0.0.1:${http.port}/`, { headers: auth });
  await once(socket, 'open');
  const complete = once(server, 'restart-complete');
  const t0 = performance.now();
  socket.send(text);
  const [data] = await once(socket, 'message');
  const replied = performance.now();
  times.ws.push(replied - t0);
  if (!JSON.parse(String(data)).success) throw new Error(`restore failed: ${data}`);
  await complete;
  times.restartWs.push(performance.now() - replied);
  if (socket.readyState !== WebSocket.CLOSED) await once(socket, 'close');
}

// --- fsync alone ---------------------------------------------------------------------------------
const fsyncs = [];
const file = join(dataDir, 'fsync-probe');
const chunk = Buffer.alloc(size, 1);
for (let i = 0; i < 50; i++) {
  const fd = openSync(file, 'w');
  writeSync(fd, chunk);
  const t0 = performance.now();
  fsyncSync(fd);
  fsyncs.push(performance.now() - t0);
  closeSync(fd);
}

// --- Report --------------------------------------------------------------------------------------
const p50 = (xs) => percentile(xs, 0.5);
const p99 = (xs) => percentile(xs, 0.99);
const row = (name, xs, base) =>
  `${name.padEnd(36)} ${fmt(p50(xs)).padStart(8)} ${fmt(p99(xs)).padStart(8)}${base ? `   ${(p50(xs) / p50(base)).toFixed(2)}×`.padStart(10) : ''}`;
console.log(`\n${'ms'.padEnd(36)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}   ÷ echo p50`);
console.log(row('echo baseline (parse + echo)', times.echo));
console.log(row('restore over HTTP (to the reply)', times.http, times.echo));
console.log(row('restore over WebSocket (to the reply)', times.ws, times.echo));
console.log(row('fsync of the same size, alone', fsyncs));
console.log(row('reply → restart complete (HTTP)', times.restartHttp));
console.log(row('reply → restart complete (WebSocket)', times.restartWs));
console.log(row('restart itself (begin → complete)', times.restartTotal));
const ratio = p50(times.http) / p50(times.echo);
console.log(
  `\nTargets: restore p50 ≤ 3× echo: ${ratio <= 3 ? 'met' : 'MISSED'} (HTTP ${ratio.toFixed(2)}×, WebSocket ${(p50(times.ws) / p50(times.echo)).toFixed(2)}×); restart ≤ 500 ms with 4 instances: ${p99(times.restartTotal) <= 500 ? 'met' : 'MISSED'} (the restart itself p99 ${fmt(p99(times.restartTotal))} ms; it begins as the reply is flushed, so a client sees it complete ${fmt(p99(times.restartHttp))} ms after the reply at p99).`,
);

// --- getconfig under load ------------------------------------------------------------------------
const load = await autocannon({
  url: `http://127.0.0.1:${http.port}/json-rpc`,
  method: 'POST',
  connections: 20,
  duration: SECONDS,
  headers: { ...auth, 'Content-Type': 'application/json' },
  body: JSON.stringify({ command: 'config', subcommand: 'getconfig' }),
});
console.log(
  `\nconfig getconfig, 20 concurrent clients for ${SECONDS} s (autocannon): ${load.requests.average.toFixed(0)} requests/s, latency p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ${load.non2xx} non-2xx, ${load.errors} errors.`,
);

await server.stop();
echoServer.close();
rmSync(dataDir, { recursive: true, force: true });
