// The probe bench/inputs.mjs loads into the server child (see server-child.mjs), before the
// server. It timestamps, on the child's own clock, the two ends of a picture's way through the
// server without a hook in the server's code:
// - the last chunk of bytes read from a picture input's socket (every `data` event of a socket
//   whose local port is watched), which is when the frame's last byte was received when the
//   bench sends one frame at a time;
// - every DDP datagram with the push flag (the last datagram of a frame) the child sends, with
//   the first LED's colour, which is the device write (a `udpddp` device's send to the kernel).
// It also runs the baseline in the same process: a TCP server that cuts the same length-prefixed
// messages and reads them with the same codec (flatbuf-codec's readRequest), then sends one
// push datagram with the picture's first pixel — decoding and nothing else.
import { createSocket, Socket as UdpSocket } from 'node:dgram';
import { createServer, Socket } from 'node:net';

const DIST = new URL('../../apps/server/dist/inputs/', import.meta.url);
const { readRequest } = await import(new URL('flatbuffers/flatbuf-codec.js', DIST).href);
const { LengthPrefixedReader } = await import(new URL('length-prefixed.js', DIST).href);

/** Local port of a watched input → when its last `data` chunk was read. */
const lastData = new Map();
/** Destination port of the datagrams → the input port whose frames they show. */
const routes = new Map();
/** Push datagrams sent, by destination port: [sent at, ms since the input's last chunk, r, g, b]. */
const records = new Map();

const emit = Socket.prototype.emit;
Socket.prototype.emit = function (event, ...args) {
  if (event === 'data' && lastData.has(this.localPort)) {
    lastData.set(this.localPort, performance.now());
  }
  return emit.call(this, event, ...args);
};

const send = UdpSocket.prototype.send;
UdpSocket.prototype.send = function (message, ...args) {
  const port = typeof args[0] === 'number' ? args[0] : args[2];
  const input = routes.get(port);
  // DDP version 1 with the push flag: the last datagram of a frame.
  if (input !== undefined && message.length >= 13 && (message[0] & 0x41) === 0x41) {
    const now = performance.now();
    records.get(port).push([now, now - lastData.get(input), message[10], message[11], message[12]]);
  }
  return send.call(this, message, ...args);
};

let baseline;
const connections = new Set();
const udp = createSocket('udp4');

/** Starts the decode-only baseline server; its port is in the ready message. */
export async function start(server) {
  const flatbuf = server.listening.flatbuf?.port;
  if (flatbuf !== undefined) lastData.set(flatbuf, 0);
  let target = 0;
  baseline = createServer((socket) => {
    const reader = new LengthPrefixedReader();
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      for (const body of reader.push(chunk)) {
        const request = readRequest(body);
        if (request.command !== 'image' || target === 0) continue;
        const { data } = request.picture;
        const datagram = Buffer.alloc(13);
        datagram[0] = 0x41;
        datagram.set(data.subarray(0, 3), 10);
        udp.send(datagram, target, '127.0.0.1');
      }
    });
  });
  baseline.on('connection', (socket) => socket.setNoDelay(true));
  await new Promise((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const port = baseline.address().port;
  lastData.set(port, 0);
  baseline.setTarget = (p) => {
    target = p;
  };
  return { baseline: port };
}

/**
 * `{ route: [datagram port, input port] }` watches a pair (the baseline's datagrams go to the
 * first one registered for its port); `{ records: port }` hands over and forgets the records.
 */
export function message(m) {
  if (m.route) {
    const [to, input] = m.route;
    routes.set(to, input);
    records.set(to, []);
    if (input === baseline.address().port) baseline.setTarget(to);
    return { ok: true };
  }
  if (m.records !== undefined) {
    const list = records.get(m.records) ?? [];
    records.set(m.records, []);
    return { records: list };
  }
  return { error: `unknown message ${JSON.stringify(m)}` };
}

export async function stop() {
  udp.close();
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => baseline.close(resolve));
}
