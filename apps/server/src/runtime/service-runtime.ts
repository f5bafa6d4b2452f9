import { EventEmitter } from 'node:events';
import {
  type BorderCrop,
  type ComponentName,
  type DeviceStatus,
  EffectCatalogue,
  type EngineOptions,
  LedInstance,
  type RgbImage,
  type VideoMode,
} from '@glowkit/engine';
import {
  type EffectsSettings,
  type GlobalSettings,
  type InstanceSettings,
  instanceRunSettings,
} from '@glowkit/protocol';
import { forwarderStartsOn } from '../forwarder/forwarder.js';
import { createLogger, type Logger } from '../logger.js';
import type { Configuration, StoredInstance } from '../store/config-store.js';

/** What is known of a configured instance. */
export interface InstanceInfo {
  id: number;
  name: string;
  enabled: boolean;
  /** Whether it runs now (it has a {@link LedInstance}). */
  running: boolean;
  /** When it was created from the store, at a start, restart or setconfig (ms since the epoch). */
  startedAt: number;
}

/** A configured instance: its stored form, and its {@link LedInstance} while it runs. */
interface ConfiguredInstance {
  readonly id: number;
  name: string;
  enabled: boolean;
  readonly settings: Readonly<InstanceSettings>;
  readonly startedAt: number;
  /** Built from `settings` when it starts, closed and dropped when it stops. */
  running: LedInstance | undefined;
}

/** What the runtime tells listeners, in the order things happen. */
export interface RuntimeEvents {
  'instance-started': [InstanceInfo];
  'instance-stopped': [InstanceInfo];
  /** The list of instances or one's name or running state changed (`instance-update`). */
  instances: [];
  /** The effect list was reloaded (`effects-update`). */
  effects: [];
  /** The running global groups were replaced without a restart (`config setconfig`). */
  settings: [];
  /** An instance's priorities changed (`priorities-update`). */
  priorities: [number];
  /** An instance's component was switched (`components-update`). */
  component: [number, { name: ComponentName; enabled: boolean }];
  /** An instance's colour adjustment changed (`adjustment-update`). */
  adjustment: [number];
  /**
   * A visible picture source's picture on an instance, with the black bars detection leaves out
   * of it (the image stream).
   */
  picture: [number, RgbImage, BorderCrop];
  /** The video mode changed (`videomode-update`, for every session). */
  videomode: [VideoMode];
  /** An instance's picture-to-LED mapping type changed (`imageToLedMapping-update`). */
  mapping: [number];
  /**
   * An instance's LED colours as chosen, before adjustment, colour order and smoothing (the
   * instance's `rawColors`, which the live stream sends as Hyperion.ng does).
   */
  leds: [number, Uint8Array];
  /** An instance's LED device changed state (`device-update`). */
  device: [number, DeviceStatus];
}

/** How the runtime runs its instances. */
export interface RuntimeOptions {
  /** The data directory: `$ROOT` of `effects.paths`. */
  dataDir: string;
  /** The bundled effects (the repository's `effects/`). */
  bundledEffectsDir: string;
  /** Interpreter, limits and device types for the instances; resource folders are derived. */
  engine?: Omit<EngineOptions, 'resourceDirs'>;
  logger?: Logger;
  /**
   * Called with each instance built, before it starts (the server's power state makes one that
   * starts while the service is suspended start off).
   */
  beforeStart?: ((instance: LedInstance) => void) | undefined;
}

/**
 * The running service built from a configuration: the effect catalogue and every configured
 * instance, created in the order of the configuration's `instances` array (the enabled ones
 * running) and closed in reverse order. A running instance is a {@link LedInstance} built from
 * its stored settings; stopping it releases all of it (effects, timers, device), so that the
 * next start reads the store again.
 */
export class ServiceRuntime extends EventEmitter<RuntimeEvents> {
  readonly #options: RuntimeOptions;
  readonly #logger: Logger;
  #instances: ConfiguredInstance[] = [];
  #videoMode: VideoMode = '2D';
  #catalogue: EffectCatalogue | undefined;
  #effectsGroup: EffectsSettings = {};
  #globalSettings: Readonly<GlobalSettings> = {};
  /**
   * The start, stop or change of instances under way: they run one after another, so that an
   * instance rebuilt by `config setconfig` never meets a service restart halfway, and an
   * instance never starts and stops at once.
   */
  #lifecycle: Promise<unknown> = Promise.resolve();

  constructor(options: RuntimeOptions) {
    super();
    this.#options = options;
    this.#logger = options.logger ?? createLogger({ level: 'silent' });
  }

  /** Every configured instance, in creation order. */
  get instances(): InstanceInfo[] {
    return this.#instances.map(infoOf);
  }

  /** A configured instance by id, running or not. */
  info(id: number): InstanceInfo | undefined {
    const configured = this.#configured(id);
    return configured && infoOf(configured);
  }

  /** A running instance by id; undefined when it is stopped or not configured. */
  instance(id: number): LedInstance | undefined {
    return this.#configured(id)?.running;
  }

  /** Which half of the grabbers' frames every instance uses (`videomode`; not stored). */
  get videoMode(): VideoMode {
    return this.#videoMode;
  }

  /** Sets the video mode of every instance, now and for those started later. */
  setVideoMode(mode: VideoMode): void {
    if (mode === this.#videoMode) return;
    this.#videoMode = mode;
    for (const configured of this.#instances) configured.running?.setVideoMode(mode);
    this.emit('videomode', mode);
  }

  /** The first running instance (where a session without one is bound, as Hyperion.ng does). */
  get firstRunning(): LedInstance | undefined {
    return this.#instances.find((i) => i.running !== undefined)?.running;
  }

  /** The global settings groups of the running configuration. */
  get globalSettings(): Readonly<GlobalSettings> {
    return this.#globalSettings;
  }

  /** The effects of the current configuration. */
  get catalogue(): EffectCatalogue {
    if (!this.#catalogue) throw new Error('the runtime is not started');
    return this.#catalogue;
  }

  /** Loads the effects and creates the instances of a configuration, in array order. */
  start(configuration: Configuration): Promise<void> {
    return this.#serial(async () => {
      if (this.#instances.length > 0)
        throw new Error('the runtime is already running; stop it first');
      this.#globalSettings = configuration.global.settings;
      this.#effectsGroup = configuration.global.settings.effects ?? {};
      await this.reloadEffects(false);
      for (const stored of configuration.instances) {
        const configured = configuredOf(stored);
        this.#instances.push(configured);
        if (configured.enabled) await this.#run(configured);
        this.emit('instance-started', infoOf(configured));
      }
    });
  }

  /**
   * Takes the stored global groups as the running ones without a restart (`config setconfig` of
   * groups read where they are used, e.g. `general`, `framegrabber`), so that what
   * `settings-update` reports stays true; emits `settings` for those that follow them.
   */
  useGlobalSettings(settings: Readonly<GlobalSettings>): void {
    this.#globalSettings = settings;
    this.emit('settings');
  }

  /**
   * Rebuilds one instance from its stored form, after `config setconfig` changed its groups: its
   * LedInstance (effects, device) is closed, and a new one made from `stored` takes its place in
   * the order, started when `stored.enabled`. The other instances are not touched. Resolves to
   * the new instance's info, or undefined when no such instance is configured (any more: a
   * service restart meanwhile reads the store itself).
   */
  restartInstance(stored: StoredInstance): Promise<InstanceInfo | undefined> {
    return this.#serial(async () => {
      const index = this.#instances.findIndex((i) => i.id === stored.id);
      const old = this.#instances[index];
      if (old === undefined) return undefined;
      // The new instance takes the old one's place first: a command meanwhile finds it not
      // running yet (and is told so), never the LedInstance being closed.
      const configured = configuredOf(stored);
      this.#instances[index] = configured;
      await this.#halt(old);
      this.emit('instance-stopped', infoOf(old));
      if (configured.enabled) await this.#run(configured);
      this.emit('instance-started', infoOf(configured));
      this.emit('instances');
      return infoOf(configured);
    });
  }

  /** Reads the effect folders again (after create-effect, delete-effect or a settings change). */
  async reloadEffects(announce = true): Promise<void> {
    const catalogue = await EffectCatalogue.load({
      bundledDir: this.#options.bundledEffectsDir,
      paths: this.#effectsGroup.paths ?? [],
      disable: (this.#effectsGroup.disable ?? []).filter((name) => name !== ''),
      rootDir: this.#options.dataDir,
    });
    for (const problem of catalogue.problems) {
      this.#logger.warn(
        { file: problem.file, problems: problem.messages },
        'an effect is left out: its files have problems',
      );
    }
    this.#catalogue = catalogue;
    if (announce) this.emit('effects');
  }

  /** Adds a configured instance (not started, as Hyperion.ng's createInstance). */
  add(stored: StoredInstance): InstanceInfo {
    const configured = configuredOf(stored);
    this.#instances.push(configured);
    this.emit('instances');
    return infoOf(configured);
  }

  /** Stops and forgets an instance. */
  remove(id: number): Promise<void> {
    return this.#serial(async () => {
      const configured = this.#configured(id);
      if (!configured) return;
      await this.#halt(configured);
      this.#instances = this.#instances.filter((i) => i !== configured);
      this.emit('instance-stopped', infoOf(configured));
      this.emit('instances');
    });
  }

  /** Starts a configured instance. */
  startInstance(id: number): Promise<void> {
    return this.#serial(async () => {
      const configured = this.#configured(id);
      if (!configured || configured.running) return;
      configured.enabled = true;
      await this.#run(configured);
      this.emit('instances');
    });
  }

  /** Stops a running instance; it stays configured. */
  stopInstance(id: number): Promise<void> {
    return this.#serial(async () => {
      const configured = this.#configured(id);
      if (!configured?.running) return;
      configured.enabled = false;
      await this.#halt(configured);
      this.emit('instances');
    });
  }

  /** Renames an instance. */
  rename(id: number, name: string): void {
    const configured = this.#configured(id);
    if (!configured) return;
    configured.name = name;
    configured.running?.rename(name);
    this.emit('instances');
  }

  /** Closes every instance, the last created first; no child, timer or device is left. */
  stop(): Promise<void> {
    return this.#serial(async () => {
      const instances = this.#instances;
      this.#instances = [];
      for (const configured of instances.reverse()) {
        await this.#halt(configured);
        this.emit('instance-stopped', infoOf(configured));
      }
    });
  }

  /** Runs `step` once the lifecycle step before it has settled (see {@link #lifecycle}). */
  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#lifecycle.then(step, step);
    this.#lifecycle = run.catch(() => {});
    return run;
  }

  #configured(id: number): ConfiguredInstance | undefined {
    return this.#instances.find((i) => i.id === id);
  }

  /**
   * Builds a configured instance's LedInstance from its settings, tells listeners of what it
   * does, and starts it. Called inside {@link #serial} only.
   */
  async #run(configured: ConfiguredInstance): Promise<void> {
    if (configured.running) return;
    const { engine = {} } = this.#options;
    const id = configured.id;
    const instance = new LedInstance({
      id,
      name: configured.name,
      // Valid (the store holds nothing else) and completed with the schemas' defaults here, so
      // that the engine checks nothing again.
      settings: instanceRunSettings(configured.settings),
      stored: configured.settings,
      catalogue: () => this.catalogue,
      resourceDirs: [this.#options.bundledEffectsDir],
      deviceTypes: engine.deviceTypes,
      python: engine.python,
      effectLimits: engine.effectLimits,
      effectConfinement: engine.effectConfinement,
      forwarder: forwarderStartsOn(this.#globalSettings.forwarder, id),
      log: (level, message) => this.#logger[level]({ instance: id }, message),
    });
    configured.running = instance;
    instance.setVideoMode(this.#videoMode);
    instance.on('priorities', () => this.emit('priorities', id));
    instance.on('effects', () => this.emit('priorities', id));
    instance.on('component', (change) => this.emit('component', id, change));
    instance.on('adjustment', () => this.emit('adjustment', id));
    instance.on('mapping', () => this.emit('mapping', id));
    instance.on('picture', (image, crop) => this.emit('picture', id, image, crop));
    instance.on('rawColors', (frame) => this.emit('leds', id, frame));
    instance.on('device', (status) => this.emit('device', id, status));
    this.#options.beforeStart?.(instance);
    await instance.start();
  }

  /** Closes a configured instance's LedInstance, if it runs. Called inside {@link #serial} only. */
  async #halt(configured: ConfiguredInstance): Promise<void> {
    const instance = configured.running;
    configured.running = undefined;
    await instance?.close();
  }
}

function configuredOf(stored: StoredInstance): ConfiguredInstance {
  return {
    id: stored.id,
    name: stored.name,
    enabled: stored.enabled,
    settings: stored.settings,
    startedAt: Date.now(),
    running: undefined,
  };
}

function infoOf(configured: ConfiguredInstance): InstanceInfo {
  return {
    id: configured.id,
    name: configured.name,
    enabled: configured.enabled,
    running: configured.running !== undefined,
    startedAt: configured.startedAt,
  };
}
