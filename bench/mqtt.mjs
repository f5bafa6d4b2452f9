// Benchmark: MQTT commands (issue 24 §5). A server child of the built server (apps/server/dist)
// with one instance of 30 LEDs on a `udpddp` device sending to a UDP socket of this process (so
// that publishing and the device's write are stamped on one clock), its MQTT client on a
// mosquitto of our own (scripts/mosquitto.mjs, loopback). Baseline, in the same run and against
// the same server: the same colour command over the JSON TCP port (one signed-in connection).
//
// 1. Latency: one command at a time, each a new colour, MQTT and TCP in turn: publish (or the
//    TCP line's write) → the first device write showing that colour. p50 and p99.
// 2. Throughput: a single client sends N commands as fast as it can (MQTT QoS 0 publishes; TCP
//    lines written back to back), the last one a colour of its own; commands/s = N / (first send
//    → the device writing the last colour). Frames in between may be merged by the device (the
//    newest wins): this is what one client can drive through to the LEDs.
//
// Flags: --commands N (latency samples per transport after 30 warm-up; default 300),
// --burst N (throughput commands; default 2000). It asserts nothing.
import { once } from 'node:events';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { startBroker } from '../scripts/mosquitto.mjs';
import { ledReceiver, screenLeds } from './support/picture-bench.mjs';
import { DEFAULT_SERVER, startServerChild } from './support/server-child.mjs';
import { median, percentile } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    commands: { type: 'string', default: '300' },
    burst: { type: 'string', default: '2000' },
  },
});
const COMMANDS = Number(flags.commands);
const BURST = Number(flags.burst);
const WARM_UP = 30;
const LEDS = 30;

const fmt = (ms) => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

/** The k-th colour of a run: distinct from its neighbours, never black. */
const colourOf = (k) => [1 + (k % 250), (k * 7) % 256, 200 - (k % 150)];

/** A signed-in TCP JSON connection: `send(request)` writes one line; replies are counted. */
async function tcpClient(port, token) {
  const socket = connect({ host: '127.0.0.1', port });
  await once(socket, 'connect');
  socket.setNoDelay(true);
  const client = { replies: 0, waiting: undefined };
  let buffered = '';
  socket.on('data', (chunk) => {
    buffered += chunk;
    let at = buffered.indexOf('\n');
    while (at >= 0) {
      buffered = buffered.slice(at + 1);
      client.replies += 1;
      if (client.waiting && client.replies >= client.waiting.count) {
        client.waiting.resolve();
        client.waiting = undefined;
      }
      at = buffered.indexOf('\n');
    }
  });
  client.send = (request) => socket.write(`${JSON.stringify(request)}\n`);
  /** Resolves once `count` replies in all have come. */
  client.until = (count) =>
    client.replies >= count
      ? Promise.resolve()
      : new Promise((resolve) => {
          client.waiting = { count, resolve };
        });
  client.close = () => socket.destroy();
  client.send({ command: 'authorize', subcommand: 'login', token });
  await client.until(1);
  return client;
}

const broker = await startBroker();
const leds = await ledReceiver();
const server = await startServerChild(
  DEFAULT_SERVER,
  {},
  {
    globalSettings: {
      network: { mqtt: broker.clientSettings() },
    },
    instanceSettings: {
      device: {
        type: 'udpddp',
        host: '127.0.0.1',
        port: leds.port,
        hardwareLedCount: LEDS,
        colorOrder: 'rgb',
        latchTime: 0,
        rewriteTime: 0,
      },
      leds: screenLeds(LEDS),
      smoothing: { enable: false },
      foregroundEffect: { enable: false },
      backgroundEffect: { enable: false },
      color: { imageToLedMappingType: 'multicolor_mean', channelAdjustment: [] },
    },
  },
);
const ha = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
  username: broker.username,
  password: broker.password,
});
try {
  // The server's base topic, from its `online`.
  const online = new Promise((resolve) =>
    ha.on('message', (topic, payload) => {
      if (String(payload) === 'online') resolve(topic.slice(0, -'/status'.length));
    }),
  );
  await ha.subscribeAsync('glowkit/+/status');
  const base = await online;
  const tcp = await tcpClient(server.tcp, server.token);

  const viaMqtt = (rgb) =>
    ha.publish(`${base}/0/set`, JSON.stringify({ color: { r: rgb[0], g: rgb[1], b: rgb[2] } }));
  let tcpSent = 1;
  const viaTcp = (rgb) => {
    tcpSent += 1;
    tcp.send({ command: 'color', color: rgb, priority: 128 });
  };

  // --- 1. latency ---------------------------------------------------------------------------
  const times = { mqtt: [], tcp: [] };
  let k = 0;
  for (let i = 0; i < WARM_UP + COMMANDS; i++) {
    for (const [name, send] of [
      ['mqtt', viaMqtt],
      ['tcp', viaTcp],
    ]) {
      const rgb = colourOf(k++);
      const shown = leds.next(rgb);
      const t = performance.now();
      send(rgb);
      await shown;
      if (i >= WARM_UP) times[name].push(performance.now() - t);
    }
  }
  await tcp.until(tcpSent);
  console.log(
    `\n1. One colour command at a time → the device's write (${COMMANDS} each, after ${WARM_UP} warm-up; ${LEDS} LEDs, udpddp)`,
  );
  console.log(`   ${'row'.padEnd(40)} ${['p50', 'p99 ms'].map((c) => c.padStart(7)).join('  ')}`);
  for (const [name, label] of [
    ['tcp', 'JSON TCP port (baseline)'],
    ['mqtt', 'MQTT via mosquitto'],
  ]) {
    const cells = [0.5, 0.99].map((p) => fmt(percentile(times[name], p)).padStart(7));
    console.log(`   ${label.padEnd(40)} ${cells.join('  ')}`);
  }
  console.log(
    `   MQTT / TCP: p50 ×${(percentile(times.mqtt, 0.5) / percentile(times.tcp, 0.5)).toFixed(2)}, p99 ×${(percentile(times.mqtt, 0.99) / percentile(times.tcp, 0.99)).toFixed(2)}; median added by MQTT ${fmt(median(times.mqtt) - median(times.tcp))} ms`,
  );

  // --- 2. throughput ------------------------------------------------------------------------
  const rates = {};
  for (const [name, send] of [
    ['tcp', viaTcp],
    ['mqtt', viaMqtt],
  ]) {
    const last = [0, 255, 1];
    const shown = leds.next(last);
    const framesBefore = leds.frames;
    const t = performance.now();
    for (let i = 0; i < BURST - 1; i++) send(colourOf(k++));
    send(last);
    await shown;
    const ms = performance.now() - t;
    rates[name] = { perSecond: (BURST * 1000) / ms, ms, frames: leds.frames - framesBefore };
    // Apart: the next burst starts from a settled server.
    if (name === 'tcp') await tcp.until(tcpSent);
    const reset = colourOf(k++);
    const back = leds.next(reset);
    viaTcp(reset);
    await back;
    await tcp.until(tcpSent);
  }
  console.log(`\n2. ${BURST} colour commands from one client, as fast as it sends them`);
  for (const [name, label] of [
    ['tcp', 'JSON TCP port (baseline)'],
    ['mqtt', 'MQTT via mosquitto (QoS 0)'],
  ]) {
    const r = rates[name];
    console.log(
      `   ${label.padEnd(40)} ${Math.round(r.perSecond).toString().padStart(7)} commands/s  (${fmt(r.ms)} ms, ${r.frames} device writes)`,
    );
  }
  console.log(`   MQTT / TCP: ×${(rates.mqtt.perSecond / rates.tcp.perSecond).toFixed(2)}`);
  tcp.close();
} finally {
  await ha.endAsync();
  await server.stop();
  leds.close();
  await broker.close();
}
