// A flatbuffers picture client for the end-to-end tests, written from the reference
// (/work/shared/reference/inputs.md §2: a u32 big-endian length, then a Request table whose
// `command` union is Register(origin, priority) or Image(RawImage(data, width, height))), as a
// grabber such as hyperion-x11 sends. It does not read the replies: the tests look at the page.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { Builder } from 'flatbuffers';

const COMMAND = { Image: 2, Register: 4 };
const RAW_IMAGE = 1;

/** A Request table with its command, finished, after its length. */
function request(b: Builder, type: number, command: number): Buffer {
  b.startObject(2);
  b.addFieldInt8(0, type, 0);
  b.addFieldOffset(1, command, 0);
  b.finish(b.endObject());
  const body = b.asUint8Array();
  const out = Buffer.alloc(4 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.set(body, 4);
  return out;
}

function register(origin: string, priority: number): Buffer {
  const b = new Builder(128);
  const name = b.createString(origin);
  b.startObject(2);
  b.addFieldOffset(0, name, 0);
  b.addFieldInt32(1, priority, 0);
  return request(b, COMMAND.Register, b.endObject());
}

function image(rgb: Uint8Array, width: number, height: number): Buffer {
  const b = new Builder(rgb.length + 128);
  const data = b.createByteVector(rgb);
  b.startObject(3);
  b.addFieldOffset(0, data, 0);
  b.addFieldInt32(1, width, -1);
  b.addFieldInt32(2, height, -1);
  const raw = b.endObject();
  b.startObject(3);
  b.addFieldInt8(0, RAW_IMAGE, 0);
  b.addFieldOffset(1, raw, 0);
  b.addFieldInt32(2, -1, -1);
  return request(b, COMMAND.Image, b.endObject());
}

/** A connected grabber. */
export interface FlatbufGrabber {
  /** Sends `count` pictures of 16×9 pixels, each a shade darker than the one before. */
  stream(count: number): void;
  /** Closes the connection and waits until it is closed. */
  close(): Promise<void>;
}

/**
 * Connects to the flatbuffers input on loopback `port` (retrying while it is not listening yet,
 * 20 s at most: a settings change restarts the listeners) and registers as `origin` at `priority`.
 */
export async function connectGrabber(
  port: number,
  origin: string,
  priority: number,
): Promise<FlatbufGrabber> {
  const deadline = Date.now() + 20_000;
  let socket: Socket | undefined;
  while (!socket) {
    const attempt = connect({ host: '127.0.0.1', port });
    try {
      await once(attempt, 'connect');
      socket = attempt;
    } catch (error) {
      attempt.destroy();
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const open = socket;
  open.on('error', () => {});
  open.resume();
  open.write(register(origin, priority));
  return {
    stream(count) {
      for (let i = 0; i < count; i++) {
        const shade = 255 - ((i * 8) % 256);
        open.write(image(new Uint8Array(16 * 9 * 3).fill(shade), 16, 9));
      }
    },
    async close() {
      const closed = once(open, 'close');
      open.end();
      await closed;
    },
  };
}
