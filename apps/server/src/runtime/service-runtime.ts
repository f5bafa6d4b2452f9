import { EventEmitter } from 'node:events';
import {
  type ComponentName,
  EffectCatalogue,
  type EngineOptions,
  type LedInstance,
} from '@glowkit/engine';
import { isJsonObject } from '@glowkit/protocol';
import { createLogger, type Logger } from '../logger.js';
import type { Configuration, StoredInstance } from '../store/config-store.js';
import { type InstanceInfo, InstanceRuntime } from './instance-runtime.js';

/** What the runtime tells listeners, in the order things happen. */
export interface RuntimeEvents {
  'instance-started': [InstanceInfo];
  'instance-stopped': [InstanceInfo];
  /** The list of instances or one's name or running state changed (`instance-update`). */
  instances: [];
  /** The effect list was reloaded (`effects-update`). */
  effects: [];
  /** An instance's priorities changed (`priorities-update`). */
  priorities: [number];
  /** An instance's component was switched (`components-update`). */
  component: [number, { name: ComponentName; enabled: boolean }];
  /** An instance's colour adjustment changed (`adjustment-update`). */
  adjustment: [number];
  /** An instance's final LED colours (the live stream). */
  leds: [number, Uint8Array];
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
}

const groupOf = (value: unknown): Record<string, unknown> => (isJsonObject(value) ? value : {});

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The running service built from a configuration: the effect catalogue and every configured
 * instance, created in the order of the configuration's `instances` array (the enabled ones
 * running) and closed in reverse order.
 */
export class ServiceRuntime extends EventEmitter<RuntimeEvents> {
  readonly #options: RuntimeOptions;
  readonly #logger: Logger;
  #instances: InstanceRuntime[] = [];
  #catalogue: EffectCatalogue | undefined;
  #effectsGroup: Record<string, unknown> = {};
  #globalSettings: Readonly<Record<string, unknown>> = {};
  /**
   * The start, stop or change of instances under way: they run one after another, so that an
   * instance rebuilt by `config setconfig` never meets a service restart halfway.
   */
  #lifecycle: Promise<unknown> = Promise.resolve();

  constructor(options: RuntimeOptions) {
    super();
    this.#options = options;
    this.#logger = options.logger ?? createLogger({ level: 'silent' });
  }

  /** Every configured instance, in creation order. */
  get instances(): InstanceInfo[] {
    return this.#instances.map((i) => i.info);
  }

  /** A configured instance by id. */
  instance(id: number): InstanceRuntime | undefined {
    return this.#instances.find((i) => i.id === id);
  }

  /** The running pipeline of an instance, or undefined. */
  pipeline(id: number): LedInstance | undefined {
    return this.instance(id)?.pipeline;
  }

  /** The first running instance (where a session without one is bound, as Hyperion.ng does). */
  get firstRunning(): InstanceRuntime | undefined {
    return this.#instances.find((i) => i.pipeline !== undefined);
  }

  /** The global settings groups of the running configuration. */
  get globalSettings(): Readonly<Record<string, unknown>> {
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
      this.#effectsGroup = groupOf(configuration.global.settings.effects);
      await this.reloadEffects(false);
      for (const stored of configuration.instances) {
        const instance = this.#create(stored);
        this.#instances.push(instance);
        if (instance.enabled) await instance.start();
        this.emit('instance-started', instance.info);
      }
    });
  }

  /**
   * Takes the stored global groups as the running ones without a restart (`config setconfig` of
   * groups nothing runs on, e.g. `general`), so that what `settings-update` reports stays true.
   */
  useGlobalSettings(settings: Readonly<Record<string, unknown>>): void {
    this.#globalSettings = settings;
  }

  /**
   * Rebuilds one instance from its stored form, after `config setconfig` changed its groups: its
   * pipeline (effects, device) is closed, and a new one made from `stored` takes its place in
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
      // running yet (and is told so), never the pipeline being closed.
      const instance = this.#create(stored);
      this.#instances[index] = instance;
      await old.close();
      this.emit('instance-stopped', old.info);
      if (instance.enabled) await instance.start();
      this.emit('instance-started', instance.info);
      this.emit('instances');
      return instance.info;
    });
  }

  /** Reads the effect folders again (after create-effect, delete-effect or a settings change). */
  async reloadEffects(announce = true): Promise<void> {
    const catalogue = await EffectCatalogue.load({
      bundledDir: this.#options.bundledEffectsDir,
      paths: strings(this.#effectsGroup.paths),
      disable: strings(this.#effectsGroup.disable).filter((name) => name !== ''),
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
  add(stored: StoredInstance): InstanceRuntime {
    const instance = this.#create(stored);
    this.#instances.push(instance);
    this.emit('instances');
    return instance;
  }

  /** Stops and forgets an instance. */
  remove(id: number): Promise<void> {
    return this.#serial(async () => {
      const instance = this.instance(id);
      if (!instance) return;
      await instance.close();
      this.#instances = this.#instances.filter((i) => i !== instance);
      this.emit('instance-stopped', instance.info);
      this.emit('instances');
    });
  }

  /** Starts a configured instance's pipeline. */
  startInstance(id: number): Promise<void> {
    return this.#serial(async () => {
      const instance = this.instance(id);
      if (!instance || instance.pipeline) return;
      instance.enabled = true;
      await instance.start();
      this.emit('instances');
    });
  }

  /** Stops a running instance's pipeline; it stays configured. */
  stopInstance(id: number): Promise<void> {
    return this.#serial(async () => {
      const instance = this.instance(id);
      if (!instance?.pipeline) return;
      instance.enabled = false;
      await instance.stop();
      this.emit('instances');
    });
  }

  /** Renames an instance. */
  rename(id: number, name: string): void {
    const instance = this.instance(id);
    if (!instance) return;
    instance.name = name;
    this.emit('instances');
  }

  /** Closes every instance, the last created first; no child, timer or device is left. */
  stop(): Promise<void> {
    return this.#serial(async () => {
      const instances = this.#instances;
      this.#instances = [];
      for (const instance of instances.reverse()) {
        await instance.close();
        this.emit('instance-stopped', instance.info);
      }
    });
  }

  /** Runs `step` once the lifecycle step before it has settled (see {@link #lifecycle}). */
  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#lifecycle.then(step, step);
    this.#lifecycle = run.catch(() => {});
    return run;
  }

  #create(stored: StoredInstance): InstanceRuntime {
    const bundled = this.#options.bundledEffectsDir;
    return new InstanceRuntime(stored, {
      catalogue: () => this.catalogue,
      engine: { ...this.#options.engine, resourceDirs: [bundled] },
      logger: this.#logger,
      attach: (runtime, pipeline) => {
        const id = runtime.id;
        pipeline.on('priorities', () => this.emit('priorities', id));
        pipeline.on('effects', () => this.emit('priorities', id));
        pipeline.on('component', (change) => this.emit('component', id, change));
        pipeline.on('adjustment', () => this.emit('adjustment', id));
        pipeline.on('leds', (frame) => this.emit('leds', id, frame));
      },
    });
  }
}
