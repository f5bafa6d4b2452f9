/**
 * One UDP destination of a network LED device: the `host` and `port` keys, the host name resolved
 * once per connect, one dgram socket, and sends whose failures are one-line messages naming
 * host:port.
 */
import { createSocket, type Socket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { errorFirstLine } from '@glowkit/protocol';

/** How long a name lookup may take before open() gives up, ms. */
export const RESOLVE_TIMEOUT_MS = 2000;

/** A host name resolved to one address. */
export interface ResolvedHost {
  /** The IPv4 or IPv6 address. */
  address: string;
  /** 4 or 6. */
  family: 4 | 6;
}

/**
 * `device.host`, trimmed. The schema keeps an empty host (a new device has none), so the device
 * cannot be made without one: throws a one-line error naming the device type, as Hyperion.ng
 * refuses to init without it.
 */
export function hostOf(config: { host: string }, label: string): string {
  const host = config.host.trim();
  if (host === '') {
    throw new Error(
      `${label}: device.host is empty; set it to the controller's IP address or host name`,
    );
  }
  return host;
}

/**
 * Resolves a host name (or takes an IP literal as it is) with the system resolver, as Hyperion.ng
 * does once per open. Rejects with a one-line error after `timeoutMs`, since getaddrinfo has no
 * timeout of its own and open() must settle in bounded time.
 */
export async function resolveHost(
  label: string,
  host: string,
  timeoutMs = RESOLVE_TIMEOUT_MS,
): Promise<ResolvedHost> {
  const literal = isIP(host);
  if (literal === 4 || literal === 6) return { address: host, family: literal };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${label}: no answer for host name "${host}" within ${timeoutMs} ms; check the name server or use the controller's IP address`,
          ),
        ),
      timeoutMs,
    );
  });
  try {
    const found = await Promise.race([lookup(host), timeout]);
    return { address: found.address, family: found.family === 6 ? 6 : 4 };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(`${label}:`)) throw error;
    throw new Error(
      `${label}: cannot resolve host name "${host}" (${codeOf(error)}); check device.host or use the controller's IP address`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A UDP destination: open() resolves the host and makes one socket, send() hands datagrams to it
 * and resolves once the kernel took every one. The socket is not connected, as in Hyperion.ng: an
 * ICMP "port unreachable" from a controller that is booting would otherwise fail the next send.
 */
export class UdpTarget {
  /** Prefix of every message (`udpddp`, `wled`, …). */
  readonly label: string;
  /** The configured host name or address. */
  readonly host: string;
  /** The destination port. */
  readonly port: number;
  #socket: Socket | undefined;
  #address: string | undefined;
  /** A socket error that came outside a send; the next send reports it. */
  #error: Error | undefined;

  constructor(label: string, host: string, port: number) {
    this.label = label;
    this.host = host;
    this.port = port;
  }

  /** The address the host resolved to at the last open; undefined while closed. */
  get address(): string | undefined {
    return this.#address;
  }

  /** `host:port`, or `host (address):port` when the host is a name, for messages. */
  get where(): string {
    const address = this.#address;
    return address === undefined || address === this.host
      ? `${this.host}:${this.port}`
      : `${this.host} (${address}):${this.port}`;
  }

  /**
   * Resolves the host (unless `resolved` is given, when a device resolved it already for its own
   * HTTP calls) and makes the socket. Closes whatever was open first.
   */
  async open(resolved?: ResolvedHost): Promise<void> {
    await this.close();
    const target = resolved ?? (await resolveHost(this.label, this.host));
    const socket = createSocket(target.family === 6 ? 'udp6' : 'udp4');
    // Never let a socket error escape to the event loop; the next send reports it.
    socket.on('error', (error) => {
      this.#error = error;
    });
    this.#socket = socket;
    this.#address = target.address;
    this.#error = undefined;
  }

  /**
   * Sends the datagrams in order; resolves when all were handed to the kernel, rejects with the
   * first failure. The arrays must not change until then (callers reuse them per frame).
   */
  send(datagrams: readonly Uint8Array[]): Promise<void> {
    const socket = this.#socket;
    const address = this.#address;
    if (socket === undefined || address === undefined) {
      return Promise.reject(new Error(`${this.label}: send before open; open the device first`));
    }
    const pending = this.#error;
    if (pending !== undefined) {
      this.#error = undefined;
      return Promise.reject(this.#sendError(pending));
    }
    return new Promise<void>((resolve, reject) => {
      let left = datagrams.length;
      let failed = false;
      const done = (error: Error | null) => {
        if (failed) return;
        if (error) {
          failed = true;
          reject(this.#sendError(error));
        } else if (--left === 0) resolve();
      };
      if (left === 0) {
        resolve();
        return;
      }
      try {
        for (const datagram of datagrams) socket.send(datagram, this.port, address, done);
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Closes the socket; safe when not open and more than once. */
  async close(): Promise<void> {
    const socket = this.#socket;
    this.#socket = undefined;
    this.#address = undefined;
    this.#error = undefined;
    if (socket === undefined) return;
    await new Promise<void>((resolve) => {
      try {
        socket.close(() => resolve());
      } catch {
        resolve();
      }
    });
  }

  #sendError(error: unknown): Error {
    return new Error(
      `${this.label}: cannot send to ${this.where} (${codeOf(error)}); check that the controller is on and reachable`,
    );
  }
}

/** The system's error code (ECONNREFUSED, ENOTFOUND, …), or the first line of the message. */
export function codeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
  }
  return errorFirstLine(error) || 'unknown error';
}
