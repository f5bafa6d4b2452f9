import type { StoredInstance } from '../store/config-store.js';

/** What is known of a running instance. */
export interface InstanceInfo {
  id: number;
  name: string;
  enabled: boolean;
  /** When this runtime was created (ms since the epoch). */
  startedAt: number;
}

/**
 * One LED instance at run time, built from its stored configuration. It owns what the instance
 * runs — today its settings and life cycle; the LED engine (effects, smoothing, devices) attaches
 * here — and releases all of it on close, so that a restart starts from the store again.
 */
export class InstanceRuntime {
  readonly id: number;
  readonly name: string;
  readonly enabled: boolean;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly startedAt = Date.now();

  constructor(instance: StoredInstance) {
    this.id = instance.id;
    this.name = instance.name;
    this.enabled = instance.enabled;
    this.settings = instance.settings;
  }

  get info(): InstanceInfo {
    return { id: this.id, name: this.name, enabled: this.enabled, startedAt: this.startedAt };
  }

  /** Releases everything the instance holds; closing twice does nothing. */
  async close(): Promise<void> {
    // Nothing is held yet: the LED engine releases its parts here.
  }
}
