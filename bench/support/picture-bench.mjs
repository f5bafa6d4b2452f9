// The picture-input benches' common parts (bench/inputs.mjs, bench/image-stream.mjs): a
// flatbuffers client, a `udpddp` device's receiving end, a server child with one instance of n
// LEDs around a 16:9 screen, and moving letterboxed frames sent at a steady rate.
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { connect } from 'node:net';
import { framed, rawImageMessage, registerMessage } from '../../scripts/flatbuf-messages.mjs';
import { DEFAULT_SERVER, startServerChild } from './server-child.mjs';

/** The probe bench/inputs.mjs loads into the server child (support/inputs-probe.mjs). */
export const PROBE = new URL('./inputs-probe.mjs', import.meta.url).pathname;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the flatbuffers client (inputs.md §2: scripts/flatbuf-messages.mjs) ----------------------

/** Image(RawImage(rgb, width, height)), framed. */
export const imageMessage = (rgb, width, height) => framed(rawImageMessage(rgb, width, height));

/** A connection to a picture input; replies are read and dropped once registered. */
export async function client(port, origin) {
  const socket = connect({ host: '127.0.0.1', port });
  await once(socket, 'connect');
  socket.setNoDelay(true);
  socket.on('error', () => {});
  if (origin !== undefined) {
    socket.write(framed(registerMessage(origin, 150)));
    await once(socket, 'data');
  }
  socket.on('data', () => {});
  return socket;
}

// --- the device's receiving end ----------------------------------------------------------------

/** A UDP socket counting DDP push datagrams (one per frame written) and their first LED. */
export async function ledReceiver() {
  const socket = createSocket('udp4');
  const receiver = { socket, port: 0, frames: 0, waiting: undefined };
  socket.on('message', (m) => {
    if ((m[0] & 0x01) === 0) return;
    receiver.frames += 1;
    const waiting = receiver.waiting;
    if (
      waiting &&
      m[10] === waiting.rgb[0] &&
      m[11] === waiting.rgb[1] &&
      m[12] === waiting.rgb[2]
    ) {
      receiver.waiting = undefined;
      clearTimeout(waiting.timer);
      waiting.resolve();
    }
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  receiver.port = socket.address().port;
  /** Resolves when a frame whose first LED is `rgb` arrives. */
  receiver.next = (rgb) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no frame of colour ${rgb} reached port ${receiver.port} in 10 s`)),
        10_000,
      );
      receiver.waiting = { rgb, resolve, timer };
    });
  receiver.close = () => socket.close();
  return receiver;
}

// --- the server --------------------------------------------------------------------------------

/** n LEDs around a 16:9 screen, clockwise from the top left, each 8 % deep. */
export function screenLeds(n) {
  const top = Math.round((n * 16) / 50);
  const side = Math.floor((n - 2 * top) / 2);
  const bottom = n - top - 2 * side;
  const leds = [];
  const r = (x) => Number(x.toFixed(4));
  for (let i = 0; i < top; i++)
    leds.push({ hmin: r(i / top), hmax: r((i + 1) / top), vmin: 0, vmax: 0.08 });
  for (let i = 0; i < side; i++)
    leds.push({ hmin: 0.95, hmax: 1, vmin: r(i / side), vmax: r((i + 1) / side) });
  for (let i = bottom - 1; i >= 0; i--)
    leds.push({ hmin: r(i / bottom), hmax: r((i + 1) / bottom), vmin: 0.92, vmax: 1 });
  for (let i = side - 1; i >= 0; i--)
    leds.push({ hmin: 0, hmax: 0.05, vmin: r(i / side), vmax: r((i + 1) / side) });
  return leds;
}

/**
 * A server child with one instance of `leds` LEDs on a `udpddp` device sending to `port`, no
 * effects, the flatbuffers server on a free port, the probe's decode-only baseline, and the
 * `forwarder` group given (off by default); `globalSettings` and `instanceSettings` add groups.
 */
export async function glowkit(
  leds,
  port,
  {
    smoothing = false,
    latchTime = 0,
    blackborder = false,
    probe = PROBE,
    forwarder = { enable: false },
    globalSettings = {},
    instanceSettings = {},
  } = {},
) {
  return startServerChild(
    DEFAULT_SERVER,
    { flatbufPort: 0 },
    {
      probe,
      globalSettings: {
        flatbufServer: { enable: true, port: 19400, timeout: 30 },
        forwarder,
        ...globalSettings,
      },
      instanceSettings: {
        device: {
          type: 'udpddp',
          host: '127.0.0.1',
          port,
          hardwareLedCount: leds,
          colorOrder: 'rgb',
          latchTime,
          rewriteTime: 0,
        },
        leds: screenLeds(leds),
        smoothing: smoothing
          ? { enable: true, type: 'linear', time_ms: 150, updateFrequency: 25 }
          : { enable: false },
        foregroundEffect: { enable: false },
        backgroundEffect: { enable: false },
        color: { imageToLedMappingType: 'multicolor_mean', channelAdjustment: [] },
        blackborderdetector: {
          enable: blackborder,
          threshold: 5,
          unknownFrameCnt: 600,
          borderFrameCnt: 50,
          maxInconsistentCnt: 10,
          blurRemoveCnt: 1,
          mode: 'default',
        },
        ...instanceSettings,
      },
    },
  );
}

/** `serverinfo`'s `info`, over HTTP JSON-RPC. */
export async function serverInfo(server) {
  const reply = await fetch(`http://127.0.0.1:${server.http}/json-rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ command: 'serverinfo' }),
  });
  return (await reply.json()).info;
}

/** `serverinfo`'s input sources. */
export async function inputSources(server) {
  return (await serverInfo(server)).inputSources ?? [];
}

/** `count` frames of a moving picture letterboxed to 2.39:1 (black bars of `bar` rows). */
export function letterboxed(count, width, height, bar) {
  return Array.from({ length: count }, (_, k) => {
    const data = new Uint8Array(width * height * 3);
    for (let y = bar; y < height - bar; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        data[i] = (x + 8 * k) & 255;
        data[i + 1] = (y * 2 + 5 * k) & 255;
        data[i + 2] = ((x ^ y) + 3 * k) & 255;
      }
    }
    return imageMessage(data, width, height);
  });
}

/** Sends `frames` in turn at `fps` for `seconds`; returns how many were sent. */
export async function stream(socket, frames, fps, seconds) {
  const started = performance.now();
  let sent = 0;
  while (sent < fps * seconds) {
    const due = started + (sent * 1000) / fps;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    socket.write(frames[sent % frames.length]);
    sent += 1;
  }
  return sent;
}
