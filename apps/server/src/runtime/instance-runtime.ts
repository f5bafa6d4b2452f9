import { type EffectCatalogue, type EngineOptions, LedInstance } from '@glowkit/engine';
import type { Logger } from '../logger.js';
import type { StoredInstance } from '../store/config-store.js';

/** What is known of a configured instance. */
export interface InstanceInfo {
  id: number;
  name: string;
  enabled: boolean;
  /** Whether its LED pipeline runs now. */
  running: boolean;
  /** When this runtime was created (ms since the epoch). */
  startedAt: number;
}

/** What every instance shares: the effects, the engine's options, the log. */
export interface InstanceContext {
  catalogue: () => EffectCatalogue;
  engine: EngineOptions;
  logger: Logger;
  /** Called when the instance's pipeline is created, before it starts (events are wired here). */
  attach(runtime: InstanceRuntime, pipeline: LedInstance): void;
}

/**
 * One configured LED instance at run time. While it runs it owns an LED pipeline
 * ({@link LedInstance}: effects, muxer, smoothing, device) built from its stored settings, and
 * releases all of it when it stops, so that a restart starts from the store again.
 */
export class InstanceRuntime {
  readonly id: number;
  name: string;
  enabled: boolean;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly startedAt = Date.now();
  readonly #context: InstanceContext;
  #pipeline: LedInstance | undefined;
  /** The start or stop under way, so that they never overlap. */
  #busy: Promise<unknown> = Promise.resolve();

  constructor(instance: StoredInstance, context: InstanceContext) {
    this.id = instance.id;
    this.name = instance.name;
    this.enabled = instance.enabled;
    this.settings = instance.settings;
    this.#context = context;
  }

  get info(): InstanceInfo {
    return {
      id: this.id,
      name: this.name,
      enabled: this.enabled,
      running: this.#pipeline !== undefined,
      startedAt: this.startedAt,
    };
  }

  /** The running pipeline, or undefined while the instance is stopped. */
  get pipeline(): LedInstance | undefined {
    return this.#pipeline;
  }

  /** Builds and starts the pipeline; starting a running instance does nothing. */
  start(): Promise<void> {
    return this.#serial(async () => {
      if (this.#pipeline) return;
      const { engine, logger, catalogue } = this.#context;
      const pipeline = new LedInstance({
        id: this.id,
        name: this.name,
        settings: this.settings,
        catalogue,
        resourceDirs: engine.resourceDirs,
        deviceTypes: engine.deviceTypes,
        python: engine.python,
        effectLimits: engine.effectLimits,
        log: (level, message) => logger[level]({ instance: this.id }, message),
      });
      this.#pipeline = pipeline;
      this.#context.attach(this, pipeline);
      await pipeline.start();
    });
  }

  /** Stops the pipeline: effects, timers and device are released; stopping twice does nothing. */
  stop(): Promise<void> {
    return this.#serial(async () => {
      const pipeline = this.#pipeline;
      this.#pipeline = undefined;
      await pipeline?.close();
    });
  }

  /** Releases everything the instance holds. */
  close(): Promise<void> {
    return this.stop();
  }

  #serial(step: () => Promise<void>): Promise<void> {
    const run = this.#busy.then(step, step);
    this.#busy = run.catch(() => {});
    return run;
  }
}
