/**
 * A WLED stand-in for tests and benchmarks: a small HTTP server and two UDP receivers on loopback
 * that behave like a WLED controller as its JSON API documents it (https://kno.wled.ge/interfaces/json-api/)
 * and its source does (`wled00/json.cpp`, `udp.cpp`, `e131.cpp`):
 *
 * - `GET /json` or `/json/`: `{state, info, effects, palettes}`; `GET /json/state`, `/json/info`.
 * - `POST /json/state` (or `/json`, `/json/`): applies `on`, `bri`, `tt`, `transition`, `udpn`
 *   (`send`, `recv`, `sgrp`, `rgrp`), `mainseg` (ignored while in realtime mode, as WLED does),
 *   `lor`, `live` (true: realtime mode held until `live:false`; false: leaves realtime mode),
 *   `seg` (an array or one object; `on`, `bri`, `fx`, `sx`, `ix`, `pal`, `sel` per segment), in
 *   WLED's order; answers `{"success":true}`.
 * - DDP on {@link WledStandIn.ddpPort}: every header byte checked by {@link DdpDecoder}, frames
 *   kept on PUSH; raw RGB on the "Hyperion" port {@link WledStandIn.rawPort}: one frame per
 *   datagram of 3–1472 bytes. Each packet enters realtime mode for 2.5 s unless `live:true`
 *   holds it.
 *
 * Everything it receives is kept (`requests`, `ddpFrames`, `rawFrames`, `problems`) so a test can
 * assert the exact JSON and bytes a real WLED would get. Nothing listens beyond 127.0.0.1.
 *
 * @example
 * const wled = await WledStandIn.start({ ver: '0.14.4' });
 * const device = new WledDevice(config({ host: wled.host }), { ddpPort: wled.ddpPort, rawPort: wled.rawPort });
 * await device.open();            // GET /json/, POST {"on":true,"live":true,…}
 * await device.write(frame);
 * await wled.waitForFrames('ddp', 1);
 * await device.close();           // POST {"live":false,…}
 * await wled.close();
 */
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isJsonObject, parseJson } from '@glowkit/protocol';
import { DdpDecoder } from './ddp-decoder.js';

/** One segment as `GET /json/state` lists it (the keys the stand-in keeps). */
export interface WledStandInSegment {
  id: number;
  start: number;
  stop: number;
  len: number;
  on: boolean;
  bri: number;
  fx: number;
  sx: number;
  ix: number;
  pal: number;
  sel: boolean;
}

/** The stand-in's `state` object (as `GET /json/state` returns it). */
export interface WledStandInState {
  on: boolean;
  /** The last non-zero brightness, as WLED reports it even while off. */
  bri: number;
  transition: number;
  ps: number;
  pl: number;
  udpn: { send: boolean; recv: boolean; sgrp: number; rgrp: number };
  lor: number;
  mainseg: number;
  seg: WledStandInSegment[];
}

/** Options of {@link WledStandIn.start}. */
export interface WledStandInOptions {
  /** `info.ver`; default `0.14.4`. */
  ver?: string;
  /** `info.liveseg`: -1 unless "Use main segment only" is on; default -1. */
  liveseg?: number;
  /** `info.leds.count`; default 100 (one segment 0–100 unless `segments` says otherwise). */
  ledCount?: number;
  /** The state to start from, over the defaults (on, bri 128, sync on, segment 0). */
  state?: Partial<WledStandInState>;
  /** Never answer HTTP requests (a WLED that hangs), to test timeouts; see {@link WledStandIn.hang}. */
  hang?: boolean;
}

/** One HTTP request as received. */
export interface WledRequest {
  method: string;
  path: string;
  /** The body as text ('' for GET). */
  body: string;
  /** The body parsed, or undefined when it is not JSON. */
  json: unknown;
}

/** How long a realtime packet keeps WLED in realtime mode (`realtimeTimeoutMs`). */
export const WLED_REALTIME_TIMEOUT_MS = 2500;
const UDP_IN_MAXSIZE = 1472;

/** A WLED controller on loopback. Start it with {@link WledStandIn.start}; close it after. */
export class WledStandIn {
  /** The current state; tests may read it, or set it up before the device opens. */
  state: WledStandInState;
  /** Every HTTP request, oldest first. */
  readonly requests: WledRequest[] = [];
  /** Frames shown from DDP (one per PUSH), oldest first. */
  readonly ddpFrames: Uint8Array[] = [];
  /** Frames shown from raw UDP (one per datagram), oldest first. */
  readonly rawFrames: Uint8Array[] = [];
  /** Protocol violations seen (a bad DDP header, a raw datagram of a bad size); empty if none. */
  readonly problems: string[] = [];
  /** `info.ver`. */
  ver: string;
  /** `info.liveseg`. */
  liveseg: number;
  /** While true, HTTP requests are recorded but never answered (a WLED that hangs). */
  hang: boolean;
  readonly httpPort: number;
  readonly ddpPort: number;
  readonly rawPort: number;
  readonly #server: Server;
  readonly #ddpSocket: Socket;
  readonly #rawSocket: Socket;
  readonly #ledCount: number;
  readonly #waiters = new Set<() => void>();
  #ddp = new DdpDecoder();
  /** performance.now() until which realtime mode lasts; Infinity while `live:true` holds it. */
  #realtimeUntil = 0;
  #liveMode = '';
  #closed = false;

  private constructor(
    server: Server,
    ddpSocket: Socket,
    rawSocket: Socket,
    options: WledStandInOptions,
  ) {
    this.#server = server;
    this.#ddpSocket = ddpSocket;
    this.#rawSocket = rawSocket;
    const address = server.address();
    this.httpPort = typeof address === 'object' && address !== null ? address.port : 0;
    this.ddpPort = ddpSocket.address().port;
    this.rawPort = rawSocket.address().port;
    this.ver = options.ver ?? '0.14.4';
    this.liveseg = options.liveseg ?? -1;
    this.hang = options.hang ?? false;
    this.#ledCount = options.ledCount ?? 100;
    this.state = {
      on: true,
      bri: 128,
      transition: 7,
      ps: -1,
      pl: -1,
      udpn: { send: true, recv: true, sgrp: 1, rgrp: 1 },
      lor: 0,
      mainseg: 0,
      seg: [segment(0, 0, this.#ledCount)],
      ...structuredClone(options.state ?? {}),
    };
    server.on('request', (req, res) => this.#onRequest(req, res));
    ddpSocket.on('message', (packet) => this.#onDdp(packet));
    rawSocket.on('message', (packet) => this.#onRaw(packet));
  }

  /** Starts a stand-in on 127.0.0.1: HTTP, DDP and raw UDP, each on a free port. */
  static async start(options: WledStandInOptions = {}): Promise<WledStandIn> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const [ddpSocket, rawSocket] = await Promise.all([bindUdp(), bindUdp()]);
    return new WledStandIn(server, ddpSocket, rawSocket, options);
  }

  /** `127.0.0.1:<httpPort>`: what `device.host` is set to. */
  get host(): string {
    return `127.0.0.1:${this.httpPort}`;
  }

  /** Whether realtime mode is on (`info.live`). */
  get live(): boolean {
    return performance.now() < this.#realtimeUntil;
  }

  /** Whether realtime mode is held by `live:true` (no timeout). */
  get liveHeld(): boolean {
    return this.#realtimeUntil === Number.POSITIVE_INFINITY;
  }

  /** The `info` object as `GET /json/info` returns it. */
  get info(): Record<string, unknown> {
    const live = this.live;
    return {
      ver: this.ver,
      vid: 2405180,
      leds: { count: this.#ledCount, rgbw: false, maxseg: 32 },
      name: 'WLED stand-in',
      udpport: 21324,
      live,
      liveseg: this.liveseg,
      lm: live ? this.#liveMode : '',
      lip: live ? '127.0.0.1' : '',
      brand: 'WLED',
      ip: '127.0.0.1',
    };
  }

  /**
   * The DDP decoder (its `headers` hold every packet's header). It expects one sender whose
   * sequence numbers run on from packet to packet; call {@link resetDdp} before a new sender.
   */
  get ddp(): DdpDecoder {
    return this.#ddp;
  }

  /** Starts DDP checks afresh (a new sender starts its own sequence); frames so far stay. */
  resetDdp(): void {
    this.#ddp = new DdpDecoder();
  }

  /** The POST bodies received, parsed, oldest first. */
  get posts(): unknown[] {
    return this.requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.json);
  }

  /** A deep copy of the state, to compare before and after. */
  snapshot(): WledStandInState {
    return structuredClone(this.state);
  }

  /** Resolves once `count` frames came by `kind`; rejects after `timeoutMs`. */
  waitForFrames(kind: 'ddp' | 'raw', count: number, timeoutMs = 10_000): Promise<Uint8Array[]> {
    const frames = kind === 'ddp' ? this.ddpFrames : this.rawFrames;
    return this.waitUntil(() => frames.length >= count, timeoutMs, `${count} ${kind} frames`).then(
      () => frames.slice(0, count),
    );
  }

  /** Resolves once `count` HTTP requests came; rejects after `timeoutMs`. */
  waitForRequests(count: number, timeoutMs = 10_000): Promise<WledRequest[]> {
    return this.waitUntil(() => this.requests.length >= count, timeoutMs, `${count} requests`).then(
      () => this.requests.slice(0, count),
    );
  }

  /** Resolves once `ready()` holds (checked now and after each request or packet). */
  waitUntil(ready: () => boolean, timeoutMs = 10_000, what = 'a condition'): Promise<void> {
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
            `WLED stand-in: waited ${timeoutMs} ms for ${what}; got ${this.requests.length} requests, ${this.ddpFrames.length} DDP and ${this.rawFrames.length} raw frames`,
          ),
        );
      }, timeoutMs);
      this.#waiters.add(wake);
    });
  }

  /** Stops the server (dropping open connections) and both sockets; safe more than once. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#server.closeAllConnections();
    await Promise.all([
      new Promise<void>((resolve) => this.#server.close(() => resolve())),
      new Promise<void>((resolve) => this.#ddpSocket.close(() => resolve())),
      new Promise<void>((resolve) => this.#rawSocket.close(() => resolve())),
    ]);
  }

  #onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = parseJson(body);
      const json = parsed.ok ? parsed.value : undefined;
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      this.requests.push({ method: req.method ?? '', path, body, json });
      this.#wake();
      if (this.hang) return;
      const send = (status: number, value: unknown) => {
        const text = JSON.stringify(value);
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
      };
      if (req.method === 'GET' && (path === '/json' || path === '/json/')) {
        send(200, {
          state: this.state,
          info: this.info,
          effects: ['Solid'],
          palettes: ['Default'],
        });
      } else if (req.method === 'GET' && path === '/json/state') send(200, this.state);
      else if (req.method === 'GET' && path === '/json/info') send(200, this.info);
      else if (req.method === 'POST' && ['/json', '/json/', '/json/state'].includes(path)) {
        if (!isJsonObject(json)) send(400, { error: 9 });
        else {
          this.#apply(json);
          send(200, { success: true });
        }
      } else send(404, { error: 'Not Found' });
    });
  }

  /** Applies a state change in the order of WLED's `deserializeState`. */
  #apply(body: Record<string, unknown>): void {
    const state = this.state;
    let bri = state.on ? state.bri : 0;
    if (typeof body.bri === 'number') bri = clampByte(body.bri);
    const on = typeof body.on === 'boolean' ? body.on : bri > 0;
    if (on && bri === 0) bri = state.bri;
    if (!on && bri > 0) {
      state.bri = bri;
      bri = 0;
    }
    if (bri > 0) state.bri = bri;
    state.on = bri > 0;
    if (typeof body.transition === 'number') state.transition = body.transition;
    if (isJsonObject(body.udpn)) {
      const udpn = body.udpn;
      if (typeof udpn.send === 'boolean') state.udpn.send = udpn.send;
      if (typeof udpn.recv === 'boolean') state.udpn.recv = udpn.recv;
      if (typeof udpn.sgrp === 'number') state.udpn.sgrp = udpn.sgrp;
      if (typeof udpn.rgrp === 'number') state.udpn.rgrp = udpn.rgrp;
    }
    // WLED: "do not allow changing main segment while in realtime mode".
    if (typeof body.mainseg === 'number' && !this.live) {
      if (state.seg.some((item) => item.id === body.mainseg)) state.mainseg = body.mainseg;
    }
    if (typeof body.lor === 'number') state.lor = Math.min(2, Math.max(0, body.lor));
    if (typeof body.live === 'boolean') {
      if (body.live) {
        this.#realtimeUntil = Number.POSITIVE_INFINITY;
        this.#liveMode = '';
      } else this.#realtimeUntil = 0;
    }
    const segs = Array.isArray(body.seg) ? body.seg : isJsonObject(body.seg) ? [body.seg] : [];
    segs.forEach((item: unknown, index) => {
      if (!isJsonObject(item)) return;
      const id = typeof item.id === 'number' ? item.id : index;
      const target = state.seg.find((candidate) => candidate.id === id);
      if (target === undefined) return;
      if (typeof item.on === 'boolean') target.on = item.on;
      if (typeof item.bri === 'number') target.bri = clampByte(item.bri) || target.bri;
      for (const key of ['fx', 'sx', 'ix', 'pal'] as const) {
        const value = item[key];
        if (typeof value === 'number') target[key] = value;
      }
      if (typeof item.sel === 'boolean') target.sel = item.sel;
    });
  }

  /** Any realtime packet: realtime mode for 2.5 s more, unless `live:true` holds it. */
  #enterRealtime(mode: string): void {
    if (this.#realtimeUntil !== Number.POSITIVE_INFINITY) {
      this.#realtimeUntil = performance.now() + WLED_REALTIME_TIMEOUT_MS;
    }
    this.#liveMode = mode;
  }

  #onDdp(packet: Buffer): void {
    try {
      const frame = this.#ddp.push(packet);
      this.#enterRealtime('DDP');
      if (frame !== undefined) this.ddpFrames.push(frame);
    } catch (error) {
      this.problems.push(error instanceof Error ? error.message : String(error));
    }
    this.#wake();
  }

  #onRaw(packet: Buffer): void {
    if (packet.length < 3 || packet.length > UDP_IN_MAXSIZE) {
      // WLED drops such datagrams without a word; the stand-in says so.
      this.problems.push(`raw datagram of ${packet.length} bytes dropped (WLED takes 3 to 1472)`);
    } else {
      this.#enterRealtime('Hyperion');
      this.rawFrames.push(Uint8Array.from(packet));
    }
    this.#wake();
  }

  #wake(): void {
    for (const wake of this.#waiters) wake();
  }
}

/** A segment with WLED's defaults. */
export function segment(
  id: number,
  start: number,
  stop: number,
  on = true,
  bri = 255,
): WledStandInSegment {
  return {
    id,
    start,
    stop,
    len: stop - start,
    on,
    bri,
    fx: 0,
    sx: 128,
    ix: 128,
    pal: 0,
    sel: id === 0,
  };
}

function bindUdp(): Promise<Socket> {
  const socket = createSocket('udp4');
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

function clampByte(value: number): number {
  return Math.min(255, Math.max(0, Math.round(value)));
}
