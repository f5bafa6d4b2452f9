// Benchmark: the picture inputs (issue 21 §9), against the built server (apps/server/dist) in a
// child process, a flatbuffers client in this process, over loopback. Each figure has its
// baseline from the same run.
//
// 1. Latency per frame, from the last byte of a frame received by the server to the device
//    write: 640×360 and 1920×1080 RGB pictures at 300 and 1,000 LEDs (a `udpddp` device sending
//    to a UDP socket of this process, no smoothing), p50 and p99. Baseline: a decode-only server
//    in the same child (the same length-prefix reader and flatbuffers codec reading the same
//    bytes, then one datagram). Both ends are timestamped in the child by a probe
//    (support/inputs-probe.mjs: the socket's last `data` chunk, the DDP push datagram's send);
//    frames go one at a time, alternately to Glowkit and the baseline, each after the previous
//    one reached this process, so none is dropped by newest-wins; consecutive frames have
//    different colours, and a write is matched to its frame by the first LED's colour.
//    Targets: Glowkit adds ≤ 1 ms p99 at 640×360, ≤ 3 ms at 1080p.
// 2. Server CPU while one client streams 640×360 (letterboxed, moving) at 30 frames/s to 300
//    LEDs with black-border detection on and smoothing on (linear, 25 Hz), for S s; per frame
//    and as a share of one core; then the same with Hyperion.ng's case, 80×45 at 25 frames/s.
//    Baseline: the same frames streamed to the decode-only server in the same child (the two
//    take turns in 5 s slices, as the machine's load drifts), and the child idle. Hyperion.ng's figure: 1.0–1.1 % of a core at 25 frames/s of 80×45 (0.40–0.44 ms
//    of CPU per frame); the aim is half of it per frame.
// 3. A client flooding 1,000 frames/s (240×135, a grabber's decimated 1080p) for S s to 300 LEDs
//    on a device that takes about 60 frames/s (latchTime 16 ms): the server's RSS, sampled every
//    second, flat within ±5 MB after warm-up; device writes per second against the device's rate.
//    Baseline: the child's RSS before the flood.
// 4. (--forward, or --parts 4) The forwarder never slows the local LEDs: latency as in part 1
//    (640×360, 300 LEDs) of a server forwarding its instance to targets that are down (a port
//    nothing listens on) and that hang (a socket that accepts and never reads), over JSON and
//    flatbuffers, and of one forwarding to a live flatbuffers target (one that answers every
//    request), against a server without a forwarder in the same run (frames go to each in
//    turn), p50 and p99.
//
// Flags: --frames N (parts 1 and 4, frames per row after 20 warm-up ones; default 500),
// --cpu-seconds S (part 2, default 30), --smoothing on|off (part 2, default on), --flood-seconds
// S (part 3, default 60), --seconds S (parts 2 and 3), --settle S (part 2: the fresh server's
// wait before the idle row, default 20), --parts 1,2,3,4, --forward (part 4 only).
// It asserts nothing.

import { once } from 'node:events';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { Builder } from 'flatbuffers';
import { framed } from '../scripts/flatbuf-messages.mjs';
import {
  client,
  glowkit,
  imageMessage,
  inputSources,
  ledReceiver,
  letterboxed,
  sleep,
  stream,
} from './support/picture-bench.mjs';
import { median, percentile } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    frames: { type: 'string', default: '500' },
    seconds: { type: 'string' },
    'cpu-seconds': { type: 'string' },
    'flood-seconds': { type: 'string' },
    parts: { type: 'string', default: '1,2,3' },
    smoothing: { type: 'string', default: 'on' },
    settle: { type: 'string', default: '20' },
    forward: { type: 'boolean', default: false },
  },
});
const FRAMES = Number(flags.frames);
const WARM_UP = 20;
const CPU_SECONDS = Number(flags['cpu-seconds'] ?? flags.seconds ?? 30);
const FLOOD_SECONDS = Number(flags['flood-seconds'] ?? flags.seconds ?? 60);
const SMOOTHING = flags.smoothing !== 'off';
const SETTLE_SECONDS = Number(flags.settle);
const PARTS = new Set(flags.forward ? [4] : flags.parts.split(',').map(Number));

const fmt = (ms) => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const MB = (bytes) => (bytes / 1024 / 1024).toFixed(1);

// --- 1. Latency --------------------------------------------------------------------------------

const COLOURS = [
  [200, 30, 30],
  [30, 200, 30],
  [30, 30, 200],
  [200, 200, 30],
  [30, 200, 200],
  [200, 30, 200],
];

/** For each frame's colour in order, the first record after the last match with that colour. */
function match(records, colours) {
  const out = [];
  let at = 0;
  for (const rgb of colours) {
    while (at < records.length) {
      const [, since, r, g, b] = records[at++];
      if (r === rgb[0] && g === rgb[1] && b === rgb[2]) {
        out.push(since);
        break;
      }
    }
  }
  return out;
}

if (PARTS.has(1)) {
  console.log(
    `1. Last byte received → device write (udpddp push datagram sent), ${FRAMES} frames a row after ${WARM_UP} warm-up`,
  );
  console.log(
    '   picture     LEDs   Glowkit p50   p99 ms   decode-only p50   p99 ms   added p50   p99 ms   target (added p99)',
  );
  for (const leds of [300, 1000]) {
    const toGlowkit = await ledReceiver();
    const toBaseline = await ledReceiver();
    const server = await glowkit(leds, toGlowkit.port);
    await server.ask({ route: [toGlowkit.port, server.flatbuf] });
    await server.ask({ route: [toBaseline.port, server.baseline] });
    const g = await client(server.flatbuf, 'bench');
    const b = await client(server.baseline);
    for (const [width, height, target] of [
      [640, 360, 1],
      [1920, 1080, 3],
    ]) {
      const frames = COLOURS.map((rgb) => {
        const data = new Uint8Array(width * height * 3);
        for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
        return imageMessage(data, width, height);
      });
      const sent = [];
      for (let k = 0; k < WARM_UP + FRAMES; k++) {
        const i = k % COLOURS.length;
        sent.push(COLOURS[i]);
        for (const [socket, receiver] of [
          [g, toGlowkit],
          [b, toBaseline],
        ]) {
          const arrived = receiver.next(COLOURS[i]);
          socket.write(frames[i]);
          await arrived;
          // The server's turn ends (the device's promise, the reply) before the next frame.
          await sleep(1);
        }
      }
      const glowkitMs = match((await server.ask({ records: toGlowkit.port })).records, sent);
      const baselineMs = match((await server.ask({ records: toBaseline.port })).records, sent);
      const [gs, bs] = [glowkitMs.slice(WARM_UP), baselineMs.slice(WARM_UP)];
      const g50 = percentile(gs, 0.5);
      const g99 = percentile(gs, 0.99);
      const b50 = percentile(bs, 0.5);
      const b99 = percentile(bs, 0.99);
      console.log(
        `   ${`${width}×${height}`.padEnd(10)}  ${String(leds).padStart(4)}   ${fmt(g50).padStart(11)}  ${fmt(g99).padStart(7)}   ${fmt(b50).padStart(15)}  ${fmt(b99).padStart(7)}   ${fmt(g50 - b50).padStart(9)}  ${fmt(g99 - b99).padStart(7)}   ≤ ${target} ms${gs.length < FRAMES ? ` (${FRAMES - gs.length} frames unmatched)` : ''}`,
      );
    }
    g.destroy();
    b.destroy();
    await server.stop();
    toGlowkit.close();
    toBaseline.close();
  }
}

// --- 2. CPU ------------------------------------------------------------------------------------
if (PARTS.has(2)) {
  const CASES = [
    { width: 640, height: 360, fps: 30, bar: 45, what: "the issue's case" },
    { width: 80, height: 45, fps: 25, bar: 6, what: "Hyperion.ng's case" },
  ];
  console.log(
    `\n2. Server CPU, one client streaming to 300 LEDs, ${CPU_SECONDS} s a row: 640×360 at 30 frames/s, and 80×45 at 25 (Hyperion.ng's)`,
  );
  console.log(
    `   (black-border detection on, mode default; smoothing ${SMOOTHING ? 'on: linear, 25 Hz' : 'off'})`,
  );
  const receiver = await ledReceiver();
  const baselineReceiver = await ledReceiver();
  const server = await glowkit(300, receiver.port, { smoothing: SMOOTHING, blackborder: true });
  await server.ask({ route: [baselineReceiver.port, server.baseline] });
  const rows = [];
  /** Adds what `run` costs the child to a row (made on first use). */
  const measure = async (name, run) => {
    let row = rows.find((r) => r.name === name);
    if (!row) {
      row = { name, sent: 0, cpuMs: 0, seconds: 0, written: 0 };
      rows.push(row);
    }
    const written0 = receiver.frames + baselineReceiver.frames;
    const cpu0 = await server.cpuMs();
    const t0 = performance.now();
    row.sent += await run();
    await sleep(100);
    row.cpuMs += (await server.cpuMs()) - cpu0;
    row.seconds += (performance.now() - t0) / 1000;
    row.written += receiver.frames + baselineReceiver.frames - written0;
    return row;
  };
  // A fresh server spends its first seconds collecting what starting up left (about 0.8 % of a
  // core 3 s after start, 0.02 % after 15 s): measured before that settles, it would count as
  // the frames' cost.
  await sleep(SETTLE_SECONDS * 1000);
  const idle = await measure('idle (no client)', async () => {
    await sleep(Math.min(10, CPU_SECONDS) * 1000);
    return 0;
  });
  // The machine's load drifts: Glowkit and its baseline take turns in slices of 5 s.
  const slices = Math.max(1, Math.round(CPU_SECONDS / 5));
  const summaries = [];
  for (const { width, height, fps, bar, what } of CASES) {
    const frames = letterboxed(fps, width, height, bar);
    const size = `${width}×${height}`;
    const b = await client(server.baseline);
    const g = await client(server.flatbuf, `bench ${size}`);
    let base;
    let ours;
    for (let i = 0; i < slices; i++) {
      base = await measure(`${size} decode-only`, () =>
        stream(b, frames, fps, CPU_SECONDS / slices),
      );
      ours = await measure(`${size} Glowkit`, () => stream(g, frames, fps, CPU_SECONDS / slices));
    }
    const [source] = await inputSources(server);
    b.destroy();
    g.destroy();
    await sleep(200);
    const idleMs = (idle.cpuMs / idle.seconds) * ours.seconds;
    summaries.push(
      `   ${size} (${what}): Glowkit ${(ours.cpuMs / ours.sent).toFixed(3)} ms of CPU per frame, ${((ours.cpuMs - idleMs) / ours.sent).toFixed(3)} above idle, ${((ours.cpuMs - base.cpuMs) / ours.sent).toFixed(3)} above the decode-only baseline` +
        (source
          ? `; server's count: ${source.framesReceived} received, ${source.framesShown} shown, ${source.framesDropped} dropped, decode ${source.decodeMs} ms (mean)`
          : ''),
    );
  }
  await server.stop();
  receiver.close();
  baselineReceiver.close();
  console.log(
    '   row                     frames   writes/s   CPU % of a core   CPU ms per frame   ÷ Hyperion.ng (0.42 ms)',
  );
  for (const row of rows) {
    const perFrame = row.sent ? row.cpuMs / row.sent : undefined;
    console.log(
      `   ${row.name.padEnd(22)}  ${String(row.sent).padStart(6)}   ${(row.written / row.seconds).toFixed(1).padStart(8)}   ${((row.cpuMs / row.seconds / 1000) * 100).toFixed(2).padStart(15)}   ${perFrame === undefined ? '—'.padStart(16) : perFrame.toFixed(3).padStart(16)}   ${perFrame === undefined ? '' : `${(perFrame / 0.42).toFixed(2)}×`}`,
    );
  }
  for (const line of summaries) console.log(line);
  console.log(
    '   Hyperion.ng: 1.0–1.1 % of a core at 25 frames/s of 80×45 = 0.40–0.44 ms per frame; the aim is ≤ 0.21 ms per frame.',
  );
}

// --- 3. Flood ----------------------------------------------------------------------------------

if (PARTS.has(3)) {
  const RATE = 1000;
  const [W, H] = [240, 135];
  const LATCH = 16;
  const warmUp = Math.min(10, Math.max(1, Math.floor(FLOOD_SECONDS / 6)));
  console.log(
    `\n3. One client flooding ${RATE} frames/s of ${W}×${H} for ${FLOOD_SECONDS} s to 300 LEDs, device latchTime ${LATCH} ms (≤ ${(1000 / LATCH).toFixed(1)} writes/s)`,
  );
  const receiver = await ledReceiver();
  const server = await glowkit(300, receiver.port, { latchTime: LATCH });
  const frames = Array.from({ length: 30 }, (_, k) => {
    const data = new Uint8Array(W * H * 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + k * 13) & 255;
    return imageMessage(data, W, H);
  });
  await sleep(500);
  const rssBefore = await server.rssBytes();
  const socket = await client(server.flatbuf, 'flood');
  const rss = [];
  const writes = [];
  let sent = 0;
  let held = 0;
  const started = performance.now();
  let nextSample = started + 1000;
  let writes0 = receiver.frames;
  while (performance.now() - started < FLOOD_SECONDS * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    while (sent + held < due) {
      // A client whose socket buffer is full would block: those frames are never sent.
      if (socket.writableLength > 1024 * 1024) held += 1;
      else {
        socket.write(frames[sent % frames.length]);
        sent += 1;
      }
    }
    if (performance.now() >= nextSample) {
      nextSample += 1000;
      rss.push(await server.rssBytes());
      writes.push(receiver.frames - writes0);
      writes0 = receiver.frames;
    }
    await sleep(2);
  }
  const seconds = (performance.now() - started) / 1000;
  await sleep(200);
  const [source] = await inputSources(server);
  socket.destroy();
  await server.stop();
  receiver.close();
  const after = rss.slice(warmUp);
  const lo = Math.min(...after);
  const hi = Math.max(...after);
  const mid = (lo + hi) / 2;
  console.log(
    `   client: ${(sent / seconds).toFixed(0)} frames/s sent (${held} held back by a full socket buffer)`,
  );
  if (source) {
    console.log(
      `   server: ${source.framesReceived} received, ${source.framesShown} shown, ${source.framesDropped} dropped (newest wins), decode ${source.decodeMs} ms (mean)`,
    );
  }
  console.log(
    `   device: median ${median(writes.slice(warmUp))} writes/s (min ${Math.min(...writes.slice(warmUp))}, max ${Math.max(...writes.slice(warmUp))}); its rate ≤ ${(1000 / LATCH).toFixed(1)}`,
  );
  console.log(
    `   RSS: ${MB(rssBefore)} MB before the flood (baseline); after ${warmUp} s warm-up ${MB(after[0])} → ${MB(after.at(-1))} MB, range ${MB(lo)}–${MB(hi)} MB = ${MB(mid)} ± ${MB((hi - lo) / 2)} MB (target ± 5 MB)`,
  );
}

// --- 4. The forwarder with targets down --------------------------------------------------------

if (PARTS.has(4)) {
  const [W, H, LEDS] = [640, 360, 300];
  console.log(
    `4. Last byte received → device write, ${W}×${H} at ${LEDS} LEDs, ${FRAMES} frames a row after ${WARM_UP} warm-up, forwarding to targets that are down and hang`,
  );
  // A target that accepts and never reads: its socket buffers fill, its registration is never
  // answered.
  const held = new Set();
  const hole = createServer((socket) => {
    socket.pause();
    held.add(socket);
  });
  hole.listen(0, '127.0.0.1');
  await once(hole, 'listening');
  const holePort = hole.address().port;
  // A port nothing listens on: bound for a moment, then closed.
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const deadPort = probe.address().port;
  await new Promise((resolve) => probe.close(resolve));
  // A flatbuffers target that takes every frame: each request answered `registered: 140`.
  const b = new Builder(32);
  b.startObject(3);
  b.addFieldInt32(2, 140, -1);
  b.finish(b.endObject());
  const registered = framed(b.asUint8Array());
  let taken = 0;
  const live = createServer((socket) => {
    let buffer = Buffer.alloc(0);
    held.add(socket);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 4 && buffer.length >= 4 + buffer.readUInt32BE(0)) {
        buffer = buffer.subarray(4 + buffer.readUInt32BE(0));
        taken += 1;
        socket.write(registered);
      }
    });
  });
  live.listen(0, '127.0.0.1');
  await once(live, 'listening');
  const targets = [
    { name: 'down', host: '127.0.0.1', port: deadPort },
    { name: 'hangs', host: '127.0.0.1', port: holePort },
  ];
  const rows = [
    ['no forwarder (baseline)', {}],
    [
      'forwarding, targets down',
      { forwarder: { enable: true, instance: 0, jsonapi: targets, flatbuffer: targets } },
    ],
    [
      'forwarding to a live target',
      {
        forwarder: {
          enable: true,
          instance: 0,
          flatbuffer: [{ name: 'live', host: '127.0.0.1', port: live.address().port }],
        },
      },
    ],
  ];
  const runs = [];
  for (const [, options] of rows) {
    const receiver = await ledReceiver();
    const server = await glowkit(LEDS, receiver.port, options);
    await server.ask({ route: [receiver.port, server.flatbuf] });
    const socket = await client(server.flatbuf, 'bench');
    runs.push({ receiver, server, socket, sent: [] });
  }
  const frames = COLOURS.map((rgb) => {
    const data = new Uint8Array(W * H * 3);
    for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
    return imageMessage(data, W, H);
  });
  for (let k = 0; k < WARM_UP + FRAMES; k++) {
    const i = k % COLOURS.length;
    for (const run of runs) {
      run.sent.push(COLOURS[i]);
      const arrived = run.receiver.next(COLOURS[i]);
      run.socket.write(frames[i]);
      await arrived;
      await sleep(1);
    }
  }
  console.log('   server                        p50 ms   p99 ms   × baseline p50   p99');
  let base;
  for (const [index, run] of runs.entries()) {
    const ms = match(
      (await run.server.ask({ records: run.receiver.port })).records,
      run.sent,
    ).slice(WARM_UP);
    const p50 = percentile(ms, 0.5);
    const p99 = percentile(ms, 0.99);
    base ??= { p50, p99 };
    console.log(
      `   ${rows[index][0].padEnd(28)}  ${fmt(p50).padStart(6)}  ${fmt(p99).padStart(7)}   ${(p50 / base.p50).toFixed(2).padStart(14)}  ${(p99 / base.p99).toFixed(2).padStart(4)}`,
    );
  }
  for (const run of runs.slice(1)) {
    const reply = await fetch(`http://127.0.0.1:${run.server.http}/json-rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${run.server.token}` },
      body: JSON.stringify({ command: 'serverinfo' }),
    });
    for (const t of (await reply.json()).info.forwarder?.targets ?? []) {
      console.log(
        `   target ${t.kind} "${t.name}": ${t.state}, ${t.framesSent} sent, ${t.framesDropped} dropped`,
      );
    }
  }
  console.log(`   the live target took ${taken} requests (its registration included)`);
  for (const run of runs) {
    run.socket.destroy();
    await run.server.stop();
    run.receiver.close();
  }
  for (const socket of held) socket.destroy();
  hole.close();
  live.close();
}
