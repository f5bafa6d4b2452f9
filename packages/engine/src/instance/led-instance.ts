import { EventEmitter } from 'node:events';
import { type AdjustmentSettings, type InstanceRunSettings, PRIORITY } from '@glowkit/protocol';
import {
  BlackBorderProcessor,
  type BorderCrop,
  NO_CROP,
} from '../black-border/black-border-processor.js';
import { applyColorOrder } from '../color/color-order.js';
import { ColorProcessor } from '../color/color-processor.js';
import { DeviceController, type DeviceStatus } from '../devices/device-controller.js';
import { DEVICE_TYPES } from '../devices/device-types.js';
import type { DeviceFactory } from '../devices/led-device.js';
import type { EffectCatalogue } from '../effects/effect-catalogue.js';
import type { EffectConfinement } from '../effects/effect-confinement.js';
import type { EffectLimits } from '../effects/effect-process.js';
import { type EngineResult, failed } from '../errors.js';
import { ImageToLeds } from '../mapping/image-to-leds.js';
import { LedLayout } from '../mapping/led-layout.js';
import type { MappingType } from '../mapping/mapping-type.js';
import { type VideoMode, videoModePart } from '../mapping/video-mode.js';
import { type MuxerInput, PriorityMuxer } from '../muxer/priority-muxer.js';
import { createSmoothing, type Smoothing } from '../smoothing/smoothing.js';
import { smoothingConfigOf } from '../smoothing/smoothing-config.js';
import type { RgbImage, SmoothingConfig, SourceComponent } from '../types.js';
import { BootEffects } from './boot-effects.js';
import { type ComponentName, ComponentSwitches } from './components.js';
import { type EffectRequest, EffectRunner } from './effect-runner.js';
import type { InstanceView } from './instance-view.js';
import { priorityInfo } from './priority-info.js';
import { type FrameArrival, StageStats } from './stage-stats.js';

/** How to build an instance. */
export interface LedInstanceOptions {
  id: number;
  name: string;
  /**
   * The groups the instance runs on, valid and complete: the server builds them from the stored
   * groups with protocol's `instanceRunSettings`, and the engine checks nothing of them again.
   */
  settings: InstanceRunSettings;
  /** The groups as stored, which `view.settings` shows (the run settings when absent). */
  stored?: Readonly<Record<string, unknown>> | undefined;
  /** The effects (shared by every instance; reloaded by the caller). */
  catalogue: () => EffectCatalogue;
  /** More folders that effects' `:name` images resolve in, after the effect's own. */
  resourceDirs: readonly string[];
  deviceTypes?: ReadonlyMap<string, DeviceFactory> | undefined;
  python?: string | undefined;
  effectLimits?: Partial<EffectLimits> | undefined;
  effectConfinement?: Omit<EffectConfinement, 'network'> | undefined;
  /**
   * Whether the server's forwarder forwards this instance at start (component `FORWARDER`);
   * undefined when it forwards another instance, or none.
   */
  forwarder?: boolean | undefined;
  /**
   * How long a covered background effect keeps running before it stops, in ms (default
   * BootEffects' BACKGROUND_HIDE_GRACE_MS).
   */
  backgroundHideGraceMs?: number | undefined;
  /** Where the instance's messages go; they do not name the instance (the caller knows it). */
  log?: ((level: 'debug' | 'info' | 'warn' | 'error', message: string) => void) | undefined;
}

/** What an instance tells its listeners. */
export interface LedInstanceEvents {
  /** The final colours (RGB, layout order, after colour processing and smoothing). */
  leds: [Uint8Array];
  /**
   * The colours as the visible source gives them (RGB, layout order): mapped from its picture,
   * before the blacklist, colour adjustment, colour order and smoothing; black while nothing
   * shows. Hyperion.ng's `rawLedColors`, which its LED stream sends, so that a live view shows
   * the colour a user chose rather than what the LEDs need to show it. Once per frame of the
   * source (a smoothing ramp adds none).
   */
  rawColors: [Uint8Array];
  /** The priority list changed (for `priorities-update`). */
  priorities: [];
  /**
   * A component turned on or off as clients see it (for `components-update`): switched, or
   * `LEDDEVICE` while its device is in error and once it is back.
   */
  component: [{ name: ComponentName; enabled: boolean }];
  /** The colour adjustment changed (for `adjustment-update`). */
  adjustment: [];
  /** The picture-to-LED mapping type changed (for `imageToLedMapping-update`). */
  mapping: [];
  /**
   * The picture a visible picture source (`image`, flatbuffers, protobuf) shows now, as mapped
   * (the video mode's part), with the black bars detection leaves out of it (none while the
   * `BLACKBORDER` component is off): for the image stream. Emitted only while someone listens.
   */
  picture: [RgbImage, BorderCrop];
  /**
   * What the LEDs show changed: new data of the visible source, or another source became
   * visible (undefined: none). Its picture is the one the source gave (before the video mode,
   * the black borders and the mapping). For the forwarder; emitted only while someone listens.
   */
  visible: [VisibleSource | undefined];
  /** The running effects changed. */
  effects: [];
  /** The device's state changed. */
  device: [DeviceStatus];
}

/** `color` / `image` requests, resolved. */
export interface SourceRequest {
  priority: number;
  durationMs: number;
  origin: string;
}

/** A picture input's client as an instance holds it (see {@link LedInstance.registerSource}). */
export interface SourceRegistration {
  priority: number;
  /**
   * The protocol's component, as `priorities` shows it (`FLATBUFSERVER`, `PROTOSERVER`, a
   * grabber's `GRABBER` or `V4L`).
   */
  component: SourceComponent;
  /** `"<client's origin>@<address>"`; a grabber's `"System"`. */
  origin: string;
  owner?: string;
}

/** The handle of a registered source: its muxer entry, for as long as it holds its priority. */
export type SourceHandle = MuxerInput;

/** The visible source, as the `visible` event tells it. */
export interface VisibleSource {
  priority: number;
  component: SourceComponent;
  origin: string;
  /** Its picture, for a picture source showing one. */
  image?: RgbImage | undefined;
  /** Its colours (RGB per LED, layout order), for a source showing colours. */
  colors?: Uint8Array | undefined;
}

const BLACK = new Uint8Array(0);

const visibleOf = (input: MuxerInput): VisibleSource => ({
  priority: input.priority,
  component: input.component,
  origin: input.origin,
  image: input.image,
  colors: input.colors,
});

// The sources `videomode` applies to: what grabbers send (Hyperion.ng applies it to its own
// grabbers; the network ones' pictures arrive over these ports). The JSON `image` command is used
// whole, as there.
const VIDEO_MODE_SOURCES: ReadonlySet<SourceComponent> = new Set([
  'FLATBUFSERVER',
  'PROTOSERVER',
  'GRABBER',
  'V4L',
]);

/** Sources whose data is a picture: the backlight floor applies to them, as to JSON images. */
const PICTURE_SOURCES: ReadonlySet<SourceComponent> = new Set([
  'IMAGE',
  'FLATBUFSERVER',
  'PROTOSERVER',
  'GRABBER',
  'V4L',
]);

/**
 * One LED instance as a running pipeline: sources (effects, colours, images) → priority muxer →
 * black-border detection (pictures only) → image→LED mapping → colour processing → smoothing →
 * device. Layout-dependent work (mapping
 * tables, colour tables) is done once here, so a frame is a few loops over typed arrays.
 * `close()` releases everything: children, timers, device handles.
 */
export class LedInstance extends EventEmitter<LedInstanceEvents> {
  readonly id: number;
  // The parts, for the engine's own wiring, tests and benchmarks; a reader outside the engine
  // reads `view`, and changes the instance only through its methods.
  readonly layout: LedLayout;
  readonly colors: ColorProcessor;
  readonly device: DeviceController;
  readonly muxer = new PriorityMuxer();
  readonly effects: EffectRunner;
  readonly components: ComponentSwitches;
  readonly warnings: readonly string[];
  /** What readers outside the engine see of the instance; always current, read-only. */
  readonly view: InstanceView;
  #mappingType: MappingType;
  #videoMode: VideoMode = '2D';
  /** The last frame's part in the video mode, so that a frame shown again is not cut again. */
  #videoPart: { image: RgbImage; part: RgbImage } | undefined;
  readonly #smoothingConfig: SmoothingConfig;
  readonly #boot: BootEffects;
  readonly #log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  readonly #mappingOptions: { reducedPixelSetFactor: number; accuracyLevel: number };
  /** Image→LED tables, by picture size, mapping type and border. */
  readonly #mappings = new Map<string, ImageToLeds>();
  readonly #blackBorder: BlackBorderProcessor;
  /** The last picture the detector counted, and its bars: a picture shown again counts once. */
  #borderOf: { image: RgbImage; crop: BorderCrop } | undefined;
  readonly #frame: Uint8Array;
  readonly #deviceFrame: Uint8Array;
  #smoothing: Smoothing | undefined;
  #smoothingKey = '';
  #smoothingTimer: NodeJS.Timeout | undefined;
  /** Where each picture's time goes, for `serverinfo.latency`. */
  readonly #latency = new StageStats();
  /** The latency slot of the picture last written into the smoothing (-1: none waiting)… */
  #smoothedSlot = -1;
  /** …and the smoothing's output count at which an output first carries it. */
  #smoothedBy = 0;
  #last: Uint8Array = BLACK;
  /** The last `rawColors` frame. */
  #raw: Uint8Array = BLACK;
  #name: string;
  #closed = false;
  /** What clients were last told of each component. */
  readonly #announced = new Map<ComponentName, boolean>();

  constructor(options: LedInstanceOptions) {
    super();
    this.id = options.id;
    this.#name = options.name;
    this.#log = options.log ?? (() => {});
    const { settings } = options;
    const device = settings.device;
    this.layout = LedLayout.fromSettings(settings.leds, {
      hardwareLedCount: device.hardwareLedCount,
      blacklist: settings.ledConfig.ledBlacklist,
    });
    this.colors = ColorProcessor.fromSettings(settings.color, this.layout.ledCount);
    this.#mappingType = settings.color.imageToLedMappingType;
    this.#mappingOptions = {
      reducedPixelSetFactor: Number(settings.color.reducedPixelSetFactorFactor),
      accuracyLevel: settings.color.accuracyLevel,
    };
    this.#smoothingConfig = smoothingConfigOf(settings.smoothing);
    this.#blackBorder = new BlackBorderProcessor(settings.blackborderdetector);
    // What the schemas cannot say between groups (LEDs beyond the device, …), logged once.
    this.warnings = [...this.layout.warnings, ...this.colors.warnings.map((w) => `color.${w}`)];
    for (const warning of this.warnings) this.#log('warn', warning);

    this.#frame = new Uint8Array(this.layout.ledCount * 3);
    this.#deviceFrame = new Uint8Array(device.hardwareLedCount * 3);
    this.device = new DeviceController(device, {
      ...(options.deviceTypes ? { types: new Map([...DEVICE_TYPES, ...options.deviceTypes]) } : {}),
      log: (level, message) => this.#log(level, message),
    });
    this.device.on('status', (status) => {
      // A failed reopen passes through `opening`: the device stays in fault until it is on.
      if (status.state !== 'opening') {
        this.components.setFault('LEDDEVICE', status.state === 'error');
        this.#announce('LEDDEVICE');
      }
      this.emit('device', status);
    });
    this.device.on('written', (frame) => this.#latency.written(frame, performance.now()));
    this.effects = new EffectRunner({
      muxer: this.muxer,
      catalogue: options.catalogue,
      layout: () => ({ ledCount: this.layout.ledCount, ...this.layout.gridSize() }),
      latchTime: () => this.device.config.latchTime,
      resourceDirs: () => options.resourceDirs,
      python: options.python,
      limits: options.effectLimits,
      confinement: options.effectConfinement,
      log: (level, message) => this.#log(level, message),
    });
    this.effects.on('changed', () => this.emit('effects'));
    this.components = new ComponentSwitches({
      smoothing: settings.smoothing.enable,
      blackBorder: settings.blackborderdetector.enable,
      ledDevice: device.autoStart,
      boblightServer: settings.boblightServer.enable,
      grabber: settings.instCapture.systemEnable,
      v4l: settings.instCapture.v4lEnable,
      forwarder: options.forwarder,
    });
    for (const { name, enabled } of this.components.list()) this.#announced.set(name, enabled);
    this.#boot = new BootEffects({
      foreground: settings.foregroundEffect,
      background: settings.backgroundEffect,
      muxer: this.muxer,
      run: (request) => this.effects.run(request),
      setColor: (priority, color, durationMs) =>
        this.setColor({ priority, durationMs, origin: 'System' }, color),
      log: (level, message) => this.#log(level, message),
      ...(options.backgroundHideGraceMs === undefined
        ? {}
        : { hideGraceMs: options.backgroundHideGraceMs }),
    });
    this.muxer.on('update', (input) => {
      this.#show(input);
      // After the LEDs' own frame: a listener (the forwarder) never delays it.
      if (this.listenerCount('visible') > 0) this.emit('visible', input && visibleOf(input));
    });
    this.muxer.on('priorities', () => {
      this.#boot.prioritiesChanged();
      this.emit('priorities');
    });
    this.view = this.#viewOf(options);
  }

  #viewOf(options: LedInstanceOptions): InstanceView {
    const instance = this;
    return Object.freeze({
      id: options.id,
      get name() {
        return instance.#name;
      },
      settings: options.stored ?? Object.fromEntries(Object.entries(options.settings)),
      get mappingType() {
        return instance.#mappingType;
      },
      smoothing: { enabled: options.settings.smoothing.enable, ...this.#smoothingConfig },
      deviceConfig: this.device.config,
      mappingOptions: Object.freeze({ ...this.#mappingOptions }),
      blackBorder: Object.freeze({
        settings: Object.freeze({ ...options.settings.blackborderdetector }),
        get border() {
          return instance.#blackBorder.current;
        },
      }),
      ledCount: this.layout.ledCount,
      layout: this.layout.rects,
      blacklisted: Object.freeze(
        [...this.layout.blacklist.keys()].filter((led) => this.layout.blacklist[led] === 1),
      ),
      get priorities() {
        return priorityInfo(instance.muxer, instance.muxer.now());
      },
      get autoSelect() {
        return instance.muxer.autoSelect;
      },
      get activeEffects() {
        return instance.effects.active.filter((e) => e.priority !== PRIORITY.BACKGROUND);
      },
      get effectProblems() {
        return instance.effects.problems;
      },
      get adjustments() {
        return instance.colors.adjustments;
      },
      get components() {
        return instance.components.list();
      },
      get device() {
        return instance.device.status;
      },
      get latency() {
        return instance.#latency.report();
      },
      get lastColors() {
        const last = instance.#last;
        return last.length > 0 ? last : new Uint8Array(instance.layout.ledCount * 3);
      },
      get rawColors() {
        const raw = instance.#raw;
        return raw.length > 0 ? raw : new Uint8Array(instance.layout.ledCount * 3);
      },
      get picture() {
        const input = instance.muxer.visible;
        if (!input?.image || !instance.components.get('ALL')) return undefined;
        return instance.#pictureOf(input.component, input.image);
      },
    });
  }

  /** The instance's name, as its configuration names it now. */
  get name(): string {
    return this.#name;
  }

  /** Takes a new name (the instance was renamed); nothing else changes. */
  rename(name: string): void {
    this.#name = name;
  }

  /**
   * Before {@link start}: the instance starts with `ALL` off (the service is suspended), so that
   * its device is not opened — a WLED not taken over — and no boot effect runs until `ALL` is
   * switched on.
   */
  startOff(): void {
    this.components.set('ALL', false);
    this.#announced.set('ALL', false);
  }

  /** Opens the device (in the background: a device that fails never fails the instance), starts the boot effects. */
  async start(): Promise<void> {
    if (!this.components.get('ALL')) {
      // Switched on later: the background effect starts then (see setComponent).
      await this.#boot.suspend();
      return;
    }
    if (this.components.get('LEDDEVICE')) void this.device.enable();
    await this.#boot.start();
    // Nothing to show yet: switch the device off, so that a controller taken over on open (WLED)
    // is handed back at once instead of being held dark.
    if (!this.muxer.visible) this.#show(undefined);
  }

  // ---- sources ----

  /** Runs an effect (see {@link EffectRunner.run}). */
  runEffect(request: EffectRequest): Promise<EngineResult> {
    if (!this.components.get('ALL')) return Promise.resolve(failed('instance-off', {}));
    return this.effects.run(request);
  }

  /** Shows colours at a priority: one colour fills every LED, N colours repeat along the strip. */
  setColor(request: SourceRequest, color: readonly number[]): EngineResult {
    if (!this.components.get('ALL')) return failed('instance-off', {});
    const n = Math.floor(color.length / 3) * 3;
    const colors = new Uint8Array(this.layout.ledCount * 3);
    if (n > 0) for (let i = 0; i < colors.length; i++) colors[i] = color[i % n] ?? 0;
    // A colour or picture at a priority replaces an effect there.
    void this.effects.stop(request.priority);
    this.muxer.register(request.priority, {
      component: 'COLOR',
      origin: request.origin,
      durationMs: request.durationMs,
      colors,
    });
    return { ok: true };
  }

  /** Shows a picture at a priority, mapped onto the LEDs by the layout. */
  setImage(request: SourceRequest & { name?: string }, image: RgbImage): EngineResult {
    if (!this.components.get('ALL')) return failed('instance-off', {});
    void this.effects.stop(request.priority);
    this.muxer.register(request.priority, {
      component: 'IMAGE',
      origin: request.origin,
      owner: request.name ?? '',
      durationMs: request.durationMs,
      image,
    });
    return { ok: true };
  }

  /**
   * Registers a network input's client (flatbuffers, protobuf, boblight) or a grabber at a priority, inactive
   * (listed, not shown) until its first frame, in place of whatever held it. Undefined while the
   * instance is off (`ALL`). Frames then go to {@link showSourceImage}, {@link showSourceColor}
   * or {@link showSourceLeds}, which set data on the entry without registering it again, so that
   * a stream does not push a new priority list per frame.
   */
  registerSource(registration: SourceRegistration): SourceHandle | undefined {
    if (!this.components.get('ALL')) return undefined;
    void this.effects.stop(registration.priority);
    return this.muxer.register(registration.priority, {
      component: registration.component,
      origin: registration.origin,
      owner: registration.owner ?? '',
      durationMs: -1,
    });
  }

  /**
   * A new picture for a registered source. False when its priority no longer holds it (cleared
   * or taken by another client since): the caller registers again if it should come back.
   * `arrival` says when it arrived, for the latency figures (default: now).
   */
  showSourceImage(handle: SourceHandle, image: RgbImage, arrival?: FrameArrival): boolean {
    if (!this.holds(handle)) return false;
    const now = performance.now();
    this.#latency.handed(image, arrival ?? { receivedAt: now }, now);
    return this.muxer.setImage(handle.priority, image);
  }

  /** One colour on every LED for a registered source; false as for {@link showSourceImage}. */
  showSourceColor(handle: SourceHandle, rgb: readonly [number, number, number]): boolean {
    if (!this.holds(handle)) return false;
    const colors = new Uint8Array(this.layout.ledCount * 3);
    for (let i = 0; i < colors.length; i += 3) colors.set(rgb, i);
    return this.muxer.setColors(handle.priority, colors);
  }

  /**
   * One colour per LED for a registered source (boblight): RGB in layout order, 3 bytes per LED;
   * a shorter array leaves the LEDs after it black, a longer one is cut (the instance keeps its
   * own copy). False as for {@link showSourceImage}.
   */
  showSourceLeds(handle: SourceHandle, colors: Uint8Array): boolean {
    if (!this.holds(handle)) return false;
    const frame = new Uint8Array(this.layout.ledCount * 3);
    frame.set(colors.subarray(0, frame.length));
    return this.muxer.setColors(handle.priority, frame);
  }

  /** Whether a source still holds its priority (not cleared, replaced or expired since). */
  holds(handle: SourceHandle): boolean {
    return !this.#closed && this.muxer.get(handle.priority) === handle;
  }

  /**
   * Removes a registered source, never what another client put at its priority since; true
   * when something was cleared.
   */
  clearSource(handle: SourceHandle): boolean {
    return this.holds(handle) && this.muxer.clear(handle.priority);
  }

  /** Clears a priority (-1: like {@link clearAll}); its effect stops. */
  clear(priority: number): void {
    if (priority < 0) {
      this.clearAll();
      return;
    }
    this.muxer.clear(priority);
    void this.effects.stop(priority);
  }

  /**
   * `sourceselect`: pins the source at `priority` (it shows whatever lies below it) until
   * {@link selectAuto} or until it leaves; fails when no source holds that priority.
   */
  selectSource(priority: number): EngineResult {
    return this.muxer.select(priority) ? { ok: true } : failed('priority-not-found', { priority });
  }

  /** `sourceselect {"auto":true}`: the lowest priority with data shows again. */
  selectAuto(): void {
    this.muxer.selectAuto();
  }

  /** Clears every colour, image and effect below the background priority. */
  clearAll(): void {
    for (const input of this.muxer.clearAll()) void this.effects.stop(input.priority);
  }

  // ---- components and adjustment ----

  /** Switches a component; answers an error for components this server does not have. */
  async setComponent(name: string, enabled: boolean): Promise<EngineResult> {
    const known = this.components.resolve(name);
    if (!known.ok) return known;
    if (!this.components.set(known.name, enabled)) {
      // On already, but its device is lost: try it again now rather than at the next retry.
      const retry =
        known.name === 'LEDDEVICE' &&
        enabled &&
        this.components.get('ALL') &&
        this.device.status.state === 'error';
      if (retry) await this.device.enable();
      return { ok: true };
    }
    switch (known.name) {
      case 'LEDDEVICE':
        if (enabled) {
          await this.device.enable();
          this.#show(this.muxer.visible);
        } else await this.device.disable();
        break;
      case 'SMOOTHING':
        this.#smoothing?.clear();
        this.#show(this.muxer.visible);
        break;
      case 'BLACKBORDER':
        // Off: the picture is mapped whole at once. On: detection starts afresh, and a border
        // found in the picture shown now applies at once (the first border is taken unstabilised).
        this.#blackBorder.reset();
        this.#borderOf = undefined;
        this.#show(this.muxer.visible);
        break;
      case 'ALL':
        if (enabled) {
          if (this.components.get('LEDDEVICE')) await this.device.enable();
          await this.#boot.resume();
        } else {
          await this.#boot.suspend(
            this.effects.active.map((e) => ({
              name: e.name,
              args: e.args,
              priority: e.priority,
              durationMs: e.timeout,
              origin: 'System',
            })),
          );
          await this.effects.stopAll();
          await this.device.disable();
        }
        break;
    }
    this.#announce(known.name);
    return { ok: true };
  }

  /** Emits `component` when what clients see of a component differs from what they were told. */
  #announce(name: ComponentName): void {
    const enabled = this.components.enabled(name);
    if (this.#announced.get(name) === enabled) return;
    this.#announced.set(name, enabled);
    this.emit('component', { name, enabled });
  }

  /**
   * Patches a colour adjustment at run time (the `adjustment` command). `patch` is valid
   * (protocol's `parseAdjustmentRequest`); an instance without adjustments, or without one of
   * `patch.id`, fails with `adjustment-none` / `adjustment-not-found`.
   */
  adjust(patch: Readonly<AdjustmentSettings>): EngineResult {
    const result = this.colors.patch(patch);
    if (!result.ok) return result;
    this.emit('adjustment');
    this.#show(this.muxer.visible);
    return { ok: true };
  }

  /**
   * Maps pictures with `type` from now on (the `processing` command), until the instance is
   * rebuilt from its settings: not stored, as in Hyperion.ng. The picture shown now is mapped
   * again at once; `mapping` is emitted when the type changed.
   */
  setMappingType(type: MappingType): void {
    if (type === this.#mappingType) return;
    this.#mappingType = type;
    this.emit('mapping');
    this.#show(this.muxer.visible);
  }

  /**
   * Which half of the grabbers' frames is used from now on (the `videomode` command; the
   * runtime holds it for every instance). The picture shown now is mapped again at once.
   */
  setVideoMode(mode: VideoMode): void {
    if (mode === this.#videoMode) return;
    this.#videoMode = mode;
    this.#videoPart = undefined;
    this.#show(this.muxer.visible);
  }

  // ---- the frame path ----

  /** The picture of a picture source (after `videomode`); undefined for an effect's. */
  #pictureOf(component: SourceComponent, image: RgbImage): RgbImage | undefined {
    if (!PICTURE_SOURCES.has(component)) return undefined;
    return VIDEO_MODE_SOURCES.has(component) ? this.#videoPartOf(image) : image;
  }

  #videoPartOf(image: RgbImage): RgbImage {
    if (this.#videoMode === '2D') return image;
    if (this.#videoPart?.image !== image) {
      this.#videoPart = { image, part: videoModePart(image, this.#videoMode) };
    }
    return this.#videoPart.part;
  }

  #show(input: MuxerInput | undefined): void {
    if (this.#closed) return;
    if (!input || !this.components.get('ALL')) {
      // Nothing to show: black at once, past the smoothing (Hyperion.ng leaves LEDs lit).
      this.#stopSmoothing();
      this.#frame.fill(0);
      this.#emitRaw(this.#frame);
      this.#output(this.#frame, true);
      return;
    }
    const frame = this.#frame;
    let slot = -1;
    if (input.image) {
      slot = this.#latency.mapping(input.image, performance.now());
      // Effects are mapped with the mean, whatever the setting, and whole, as Hyperion.ng does.
      const effect = input.component === 'EFFECT';
      const type = effect ? 'multicolor_mean' : this.#mappingType;
      const image = VIDEO_MODE_SOURCES.has(input.component)
        ? this.#videoPartOf(input.image)
        : input.image;
      const crop = effect ? NO_CROP : this.#cropOf(image);
      // After the detection, so that the picture goes out with the border it was mapped inside.
      if (this.listenerCount('picture') > 0) {
        const picture = this.#pictureOf(input.component, input.image);
        if (picture) this.emit('picture', picture, crop);
      }
      this.#mappingFor(image, type, crop).map(image, frame);
    } else if (input.colors) {
      frame.set(input.colors.subarray(0, frame.length));
    } else return;
    this.#emitRaw(frame);
    this.layout.applyBlacklist(frame);
    this.colors.apply(frame, { backlight: PICTURE_SOURCES.has(input.component) });
    const smoothing = this.#smoothingFor(input);
    if (smoothing) {
      const now = performance.now();
      smoothing.write(frame, now);
      if (slot >= 0) {
        this.#latency.mapped(slot, now);
        this.#smoothedSlot = slot;
        this.#smoothedBy = smoothing.outputs + 1 + smoothing.config.updateDelay;
      }
      this.#runSmoothing(smoothing);
    } else this.#output(frame, false, slot);
  }

  /**
   * The black bars to leave out of a picture source's frame: the stable border, while the
   * `BLACKBORDER` component is on. While an effect or a colour shows, the detector rests and keeps
   * its border for when the picture comes back.
   */
  #cropOf(image: RgbImage): BorderCrop {
    if (!this.components.get('BLACKBORDER')) return NO_CROP;
    if (this.#borderOf?.image === image) return this.#borderOf.crop;
    const crop = this.#blackBorder.process(image);
    this.#borderOf = { image, crop };
    return crop;
  }

  #mappingFor(image: RgbImage, type: MappingType, crop: BorderCrop): ImageToLeds {
    const key = `${image.width}x${image.height}:${type}:${crop.horizontal},${crop.vertical}`;
    let mapping = this.#mappings.get(key);
    if (!mapping) {
      mapping = new ImageToLeds(this.layout, image.width, image.height, {
        type,
        ...this.#mappingOptions,
        border: crop,
      });
      // Pictures change size and border rarely; keep a few tables, not one per size ever seen.
      if (this.#mappings.size >= 8) this.#mappings.clear();
      this.#mappings.set(key, mapping);
    }
    return mapping;
  }

  /** The smoothing for what is shown: the effect's own, else the instance's when enabled. */
  #smoothingFor(input: MuxerInput): Smoothing | undefined {
    const config =
      input.smoothing ??
      // The SMOOTHING component starts as `smoothing.enable` says, and a client may switch it.
      (this.components.get('SMOOTHING') ? this.#smoothingConfig : undefined);
    if (!config) {
      this.#stopSmoothing();
      return undefined;
    }
    const key = JSON.stringify(config);
    if (!this.#smoothing || key !== this.#smoothingKey) {
      const previous = this.#smoothing;
      this.#stopSmoothing();
      this.#smoothing = createSmoothing(this.layout.ledCount, config);
      this.#smoothingKey = key;
      // Start the new ramp from what the LEDs show now, not from black.
      if (previous && this.#last.length === this.#frame.length) {
        this.#smoothing.write(this.#last, performance.now() - config.timeMs);
      }
    }
    return this.#smoothing;
  }

  #runSmoothing(smoothing: Smoothing): void {
    if (this.#smoothingTimer) return;
    this.#smoothingTimer = setInterval(() => {
      const frame = smoothing.update(performance.now());
      if (!frame) return;
      let slot = -1;
      if (this.#smoothedSlot >= 0 && smoothing.outputs >= this.#smoothedBy) {
        slot = this.#smoothedSlot;
        this.#smoothedSlot = -1;
      }
      this.#output(frame, false, slot);
    }, smoothing.intervalMs);
  }

  #emitRaw(frame: Uint8Array): void {
    if (this.#raw.length !== frame.length) this.#raw = new Uint8Array(frame.length);
    this.#raw.set(frame);
    this.emit('rawColors', this.#raw);
  }

  #stopSmoothing(): void {
    if (this.#smoothingTimer) clearInterval(this.#smoothingTimer);
    this.#smoothingTimer = undefined;
    this.#smoothing?.clear();
    this.#smoothing = undefined;
    this.#smoothingKey = '';
    this.#smoothedSlot = -1;
  }

  /**
   * Hands a frame (layout order) to the live stream and, in the device's order, to the device;
   * `slot` is the latency slot of the picture it carries first (-1: none).
   */
  #output(frame: Uint8Array, off: boolean, slot = -1): void {
    const at = slot >= 0 ? performance.now() : 0;
    if (this.#last.length !== frame.length) this.#last = new Uint8Array(frame.length);
    this.#last.set(frame);
    this.emit('leds', this.#last);
    if (off) {
      this.device.switchOff();
      return;
    }
    const target = this.#deviceFrame;
    // Hardware LEDs beyond the layout stay black; layout LEDs beyond the hardware are dropped.
    target.fill(0);
    applyColorOrder(
      frame.subarray(0, Math.min(frame.length, target.length)),
      target,
      this.device.config.colorOrder,
      this.layout.colorOrders,
    );
    const kept = this.device.write(target);
    if (slot >= 0) this.#latency.output(slot, kept, at);
  }

  /** Stops effects, timers and the device; nothing of the instance is left running. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopSmoothing();
    this.#boot.close();
    await this.effects.close();
    this.muxer.clearEverything();
    this.muxer.close();
    await this.device.close();
    this.removeAllListeners();
  }
}
