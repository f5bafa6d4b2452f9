/**
 * A loopback UDP receiver for tests and benchmarks: binds 127.0.0.1 on an ephemeral port and
 * keeps every datagram it gets, in order, so a test can assert the exact bytes a real controller
 * would see.
 *
 * @example
 * const receiver = await UdpReceiver.start();
 * // point a device at 127.0.0.1:receiver.port, write a frame, then:
 * const [packet] = await receiver.waitFor(1);
 * await receiver.close();
 */
import { createSocket, type Socket } from 'node:dgram';

/** One datagram as received. */
export interface ReceivedDatagram {
  /** Its bytes (a copy the receiver owns). */
  bytes: Buffer;
  /** When it arrived, `performance.now()` ms. */
  at: number;
  /** The sender's port. */
  fromPort: number;
}

/** Collects datagrams on a loopback port until closed. */
export class UdpReceiver {
  /** Every datagram so far, oldest first. */
  readonly datagrams: ReceivedDatagram[] = [];
  /** Called for each datagram as it arrives, after it was stored. */
  onDatagram: ((datagram: ReceivedDatagram) => void) | undefined;
  /** The port it listens on. */
  readonly port: number;
  readonly #socket: Socket;
  readonly #waiters = new Set<() => void>();
  #closed = false;

  private constructor(socket: Socket) {
    this.#socket = socket;
    this.port = socket.address().port;
    socket.on('message', (bytes, rinfo) => {
      const datagram = { bytes: Buffer.from(bytes), at: performance.now(), fromPort: rinfo.port };
      this.datagrams.push(datagram);
      this.onDatagram?.(datagram);
      for (const wake of this.#waiters) wake();
    });
  }

  /** Binds a new receiver to 127.0.0.1 on a free port. */
  static async start(): Promise<UdpReceiver> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve();
      });
    });
    return new UdpReceiver(socket);
  }

  /** The bytes of every datagram so far. */
  get packets(): Buffer[] {
    return this.datagrams.map((datagram) => datagram.bytes);
  }

  /**
   * Resolves with the first `count` datagrams once that many arrived; rejects after `timeoutMs`
   * saying how many came.
   */
  waitFor(count: number, timeoutMs = 10_000): Promise<Buffer[]> {
    return this.waitUntil(
      () => this.datagrams.length >= count,
      timeoutMs,
      () => `${count} datagrams`,
    ).then(() => this.packets.slice(0, count));
  }

  /**
   * Resolves once `ready()` holds (checked now and after each datagram); rejects after
   * `timeoutMs` with what was awaited and how many datagrams came.
   */
  waitUntil(ready: () => boolean, timeoutMs = 10_000, what = () => 'a condition'): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (!ready()) return;
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(wake);
        reject(
          new Error(
            `UDP receiver on port ${this.port}: waited ${timeoutMs} ms for ${what()}, got ${this.datagrams.length} datagrams`,
          ),
        );
      }, timeoutMs);
      this.#waiters.add(wake);
    });
  }

  /**
   * Resolves when no datagram arrived for `quietMs` (to assert that nothing more comes), or after
   * 100 such waits when datagrams keep coming.
   */
  async settle(quietMs = 50): Promise<void> {
    let seen = -1;
    for (let round = 0; round < 100 && seen !== this.datagrams.length; round++) {
      seen = this.datagrams.length;
      await new Promise((resolve) => setTimeout(resolve, quietMs));
    }
  }

  /** Forgets the datagrams received so far. */
  clear(): void {
    this.datagrams.length = 0;
  }

  /** Closes the socket; safe more than once. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await new Promise<void>((resolve) => this.#socket.close(() => resolve()));
  }
}
