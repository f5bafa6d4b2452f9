// Benchmark: what the image stream (`ledcolors imagestream-start`, issue 21 §7) costs the server,
// against the built server (apps/server/dist) in a child process, over loopback.
//
// One flatbuffers client streams a moving letterboxed picture to one instance of 300 LEDs (a
// `udpddp` device, smoothing on), first 640×360 at 30 frames/s, then 1920×1080 at 25. The server's
// CPU is measured in slices of 5 s that take turns: with no stream (the baseline), and with one
// WebSocket session streaming the instance's picture. Per row: the server's CPU per frame, the
// pictures pushed per second, their mean size, and the CPU each pushed picture costs above the
// baseline (scaling down to ≤ 320 px wide, PNG encoding, base64, the WebSocket write).
//
// Flags: --seconds S (per row, default 30), --settle S (the fresh server's wait before measuring,
// default 20). It asserts nothing.
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import {
  client,
  glowkit,
  ledReceiver,
  letterboxed,
  sleep,
  stream,
} from './support/picture-bench.mjs';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    settle: { type: 'string', default: '20' },
  },
});
const SECONDS = Number(flags.seconds);
const SLICE_SECONDS = 5;

/** A signed-in WebSocket session counting the image-stream pushes it gets. */
async function viewer(server) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.http}/json-rpc`, {
    headers: { Authorization: `Bearer ${server.token}` },
  });
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  const seen = { images: 0, bytes: 0 };
  const replies = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.command === 'ledcolors-imagestream-update') {
      seen.images += 1;
      seen.bytes += message.data.image.length;
    } else {
      replies.shift()?.(message);
    }
  });
  const send = (request) =>
    new Promise((resolve) => {
      replies.push(resolve);
      ws.send(JSON.stringify(request));
    });
  return {
    seen,
    async start() {
      const reply = await send({ command: 'ledcolors', subcommand: 'imagestream-start' });
      if (!reply.success) throw new Error(`imagestream-start refused: ${reply.error}`);
    },
    async stop() {
      await send({ command: 'ledcolors', subcommand: 'imagestream-stop' });
    },
    close: () => ws.close(),
  };
}

const receiver = await ledReceiver();
const server = await glowkit(300, receiver.port, { smoothing: true, probe: null });
// A fresh server spends its first seconds collecting what starting up left.
await sleep(Number(flags.settle) * 1000);
const watcher = await viewer(server);

console.log(
  `Image stream: one client streaming to 300 LEDs (smoothing on), ${SECONDS} s a row in ${SLICE_SECONDS} s slices taking turns; one WebSocket session streaming the picture, or none (baseline)`,
);
console.log(
  '   picture         row          frames   CPU ms per frame   pictures/s   mean data URL   CPU ms per picture above baseline',
);
for (const { width, height, fps } of [
  { width: 640, height: 360, fps: 30 },
  { width: 1920, height: 1080, fps: 25 },
]) {
  const frames = letterboxed(fps, width, height, Math.round(height / 8));
  const socket = await client(server.flatbuf, `bench ${width}×${height}`);
  const rows = {
    off: { frames: 0, cpuMs: 0, images: 0, bytes: 0 },
    on: { frames: 0, cpuMs: 0, images: 0, bytes: 0, seconds: 0 },
  };
  for (let i = 0; i < Math.max(1, Math.round(SECONDS / SLICE_SECONDS)); i++) {
    for (const side of ['off', 'on']) {
      if (side === 'on') await watcher.start();
      const images0 = watcher.seen.images;
      const bytes0 = watcher.seen.bytes;
      const cpu0 = await server.cpuMs();
      const t0 = performance.now();
      rows[side].frames += await stream(socket, frames, fps, SLICE_SECONDS);
      await sleep(100);
      rows[side].cpuMs += (await server.cpuMs()) - cpu0;
      if (side === 'on') {
        rows.on.seconds += (performance.now() - t0) / 1000;
        await watcher.stop();
        rows.on.images += watcher.seen.images - images0;
        rows.on.bytes += watcher.seen.bytes - bytes0;
      }
    }
  }
  socket.destroy();
  await sleep(300);
  const size = `${width}×${height}`.padEnd(14);
  const perFrame = (row) => (row.cpuMs / row.frames).toFixed(3).padStart(16);
  console.log(
    `   ${size}  no stream   ${String(rows.off.frames).padStart(8)}   ${perFrame(rows.off)}`,
  );
  const above =
    rows.on.images > 0
      ? ((rows.on.cpuMs - (rows.off.cpuMs / rows.off.frames) * rows.on.frames) / rows.on.images)
          .toFixed(3)
          .padStart(10)
      : '—';
  console.log(
    `   ${size}  streaming   ${String(rows.on.frames).padStart(8)}   ${perFrame(rows.on)}   ${(rows.on.images / rows.on.seconds).toFixed(1).padStart(10)}   ${`${(rows.on.bytes / Math.max(1, rows.on.images) / 1024).toFixed(1)} KB`.padStart(13)}   ${above}`,
  );
}
watcher.close();
await server.stop();
receiver.close();
