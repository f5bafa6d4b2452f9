/**
 * Fuzzing a length-prefixed picture port (flatbuffers, protobuf): frames made from valid
 * messages by a seeded generator, so that every run sends the same frames and a failure can be
 * replayed, and the loop that sends them one by one, reconnecting after each close.
 */
import type { FramedClient } from './framed-client.js';

// The generator the flatbuffers and protobuf fuzz tests seed.
export { xorshift32 } from '../../../../scripts/seeded-random.mjs';

/**
 * A maker of fuzzed frames: a template with bits flipped, a byte set to an extreme, cut short,
 * or random bytes instead, each a quarter of the time.
 */
export function frameMutator(
  templates: readonly Uint8Array[],
  random: () => number,
): () => Uint8Array {
  const pick = (n: number) => Math.floor(random() * n);
  return () => {
    const base = Uint8Array.from(templates[pick(templates.length)] as Uint8Array);
    switch (pick(4)) {
      case 0: // flip bits
        for (let i = 0, n = 1 + pick(4); i < n; i++) {
          const at = pick(base.length);
          base[at] = (base[at] as number) ^ (1 << pick(8));
        }
        return base;
      case 1: // overwrite a byte with an extreme
        base[pick(base.length)] = [0, 0x7f, 0x80, 0xff][pick(4)] as number;
        return base;
      case 2: // truncate
        return base.subarray(0, 1 + pick(base.length - 1));
      default: // random bytes
        return Uint8Array.from({ length: 1 + pick(64) }, () => pick(256));
    }
  };
}

/** How to fuzz one port. */
export interface FramedFuzz<Reply> {
  /** A new connection to the port. */
  connect: () => Promise<FramedClient<Reply>>;
  /** The next frame to send. */
  frame: () => Uint8Array;
  /** Whether the server closes the connection after this reply (an error it does not forgive). */
  closesAfter: (reply: Reply) => boolean;
  /** How many frames to send. */
  frames: number;
  /** Called after every 1,000th frame, with the count sent (e.g. to ask serverinfo). */
  check: (sent: number) => Promise<void>;
  /** A bound on the whole loop, in case the server stalls: 120 s. */
  timeoutMs?: number;
}

/**
 * Sends the frames one at a time, each after the previous one's reply or close, and opens a
 * new connection whenever the server closed one. Returns how many frames went out and over how
 * many connections.
 */
export async function fuzzFramed<Reply>(
  fuzz: FramedFuzz<Reply>,
): Promise<{ sent: number; connections: number }> {
  const deadline = Date.now() + (fuzz.timeoutMs ?? 120_000);
  let c = await fuzz.connect();
  let sent = 0;
  let connections = 1;
  while (sent < fuzz.frames && Date.now() < deadline) {
    const n = c.replies.length;
    c.send(fuzz.frame());
    sent += 1;
    // Every message gets a reply, or its connection is closed (after an error reply).
    while (c.replies.length <= n && !c.closed) {
      const client = c;
      await new Promise<void>((resolve) => {
        client.socket.once('data', () => resolve());
        client.socket.once('close', () => resolve());
      });
    }
    // A reply the connection ends with: wait for the close, so that a close racing the next
    // frame is not counted as that frame's.
    if (c.replies.length > n && fuzz.closesAfter(c.replies.at(-1) as Reply)) {
      await c.whenClosed();
    }
    if (c.closed) {
      c = await fuzz.connect();
      connections += 1;
    }
    if (sent % 1000 === 0) await fuzz.check(sent);
  }
  c.close();
  return { sent, connections };
}
