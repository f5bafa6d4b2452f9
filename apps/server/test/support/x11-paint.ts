/**
 * Paints an Xvfb screen (support/xvfb-display.ts) over the X11 protocol itself — a unix socket and
 * three requests, no X library — so that a letterboxed picture or a gradient is as easy to show as
 * a colour (xsetroot paints one colour only).
 */
import { connect, type Socket } from 'node:net';

/** Reads exactly `n` bytes from a socket. */
function reader(socket: Socket): (n: number) => Promise<Buffer> {
  let buffered = Buffer.alloc(0);
  let waiting: { n: number; resolve: (b: Buffer) => void } | undefined;
  const drain = () => {
    if (waiting && buffered.length >= waiting.n) {
      const { n, resolve } = waiting;
      waiting = undefined;
      const out = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      resolve(out);
    }
  };
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    drain();
  });
  return (n) =>
    new Promise((resolve) => {
      waiting = { n, resolve };
      drain();
    });
}

const pad4 = (n: number): number => (4 - (n % 4)) % 4;

/**
 * Puts a picture (RGB, `width`×`height`, 3 bytes a pixel) on the root window of `display` at its
 * top-left corner, and resolves once the X server has drawn it (a round trip after the drawing).
 */
export async function paint(
  display: string,
  width: number,
  height: number,
  rgb: Uint8Array,
): Promise<void> {
  const number = Number(display.replace(/^:/, '').split('.')[0]);
  const socket = connect(`/tmp/.X11-unix/X${number}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  try {
    const read = reader(socket);
    // Connection set-up: little-endian, protocol 11.0, no authorisation.
    const setup = Buffer.alloc(12);
    setup.write('l', 0, 'latin1');
    setup.writeUInt16LE(11, 2);
    socket.write(setup);
    const head = await read(8);
    if (head[0] !== 1) throw new Error(`X server ${display} refused the connection`);
    const body = await read(head.readUInt16LE(6) * 4);
    // Offsets into the set-up reply after its 8-byte head.
    const idBase = body.readUInt32LE(4);
    const vendorLength = body.readUInt16LE(16);
    const maxRequest = body.readUInt16LE(18) * 4;
    const formats = body.readUInt8(21);
    const root = body.readUInt32LE(32 + vendorLength + pad4(vendorLength) + 8 * formats);
    // CreateGC (55): a plain graphics context on the root window.
    const gc = idBase | 1;
    const create = Buffer.alloc(16);
    create.writeUInt8(55, 0);
    create.writeUInt16LE(4, 2);
    create.writeUInt32LE(gc, 4);
    create.writeUInt32LE(root, 8);
    socket.write(create);
    // PutImage (72), ZPixmap at depth 24, 4 bytes a pixel (B, G, R, unused), in bands of rows
    // that fit one request.
    const rows = Math.max(1, Math.floor((maxRequest - 24) / (4 * width)));
    for (let y0 = 0; y0 < height; y0 += rows) {
      const band = Math.min(rows, height - y0);
      const data = Buffer.alloc(4 * width * band);
      for (let i = 0; i < width * band; i++) {
        const from = (y0 * width + i) * 3;
        data[i * 4] = rgb[from + 2] as number;
        data[i * 4 + 1] = rgb[from + 1] as number;
        data[i * 4 + 2] = rgb[from] as number;
      }
      const put = Buffer.alloc(24);
      put.writeUInt8(72, 0);
      put.writeUInt8(2, 1);
      put.writeUInt16LE(6 + data.length / 4, 2);
      put.writeUInt32LE(root, 4);
      put.writeUInt32LE(gc, 8);
      put.writeUInt16LE(width, 12);
      put.writeUInt16LE(band, 14);
      put.writeInt16LE(0, 16);
      put.writeInt16LE(y0, 18);
      put.writeUInt8(0, 20);
      put.writeUInt8(24, 21);
      socket.write(Buffer.concat([put, data]));
    }
    // GetInputFocus (43): its reply comes after everything above was done.
    const sync = Buffer.alloc(4);
    sync.writeUInt8(43, 0);
    sync.writeUInt16LE(1, 2);
    socket.write(sync);
    for (;;) {
      const event = await read(32);
      if (event[0] === 1) break;
      if (event[0] === 0) throw new Error(`X error ${event[1]} painting ${display}`);
    }
  } finally {
    socket.destroy();
  }
}

/** A picture of one colour. */
export function solid(
  width: number,
  height: number,
  rgb: readonly [number, number, number],
): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  for (let i = 0; i < out.length; i += 3) out.set(rgb, i);
  return out;
}
