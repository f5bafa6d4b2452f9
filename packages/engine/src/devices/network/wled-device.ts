/**
 * The `wled` device: takes a WLED controller over through its JSON API, streams frames to it by
 * DDP or raw UDP, and hands it back as it was when the lights go off, the device is disabled or
 * the instance stops.
 */
import type { JsonObject, RunDevice } from '@glowkit/protocol';
import type { LedDevice } from '../led-device.js';
import { DDP_PORT, DdpEncoder } from './ddp.js';
import { UDP_RAW_MAX_LEDS, udpRawLimitError } from './udp-raw-device.js';
import { resolveHost, UdpTarget } from './udp-target.js';
import {
  handBackBodies,
  originalStateOf,
  splitHostPort,
  takeOverBody,
  versionAtLeast,
  WLED_HTTP_TIMEOUT_MS,
  WledApi,
  type WledHandOverSettings,
  type WledOriginalState,
  type WledVersion,
  wledVersionOf,
} from './wled-api.js';

/** WLED's raw UDP ("Hyperion") port, `udpRgbPort` in `wled00/wled.h`. */
export const WLED_RAW_PORT = 19446;
/** WLED's HTTP port. */
export const WLED_HTTP_PORT = 80;
/** The first WLED that reads DDP. */
export const WLED_DDP_VERSION: WledVersion = [0, 11, 0];
/** The first WLED that streams into one segment ("Use main segment only"). */
export const WLED_SEGMENT_VERSION: WledVersion = [0, 13, 3];

/** How frames travel to the WLED. */
export type WledStreamProtocol = 'DDP' | 'RAW';

/** The `wled` keys, resolved. */
export interface WledSettings extends WledHandOverSettings {
  /** Host name or address, without the port. */
  host: string;
  /** The HTTP port (from `host:port`, default 80). */
  apiPort: number;
  /** The configured protocol; an old WLED may make the device use RAW instead. */
  streamProtocol: WledStreamProtocol;
}

/**
 * The `wled` keys of a `device` group (valid and complete: see protocol's InstanceRunSettings),
 * resolved. What the schema cannot say is checked here: `host` must name a host (throws when it
 * is empty), and a `:port` in it that is no port falls back to 80 with a warning.
 */
export function wledSettingsOf(config: RunDevice<'wled'>): {
  settings: WledSettings;
  warnings: string[];
} {
  const warnings: string[] = [];
  const raw = config.host.trim();
  if (raw === '') {
    throw new Error("wled: device.host is empty; set it to the WLED's IP address or host name");
  }
  const split = splitHostPort(raw);
  let apiPort = WLED_HTTP_PORT;
  if (split.port !== undefined && Number.isNaN(split.port)) {
    warnings.push(
      `device.host: the port in ${JSON.stringify(raw)} is not from 1 to 65535; using ${WLED_HTTP_PORT}`,
    );
  } else if (split.port !== undefined) apiPort = split.port;
  const settings: WledSettings = {
    host: split.host,
    apiPort,
    streamProtocol: config.streamProtocol,
    restoreOriginalState: config.restoreOriginalState,
    stayOnAfterStreaming: config.stayOnAfterStreaming,
    overwriteSync: config.overwriteSync,
    overwriteBrightness: config.overwriteBrightness,
    brightness: config.brightness,
    streamSegmentId: config.segments.streamSegmentId,
    switchOffOtherSegments: config.segments.switchOffOtherSegments,
  };
  return { settings, warnings };
}

/** Overrides for tests and stand-ins; a real WLED needs none. */
export interface WledDeviceOptions {
  /** Where DDP goes; default 4048 (fixed in WLED). */
  ddpPort?: number;
  /** Where raw UDP goes; default 19446 (WLED's "Hyperion" port, changeable in its Sync settings). */
  rawPort?: number;
  /** Timeout of each HTTP call and of the name lookup, ms; default 2000. */
  timeoutMs?: number;
}

/**
 * Drives a WLED. Recoverable: a WLED that is off or unreachable makes open() reject with a
 * one-line error naming the host, and the controller retries per `enableAttempts`.
 *
 * - **open()** resolves `host` once, reads `GET /json/` (the state to restore; `info.ver`, since
 *   DDP needs WLED ≥ 0.11.0 and older ones get RAW; `info.liveseg` for segment streaming), opens
 *   the UDP socket and takes the WLED over: `POST /json/state
 *   {"on":true,"live":true,"bri":B,"udpn":{"send":false,"recv":false}}` (segment variants as in
 *   Hyperion.ng).
 * - **write()** sends the frame by DDP (port 4048) or as one raw datagram (port 19446, at most
 *   490 LEDs).
 * - **switchOff()** hands the WLED back: `live:false` and, with `restoreOriginalState`, the state
 *   it had (see {@link handBackBodies}); **switchOn()** takes it over again without re-reading
 *   that state, so what is restored is what the user had before Glowkit first took over.
 * - **close()** hands back unless that was done already, then closes the socket; so a disable
 *   (switchOff, then close) hands back once.
 *
 * `live:true` makes WLED hold realtime mode until `live:false` (WLED otherwise drops it 2.5 s
 * after the last packet), so no keep-alive stream is needed while the picture is still.
 *
 * Differences from Hyperion.ng (its #1996: WLED left frozen or captured):
 * - `restoreOriginalState` defaults to true (ng: false).
 * - No black frame before the hand-back: after `live:false` WLED shows its own state, so black
 *   could not be seen, and a black datagram arriving late would re-enter realtime mode for 2.5 s.
 *   A black frame is sent only when the hand-back fails, so the strip does not freeze on a picture.
 * - The restore sends only what the take-over changed (on, bri, sync, segments' on/bri, main
 *   segment), not the whole state ng read, which would also re-apply presets and playlists; the
 *   main segment is restored after `live:false` because WLED ignores it in realtime mode.
 * - With `stayOnAfterStreaming` and restore, only `on` is forced true: the streamed segment is
 *   restored too (ng switches it to `stayOnAfterStreaming`).
 * - A hand-back that failed is retried at the next close or switchOff, and a reconnect keeps the
 *   state read before the first take-over instead of reading the captured one.
 */
export class WledDevice implements LedDevice {
  /** A WLED that is off or out of reach may come back. */
  readonly recoverable = true;
  /** Problems with the `wled` keys. */
  readonly warnings: readonly string[];
  /** The resolved `wled` keys. */
  readonly settings: WledSettings;
  readonly #ledCount: number;
  readonly #ddpPort: number;
  readonly #rawPort: number;
  readonly #timeoutMs: number;
  /** Made once so that DDP sequence numbers run on across reconnects. */
  readonly #encoder: DdpEncoder;
  readonly #datagram: [Uint8Array] = [new Uint8Array(0)];
  #black: Uint8Array | undefined;

  #api: WledApi | undefined;
  #target: UdpTarget | undefined;
  #protocol: WledStreamProtocol | undefined;
  #version: string | undefined;
  /** What the WLED showed before the take-over; re-read at open unless a hand-back is still due. */
  #original: WledOriginalState | undefined;
  /** A take-over was sent (or attempted) and no hand-back has succeeded since. */
  #handBackDue = false;

  /**
   * @param config the instance's device configuration.
   * @param options test overrides of ports and timeout.
   * @throws when `host` is missing.
   */
  constructor(config: RunDevice<'wled'>, options: WledDeviceOptions = {}) {
    const { settings, warnings } = wledSettingsOf(config);
    this.settings = settings;
    this.warnings = warnings;
    // RAW configured for more than 490 LEDs is refused by the settings (protocol's
    // relations.ts); a fall-back to RAW at open is checked there.
    this.#ledCount = config.hardwareLedCount;
    this.#ddpPort = options.ddpPort ?? DDP_PORT;
    this.#rawPort = options.rawPort ?? WLED_RAW_PORT;
    this.#timeoutMs = options.timeoutMs ?? WLED_HTTP_TIMEOUT_MS;
    this.#encoder = new DdpEncoder(this.#ledCount * 3);
  }

  /** The protocol frames go by while open (RAW for a WLED older than 0.11.0). */
  get streamProtocol(): WledStreamProtocol | undefined {
    return this.#protocol;
  }

  /** `info.ver` of the WLED, as read at the last open. */
  get version(): string | undefined {
    return this.#version;
  }

  /** Whether the WLED is taken over (or may be: a take-over was tried) and not handed back. */
  get captured(): boolean {
    return this.#handBackDue;
  }

  /** Resolves the host, reads the WLED, opens the socket and takes the WLED over. */
  async open(): Promise<void> {
    await this.#release();
    const { host, apiPort } = this.settings;
    const resolved = await resolveHost('wled', host, this.#timeoutMs);
    const api = new WledApi(
      'wled',
      { host, address: resolved.address, port: apiPort },
      this.#timeoutMs,
    );
    const { state, info } = await api.getJson();
    // After a failed hand-back the WLED still shows Glowkit's take-over: keep the older state.
    if (!this.#handBackDue || this.#original === undefined) this.#original = originalStateOf(state);
    this.#version = typeof info.ver === 'string' ? info.ver : undefined;
    const protocol = this.#protocolFor(api.where, info);
    this.#checkSegment(api.where, info, this.#original);
    const target = new UdpTarget('wled', host, protocol === 'DDP' ? this.#ddpPort : this.#rawPort);
    await target.open(resolved);
    this.#api = api;
    this.#target = target;
    this.#protocol = protocol;
    try {
      await this.#takeOver(api, this.#original);
    } catch (error) {
      await this.#release();
      throw error;
    }
  }

  /** Sends one frame by the protocol chosen at open. */
  async write(frame: Uint8Array): Promise<void> {
    const target = this.#target;
    if (target === undefined) throw new Error('wled: write before open; open the device first');
    if (frame.length !== this.#ledCount * 3) {
      throw new Error(
        `wled: frame of ${frame.length} bytes for ${this.#ledCount} LEDs; send 3 bytes per hardware LED`,
      );
    }
    if (this.#protocol === 'DDP') await target.send(this.#encoder.encode(frame));
    else {
      this.#datagram[0] = frame;
      await target.send(this.#datagram);
    }
  }

  /** Hands the WLED back (once); the socket stays open for the next switchOn. */
  async switchOff(): Promise<void> {
    const api = this.#api;
    if (this.#handBackDue && api !== undefined && this.#original !== undefined) {
      await this.#handBack(api, this.#original);
    }
  }

  /** Takes the WLED over again with the state read at open. */
  async switchOn(): Promise<void> {
    const api = this.#api;
    if (api === undefined || this.#original === undefined) {
      throw new Error('wled: switchOn before open; open the device first');
    }
    if (!this.#handBackDue) await this.#takeOver(api, this.#original);
  }

  /** Hands the WLED back unless done already, then closes the socket. Idempotent. */
  async close(): Promise<void> {
    let failure: unknown;
    try {
      await this.switchOff();
    } catch (error) {
      failure = error;
    }
    await this.#release();
    if (failure !== undefined) throw failure;
  }

  async #takeOver(api: WledApi, original: WledOriginalState): Promise<void> {
    // Due from the moment it is sent: a request that timed out may still have been applied.
    this.#handBackDue = true;
    await api.postState(takeOverBody(this.settings, original));
  }

  async #handBack(api: WledApi, original: WledOriginalState): Promise<void> {
    const [first, ...rest] = handBackBodies(this.settings, original) as [
      JsonObject,
      ...JsonObject[],
    ];
    try {
      await api.postState(first);
    } catch (error) {
      await this.#sendBlackQuietly();
      throw error;
    }
    this.#handBackDue = false;
    for (const body of rest) await api.postState(body);
  }

  /** Dark rather than a frozen picture when WLED could not be handed back. */
  async #sendBlackQuietly(): Promise<void> {
    const target = this.#target;
    if (target === undefined) return;
    this.#black ??= new Uint8Array(this.#ledCount * 3);
    try {
      await target.send(
        this.#protocol === 'DDP' ? this.#encoder.encode(this.#black) : [this.#black],
      );
    } catch {
      // The hand-back error says what is wrong; this was a best effort.
    }
  }

  /** Closes the socket and forgets the API, without handing back. */
  async #release(): Promise<void> {
    const target = this.#target;
    this.#target = undefined;
    this.#api = undefined;
    this.#protocol = undefined;
    await target?.close();
  }

  /** DDP unless RAW is configured or the WLED is older than 0.11.0; checks RAW's LED limit. */
  #protocolFor(where: string, info: JsonObject): WledStreamProtocol {
    const version = wledVersionOf(info.ver);
    const tooOld = version !== undefined && !versionAtLeast(version, WLED_DDP_VERSION);
    if (this.settings.streamProtocol === 'RAW' || !tooOld) return this.settings.streamProtocol;
    if (this.#ledCount > UDP_RAW_MAX_LEDS) {
      throw udpRawLimitError(
        'wled',
        this.#ledCount,
        `the WLED at ${where} runs ${String(info.ver)}, which has no DDP (0.11.0 or newer): update WLED or lower device.hardwareLedCount`,
      );
    }
    return 'RAW';
  }

  /** Segment streaming needs WLED ≥ 0.13.3, "Use main segment only", and a segment that fits. */
  #checkSegment(where: string, info: JsonObject, original: WledOriginalState): void {
    const id = this.settings.streamSegmentId;
    if (id < 0) return;
    const fix = 'or set device.segments.streamSegmentId to -1';
    const version = wledVersionOf(info.ver);
    if (version !== undefined && !versionAtLeast(version, WLED_SEGMENT_VERSION)) {
      throw new Error(
        `wled: streaming to segment ${id} needs WLED 0.13.3 or newer, the WLED at ${where} runs ${String(info.ver)}; update WLED ${fix}`,
      );
    }
    if (typeof info.liveseg === 'number' && info.liveseg < 0) {
      throw new Error(
        `wled: streaming to segment ${id} needs "Use main segment only" in the Sync settings of the WLED at ${where}; turn it on ${fix}`,
      );
    }
    const segment = original.seg.find((item) => item.id === id);
    if (segment === undefined) {
      throw new Error(
        `wled: the WLED at ${where} has no segment ${id} (it has ${original.seg.map((item) => item.id).join(', ') || 'none'}); set device.segments.streamSegmentId to one of them or to -1`,
      );
    }
    if (segment.len !== undefined && this.#ledCount > segment.len) {
      throw new Error(
        `wled: segment ${id} of the WLED at ${where} has ${segment.len} LEDs, fewer than device.hardwareLedCount (${this.#ledCount}); lower it or enlarge the segment`,
      );
    }
  }
}
