// A flatbuffers picture client for the end-to-end tests: it registers and streams pictures as a
// grabber such as hyperion-x11 does, with the messages of scripts/flatbuf-messages.mjs (written
// from the reference, shared with the server's tests and the benchmark). It does not read the
// replies: the tests look at the page.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { framed, rawImageMessage, registerMessage } from '../../../../scripts/flatbuf-messages.mjs';

/** A connected grabber. */
export interface FlatbufGrabber {
  /** Sends `count` pictures of 16×9 pixels, each a shade darker than the one before. */
  stream(count: number): void;
  /** Sends a 64×48 orange picture letterboxed by 6 black rows above and below. */
  letterboxed(): void;
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
  open.write(framed(registerMessage(origin, priority)));
  return {
    stream(count) {
      for (let i = 0; i < count; i++) {
        const shade = 255 - ((i * 8) % 256);
        open.write(framed(rawImageMessage(new Uint8Array(16 * 9 * 3).fill(shade), 16, 9)));
      }
    },
    letterboxed() {
      const pixels = new Uint8Array(64 * 48 * 3);
      for (let i = 64 * 6 * 3; i < 64 * 42 * 3; i += 3) pixels.set([255, 128, 0], i);
      open.write(framed(rawImageMessage(pixels, 64, 48)));
    },
    async close() {
      const closed = once(open, 'close');
      open.end();
      await closed;
    },
  };
}
