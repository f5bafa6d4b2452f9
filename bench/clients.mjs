// Benchmark: what existing clients do most, against the built server (apps/server/dist), on
// loopback in one run.
//
// 1. `serverinfo` over TCP JSON and over WebSocket: 20 clients, each sending its next request when
//    the last reply came, for S seconds; replies per second, p50 and p99; baseline: the same
//    clients sending `authorize tokenRequired`, the cheapest command.
// 2. The time from a `color` command to the `priorities-update` push reaching a subscribed client
//    (another connection), over TCP and over WebSocket: p50 and p99 of N colours.
//
// The clients run in this process beside the server, so the rates are a floor: the server shares
// its core with them. Flags: --seconds S (default 10), --clients C (default 20), --colors N
// (default 200). It asserts nothing.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { createLogger, createServer } from '../apps/server/dist/index.js';
import { percentile } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '20' },
    colors: { type: 'string', default: '200' },
  },
});
const SECONDS = Number(flags.seconds);
const CLIENTS = Number(flags.clients);
const COLORS = Number(flags.colors);
const fmt = (ms) => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

/** A JSON-RPC connection: `call` waits for the reply with its tan; `onPush` sees the rest. */
class Client {
  #tan = 0;
  #waiting = new Map();
  onPush = () => {};

  static async tcp(port, token) {
    const client = new Client();
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.setNoDelay(true);
    let rest = '';
    socket.on('data', (chunk) => {
      rest += chunk;
      let end = rest.indexOf('\n');
      while (end >= 0) {
        client.#receive(rest.slice(0, end));
        rest = rest.slice(end + 1);
        end = rest.indexOf('\n');
      }
    });
    client.send = (text) => socket.write(`${text}\n`);
    client.close = () => socket.destroy();
    await client.call({ command: 'authorize', subcommand: 'login', token });
    return client;
  }

  static async ws(port, token) {
    const client = new Client();
    const socket = new WebSocket(`ws://127.0.0.1:${port}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await once(socket, 'open');
    socket.on('message', (data) => client.#receive(String(data)));
    client.send = (text) => socket.send(text);
    client.close = () => socket.terminate();
    return client;
  }

  #receive(text) {
    const message = JSON.parse(text);
    const resolve = 'success' in message ? this.#waiting.get(message.tan) : undefined;
    if (resolve) {
      this.#waiting.delete(message.tan);
      resolve(message);
    } else this.onPush(message);
  }

  call(request) {
    const tan = ++this.#tan;
    return new Promise((resolve) => {
      this.#waiting.set(tan, resolve);
      this.send(JSON.stringify({ ...request, tan }));
    });
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-bench-clients-'));
const server = createServer({
  dataDir,
  host: '127.0.0.1',
  port: 0,
  sslPort: 0,
  tcpPort: 0,
  logger: createLogger({ level: 'silent' }),
});
const { token } = server.store.tokens.create('bench clients');
const listening = await server.start();
const ports = { tcp: listening.tcp.port, ws: listening.http.port };

console.log(`1. ${CLIENTS} clients, each request after the last reply, ${SECONDS} s per row`);
console.log('   transport  command          replies/s    p50 ms   p99 ms   ÷ baseline (replies/s)');
for (const transport of ['tcp', 'ws']) {
  let baseline = 0;
  for (const request of [
    { command: 'authorize', subcommand: 'tokenRequired' },
    { command: 'serverinfo' },
  ]) {
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, () => Client[transport](ports[transport], token)),
    );
    const latencies = [];
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < end) {
          const sent = performance.now();
          const reply = await client.call(request);
          if (!reply.success)
            throw new Error(`${request.command} failed: ${JSON.stringify(reply)}`);
          latencies.push(performance.now() - sent);
        }
      }),
    );
    for (const client of clients) client.close();
    const rate = latencies.length / SECONDS;
    if (request.command === 'authorize') baseline = rate;
    const name = request.subcommand ?? request.command;
    console.log(
      `   ${transport.padEnd(9)}  ${name.padEnd(15)}  ${rate.toFixed(0).padStart(9)}  ${fmt(percentile(latencies, 0.5)).padStart(8)} ${fmt(percentile(latencies, 0.99)).padStart(8)}   ${request.command === 'authorize' ? 'baseline' : `${(rate / baseline).toFixed(2)}×`}`,
    );
  }
}

console.log(`\n2. color → priorities-update at a subscribed client (${COLORS} colours)`);
for (const transport of ['tcp', 'ws']) {
  const subscriber = await Client[transport](ports[transport], token);
  const sender = await Client[transport](ports[transport], token);
  await subscriber.call({ command: 'serverinfo', subscribe: ['priorities-update'] });
  const latencies = [];
  for (let i = 0; i < COLORS; i++) {
    const red = i % 255;
    const arrived = new Promise((resolve) => {
      subscriber.onPush = (push) => {
        const first = push.data?.priorities?.[0];
        if (push.command === 'priorities-update' && first?.value?.RGB?.[0] === red) resolve();
      };
    });
    const sent = performance.now();
    await sender.call({ command: 'color', priority: 50, color: [red, 0, 255] });
    await arrived;
    latencies.push(performance.now() - sent);
  }
  subscriber.close();
  sender.close();
  console.log(
    `   ${transport.padEnd(4)} p50 ${fmt(percentile(latencies, 0.5))} ms, p99 ${fmt(percentile(latencies, 0.99))} ms`,
  );
}

await server.stop();
rmSync(dataDir, { recursive: true, force: true });
