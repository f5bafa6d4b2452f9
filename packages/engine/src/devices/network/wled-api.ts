/**
 * WLED's JSON API as the `wled` device uses it: `GET /json/` (state and info) and
 * `POST /json/state`, each with a timeout and one-line errors naming the host; and the bodies that
 * take a WLED over for streaming and hand it back.
 */
import { request } from 'node:http';
import { isJsonObject, type JsonObject } from '@glowkit/protocol';
import { codeOf } from './udp-target.js';

/** How long one HTTP call may take, connection included, ms. */
export const WLED_HTTP_TIMEOUT_MS = 2000;
/** The most a WLED answer may hold; `/json/` with effect and palette names is about 20 kB. */
const MAX_ANSWER_BYTES = 1 << 20;

/** Where a WLED's API is: the configured host, the address it resolved to, the HTTP port. */
export interface WledEndpoint {
  host: string;
  address: string;
  port: number;
}

/** The calls of WLED's JSON API, over plain HTTP with a new connection per call. */
export class WledApi {
  readonly #label: string;
  readonly #endpoint: WledEndpoint;
  readonly #timeoutMs: number;

  constructor(label: string, endpoint: WledEndpoint, timeoutMs = WLED_HTTP_TIMEOUT_MS) {
    this.#label = label;
    this.#endpoint = endpoint;
    this.#timeoutMs = timeoutMs;
  }

  /** `host:port`, or `host (address):port` when the host is a name, for messages. */
  get where(): string {
    const { host, address, port } = this.#endpoint;
    return host === address ? `${bracketed(host)}:${port}` : `${host} (${address}):${port}`;
  }

  /** `GET /json/`: the state and the info objects (either may be empty on odd firmware). */
  async getJson(): Promise<{ state: JsonObject; info: JsonObject }> {
    const answer = await this.#call('GET', '/json/');
    if (!isJsonObject(answer))
      throw this.#error('GET /json/', 'answered something other than an object');
    return {
      state: isJsonObject(answer.state) ? answer.state : {},
      info: isJsonObject(answer.info) ? answer.info : {},
    };
  }

  /** `POST /json/state` with the body as JSON. */
  async postState(body: JsonObject): Promise<void> {
    await this.#call('POST', '/json/state', JSON.stringify(body));
  }

  /** One request; resolves with the parsed JSON answer. Settles within the timeout. */
  #call(method: 'GET' | 'POST', path: string, text?: string): Promise<unknown> {
    const { host, address, port } = this.#endpoint;
    const what = `${method} ${path}`;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (error: Error | undefined, value?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) {
          req.destroy();
          reject(error);
        } else resolve(value);
      };
      const headers: Record<string, string | number> = {
        Host: `${bracketed(host)}:${port}`,
        Accept: 'application/json',
      };
      if (text !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = Buffer.byteLength(text);
      }
      const req = request({ host: address, port, path, method, headers, agent: false });
      const timer = setTimeout(
        () => finish(this.#error(what, `gave no answer within ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
      req.on('error', (error) => finish(this.#unreachable(what, error)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            finish(this.#error(what, `answered more than ${MAX_ANSWER_BYTES} bytes`));
          } else chunks.push(chunk);
        });
        res.on('error', (error) => finish(this.#unreachable(what, error)));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299) {
            finish(this.#error(what, `answered HTTP ${status}`));
            return;
          }
          try {
            finish(undefined, JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            finish(this.#error(what, 'answered something that is not JSON'));
          }
        });
      });
      req.end(text);
    });
  }

  #unreachable(what: string, error: unknown): Error {
    return new Error(
      `${this.#label}: cannot reach the WLED at ${this.where} for ${what} (${codeOf(error)}); check that it is on and that device.host is right`,
    );
  }

  #error(what: string, problem: string): Error {
    return new Error(
      `${this.#label}: the WLED at ${this.where} ${problem} to ${what}; check that device.host is a WLED and that it is on`,
    );
  }
}

/** `[v6]` for an IPv6 address in a URL authority, anything else as it is. */
function bracketed(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Splits `device.host` into host and API port as Hyperion.ng does (`192.168.1.7:8080`), also
 * taking `[v6]:port` and a bare IPv6 address. `port` is undefined when none was given; NaN when
 * one was given but is not a port.
 */
export function splitHostPort(text: string): { host: string; port: number | undefined } {
  const bracket = /^\[([^\]]+)\](?::(.*))?$/.exec(text);
  if (bracket) {
    const port = bracket[2];
    return { host: bracket[1] as string, port: port === undefined ? undefined : portOf(port) };
  }
  const colon = text.indexOf(':');
  if (colon < 0 || colon !== text.lastIndexOf(':')) return { host: text, port: undefined };
  return { host: text.slice(0, colon), port: portOf(text.slice(colon + 1)) };
}

function portOf(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  return port >= 1 && port <= 65535 ? port : Number.NaN;
}

/** A WLED version as [major, minor, patch]; undefined when `info.ver` is not one. */
export type WledVersion = readonly [number, number, number];

/** Reads `info.ver` (`0.14.4`, `0.15.0-b3`, `0.10.2`); a pre-release counts as its release. */
export function wledVersionOf(ver: unknown): WledVersion | undefined {
  if (typeof ver !== 'string') return undefined;
  const match = /^\s*v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(ver);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

/** Whether `version` ≥ `minimum`. */
export function versionAtLeast(version: WledVersion, minimum: WledVersion): boolean {
  for (let i = 0; i < 3; i++) {
    const a = version[i] as number;
    const b = minimum[i] as number;
    if (a !== b) return a > b;
  }
  return true;
}

/** How the device takes a WLED over and hands it back (the `wled` keys that matter here). */
export interface WledHandOverSettings {
  restoreOriginalState: boolean;
  stayOnAfterStreaming: boolean;
  overwriteSync: boolean;
  overwriteBrightness: boolean;
  brightness: number;
  /** -1: the whole strip; ≥ 0: stream into this segment only. */
  streamSegmentId: number;
  switchOffOtherSegments: boolean;
}

/** One segment as read before the take-over. */
export interface WledSegmentState {
  id: number;
  on: boolean | undefined;
  bri: number | undefined;
  len: number | undefined;
}

/** What a WLED showed before Glowkit took it over: what a hand-back restores. */
export interface WledOriginalState {
  on: boolean | undefined;
  bri: number | undefined;
  /** Sync: Hyperion.ng's defaults (send false, receive true) when the WLED does not say. */
  udpn: { send: boolean; recv: boolean };
  mainseg: number | undefined;
  seg: WledSegmentState[];
}

/** Picks what a hand-back may restore out of `GET /json/`'s `state`. */
export function originalStateOf(state: JsonObject): WledOriginalState {
  const udpn = isJsonObject(state.udpn) ? state.udpn : {};
  const seg: WledSegmentState[] = [];
  if (Array.isArray(state.seg)) {
    state.seg.forEach((item: unknown, index) => {
      if (!isJsonObject(item)) return;
      seg.push({
        id: integerOr(item.id, index),
        on: booleanOr(item.on),
        bri: integerOr(item.bri),
        len: integerOr(item.len),
      });
    });
  }
  return {
    on: booleanOr(state.on),
    bri: integerOr(state.bri),
    udpn: { send: booleanOr(udpn.send) ?? false, recv: booleanOr(udpn.recv) ?? true },
    mainseg: integerOr(state.mainseg),
    seg,
  };
}

/**
 * The `POST /json/state` body that takes a WLED over: on, `live:true` (WLED then holds realtime
 * mode until `live:false`, so no keep-alive stream is needed), the brightness, sync off. In
 * segment mode the brightness goes to the streamed segment, the others are switched off when
 * asked, and that segment becomes the main one (what WLED streams into).
 */
export function takeOverBody(s: WledHandOverSettings, original: WledOriginalState): JsonObject {
  const body: JsonObject = { on: true, live: true };
  if (s.streamSegmentId < 0) {
    if (s.overwriteBrightness) body.bri = s.brightness;
  } else {
    const seg: JsonObject[] = [];
    for (const { id } of original.seg) {
      if (id === s.streamSegmentId) {
        seg.push(s.overwriteBrightness ? { id, on: true, bri: s.brightness } : { id, on: true });
      } else if (s.switchOffOtherSegments) seg.push({ id, on: false });
    }
    body.seg = seg;
    body.mainseg = s.streamSegmentId;
  }
  if (s.overwriteSync) body.udpn = { send: false, recv: false };
  return body;
}

/**
 * The `POST /json/state` bodies that hand a WLED back, in order: `live:false` with an instant
 * transition (`tt:0`) and, with `restoreOriginalState`, every value the take-over changed as it
 * was (`on` is forced true by `stayOnAfterStreaming`). WLED ignores `mainseg` while in realtime
 * mode, so a changed main segment is restored by a second body once `live:false` took effect.
 * Without `restoreOriginalState` it does what Hyperion.ng does: on = `stayOnAfterStreaming`, sync
 * as it was.
 */
export function handBackBodies(s: WledHandOverSettings, original: WledOriginalState): JsonObject[] {
  const segmentMode = s.streamSegmentId >= 0;
  const body: JsonObject = {};
  const udpn = { send: original.udpn.send, recv: original.udpn.recv };
  if (!s.restoreOriginalState) {
    body.on = s.stayOnAfterStreaming;
    body.live = false;
    body.tt = 0;
    if (segmentMode) body.seg = [{ id: s.streamSegmentId, on: s.stayOnAfterStreaming }];
    if (s.overwriteSync) body.udpn = udpn;
    return [body];
  }
  const on = s.stayOnAfterStreaming ? true : original.on;
  if (on !== undefined) body.on = on;
  if (!segmentMode && s.overwriteBrightness && original.bri !== undefined) body.bri = original.bri;
  body.live = false;
  body.tt = 0;
  if (segmentMode) {
    const seg: JsonObject[] = [];
    for (const item of original.seg) {
      const streamed = item.id === s.streamSegmentId;
      if (!streamed && !s.switchOffOtherSegments) continue;
      const restored: JsonObject = { id: item.id };
      const segOn = streamed && s.stayOnAfterStreaming ? true : item.on;
      if (segOn !== undefined) restored.on = segOn;
      if (streamed && s.overwriteBrightness && item.bri !== undefined) restored.bri = item.bri;
      seg.push(restored);
    }
    body.seg = seg;
  }
  if (s.overwriteSync) body.udpn = udpn;
  const bodies = [body];
  if (segmentMode && original.mainseg !== undefined && original.mainseg !== s.streamSegmentId) {
    bodies.push({ mainseg: original.mainseg });
  }
  return bodies;
}

function booleanOr(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function integerOr(value: unknown): number | undefined;
function integerOr(value: unknown, fallback: number): number;
function integerOr(value: unknown, fallback?: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}
